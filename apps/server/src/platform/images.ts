import { sniffFileType } from '@openvisit/contract';
import sharp, { type Metadata } from 'sharp';

export type ImageProblem = 'notImage' | 'tooSmall' | 'tooLarge';

export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/** Decoding more pixels than this is refused: a small file can claim a huge canvas (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A photo as stored: the content must be a JPEG, PNG or WebP image (whatever its name says) of at least
 * `minPx` on each side; it is turned upright (EXIF), scaled to at most `maxEdge` and re-encoded as JPEG,
 * lowering the quality until it fits `maxBytes`. Re-encoding also drops metadata such as GPS positions.
 */
export async function normalisePhoto(
  bytes: Buffer,
  opts: { minPx: number; maxBytes: number; maxEdge?: number },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const kind = sniffFileType(new Uint8Array(bytes.subarray(0, 16)));
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp') throw new ImageRejected('notImage');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch {
    throw new ImageRejected('notImage');
  }
  if (!meta.width || !meta.height) throw new ImageRejected('notImage');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejected('tooLarge');
  // EXIF orientations 5–8 swap width and height.
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (w < opts.minPx || h < opts.minPx) throw new ImageRejected('tooSmall');
  const maxEdge = opts.maxEdge ?? 1280;
  // Smaller steps of size and quality until it fits; a face needs far less than the first step.
  const steps = [maxEdge, 960, 640, 400].filter((e) => e <= maxEdge).flatMap((edge) => [85, 70].map((quality) => ({ edge, quality })));
  try {
    for (const { edge, quality } of steps) {
      const { data, info } = await input()
        .rotate()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality })
        .toBuffer({ resolveWithObject: true });
      if (data.length < opts.maxBytes) return { bytes: data, width: info.width, height: info.height };
    }
  } catch {
    throw new ImageRejected('notImage');
  }
  throw new ImageRejected('tooLarge');
}
