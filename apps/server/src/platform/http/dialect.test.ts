import { defineCall, PAGE_MAX, pageInput } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dialectRequest, dialectToken, dialectUrl, numbersFromStrings, ownsToken, renameOriginalFields } from './dialect.js';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz-_ABCDEFGHIJKLMNO';

describe('the original dialect’s transport', () => {
  it('reads the three token forms and treats "undefined" as none', () => {
    expect(TOKEN).toHaveLength(43);
    expect(dialectToken(TOKEN)).toEqual({ token: TOKEN });
    expect(dialectToken(`desk-01-${TOKEN}`)).toEqual({ token: TOKEN, owner: 'desk-01' });
    expect(dialectToken(`12-${TOKEN}`)).toEqual({ token: TOKEN, owner: '12' });
    for (const none of [undefined, '', 'undefined', 'null', '  ']) expect(dialectToken(none)).toBeUndefined();
    // Not ours at all: looked up as given, so it answers 27.
    expect(dialectToken('A1B2C3')).toEqual({ token: 'A1B2C3' });
    expect(ownsToken('12', { account: 'desk', companyId: 12 })).toBe(true);
    expect(ownsToken('desk', { account: 'desk', companyId: 12 })).toBe(true);
    expect(ownsToken('13', { account: 'desk', companyId: 12 })).toBe(false);
    expect(ownsToken(undefined, { account: 'desk', companyId: 12 })).toBe(true);
  });

  it('drops trailing blanks of a call name under /qcvisit/ only', () => {
    expect(dialectUrl('/qcvisit/getVisitorType%20')).toBe('/qcvisit/getVisitorType');
    expect(dialectUrl('/qcvisit/getVisitorType%20%20?x=1')).toBe('/qcvisit/getVisitorType?x=1');
    expect(dialectUrl('/api/getVisitorType%20')).toBe('/api/getVisitorType%20');
    expect(dialectUrl('/qcvisit/getVisitorType')).toBe('/qcvisit/getVisitorType');
  });

  it('turns strings into numbers where the call wants numbers, and numbers into strings where it wants strings', () => {
    const call = defineCall({
      name: 'dialectProbe',
      area: 'auth',
      module: 'auth',
      summary: 'probe',
      access: 'public',
      input: z.object({
        vid: z.int32(),
        gid: z.int32().nullable().default(null),
        vids: z.array(z.int32()).optional(),
        code: z.string().default(''),
        inner: z.object({ n: z.number().optional() }).optional(),
      }),
      output: z.null(),
    });
    expect(numbersFromStrings(call, { vid: '12', gid: '', vids: ['1', 2, ' 3 '], code: 12345678, inner: { n: '4.5' }, other: '7' })).toEqual({
      vid: 12,
      vids: [1, 2, 3],
      code: '12345678',
      inner: { n: 4.5 },
      other: '7',
    });
    // What is not a number stays as sent, for the contract to refuse with the field named.
    expect(numbersFromStrings(call, { vid: 'v12' })).toEqual({ vid: 'v12' });
    expect(renameOriginalFields(call, { vname: 'x' })).toEqual({ vname: 'x' });
  });

  it('answers "everything" (requestedCount 999999) at the longest page, the start snapped to that page', () => {
    const call = defineCall({
      name: 'pagedForTest',
      area: 'auth',
      module: 'auth',
      summary: 'test',
      access: 'public',
      input: z.object({ ...pageInput }),
      output: z.null(),
    });
    expect(dialectRequest(call, { startIndex: 0, requestedCount: 999999 }, {})).toEqual({ startIndex: 0, requestedCount: PAGE_MAX });
    expect(dialectRequest(call, { startIndex: '1', requestedCount: '10' }, {})).toEqual({ startIndex: 0, requestedCount: 10 });
    expect(dialectRequest(call, { startIndex: 14, requestedCount: 7 }, {})).toEqual({ startIndex: 14, requestedCount: 7 });
  });
});
