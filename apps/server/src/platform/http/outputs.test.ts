import { allCalls } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOutput, contractOutput, hasCopyPlan } from './outputs.js';

describe('call outputs cut to the contract', () => {
  const visit = z.object({
    id: z.number(),
    name: z.string(),
    tags: z.array(z.object({ k: z.string() })),
    note: z.string().nullable(),
    lang: z.enum(['zh', 'en']).default('zh'),
    extend: z.record(z.string(), z.string()).optional(),
  });

  it('lets out only the declared fields, at every depth, defaults filled in', () => {
    const row = { id: 1, name: 'A', passwordHash: 'secret', tags: [{ k: 'x', hidden: 1 }], note: null, extend: { a: 'b' } };
    const out = contractOutput(visit, row);
    expect(out).toEqual({ id: 1, name: 'A', tags: [{ k: 'x' }], note: null, lang: 'zh', extend: { a: 'b' } });
    expect(JSON.stringify(out)).toBe(JSON.stringify(visit.parse(row)));
  });

  it('parses what it cannot copy faithfully: transforms, rewriting strings, loose objects', () => {
    const stamped = z.object({ at: z.date().transform((d) => d.getTime()) });
    expect(hasCopyPlan(stamped)).toBe(false);
    expect(contractOutput(stamped, { at: new Date(5) })).toEqual({ at: 5 });
    expect(hasCopyPlan(z.object({ s: z.string().trim() }))).toBe(false);
    expect(hasCopyPlan(z.looseObject({ s: z.string() }))).toBe(false);
    expect(hasCopyPlan(visit)).toBe(true);
  });

  it('in tests, a wrong answer still fails', () => {
    expect(() => checkedOutput(visit, { id: 'one', name: 'A', tags: [], note: null }, 'X')).toThrow();
  });

  it('nearly every call is copied, not parsed', () => {
    const parsed = allCalls.filter((c) => !hasCopyPlan(c.output)).map((c) => c.name);
    // Recursive trees (z.lazy) are parsed; so are approval policies, whose drafts keep their checks (trimmed names,
    // conditions and approvers told apart by a field): read by administrators, never on a hot path.
    expect(parsed.sort()).toEqual([
      'addApprovalPolicy',
      'dryRunApproval',
      'getApprovalPolicies',
      'getDeptList',
      'getRARG',
      'orderApprovalPolicies',
      'updateApprovalPolicy',
    ]);
  });
});
