import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, LOGISTICS_PHOTO_MAX_BYTES, sniffFileType } from '@openvisit/contract';
import type { FileStore } from '../../platform/files/files.js';
import { ImageRejected, normalisePhoto } from '../../platform/files/images.js';
import type { AuthedContext, CallContext } from '../../platform/http/calls.js';
import { badParams, notFound } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { logisticsRepository } from './logistics.repository.js';

/*
 * Booking photos: the console's staff and a carrier on the public page upload a photo and get its key (a random
 * UUID); a booking names its photos by those keys (`photoInfo`). A photo lives under its company's folder of the file
 * store, the folder taken from the session or the link, never from the request: another company's key names a file
 * that is not there (602), when booked as when read. Each upload is noted (logistics_uploads): the sweep
 * (logistics.sweep.ts) removes the photos no booking of the company names a day after their upload.
 */

/** Smaller pictures show nothing of a truck or its load. */
const PHOTO_MIN_PX = 64;
const PHOTO_MAX_EDGE = 1600;
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The file store's key of a company's photo. */
export const photoPath = (companyId: number, key: string) => `logistics/${companyId}/${key.toLowerCase()}.jpg`;

/** A jpg, png or gif (its first frame) by content, not over the limit, re-encoded (upright, metadata dropped), stored; answers its key. */
export async function storePhoto(ctx: CallContext, scope: TenantScope): Promise<{ key: string }> {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  const kind = sniffFileType(new Uint8Array(file.bytes.subarray(0, 16)));
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'gif') throw badParams([{ field: 'file', rule: 'type' }]);
  if (file.bytes.length > LOGISTICS_PHOTO_MAX_BYTES) throw badParams([{ field: 'file', rule: 'size' }]);
  const photo = await normalisePhoto(file.bytes, { minPx: PHOTO_MIN_PX, maxBytes: IMAGE_MAX_BYTES, maxEdge: PHOTO_MAX_EDGE }).catch(
    (err: unknown) => {
      if (err instanceof ImageRejected)
        throw badParams([{ field: 'file', rule: { notImage: 'type', tooSmall: 'imageTooSmall', tooLarge: 'size' }[err.problem] }]);
      throw err;
    },
  );
  const key = randomUUID();
  // Noted before the file is written: a photo is never in the store without the row the sweep looks for.
  await logisticsRepository(scope).recordUpload(key);
  await ctx.services.files.put(photoPath(scope.companyId, key), photo.bytes);
  return { key };
}

export function uploadPhoto(ctx: AuthedContext): Promise<{ key: string }> {
  return storePhoto(ctx, ctx.tenant);
}

/** The photos a booking names, once each, lower case; each must be one of the company's uploads (602 otherwise). */
export async function companyPhotos(files: FileStore, companyId: number, keys: readonly string[]): Promise<string[]> {
  const unique = [...new Set(keys.map((k) => k.toLowerCase()))];
  for (const key of unique) if ((await files.size(photoPath(companyId, key))) === undefined) throw notFound('photo');
  return unique;
}

/** Removes the photos a booking no longer names (what an older row holds that is no key is left alone). */
export async function dropPhotos(files: FileStore, companyId: number, before: readonly string[], after: readonly string[]): Promise<void> {
  for (const key of before) if (KEY.test(key) && !after.includes(key)) await files.remove(photoPath(companyId, key));
}

export async function photoFile(ctx: AuthedContext, input: { key: string }) {
  const stream = await ctx.services.files.stream(photoPath(ctx.tenant.companyId, input.key));
  if (!stream) throw notFound('photo');
  return stream;
}
