import path from 'node:path';
import { FACE_MAX_BYTES, FACE_MIN_PX, FACE_ZIP_MAX_ENTRIES, FACE_ZIP_MAX_UNPACKED, type FaceImportOutcome, sniffFileType } from '@openvisit/contract';
import { badParams } from './errors.js';
import { ImageRejected, normalisePhoto } from './images.js';
import type { UploadedFile, UploadedTempFile } from './uploads.js';
import { withZip, zipRefusal } from './zip.js';

/*
 * The face-photo checks every kind of person shares (employees, resident workers): one photo, and a zip of photos
 * named by a key (a work number, a phone, a certificate number), each judged alone and reported.
 */

/** A photo refused by its content answers 400 on the field `file`. */
export function facePhotoError(err: unknown): never {
  if (err instanceof ImageRejected) {
    const rule = { notImage: 'type', tooSmall: 'imageTooSmall', tooLarge: 'size' }[err.problem];
    throw badParams([{ field: 'file', rule }]);
  }
  throw err;
}

/** The uploaded photo checked and scaled (at least FACE_MIN_PX square, under FACE_MAX_BYTES), or 400 on `file`. */
export async function checkedFacePhoto(file: UploadedFile | undefined) {
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  return normalisePhoto(file.bytes, { minPx: FACE_MIN_PX, maxBytes: FACE_MAX_BYTES }).catch(facePhotoError);
}

const IMAGE_NAME = /^(.+)\.(jpe?g|png|gif|webp)$/i;
/** What normalisePhoto takes (it refuses anything else as notImage first). */
const PHOTO_TYPES = new Set(['jpeg', 'png', 'gif', 'webp']);

export interface FaceZipResult<T> {
  file: string;
  key: string;
  target: T | null;
  outcome: FaceImportOutcome;
}

/** The archive limits of the face-photo imports (employees, resident workers). */
const FACE_ZIP_LIMITS = { maxEntries: FACE_ZIP_MAX_ENTRIES, maxEntryBytes: 20 * 1024 * 1024, maxTotalBytes: FACE_ZIP_MAX_UNPACKED };

/**
 * A zip of photos named by key (619 when not a zip), streamed to disk by the upload and read one photo at a time
 * (platform/zip.ts: refused whole before anything is stored, within the process's bound on archive jobs). `find`
 * names whose photo each key is (all keys at once); `save` stores one. Two photos for one key are both refused: which
 * one is meant cannot be told. A file that does not begin as a picture is reported without being unpacked again.
 */
export async function importFaceZip<T>(
  file: UploadedTempFile | undefined,
  find: (keys: string[]) => Promise<Map<string, T>>,
  save: (target: T, photo: Buffer) => Promise<void>,
): Promise<FaceZipResult<T>[]> {
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  return withZip(file.path, FACE_ZIP_LIMITS, async (zip) => {
    const perKey = new Map<string, number>();
    for (const e of zip.entries) {
      const key = IMAGE_NAME.exec(e.name)?.[1]?.trim();
      if (key) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    }
    const targets = await find([...perKey.keys()]);
    const results: FaceZipResult<T>[] = [];
    for (const e of zip.entries) {
      const m = IMAGE_NAME.exec(e.name);
      const key = m?.[1]?.trim() ?? path.parse(e.name).name;
      const target = targets.get(key) ?? null;
      const report = (outcome: FaceImportOutcome) => results.push({ file: e.name, key, target, outcome });
      if (!m) report('skipped');
      else if (!target) report('noEmployee');
      else if ((perKey.get(key) ?? 0) > 1) report('duplicate');
      else if (!PHOTO_TYPES.has(sniffFileType(new Uint8Array(e.head)) ?? '')) report('notImage');
      else {
        try {
          const photo = await normalisePhoto(await zip.read(e), { minPx: FACE_MIN_PX, maxBytes: FACE_MAX_BYTES });
          await save(target, photo.bytes);
          report('saved');
        } catch (err) {
          if (!(err instanceof ImageRejected)) throw err;
          report(err.problem);
        }
      }
    }
    return results;
  }).catch(zipRefusal);
}
