import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FACE_MAX_BYTES, FACE_MIN_PX, type ListedPerson, logDesc } from '@openvisit/contract';
import { facePhotoError } from '../../platform/files/facePhotos.js';
import { drainFileDeletions, queueFileDeletions } from '../../platform/files/fileDeletions.js';
import { normalisePhoto } from '../../platform/files/images.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { badParams, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { type ListKind, photoRepository } from './blacklist.repository.js';
import { audited } from './blacklist.service.js';

/*
 * An entry's photo (issue 42): what the reviewer of a match compares with the person at the door. It is a picture of
 * at least a face photo's size, upright, re-encoded without its metadata; no face is required (a still from a camera
 * will do) and it is never sent to a device: screening matches names and identifiers, not faces. A replaced or
 * deleted entry's photo leaves the store after the row that named it (fileDeletions).
 */

const entryMissing = (kind: ListKind) => notFound(`${kind}list entry`);

function photoKey(companyId: number, entryId: number, bytes: Buffer): string {
  return `listed/${companyId}/${entryId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.jpg`;
}

/** Replaces an entry's photo with `key` ('' removes it); the photo it held goes once the row no longer names it. */
async function setPhoto(ctx: AuthedContext, kind: ListKind, bid: number, key: string) {
  const companyId = ctx.tenant.companyId;
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = photoRepository(tx, kind);
    const before = await repo.photoOf(bid);
    if (before === undefined) return undefined;
    if (before !== key) await queueFileDeletions(tx, companyId, [before]);
    return repo.setPhoto(bid, key);
  });
  await drainFileDeletions(ctx.tenant, ctx.services.files, companyId);
  return row;
}

export async function uploadPhoto(ctx: AuthedContext, kind: ListKind, input: { bid: number }): Promise<ListedPerson> {
  if ((await photoRepository(ctx.tenant, kind).photoOf(input.bid)) === undefined) throw entryMissing(kind);
  if (!ctx.file) throw badParams([{ field: 'file', rule: 'required' }]);
  const photo = await normalisePhoto(ctx.file.bytes, { minPx: FACE_MIN_PX, maxBytes: FACE_MAX_BYTES }).catch(facePhotoError());
  const key = photoKey(ctx.tenant.companyId, input.bid, photo.bytes);
  await ctx.services.files.put(key, photo.bytes);
  const row = await setPhoto(ctx, kind, input.bid, key);
  if (!row) {
    // Deleted meanwhile: the file just written is nobody's.
    await ctx.services.files.remove(key);
    throw entryMissing(kind);
  }
  const listed = audited(ctx, kind, row);
  ctx.audit.desc = logDesc('listedPhotoSaved', { width: photo.width, height: photo.height });
  return listed;
}

export async function removePhoto(ctx: AuthedContext, kind: ListKind, input: { bid: number }): Promise<ListedPerson> {
  const row = await setPhoto(ctx, kind, input.bid, '');
  if (!row) throw entryMissing(kind);
  const listed = audited(ctx, kind, row);
  ctx.audit.desc = logDesc('listedPhotoRemoved');
  return listed;
}

export async function photoFile(ctx: AuthedContext, kind: ListKind, input: { bid: number }): Promise<Readable> {
  const photo = await photoRepository(ctx.tenant, kind).photoOf(input.bid);
  const stream = photo ? await ctx.services.files.stream(photo) : undefined;
  if (!stream) throw notFound('photo');
  return stream;
}
