import path from 'node:path';
import { FACE_MAX_BYTES, FACE_MIN_PX, FACE_ZIP_MAX_ENTRIES, FACE_ZIP_MAX_UNPACKED, type FaceImportOutcome, sniffFileType } from '@openvisit/contract';
import { badParams } from '../http/errors.js';
import type { UploadedFile, UploadedTempFile } from '../http/uploads.js';
import { detectFaces } from './faceDetect.js';
import { type ImageProblem, ImageRejected, normalisePhoto } from './images.js';
import { withZip, zipRefusal } from './zip.js';

/*
 * The face-photo checks every way a face photo comes in shares (employees, resident workers, visitors at the
 * invitation page, the kiosk and the desk): one photo, and a zip of photos named by a key (a work number, a phone, a
 * certificate number), each judged alone and reported. A face photo is a picture of at least FACE_MIN_PX square,
 * scaled down until it is under FACE_MAX_BYTES, on which the detector (platform/files/faceDetect.ts) finds exactly one face:
 * none and several are what a face terminal would refuse it for (face statuses 2 and 3).
 */

export type FaceProblem = ImageProblem | 'noFace' | 'multipleFaces';

/** A photo refused for its faces (as ImageRejected is for its pixels). */
export class FaceRejected extends Error {
  constructor(readonly problem: 'noFace' | 'multipleFaces') {
    super(problem);
  }
}

/** The field rule of each refusal (the forms show `validation.<rule>`). */
const FACE_RULES: Record<FaceProblem, string> = {
  notImage: 'type',
  tooSmall: 'imageTooSmall',
  tooLarge: 'size',
  noFace: 'noFace',
  multipleFaces: 'multipleFaces',
};

function faceProblem(err: unknown): FaceProblem | null {
  return err instanceof ImageRejected || err instanceof FaceRejected ? err.problem : null;
}

/** A photo refused by its content answers 400 on the field (`file` for uploads, `photo` for a data URL). */
export function facePhotoError(field = 'file') {
  return (err: unknown): never => {
    const problem = faceProblem(err);
    if (problem) throw badParams([{ field, rule: FACE_RULES[problem] }]);
    throw err;
  };
}

/**
 * A face photo as stored: upright, scaled and re-encoded under `maxBytes` (normalisePhoto), with exactly one face on
 * it. ImageRejected or FaceRejected otherwise; 503 when the detector cannot run.
 */
export async function facePhoto(bytes: Buffer, opts: { maxEdge?: number } = {}): Promise<{ bytes: Buffer; width: number; height: number }> {
  const photo = await normalisePhoto(bytes, { minPx: FACE_MIN_PX, maxBytes: FACE_MAX_BYTES, maxEdge: opts.maxEdge });
  const faces = await detectFaces(photo.bytes);
  if (faces.length === 0) throw new FaceRejected('noFace');
  if (faces.length > 1) throw new FaceRejected('multipleFaces');
  return photo;
}

/** The uploaded face photo checked (facePhoto), or 400 on `file`. */
export async function checkedFacePhoto(file: UploadedFile | undefined) {
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  return facePhoto(file.bytes).catch(facePhotoError());
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
 * (platform/files/zip.ts: refused whole before anything is stored, within the process's bound on archive jobs). `find`
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
          const photo = await facePhoto(await zip.read(e));
          await save(target, photo.bytes);
          report('saved');
        } catch (err) {
          const problem = faceProblem(err);
          if (!problem) throw err;
          report(problem);
        }
      }
    }
    return results;
  }).catch(zipRefusal);
}
