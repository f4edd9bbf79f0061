import { describe, expect, it } from 'vitest';
import type { CallDef } from './call.js';
import { answersStatus, declaredStatuses, formStatuses, statusField, universalStatuses } from './callStatuses.js';
import { Status, statusInfo } from './errors.js';
import { allCalls } from './registry.js';

const calls = allCalls as readonly CallDef[];

describe('declared statuses', () => {
  it('every declared status is in the catalogue', () => {
    const unknown = calls.flatMap((c) =>
      declaredStatuses(c)
        .filter((s) => !statusInfo(s))
        .map((s) => `${c.name}: ${s}`),
    );
    expect(unknown).toEqual([]);
  });

  // A universal status may still be placed on a field (620 on an upload's file), but is not listed in `statuses`.
  it('lists neither success nor a universal status, nor one twice', () => {
    const wrong = calls.flatMap((c) => {
      const declared = declaredStatuses(c);
      const universal = (c.statuses ?? []).filter((s) => s === Status.SUCCESS || universalStatuses(c).includes(s));
      const twice = declared.filter((s, i) => declared.indexOf(s) !== i);
      return [...universal, ...twice].map((s) => `${c.name}: ${s}`);
    });
    expect(wrong).toEqual([]);
  });

  it('names an input field for a field status, when the input is an object', () => {
    const wrong = calls.flatMap((c) => {
      const shape = (c.input as { shape?: Record<string, unknown> }).shape;
      if (!shape) return [];
      return Object.entries(c.fieldStatuses ?? {})
        .filter(([, field]) => typeof field === 'string' && !(field in shape) && !(c.upload && field === 'file'))
        .map(([s, field]) => `${c.name}: ${s} → ${field}`);
    });
    expect(wrong).toEqual([]);
  });

  it('reads a call declaration', () => {
    const call = { name: 'x', access: ['admin'], fieldStatuses: { [Status.EMAIL_TAKEN]: 'email' }, statuses: [Status.NO_SUCH_RECORD] };
    const def = call as unknown as CallDef;
    expect(formStatuses(def)).toEqual([Status.BAD_PARAMS, Status.EMAIL_TAKEN]);
    expect(statusField(def, Status.EMAIL_TAKEN)).toBe('email');
    expect(statusField(def, Status.NO_SUCH_RECORD)).toBeUndefined();
    expect(answersStatus(def, Status.NO_SUCH_RECORD)).toBe(true);
    expect(answersStatus(def, Status.TOKEN_EXPIRED)).toBe(true);
    expect(answersStatus(def, Status.MEETING_ENDED)).toBe(false);
    expect(answersStatus({ ...def, access: 'public' } as CallDef, Status.TOKEN_EXPIRED)).toBe(false);
  });
});
