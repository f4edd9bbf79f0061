import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ABNORMAL_KINDS, type AbnormalKind, type Employee, faceStatusLabels, type In, logDesc } from '@openvisit/contract';
import { checkedFacePhoto, importFaceZip } from '../../platform/files/facePhotos.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { requireEvery } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type EmployeeFilter, employeesRepository } from './employees.repository.js';
import { notFound, repoOf, withDepartments } from './employees.service.js';
import { facesRepository } from './faces.repository.js';

/** Face status (spec section 4): the photo is stored but no device has it yet. */
export const FACE_NOT_SYNCED = -9;

function faceKey(companyId: number, empId: number, bytes: Buffer): string {
  return `faces/${companyId}/${empId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.jpg`;
}

/** Stores the photo, points the employee at it, queues it for the devices, and removes the photo it replaces. */
async function savePhoto(ctx: AuthedContext, emp: { id: number; avatar: string }, photo: Buffer) {
  const companyId = ctx.session.companyId;
  const key = faceKey(companyId, emp.id, photo);
  await ctx.services.files.put(key, photo);
  const row = await inTransaction(ctx.tenant, (tx) => facesRepository(tx).setPhoto(emp.id, key, FACE_NOT_SYNCED));
  if (emp.avatar && emp.avatar !== key) await ctx.services.files.remove(emp.avatar);
  return row;
}

export async function uploadFace(ctx: AuthedContext, input: In<'uploadEmpFace'>): Promise<Employee> {
  const emp = await repoOf(ctx).byId(input.empid);
  if (!emp) throw notFound();
  const photo = await checkedFacePhoto(ctx.file);
  const row = await savePhoto(ctx, emp, photo.bytes);
  if (!row) throw notFound();
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('facePhotoSaved', { width: photo.width, height: photo.height });
  return (await withDepartments(ctx, [row]))[0] as Employee;
}

export async function deleteFace(ctx: AuthedContext, input: In<'deleteEmpFace'>): Promise<Employee> {
  const repo = repoOf(ctx);
  const emp = await repo.byId(input.empid);
  if (!emp) throw notFound();
  const row = await inTransaction(ctx.tenant, (tx) => facesRepository(tx).clearPhoto(emp.id));
  if (emp.avatar) await ctx.services.files.remove(emp.avatar);
  if (!row) throw notFound();
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('facePhotoRemoved');
  return (await withDepartments(ctx, [row]))[0] as Employee;
}

/** A zip of photos named by work number (platform/files/facePhotos.ts judges each); the good ones are saved. */
export async function uploadFaceZip(ctx: AuthedContext) {
  const found = await importFaceZip(
    ctx.upload,
    async (nos) => new Map((await facesRepository(ctx.tenant).byWorkNumbers(nos)).map((e) => [e.empNo, e])),
    async (emp, photo) => {
      await savePhoto(ctx, emp, photo);
    },
  );
  const results = found.map((r) => ({ file: r.file, empNo: r.key, outcome: r.outcome }));
  const saved = results.filter((r) => r.outcome === 'saved').length;
  ctx.audit.desc = logDesc('faceZipSaved', { saved, failed: results.length - saved });
  return { saved, failed: results.length - saved, results };
}

/** Queues photos for the devices (the access-control module drains face_sync_queue and reports statuses back). */
export async function queueAllFaces(ctx: AuthedContext, input: In<'updateAllFace'>) {
  const queued = await inTransaction(ctx.tenant, async (tx) => {
    if (input.empids) {
      const found = await employeesRepository(tx).byIds(input.empids);
      requireEvery(
        input.empids,
        found.map((e) => e.id),
        notFound,
      );
    }
    return facesRepository(tx).queueAll(FACE_NOT_SYNCED, input.empids);
  });
  ctx.audit.desc = logDesc('facesQueued', { queued });
  return { queued };
}

/** The known face problem codes; any other code counts as "photo error (code)". */
const KNOWN_FACE_CODES = Object.keys(faceStatusLabels).map(Number);

const ABNORMAL: Record<AbnormalKind, EmployeeFilter> = {
  faceError: { faceError: KNOWN_FACE_CODES },
  noFace: { faces: [2] },
  multipleFaces: { faces: [3] },
  tooBig: { faces: [4] },
  duplicateNo: { faces: [5] },
  notSynced: { faces: [FACE_NOT_SYNCED] },
  noWorkNumber: { noEmpNo: true },
  noEmail: { noEmail: true },
};

export async function abnormal(ctx: AuthedContext, input: In<'getAbnormalEmployee'>) {
  const repo = repoOf(ctx);
  const counts = await repo.countWhere(ABNORMAL);
  const filter: EmployeeFilter = input.kind ? ABNORMAL[input.kind] : { faceAbnormal: true };
  const { rows, count } = await repo.page(filter, input.startIndex, input.requestedCount, 'empName', 'asc');
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count,
    list: await withDepartments(ctx, rows),
    counts: Object.fromEntries(ABNORMAL_KINDS.map((k) => [k, counts[k] ?? 0])) as Record<AbnormalKind, number>,
  };
}

export async function facePhoto(ctx: AuthedContext, input: { empid: number }): Promise<Readable> {
  const emp = await repoOf(ctx).byId(input.empid);
  if (!emp?.avatar) throw notFound();
  const stream = await ctx.services.files.stream(emp.avatar);
  if (!stream) throw notFound();
  return stream;
}

// --- for the face terminals' sync (modules/credentials), by scope ---

export function faceSyncCandidates(scope: TenantScope, alsoIds: number[] = []) {
  return facesRepository(scope).faceCandidates(alsoIds);
}

/** The employees whose photos `/updateAllFace` or a new photo asked to send again (the queue is emptied). */
/** How many employees' face photos the company holds. */
export function employeeFaceCount(scope: TenantScope): Promise<number> {
  return facesRepository(scope).photoCount();
}

export function takeFaceQueue(scope: TenantScope): Promise<number[]> {
  return facesRepository(scope).takeQueue();
}

/** What the terminals said of these photos: 0 normal, else a face problem code (faceStatusLabels). */
export async function reportFaceStatus(scope: TenantScope, reports: { empId: number; photo: string; face: number }[]): Promise<void> {
  const byFace = new Map<number, { empIds: number[]; photos: string[] }>();
  for (const r of reports) {
    const g = byFace.get(r.face) ?? { empIds: [], photos: [] };
    g.empIds.push(r.empId);
    g.photos.push(r.photo);
    byFace.set(r.face, g);
  }
  // One after the other: the caller holds a transaction (one connection).
  for (const [face, g] of byFace) await facesRepository(scope).setFaceStatus(g.empIds, face, g.photos);
}
