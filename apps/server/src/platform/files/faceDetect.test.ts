import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faceFixture, facePhoto as realFace } from '../../../test/faces.js';
import { detectFaces } from './faceDetect.js';
import { FaceRejected, facePhoto } from './facePhotos.js';
import { ImageRejected } from './images.js';

describe('the face detector (face-api on TF.js WebAssembly, model from node_modules)', () => {
  it('finds one face, two, or none on real photos; none on grey noise', async () => {
    const one = await detectFaces(faceFixture('one-face'));
    expect(one).toHaveLength(1);
    expect(one[0]?.score).toBeGreaterThan(0.9);
    expect(await detectFaces(faceFixture('two-faces'))).toHaveLength(2);
    expect(await detectFaces(faceFixture('no-face'))).toHaveLength(0);
    const noise = await sharp(randomBytes(400 * 400), { raw: { width: 400, height: 400, channels: 1 } })
      .jpeg()
      .toBuffer();
    expect(await detectFaces(noise)).toHaveLength(0);
  });

  it('facePhoto: the stored photo has exactly one face; the refusals name why', async () => {
    const stored = await facePhoto(await realFace({ width: 960, height: 1200, format: 'png' }));
    expect(stored.width).toBeLessThanOrEqual(1280);
    expect((await sharp(stored.bytes).metadata()).format).toBe('jpeg');
    const problem = (bytes: Buffer) =>
      facePhoto(bytes).then(
        () => 'stored',
        (err: unknown) => (err instanceof FaceRejected || err instanceof ImageRejected ? err.problem : String(err)),
      );
    expect(await problem(faceFixture('two-faces'))).toBe('multipleFaces');
    expect(await problem(faceFixture('no-face'))).toBe('noFace');
    expect(await problem(await realFace({ width: 80, height: 100 }))).toBe('tooSmall');
  });
});
