import { renderLogDesc, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employees } from '../../db/schema/index.js';

describe('operation log (addLog / getLogList)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('addLog records the caller from the session, not from the body', async () => {
    const r = await t.api.addLog({ optEvent: 'export', optModule: 1, objName: 'employees.xlsx', optDesc: 'exported 20 rows' }, a.token);
    expect(r.status).toBe(0);
    const page = await t.api.getLogList({ optEvent: 'export' }, a.token);
    expect(page.result.list).toHaveLength(1);
    expect(page.result.list[0]).toMatchObject({
      optEvent: 'export',
      optModule: 1,
      optName: 'Admin Person',
      optRole: 0,
      objName: 'employees.xlsx',
      ipAddr: '127.0.0.1',
      // A client's own text is kept as written: no key to translate it by.
      optDesc: 'exported 20 rows',
      descKey: null,
      descParams: {},
    });
  });

  it("the server's own rows carry a description key and parameters, with the English rendering in optDesc", async () => {
    const c = await seedCompany(t, 'Gamma');
    expect((await t.api.updateblackListSwitch({ blackListSwitch: 1 }, c.token)).status).toBe(0);
    for (const empNo of ['E1', 'E2']) {
      const emp = await seedEmployee(t, c.id);
      await t.db.update(employees).set({ empNo }).where(eq(employees.id, emp.id));
    }
    const cards = [
      { empNo: 'E1', cardNo: 'C-100' },
      { empNo: 'E2', cardNo: 'C-200' },
      { empNo: 'E9', cardNo: 'C-900' },
    ];
    expect((await t.api.SynchronCardNo({ cards }, c.token)).status).toBe(0);

    const page = await t.api.getLogList({ requestedCount: 10 }, c.token);
    const [synced, screening] = page.result.list;
    expect(synced).toMatchObject({
      optEvent: 'update',
      optModule: 1,
      descKey: 'cardsSynced',
      descParams: { issued: 2, cleared: 0, refused: 1 },
      optDesc: 'cards: 2 issued, 0 cleared, 1 refused',
    });
    expect(screening).toMatchObject({ objName: 'blackListSwitch', descKey: 'screeningOn', descParams: {}, optDesc: 'screening on' });
    expect(renderLogDesc(synced?.descKey ?? '', synced?.descParams, 'zh')).toBe('卡号：发放 2 张，清除 0 张，拒绝 1 条');
  });

  it('refuses bad input (unknown event, module) with 400', async () => {
    const r = await t.call<{ errors: { field: string }[] }>('addLog', { optEvent: 'hack', optModule: 99 }, a.token);
    expect(r.status).toBe(Status.BAD_PARAMS);
    expect(r.result.errors.map((e) => e.field).sort()).toEqual(['optEvent', 'optModule']);
  });

  it('pages newest first and filters by module, operator, role, dates; only the own company', async () => {
    for (let i = 0; i < 5; i++) await t.api.addLog({ optEvent: 'update', optModule: 6, objName: `entry ${i}` }, a.token);
    await t.api.addLog({ optEvent: 'update', optModule: 6, objName: 'beta entry' }, b.token);
    const p1 = await t.api.getLogList({ optModule: 6, startIndex: 0, requestedCount: 2 }, a.token);
    expect(p1.result).toMatchObject({ pageNo: 1, pageSize: 2, count: 5 });
    expect(p1.result.list.map((l) => l.objName)).toEqual(['entry 4', 'entry 3']);
    const p3 = await t.api.getLogList({ optModule: 6, startIndex: 4, requestedCount: 2 }, a.token);
    expect(p3.result.pageNo).toBe(3);
    expect(p3.result.list.map((l) => l.objName)).toEqual(['entry 0']);
    expect((await t.api.getLogList({ optName: 'admin pers' }, a.token)).result.count).toBeGreaterThanOrEqual(7);
    expect((await t.api.getLogList({ optName: '100%_' }, a.token)).result.count).toBe(0);
    expect((await t.api.getLogList({ optRole: 3 }, a.token)).result.count).toBe(0);
    const all = await t.api.getLogList({ requestedCount: 100 }, a.token);
    expect(all.result.list.some((l) => l.objName === 'beta entry')).toBe(false);

    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect((await t.api.getLogList({ optModule: 6, startDate: day, endDate: day }, a.token)).result.count).toBe(5);
    expect((await t.api.getLogList({ optModule: 6, startDate: '2020-01-01', endDate: '2020-01-31' }, a.token)).result.count).toBe(0);
    const reversed = await t.call<{ errors: { field: string; rule: string }[] }>(
      'getLogList',
      { startDate: '2026-02-01', endDate: '2026-01-01' },
      a.token,
    );
    expect(reversed.result.errors).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
  });

  it('only administrators and sub-administrators read the log (610 for others, 28 without token)', async () => {
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getLogList({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    const sub = await seedStaff(t, a.id, 5);
    expect((await t.api.getLogList({}, sub.token)).status).toBe(0);
    expect((await t.api.getLogList({})).status).toBe(Status.TOKEN_MISSING);
    expect((await t.api.getLogList({ userid: b.id }, a.token)).status).toBe(Status.NO_PERMISSION);
  });
});

describe('blacklist alerts for the front desk (getBlacklistAlerts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("answers today's refusals of blacklisted visitors to the desk and the managers of that company only", async () => {
    const a = await seedCompany(t, 'Alarm');
    const other = await seedCompany(t, 'Quiet');
    expect((await t.api.updateblackListSwitch({ blackListSwitch: 1 }, a.token)).status).toBe(0);
    expect((await t.api.addBlacklist({ name: 'Bad Actor', phone: '13700001111' }, a.token)).status).toBe(0);
    const host = (await seedEmployee(t, a.id)).id;
    const desk = await seedStaff(t, a.id, 2);
    const kiosk = await seedStaff(t, a.id, 4);
    const empty = await t.api.getBlacklistAlerts({}, desk.token);
    expect(empty.result).toEqual({ count: 0, list: [] });

    const hit = await t.api.UpdatePhoto({ vname: 'Bad Actor', vphone: '13700001111', empid: host, protocolAccepted: true }, kiosk.token);
    expect(hit.status).toBe(Status.BLACKLISTED);
    // An ordinary log row of the same module is no alert.
    expect((await t.api.addLog({ optEvent: 'export', optModule: 6, objName: 'blacklist.xlsx' }, a.token)).status).toBe(0);

    const alerts = await t.api.getBlacklistAlerts({}, desk.token);
    expect(alerts.status).toBe(0);
    expect(alerts.result.count).toBe(1);
    expect(alerts.result.list[0]).toMatchObject({ objName: 'Bad Actor', optName: 'Staff 4' });
    expect(Date.now() - (alerts.result.list[0]?.oTime ?? 0)).toBeLessThan(60_000);
    expect((await t.api.getBlacklistAlerts({}, a.token)).result.count).toBe(1);
    expect((await t.api.getBlacklistAlerts({}, other.token)).result.count).toBe(0);
    // A visitor machine shows no alerts: anyone may stand in front of it.
    expect((await t.api.getBlacklistAlerts({}, kiosk.token)).status).toBe(Status.NO_PERMISSION);
  });
});
