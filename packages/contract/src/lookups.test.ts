import { describe, expect, it } from 'vitest';
import { passOutcome } from './calls/passRecords.js';
import { faceStatusLabel, lookups, Role, recordResult, roleLabels, STAFF_TYPES } from './lookups.js';

describe('lookups', () => {
  it('every value of every lookup has Chinese and English labels', () => {
    for (const [name, table] of Object.entries(lookups)) {
      for (const [value, label] of Object.entries(table as Record<string, { zh: string; en: string }>)) {
        expect(label.zh.trim(), `${name}.${value}`).not.toBe('');
        expect(label.en.trim(), `${name}.${value}`).not.toBe('');
      }
    }
  });

  it('role codes are those of the original, and every staff type is a labelled role', () => {
    expect(Role).toMatchObject({ HSE: 0, SERVER_COMPANY: 1, GATE: 2, LOGISTICS: 3, MACHINE: 4, SUBADMIN: 5, LOGISTICS_SPECIALIST: 12 });
    for (const t of STAFF_TYPES) expect(roleLabels[t]).toBeDefined();
  });

  it('face status: known codes by label, others as photo error plus the code', () => {
    expect(faceStatusLabel(-9, 'en')).toBe('Photo not synced');
    expect(faceStatusLabel(2, 'zh')).toBe('未检测到人脸');
    expect(faceStatusLabel(17, 'en')).toBe('Photo error (17)');
  });

  it('record results: 1/true/success, 0/false/failure, anything else unknown', () => {
    expect([1, true, 'success'].map(recordResult)).toEqual(['success', 'success', 'success']);
    expect([0, false, 'failure'].map(recordResult)).toEqual(['failure', 'failure', 'failure']);
    expect([2, null, 'x'].map(recordResult)).toEqual(['unknown', 'unknown', 'unknown']);
  });
});

describe('passOutcome', () => {
  it('reads a refusal as refused, by the schedule named where its hours refused; only a reasonless failure is an error', () => {
    expect(passOutcome({ result: 1, code: 0 }, 'en')).toBe('Success');
    expect(passOutcome({ result: 0, code: 1124, schedule: 'Office hours' }, 'en')).toBe('Refused by schedule Office hours');
    expect(passOutcome({ result: 0, code: 1124, schedule: 'Office hours' }, 'zh')).toBe('被通行时刻表“Office hours”拒绝');
    expect(passOutcome({ result: 0, code: 1121 }, 'en')).toBe('Refused');
    expect(passOutcome({ result: 0, code: 1121, schedule: '' }, 'zh')).toBe('拒绝通行');
    expect(passOutcome({ result: 0, code: 0 }, 'en')).toBe('Error');
    expect(passOutcome({ result: 2, code: 0 }, 'zh')).toBe('未知错误');
  });
});
