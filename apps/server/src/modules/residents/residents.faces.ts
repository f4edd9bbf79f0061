import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type In, logDesc, type ResidentVisitor } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { checkedFacePhoto, importFaceZip } from '../../platform/files/facePhotos.js';
import { issueResidentPass } from '../../platform/formats/passes.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notFound } from '../../platform/http/errors.js';
import { workerById } from './residents.files.js';
import { residentsRepository } from './residents.repository.js';
import { toResident } from './residents.service.js';

/*
 * Workers' face photos (checked by the same code as employees': platform/files/facePhotos.ts) and their QR passes. A server
 * company reaches its own workers only: the look-ups go through its scope.
 */

function faceKey(companyId: number, rid: number, bytes: Buffer): string {
  return `residents/${companyId}/${rid}/face-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.jpg`;
}

/** Stores the photo, points the worker at it and removes the photo it replaces. */
async function savePhoto(ctx: AuthedContext, worker: { id: number; face: string }, photo: Buffer) {
  const key = faceKey(ctx.tenant.companyId, worker.id, photo);
  await ctx.services.files.put(key, photo);
  const updated = await residentsRepository(ctx.tenant).setFace(worker.id, key);
  if (!updated.length) {
    if (key !== worker.face) await ctx.services.files.remove(key);
    throw notFound('resident visitor');
  }
  if (worker.face && worker.face !== key) await ctx.services.files.remove(worker.face);
}

export async function uploadFace(ctx: AuthedContext, input: In<'uploadRvFace'>): Promise<ResidentVisitor> {
  const worker = await workerById(ctx, input.rid);
  const photo = await checkedFacePhoto(ctx.file);
  await savePhoto(ctx, worker, photo.bytes);
  ctx.audit.objId = worker.id;
  ctx.audit.objName = worker.name;
  ctx.audit.desc = logDesc('residentFaceSaved', { width: photo.width, height: photo.height });
  return toResident(await workerById(ctx, worker.id));
}

/** A zip of photos named by phone or certificate number; each judged alone and reported. */
export async function uploadFaceZip(ctx: AuthedContext) {
  const found = await importFaceZip(
    ctx.upload,
    async (keys) => {
      const rows = await residentsRepository(ctx.tenant).byKeys([...new Set([...keys, ...keys.map((k) => k.toUpperCase())])]);
      const byKey = new Map<string, (typeof rows)[number]>();
      for (const k of keys) {
        const r = rows.find((w) => (w.phone !== '' && w.phone === k) || (w.idNumber !== '' && w.idNumber === k.toUpperCase()));
        if (r) byKey.set(k, r);
      }
      return byKey;
    },
    (worker, photo) => savePhoto(ctx, worker, photo),
  );
  const results = found.map((r) => ({ file: r.file, key: r.key, rid: r.target?.id ?? null, outcome: r.outcome }));
  const saved = results.filter((r) => r.outcome === 'saved').length;
  ctx.audit.desc = logDesc('residentFaceZipSaved', { saved, failed: results.length - saved });
  return { saved, failed: results.length - saved, results };
}

/** The worker's stored photo (the console's preview); 602 when there is none. */
export async function facePhoto(ctx: AuthedContext, input: { rid: number }): Promise<Readable> {
  const worker = await workerById(ctx, input.rid);
  const stream = worker.face ? await ctx.services.files.stream(worker.face) : null;
  if (!stream) throw notFound('face photo');
  return stream;
}

/**
 * The worker's signed pass (platform/formats/passes.ts): it names the worker; approval and window are checked where it is used.
 * In the original's format where the company switched original clients compatibility on.
 */
export async function qrcode(ctx: AuthedContext, input: In<'getRvQrcode'>) {
  const [w, settings] = await Promise.all([workerById(ctx, input.rid), settingsOf(ctx)]);
  return {
    rid: w.id,
    name: w.name,
    qrcode: issueResidentPass(ctx.services.secrets, ctx.tenant.companyId, w, settings.originalCompat === 1),
    rstatus: w.rstatus,
    startDate: w.startAt.getTime(),
    endDate: w.endAt.getTime(),
  };
}
