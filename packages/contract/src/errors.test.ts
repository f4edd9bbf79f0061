import { describe, expect, it } from 'vitest';
import { PASS_WITH_MESSAGE_STATUSES, SESSION_END_STATUSES, SILENT_STATUSES, Status, statusCatalogue, statusInfo } from './errors.js';

describe('status catalogue', () => {
  it('has one entry per code, each with Chinese and English text', () => {
    const codes = statusCatalogue.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const s of statusCatalogue) {
      expect(s.zh, String(s.code)).toMatch(/[\u4e00-\u9fff]|token|ip|openid|uuid|HSE/i);
      expect(s.en, String(s.code)).toMatch(/^[A-Z]/);
    }
  });

  it('covers every code of the console spec (section 8)', () => {
    const spec = [
      1, 2, 3, 4, 7, 22, 33, 40, 41, 42, 43, 44, 46, 51, 53, 55, 56, 60, 62, 63, 64, 65, 66, 67, 70, 71, 72, 73, 75, 78, 92, 119, 123, 124, 135, 201,
      223, 241, 257, 613, 619, 731, 1013, 1117, 1119,
    ];
    for (const code of spec) expect(statusInfo(code), String(code)).toBeDefined();
  });

  it('keeps the console meanings where the two original tables disagree', () => {
    expect(statusInfo(4)?.zh).toBe('邮箱已被占用');
    expect(statusInfo(67)?.en).toMatch(/locked/i);
    expect(Status.NO_PERMISSION).toBe(610);
  });

  it('names the display-policy groups', () => {
    expect(SILENT_STATUSES).toEqual([0, 66]);
    expect(PASS_WITH_MESSAGE_STATUSES).toEqual([119, 1301, 1311]);
    expect(SESSION_END_STATUSES).toEqual([27, 28, 29]);
  });
});
