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
 * A photo as stored: the content must be a JPEG, PNG, GIF (its first frame) or WebP image (whatever its name says) of at least
 * `minPx` on each side; it is turned upright (EXIF), scaled to at most `maxEdge` and re-encoded as JPEG,
 * lowering the quality until it fits `maxBytes`. Re-encoding also drops metadata such as GPS positions.
 */
export async function normalisePhoto(
  bytes: Buffer,
  opts: { minPx: number; maxBytes: number; maxEdge?: number },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const kind = sniffFileType(new Uint8Array(bytes.subarray(0, 16)));
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'gif' && kind !== 'webp') throw new ImageRejected('notImage');
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

/**
 * A logo or kiosk picture as stored: the content must be a JPEG, PNG, WebP or GIF (first frame) of at least `min`;
 * it is turned upright, scaled to fit `maxEdge` (never enlarged) and re-encoded under `maxBytes` — as PNG when
 * transparency must survive (logos; a palette is tried before a smaller size), otherwise as JPEG on white.
 */
export async function normalisePicture(
  bytes: Buffer,
  opts: { min: { width: number; height: number }; maxEdge: number; maxBytes: number; format: 'png' | 'jpeg' },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const kind = sniffFileType(new Uint8Array(bytes.subarray(0, 16)));
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp' && kind !== 'gif') throw new ImageRejected('notImage');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch {
    throw new ImageRejected('notImage');
  }
  if (!meta.width || !meta.height) throw new ImageRejected('notImage');
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > MAX_INPUT_PIXELS) throw new ImageRejected('tooLarge');
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [height, meta.width] : [meta.width, height];
  if (w < opts.min.width || h < opts.min.height) throw new ImageRejected('tooSmall');
  const edges = [opts.maxEdge, Math.round(opts.maxEdge * 0.75), Math.round(opts.maxEdge / 2)];
  try {
    for (const edge of edges) {
      const sized = () => input().rotate().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
      const variants =
        opts.format === 'png'
          ? [() => sized().png({ compressionLevel: 9 }), () => sized().png({ compressionLevel: 9, palette: true, colours: 256 })]
          : [85, 70].map((quality) => () => sized().flatten({ background: '#ffffff' }).jpeg({ quality }));
      for (const encode of variants) {
        const { data, info } = await encode().toBuffer({ resolveWithObject: true });
        if (data.length < opts.maxBytes) return { bytes: data, width: info.width, height: info.height };
      }
    }
  } catch {
    throw new ImageRejected('notImage');
  }
  throw new ImageRejected('tooLarge');
}

/** The bytes of a `data:<type>;base64,…` URL (any image type; the content is sniffed later), or null. */
export function dataUrlBytes(url: string): Buffer | null {
  const m = /^data:[a-z]+\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  return m?.[1] ? Buffer.from(m[1], 'base64') : null;
}

/**
 * A handwritten signature as stored: a PNG (by content) of sane dimensions, re-encoded (metadata dropped) and
 * kept as PNG, since it goes into the visit's PDF.
 */
export async function normaliseSignature(bytes: Buffer): Promise<Buffer> {
  if (sniffFileType(new Uint8Array(bytes.subarray(0, 16))) !== 'png') throw new ImageRejected('notImage');
  try {
    const meta = await sharp(bytes, { limitInputPixels: 16_000_000 }).metadata();
    if (!meta.width || !meta.height || meta.width < 50 || meta.height < 20) throw new ImageRejected('tooSmall');
    return await sharp(bytes, { limitInputPixels: 16_000_000 })
      .resize({ width: 1200, height: 600, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (err) {
    if (err instanceof ImageRejected) throw err;
    throw new ImageRejected('notImage');
  }
}
