import { describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.js';
import { inTransaction, tenantScope } from '../identity/tenancy.js';
import { forget, readOnce, withRequestCache } from './requestCache.js';

describe('the request cache and transactions', () => {
  const reader = (value: number) => () => Promise.resolve(value);

  it('keeps what a committed transaction read, and drops what a rolled-back one read after its own write', async () => {
    let t: TestApp | undefined;
    try {
      t = await testApp();
      const scope = tenantScope(t.db, { companyId: 1 });
      await withRequestCache(async () => {
        expect(await readOnce('company:1', reader(1))).toBe(1);
        // A write inside the transaction forgets the key; the read after it sees the uncommitted row.
        const failed = inTransaction(scope, async () => {
          forget('company:1');
          expect(await readOnce('company:1', reader(2))).toBe(2);
          throw new Error('rolled back');
        });
        await expect(failed).rejects.toThrow('rolled back');
        expect(await readOnce('company:1', reader(3))).toBe(1);
        await inTransaction(scope, async () => {
          forget('company:1');
          expect(await readOnce('company:1', reader(4))).toBe(4);
        });
        expect(await readOnce('company:1', reader(5))).toBe(4);
      });
    } finally {
      await t?.close();
    }
  });
});
