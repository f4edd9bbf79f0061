import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, inkOn, textOn } from './contrast';
import { consoleTheme } from './theme';

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
/** An rgba() text colour as it lands on white. */
function onWhite(rgba: string): string {
  const [r, g, b, a] = (/rgba?\(([^)]+)\)/.exec(rgba)?.[1] ?? '').split(',').map((v) => Number(v.trim())) as number[];
  const alpha = a ?? 1;
  return hex(...([r, g, b].map((v) => Math.round((v ?? 0) * alpha + 255 * (1 - alpha))) as [number, number, number]));
}

describe('contrast of run-time colours', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#fff', '#0958d9')).toBeCloseTo(6.16, 1);
    expect(contrastRatio('not a colour', '#fff')).toBe(1);
  });

  it('writes white on a dark fill and black on a light one', () => {
    expect(textOn('#0a7d55')).toBe('#ffffff');
    expect(textOn('#0958d9')).toBe('#ffffff');
    // antd's default blue: white reaches only 4.1:1, black 5.1:1.
    expect(textOn('#1677ff')).toBe('#000000');
    expect(textOn('#ffd666')).toBe('#000000');
    expect(textOn('#40a9ff')).toBe('#000000');
  });

  it('keeps a readable colour and darkens one that is not, to AA on white', () => {
    expect(inkOn('#0958d9')).toBe('#0958d9');
    for (const colour of ['#1677ff', '#40a9ff', '#ffd666', '#52c41a', '#ffffff']) {
      const ink = inkOn(colour);
      expect(contrastRatio(ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    expect(inkOn('#ffd666')).not.toBe('#000000');
  });

  it('writes text at 4.5:1 at least on any theme colour (a mid-dark one too)', () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const fill = hex(r, g, b);
          worst = Math.min(worst, contrastRatio(textOn(fill), fill));
        }
    expect(worst).toBeGreaterThanOrEqual(4.5);
    // The mid-dark blue axe measured at 4.43:1 with the tile's hint dimmed: white, at 5:1.
    expect(textOn('#1971c2')).toBe('#ffffff');
    expect(contrastRatio('#ffffff', '#1971c2')).toBeGreaterThan(4.5);
  });

  it('the kiosk never dims text drawn on the theme colour, and a table’s empty text reads at 4.5:1', () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../core/kioskFace/kioskFace.css'), 'utf8');
    const tileText = [...css.matchAll(/([^{}]*\.k-(?:tile|btn)[^{}]*)\{([^}]*)\}/g)].filter(
      ([, selector]) => !selector?.includes(':disabled') && !selector?.includes('k-staff-btn'),
    );
    for (const [, selector, body] of tileText) expect(body, selector?.trim()).not.toMatch(/opacity/);
    const empty = consoleTheme.components?.Table?.colorTextDisabled;
    expect(empty).toBeDefined();
    expect(contrastRatio(onWhite(String(empty)), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
