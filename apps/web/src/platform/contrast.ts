/** WCAG 2 contrast, for colours chosen at run time (a company's theme colour) that text is drawn on or in. */

/** '#rgb' or '#rrggbb' as [r, g, b] in 0–255, or null. */
function rgbOf(colour: string): [number, number, number] | null {
  const hex = colour.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

function ratio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast ratio of two colours (1 to 21); 1 when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const ra = rgbOf(a);
  const rb = rgbOf(b);
  return ra && rb ? ratio(ra, rb) : 1;
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

/** The text colour to write on a fill: white while it reaches AA, else whichever of black and white reads better. */
export function textOn(fill: string): '#ffffff' | '#000000' {
  const white = contrastRatio('#ffffff', fill);
  return white >= AA_TEXT || white >= contrastRatio('#000000', fill) ? '#ffffff' : '#000000';
}

/**
 * The colour itself as text on `background` (white unless said) when it reaches AA, else the colour darkened (mixed
 * with black, in steps of 5%) until it does: the same hue, readable.
 */
export function inkOn(colour: string, background = '#ffffff'): string {
  const rgb = rgbOf(colour);
  const bg = rgbOf(background);
  if (!rgb || !bg) return colour;
  for (let keep = 1; keep > 0; keep -= 0.05) {
    const mixed = rgb.map((v) => Math.round(v * keep)) as [number, number, number];
    if (ratio(mixed, bg) >= AA_TEXT) return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }
  return '#000000';
}
