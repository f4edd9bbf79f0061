import { Status } from '@openvisit/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { apiKeys, operationLogs } from '../../db/schema/index.js';

describe('API keys', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  /** A call as a machine makes it: the key in `Authorization: Bearer`. */
  const withKey = async (name: string, body: object, key: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, headers: { authorization: `Bearer ${key}` }, payload: body });
    return res.json() as { status: number; reason: string; result: Record<string, unknown> & { list?: unknown[] } };
  };
  const makeKey = async (scopes: string[], as: Tenant = a, extra: object = {}) => {
    const r = await t.call<{ id: number; key: string }>('addApiKey', { name: 'Door system', scopes, ...extra }, as.token);
    expect(r.status, r.reason).toBe(0);
    return r.result;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
  });
  afterAll(() => t.close());

  it('is shown once, kept as a hash; only the administrator manages keys', async () => {
    const { id, key } = await makeKey(['visitors:read']);
    expect(key).toMatch(/^ovk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const listed = (await t.api.getApiKeys({}, a.token)).result;
    expect(listed).toEqual([expect.objectContaining({ id, prefix: key.slice(0, 12), scopes: ['visitors:read'], revokedAt: null, lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(13));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(JSON.stringify(row)).not.toContain(key.slice(13));
    const sub = await seedStaff(t, a.id, 5);
    expect((await t.api.getApiKeys({}, sub.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call('addApiKey', { name: 'x', scopes: ['accounts:read'] }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('addApiKey', { name: 'x', scopes: ['visitors:read'], expiresAt: Date.now() - 1000 }, a.token)).status).toBe(
      Status.BAD_PARAMS,
    );
  });

  it('calls within its scopes as the company, logged as the key; refused beyond them', async () => {
    const { key } = await makeKey(['visitors:read', 'invitations:write']);
    expect((await withKey('SearchVisitByConditionPage', {}, key)).status).toBe(0);
    expect((await withKey('GetUserInfo', {}, key)).status).toBe(0);
    const walkIn = await withKey('UpdatePhoto', { vname: 'Walker', vphone: '13911110001', empid: host }, key);
    expect(walkIn).toMatchObject({ status: Status.NO_PERMISSION, reason: expect.stringContaining('scopes') });
    for (const [name, body] of [
      ['addEmployee', { employee_name: 'X', phone: '13800009999' }],
      ['updatePassword', { oldPassword: 'x', password: 'Another#2026' }],
      ['addApiKey', { name: 'more', scopes: ['visitors:write'] }],
      ['getWebhooks', {}],
      ['login/logout', {}],
    ] as const)
      expect([name, (await withKey(name, body, key)).status]).toEqual([name, Status.NO_PERMISSION]);
    const invited = await withKey(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 3600_000, visitors: [{ name: 'Alan', phone: '13911112222' }] },
      key,
    );
    expect(invited.status).toBe(0);
    const [entry] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(desc(operationLogs.id)).limit(1);
    expect(entry).toMatchObject({ optId: key.slice(0, 12), optName: 'API key Door system' });
    const [used] = await t.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, a.id), eq(apiKeys.prefix, key.slice(0, 12))));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    expect(used?.lastUsedIp).not.toBe('');
  });

  it('sees only its own company; revoked, expired and forged keys are refused', async () => {
    const mine = await makeKey(['visitors:write']);
    const vid = ((await withKey('UpdatePhoto', { vname: 'Walker', vphone: '13911110002', empid: host }, mine.key)).result as { vid: number }).vid;
    const theirs = await makeKey(['visitors:read'], b);
    expect((await withKey('GetVisitorByVid', { vid }, theirs.key)).status).toBe(Status.INVALID_VISITOR);
    expect((await withKey('SearchVisitByConditionPage', {}, theirs.key)).result.list).toEqual([]);
    expect((await t.api.revokeApiKey({ id: mine.id }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.revokeApiKey({ id: mine.id }, a.token)).status).toBe(0);
    expect((await withKey('GetVisitorByVid', { vid }, mine.key)).status).toBe(Status.TOKEN_INVALID);
    const soon = await makeKey(['visitors:read'], a, { expiresAt: Date.now() + 60_000 });
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, soon.id));
    expect((await withKey('SearchVisitByConditionPage', {}, soon.key)).status).toBe(Status.TOKEN_EXPIRED);
    const live = await makeKey(['visitors:read']);
    const forged = `${live.key.slice(0, 13)}${'A'.repeat(43)}`;
    expect((await withKey('SearchVisitByConditionPage', {}, forged)).status).toBe(Status.TOKEN_INVALID);
    expect((await withKey('SearchVisitByConditionPage', {}, 'ovk_nonsense')).status).toBe(Status.TOKEN_INVALID);
  });

  it('downloads within its read scopes, logged as the key; refused beyond them and for a revoked key', async () => {
    const get = (url: string, key: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    const reader = await makeKey(['employees:read']);
    const list = await get('/api/ExportEmployeeList', reader.key);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('spreadsheet');
    const [entry] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(desc(operationLogs.id)).limit(1);
    expect(entry).toMatchObject({ optEvent: 'export', optId: reader.key.slice(0, 12), optName: 'API key Door system' });
    const visitorsOnly = await makeKey(['visitors:read']);
    expect((await get('/api/ExportEmployeeList', visitorsOnly.key)).json()).toMatchObject({ status: Status.NO_PERMISSION });
    // The company's whole data is for its administrator's own session, never a key's.
    expect((await get('/api/ExportAccountData', reader.key)).json()).toMatchObject({ status: Status.NO_PERMISSION });
    await t.api.revokeApiKey({ id: reader.id }, a.token);
    expect((await get('/api/ExportEmployeeList', reader.key)).json()).toMatchObject({ status: Status.TOKEN_INVALID });
  });
});
