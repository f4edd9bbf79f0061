import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

/**
 * The characters a picture may show: upper case only (answers are compared case-insensitively, so a lower-case twin
 * adds nothing but doubt), and of each group of look-alikes at most one: 0 O o Q D → D; 1 I i l L j J → J;
 * 2 Z z → none; 5 S s → none; 8 B → none; U u V v Y y → Y; 6 G b → 6; 9 g q → 9; C c G → C; A 4 → A (this
 * font draws its 4 with a pointed top).
 */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTWXY3679';
/** What no picture ever shows, in either case (the tests check every character generated against it). */
export const AMBIGUOUS_CHARACTERS = '0OQ1IL2Z5S8BUVG4';
export const CAPTCHA_LENGTH = 4;

/** Drawn at this size; the console shows it at the same size (text about 32 px high). */
export const PICTURE_WIDTH = 176;
export const PICTURE_HEIGHT = 60;
const FONT_SIZE = 50;
const GAP = 8;
const BACKGROUND = '#f4f6fb';
/** Dark ink only: every colour keeps a contrast above 7:1 against the background. */
const INKS = ['#1e3a8a', '#7c2d12', '#065f46', '#581c87', '#881337', '#1f2937', '#713f12', '#134e4a'];

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const between = (min: number, max: number): number => min + (randomInt(1001) / 1000) * (max - min);
const fixed = (n: number): string => n.toFixed(1);

/** Random characters of the alphabet, from the cryptographic generator (not Math.random). */
export function captchaText(length = CAPTCHA_LENGTH): string {
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

function advance(ch: string): number {
  // The loaded font is on the options at run time, though its typings leave it out.
  const { font } = svgCaptcha.options as unknown as { font: { unitsPerEm: number; charToGlyph: (c: string) => { advanceWidth?: number } } };
  return ((font.charToGlyph(ch).advanceWidth ?? font.unitsPerEm / 2) * FONT_SIZE) / font.unitsPerEm;
}

/** One glyph as a path centred on x (svg-captcha draws a single character in the middle of a picture that wide). */
function glyph(ch: string, x: number, fontSize: number): string {
  // A one-character preset draws exactly that character.
  const { data: svg } = svgCaptcha.create({ size: 1, charPreset: ch, width: 2 * x + 2, height: PICTURE_HEIGHT, noise: 0, fontSize, color: false });
  return /\sd="([^"]+)"/.exec(svg)?.[1] ?? '';
}

/** A few thin curves across the text and faint specks: a nuisance to a naive OCR, never enough to hide a stroke. */
function noise(curves: number, specks: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < curves; i++) {
    const y = () => fixed(between(10, PICTURE_HEIGHT - 10));
    const d = `M${fixed(between(2, 20))} ${y()} C${fixed(between(40, 80))} ${y()},${fixed(between(96, 136))} ${y()},${fixed(between(PICTURE_WIDTH - 20, PICTURE_WIDTH - 2))} ${y()}`;
    out.push(`<path d="${d}" stroke="${pick(INKS)}" stroke-width="1.2" stroke-opacity="0.5" fill="none"/>`);
  }
  for (let i = 0; i < specks; i++) {
    const r = fixed(between(0.6, 1.4));
    out.push(
      `<circle cx="${fixed(between(0, PICTURE_WIDTH))}" cy="${fixed(between(0, PICTURE_HEIGHT))}" r="${r}" fill="${pick(INKS)}" fill-opacity="0.35"/>`,
    );
  }
  return out;
}

/**
 * The picture of a text as an SVG: each character in a dark colour, slightly turned and raised or lowered, spaced by
 * its own width so none overlaps its neighbour, under thin noise. Characters are outlines, not SVG text.
 */
export function drawCaptcha(text: string): string {
  const chars = [...text];
  const widths = chars.map(advance);
  const natural = widths.reduce((a, b) => a + b, 0) + GAP * (chars.length - 1);
  // A longer text (a sum such as "12-7=?") is drawn smaller rather than cut.
  const scale = Math.min(1, (PICTURE_WIDTH - 12) / natural);
  let x = (PICTURE_WIDTH - natural * scale) / 2;
  const glyphs = chars.map((ch, i) => {
    const w = (widths[i] ?? 0) * scale;
    const cx = x + w / 2;
    x += w + GAP * scale;
    const angle = fixed(between(-14, 14));
    const dy = fixed(between(-4, 4));
    const d = glyph(ch, cx, FONT_SIZE * scale);
    return `<g transform="translate(0 ${dy}) rotate(${angle} ${fixed(cx)} ${PICTURE_HEIGHT / 2})"><path fill="${pick(INKS)}" d="${d}"/></g>`;
  });
  const [behind, over] = [noise(2, 40), noise(1, 0)];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${BACKGROUND}"/>${behind.join('')}${glyphs.join('')}${over.join('')}</svg>`
  );
}

/**
 * What is published: the drawing as pixels (PNG), bent by two random waves and sprinkled with specks. The SVG's
 * outlines never leave the server: a glyph's path commands and extent named its character (a script read 60 of 60),
 * and the same character is never the same pixels twice.
 */
export async function rasterCaptcha(text: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(drawCaptcha(text)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const out = Buffer.alloc(data.length);
  const [ax, ay] = [between(1.5, 3), between(2, 3.5)];
  const [fx, fy] = [between(0.06, 0.11), between(0.03, 0.06)];
  const [px, py] = [between(0, 2 * Math.PI), between(0, 2 * Math.PI)];
  const at = (x: number, y: number, c: number) =>
    data[(Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * channels + c] ?? 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Where this pixel is read from, bilinearly: a horizontal wave along y and a vertical one along x.
      const sx = x + ax * Math.sin(fy * y * 2 * Math.PI + px);
      const sy = y + ay * Math.sin(fx * x + py);
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [dx, dy] = [sx - x0, sy - y0];
      for (let c = 0; c < channels; c++) {
        const top = at(x0, y0, c) * (1 - dx) + at(x0 + 1, y0, c) * dx;
        const bottom = at(x0, y0 + 1, c) * (1 - dx) + at(x0 + 1, y0 + 1, c) * dx;
        out[(y * width + x) * channels + c] = Math.round(top * (1 - dy) + bottom * dy);
      }
    }
  // Specks of grain: a tenth of the pixels a little lighter or darker, never enough to hide a stroke.
  for (let i = 0; i < (width * height) / 10; i++) {
    const p = randomInt(width * height) * channels;
    const shift = randomInt(-40, 41);
    for (let c = 0; c < channels; c++) out[p + c] = Math.min(255, Math.max(0, (out[p + c] ?? 0) + shift));
  }
  return sharp(out, { raw: { width, height, channels } }).png({ compressionLevel: 9 }).toBuffer();
}

export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
