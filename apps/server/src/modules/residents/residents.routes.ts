import * as c from '@openvisit/contract';
import { suppliers } from '../../core/people/people.public.js';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import { exportOpenInfo, exportReport } from './residents.exports.js';
import * as faces from './residents.faces.js';
import * as files from './residents.files.js';
import * as reports from './residents.reports.js';
import * as residents from './residents.service.js';
import { signIn } from './residents.signin.js';

export const residentsRoutes = [
  bind(c.getProject, (input, ctx) => residents.projects(ctx, input)),
  bind(c.addProject, (input, ctx) => residents.addProject(ctx, input)),
  bind(c.updateProject, (input, ctx) => residents.updateProject(ctx, input)),
  bind(c.delProject, (input, ctx) => residents.deleteProject(ctx, input)),
  bind(c.getResidentVisitor, (input, ctx) => residents.page(ctx, input)),
  bind(c.addResidentVisitor, (input, ctx) => residents.add(ctx, input)),
  bind(c.updateResidentVisitor, (input, ctx) => residents.update(ctx, input)),
  bind(c.delResidentVisitor, (input, ctx) => residents.remove(ctx, input)),
  bind(c.updateRvPermission, (input, ctx) => residents.setPermission(ctx, input)),
  bind(c.getAllResidentCompany, (_input, ctx) => residents.companies(ctx)),
  bind(c.getResidentVisitorByCompany, (input, ctx) => residents.list(ctx, { companyIs: input.company })),
  bind(c.getAllResidentVisitor, (_input, ctx) => residents.list(ctx, {})),
  bind(c.getResidentVisitorByName, (input, ctx) => residents.list(ctx, { name: input.name }, 50)),
  bind(c.getResidentVisitorByRid, (input, ctx) => residents.byRid(ctx, input.rid)),
  bind(c.residentSignIn, (input, ctx) => signIn(ctx, input)),
  bind(c.getSupplierList, (input, ctx) => suppliers.listSuppliers(ctx, input)),
  bind(c.addSupplier, (input, ctx) => suppliers.addSupplier(ctx, input)),
  bind(c.updateSupplier, (input, ctx) => suppliers.updateSupplier(ctx, input)),
  bind(c.delSupplier, (input, ctx) => suppliers.deleteSupplier(ctx, input)),
  bind(c.uploadLaborFile, (input, ctx) => files.storeFile(ctx, input.rid, 'labour', null)),
  bind(c.uploadResidentFile, (input, ctx) =>
    files.storeFile(ctx, input.rid, input.kind, input.kind === 'certificate' ? (input.expiresOn ?? null) : null),
  ),
  bind(c.showResidentAllFileByRid, (input, ctx) => files.filesOf(ctx, input)),
  bind(c.delResidentFile, (input, ctx) => files.deleteFile(ctx, input)),
  bind(c.uploadRvFace, (input, ctx) => faces.uploadFace(ctx, input)),
  bind(c.updateAllResidentFace, (_input, ctx) => faces.uploadFaceZip(ctx)),
  bind(c.getRvQrcode, (input, ctx) => faces.qrcode(ctx, input)),
  bind(c.getRvReport, (input, ctx) => reports.report(ctx, input)),
  bind(c.getRvOpenInfo, (input, ctx) => reports.openInfo(ctx, input)),
];

export const residentsDownloads = [
  bindDownload(c.downloadResidentFile, (input, ctx) => files.downloadFile(ctx, input)),
  bindDownload(c.rvFacePhoto, (input, ctx) => faces.facePhoto(ctx, input)),
  bindDownload(c.downloadResidentAllFile, (input, ctx) => files.downloadAllFiles(ctx, input)),
  bindDownload(c.exportRvOpenInfo, (input, ctx) => exportOpenInfo(ctx, input)),
  bindDownload(c.exportRvReport, (input, ctx) => exportReport(ctx, input)),
];
