import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/*
 * Real photos for the face checks (fixtures/faces/README.md says where they come from): one face, two faces and none.
 * Every way a face photo comes in runs the detector, so a test that needs a photo stored uses these, never a made-up
 * picture (which has no face and is refused).
 */

const DIR = path.join(import.meta.dirname, 'fixtures', 'faces');
export type FaceFixture = 'one-face' | 'two-faces' | 'no-face';

export function faceFixture(name: FaceFixture): Buffer {
  return fs.readFileSync(path.join(DIR, `${name}.jpg`));
}

/**
 * The one-face photo (or another fixture) at another size or format; `tint` changes every pixel a little, so two
 * photos of the same person differ in their bytes (as two shots would) when a test needs distinct files.
 */
export async function facePhoto(
  opts: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp' | 'gif'; tint?: number; of?: FaceFixture } = {},
): Promise<Buffer> {
  let img = sharp(faceFixture(opts.of ?? 'one-face'));
  if (opts.width || opts.height) img = img.resize(opts.width, opts.height, { fit: 'fill' });
  if (opts.tint) img = img.linear(1, opts.tint);
  return opts.format === 'gif' ? img.gif().toBuffer() : img.toFormat(opts.format ?? 'jpeg', { quality: 90 }).toBuffer();
}

/** A data URL of facePhoto, as the kiosk and the desk send a photo. */
export async function faceDataUrl(opts: Parameters<typeof facePhoto>[0] = {}): Promise<string> {
  return `data:image/${opts.format ?? 'jpeg'};base64,${(await facePhoto(opts)).toString('base64')}`;
}
