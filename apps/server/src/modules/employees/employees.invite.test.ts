import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, operationLogs } from '../../db/schema/index.js';

describe('who may invite visitors (getInvitePersonList, updateInviteStatus)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const ids: Record<string, number> = {};
  let bEmp: number;
  const list = (filters: Record<string, unknown> = {}, token = a.token) =>
    t.api.getInvitePersonList({ startIndex: 0, requestedCount: 50, ...filters }, token);
  const set = (empids: number[], forbidInvite: boolean, token = a.token) => t.api.updateInviteStatus({ empids, forbidInvite }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const sales = (await t.api.addDepartment({ deptName: 'Sales' }, a.token)).result.deptid;
    for (const [name, phone, deptIds] of [
      ['Amy Sales', '13900000001', [sales]],
      ['Bob Works', '13900000002', []],
      ['Cat Sales', '13900000003', [sales]],
    ] as const)
      ids[name] = (await t.call<{ empid: number }>('addEmployee', { employee_name: name, phone, deptIds }, a.token)).result.empid;
    ids.sales = sales;
    bEmp = (await t.api.addEmployee({ employee_name: 'Other Co', phone: '13900000009' }, b.token)).result.empid;
  });
  afterAll(() => t.close());

  it('lists employees by name with their flag, filtered by department and by the flag, paged', async () => {
    const all = (await list()).result;
    expect(all.list.map((p) => [p.empName, p.forbidInvite])).toEqual([
      ['Amy Sales', false],
      ['Bob Works', false],
      ['Cat Sales', false],
    ]);
    expect((await list({ deptid: ids.sales })).result.list.map((p) => p.empName)).toEqual(['Amy Sales', 'Cat Sales']);
    expect((await list({ name: 'bob' })).result.list.map((p) => p.empName)).toEqual(['Bob Works']);
    expect((await list({ requestedCount: 2, startIndex: 2 })).result).toMatchObject({ pageNo: 2, count: 3 });
    expect((await list({}, b.token)).result.list.map((p) => p.empName)).toEqual(['Other Co']);
  });

  it('forbids and allows in a batch, logged; another company’s id refuses the batch', async () => {
    expect((await set([ids['Amy Sales'] as number, bEmp], true)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await list({ forbidInvite: true })).result.list).toEqual([]);
    const r = await set([ids['Amy Sales'] as number, ids['Cat Sales'] as number], true);
    expect(r.result).toEqual({ updated: 2 });
    expect((await list({ forbidInvite: true })).result.list.map((p) => p.empName)).toEqual(['Amy Sales', 'Cat Sales']);
    expect((await list({ forbidInvite: false })).result.list.map((p) => p.empName)).toEqual(['Bob Works']);
    expect((await list({}, b.token)).result.list[0]?.forbidInvite).toBe(false);
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log).toMatchObject({ optDesc: 'may not invite visitors', objName: 'Amy Sales, Cat Sales' });
    expect((await set([ids['Cat Sales'] as number], false)).result).toEqual({ updated: 1 });
    expect((await list({ forbidInvite: true })).result.list.map((p) => p.empName)).toEqual(['Amy Sales']);
    expect((await t.api.updateInviteStatus({ empids: [], forbidInvite: true }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('the flag is what the invitation checks: a forbidden employee gets 116', async () => {
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || '{"permissionSwitch":1}'::jsonb` })
      .where(eq(companies.id, a.id));
    const emp = await seedEmployee(t, a.id, '13955550001');
    const token = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    const invite = () =>
      t.api.addAppointment({ appointmentDate: Date.now() + 86_400_000, visitors: [{ name: 'Guest', email: 'g@example.com' }] }, token);
    await set([emp.id], true);
    expect((await invite()).status).toBe(Status.INVITE_FEATURE_OFF);
    await set([emp.id], false);
    expect((await invite()).status).toBe(0);
  });

  it('administrators only: employees, desks and HSE get 610; no token 28', async () => {
    const emp = await seedEmployee(t, a.id, '13955550002');
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    for (const token of [empToken, (await seedStaff(t, a.id, 2)).token, (await seedStaff(t, a.id, 0)).token]) {
      expect((await list({}, token)).status).toBe(Status.NO_PERMISSION);
      expect((await set([emp.id], true, token)).status).toBe(Status.NO_PERMISSION);
    }
    expect((await list({}, '')).status).toBe(Status.TOKEN_MISSING);
    const sub = await seedStaff(t, a.id, 5);
    expect((await list({}, sub.token)).status).toBe(0);
  });
});
