import { Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { idempotencyKeys, visits } from '../../db/schema/index.js';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  /** A call with the key, answered as the client sees it. */
  const send = async (name: string, body: object, token: string, key?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: { 'x-coolvisit-token': token, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
    return {
      ...(res.json() as { status: number; reason: string; result: { vid?: number } }),
      replayed: res.headers['idempotent-replayed'] === 'true',
    };
  };
  const walkIn = (phone: string) => ({ vname: '王访客', vphone: phone, empid: host });
  const visitsOf = async (phone: string) => (await t.db.select().from(visits).where(eq(visits.phone, phone))).length;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
  });
  afterAll(() => t.close());

  it('runs a write once: a repeat gets the first answer, marked as replayed, and writes nothing', async () => {
    const first = await send('UpdatePhoto', walkIn('13911110001'), a.token, 'walk-in-0001');
    expect(first).toMatchObject({ status: 0, replayed: false });
    const again = await send('UpdatePhoto', { ...walkIn('13911110001') }, a.token, 'walk-in-0001');
    expect(again).toEqual({ ...first, replayed: true });
    expect(await visitsOf('13911110001')).toBe(1);
    // Without a key, the same body is a second walk-in.
    expect((await send('UpdatePhoto', walkIn('13911110001'), a.token)).result.vid).not.toBe(first.result.vid);
  });

  it('refuses a key used for another body or another call; another company’s same key is its own', async () => {
    await send('UpdatePhoto', walkIn('13911110002'), a.token, 'shared-key');
    const other = await send('UpdatePhoto', walkIn('13911110003'), a.token, 'shared-key');
    expect(other.status).toBe(Status.IDEMPOTENCY_KEY_REUSED);
    expect(await visitsOf('13911110003')).toBe(0);
    expect((await send('addEmployee', { employee_name: 'X', phone: '13800009999' }, a.token, 'shared-key')).status).toBe(
      Status.IDEMPOTENCY_KEY_REUSED,
    );
    const bHost = (await t.api.addEmployee({ employee_name: 'Beta Host', phone: '13800002222' }, b.token)).result.empid;
    const theirs = await send('UpdatePhoto', { vname: 'Beta', vphone: '13911110002', empid: bHost }, b.token, 'shared-key');
    expect(theirs).toMatchObject({ status: 0, replayed: false });
  });

  it('replays a refusal too; a read ignores the key; a malformed key is refused before anything runs', async () => {
    const refused = await send('UpdatePhoto', { ...walkIn('13911110004'), empid: 999_999 }, a.token, 'refused-once');
    expect(refused.status).not.toBe(0);
    expect(await send('UpdatePhoto', { ...walkIn('13911110004'), empid: 999_999 }, a.token, 'refused-once')).toEqual({ ...refused, replayed: true });
    const read = await send('GetUserInfo', {}, a.token, 'a-read');
    expect((await send('GetUserInfo', {}, a.token, 'a-read')).replayed).toBe(false);
    expect(read.status).toBe(0);
    for (const bad of ['', 'with space', 'x'.repeat(256), '钥匙']) {
      const r = await send('UpdatePhoto', walkIn('13911110005'), a.token, bad);
      expect([bad, r.status]).toEqual([bad, Status.BAD_PARAMS]);
    }
    expect(await visitsOf('13911110005')).toBe(0);
  });

  it('a repeat while the first still runs waits its turn (1408), and runs once the first’s claim lapsed; a key older than 24 hours is new', async () => {
    const where = (key: string) => and(eq(idempotencyKeys.companyId, a.id), eq(idempotencyKeys.key, key));
    await send('UpdatePhoto', walkIn('13911110006'), a.token, 'in-flight');
    // As if the first request were still running in another process.
    await t.db
      .update(idempotencyKeys)
      .set({ state: 'running', response: null, lockedUntil: new Date(Date.now() + 60_000) })
      .where(where('in-flight'));
    expect((await send('UpdatePhoto', walkIn('13911110006'), a.token, 'in-flight')).status).toBe(Status.IDEMPOTENCY_IN_PROGRESS);
    // Its process died: the claim lapses and the repeat runs.
    await t.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(where('in-flight'));
    expect(await send('UpdatePhoto', walkIn('13911110006'), a.token, 'in-flight')).toMatchObject({ status: 0, replayed: false });
    const first = await send('UpdatePhoto', walkIn('13911110007'), a.token, 'old-key');
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(where('old-key'));
    const later = await send('UpdatePhoto', walkIn('13911110007'), a.token, 'old-key');
    expect(later).toMatchObject({ status: 0, replayed: false });
    expect(later.result.vid).not.toBe(first.result.vid);
  });
});
