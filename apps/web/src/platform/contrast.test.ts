import { describe, expect, it } from 'vitest';
import { contrastRatio, inkOn, textOn } from './contrast';

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
});
