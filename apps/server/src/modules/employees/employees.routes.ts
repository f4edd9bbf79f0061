import * as c from '@openvisit/contract';
import { employees, faces, proxies } from '../../core/people/people.public.js';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as attributes from './employees.attributes.js';
import { exportEmployees } from './employees.export.js';
import { importEmployees, importTemplate } from './employees.import.js';
import * as security from './employees.security.js';

export const employeesRoutes = [
  bind(c.addEmployee, (input, ctx) => employees.add(ctx, input)),
  bind(c.updateEmployee, (input, ctx) => security.update(ctx, input)),
  bind(c.batchDelEmployee, (input, ctx) => security.removeMany(ctx, input)),
  bind(c.getEmpListPages, (input, ctx) => security.page(ctx, input)),
  bind(c.getEmpList, (_input, ctx) => employees.pickerList(ctx)),
  bind(c.getEmployeeCount, (_input, ctx) => employees.counts(ctx)),
  bind(c.getEmpByName, (input, ctx) => employees.search(ctx, input)),
  bind(c.getEmployeeByEmpNo, (input, ctx) => employees.byEmpNo(ctx, input)),
  bind(c.getDeptByEmpid, (input, ctx) => employees.departmentsOf(ctx, input)),
  bind(c.importEmpList, (input, ctx) => importEmployees(ctx, input)),
  bind(c.updateCardNo, (input, ctx) => attributes.updateCardNo(ctx, input)),
  bind(c.synchronCardNo, (input, ctx) => attributes.synchronCards(ctx, input)),
  bind(c.updateEmpVisitType, (input, ctx) => attributes.updateVisitType(ctx, input)),
  bind(c.getVisitType, (input, ctx) => attributes.visitTypes(ctx, input)),
  bind(c.updateDefaultNotify, (input, ctx) => attributes.updateDefaultNotify(ctx, input)),
  bind(c.updateEmpSubAccount, (input, ctx) => attributes.updateSubAccount(ctx, input)),
  bind(c.getSubAccountEmpList, (input, ctx) => attributes.subAccountEmployees(ctx, input)),
  bind(c.getSubEmpListPages, (input, ctx) => attributes.subAccountPage(ctx, input)),
  bind(c.getAcList, (input, ctx) => attributes.accessList(ctx, input)),
  bind(c.updateAccessControl, (input, ctx) => attributes.updateAccess(ctx, input)),
  bind(c.getPendingCard, (input, ctx) => attributes.pendingCards(ctx, input)),
  bind(c.getInvitePersonList, (input, ctx) => attributes.invitePersons(ctx, input)),
  bind(c.updateInviteStatus, (input, ctx) => attributes.updateInviteStatus(ctx, input)),
  bind(c.uploadEmpFace, (input, ctx) => faces.uploadFace(ctx, input)),
  bind(c.uploadEmpFaceZip, (_input, ctx) => faces.uploadFaceZip(ctx)),
  bind(c.deleteEmpFace, (input, ctx) => faces.deleteFace(ctx, input)),
  bind(c.updateAllFace, (input, ctx) => faces.queueAllFaces(ctx, input)),
  bind(c.getAbnormalEmployee, (input, ctx) => faces.abnormal(ctx, input)),
  bind(c.setVisitProxy, (input, ctx) => proxies.set(ctx, input)),
  bind(c.getVisitProxyForEmp, (input, ctx) => proxies.forEmployee(ctx, input)),
  bind(c.getVisitProxyForProxy, (input, ctx) => proxies.forProxy(ctx, input)),
];

export const employeesDownloads = [
  bindDownload(c.exportEmployeeList, (input, ctx) => exportEmployees(ctx, input)),
  bindDownload(c.exportEmployeeTemplate, (input) => importTemplate(input)),
  bindDownload(c.empFacePhoto, (input, ctx) => faces.facePhoto(ctx, input)),
];
