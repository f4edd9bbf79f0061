import { describe, expect, it } from 'vitest';
import { INT4_MAX } from './call.js';
import { exportEmployeeList } from './calls/employees.js';
import { updateSecureProtocol } from './calls/registration.pad.js';
import { getVisit } from './calls/visits.js';
import { isStorableText, unstorableTextPaths } from './validators.js';

describe('text the database can store', () => {
  it('refuses NUL and lone surrogates, keeps paired ones (emoji) and other control characters', () => {
    expect(isStorableText('访客 👋 tab\there')).toBe(true);
    expect(isStorableText('')).toBe(true);
    for (const bad of ['x\u0000', '\u0000', 'a\uD800', '\uDC00b', 'x\uD83D', '\uDE00\uD83D']) expect(isStorableText(bad)).toBe(false);
  });

  it('finds every unstorable string at any depth, keys included', () => {
    expect(unstorableTextPaths({ a: 'ok', b: ['fine', 'x\u0000'], c: { d: { e: '\uD800' } }, ['k\u0000']: 1, n: 5, z: null })).toEqual([
      ['b', 1],
      ['c', 'd', 'e'],
      ['k\u0000'],
    ]);
    expect(unstorableTextPaths(['a', 1, true])).toEqual([]);
  });

  it('every call input refuses them, in free text and nested fields alike', () => {
    const r = updateSecureProtocol.input.safeParse({ secureProtocol: 'terms \uD800' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['secureProtocol', 'illegalChars']]);
  });
});

describe('integers of integer columns', () => {
  it('refuses ids past int4 in JSON and in query strings', () => {
    expect(getVisit.input.safeParse({ vid: INT4_MAX }).success).toBe(true);
    expect(getVisit.input.safeParse({ vid: INT4_MAX + 1 }).success).toBe(false);
    expect(exportEmployeeList.input.safeParse({ deptid: String(INT4_MAX + 1) }).success).toBe(false);
    expect(exportEmployeeList.input.safeParse({ deptid: '12' }).success).toBe(true);
  });
});
