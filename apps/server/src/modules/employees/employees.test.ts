import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, operationLogs } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

describe('employees', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let sales: number;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    sales = (await t.api.addDepartment({ deptName: 'Sales' }, a.token)).result.deptid;
  });
  afterAll(() => t.close());

  it('no token 28; wrong role 610', async () => {
    expect((await t.api.getEmpListPages({})).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getEmpListPages({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addEmployee({ employee_name: 'X', phone: '13800000001' }, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('adds with every field, normalised phone and email, departments; logs who did it', async () => {
    const r = await t.api.addEmployee(
      {
        employee_name: '王小明',
        phone: '+86 139-0000-0001',
        email: 'Ming.Wang@Alpha.example',
        empNo: 'A001',
        deptIds: [sales],
        empPosition: 'Sales lead',
        isLeader: true,
        hideFromPad: true,
      },
      a.token,
    );
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      empName: '王小明',
      empPhone: '13900000001',
      empEmail: 'ming.wang@alpha.example',
      empNo: 'A001',
      deptNames: ['Sales'],
      status: 0,
      hideFromPad: true,
    });
    const log = (await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id))).find(
      (l) => l.optModule === 1 && l.optEvent === 'add' && l.objName === '王小明',
    );
    expect(log?.optId).toBe(a.email);
  });

  it('refuses a taken work number (241) and phone (24), bad fields (400), unknown departments (602); stores nothing', async () => {
    const before = (await t.api.getEmpListPages({}, a.token)).result.count;
    expect((await t.api.addEmployee({ employee_name: 'Dup', phone: '13900000002', empNo: 'A001' }, a.token)).status).toBe(
      Status.WORK_NUMBER_NOT_UNIQUE,
    );
    expect((await t.api.addEmployee({ employee_name: 'Dup', phone: '13900000001' }, a.token)).status).toBe(Status.PHONE_NOT_UNIQUE);
    const bad = await t.call<Errors>('addEmployee', { employee_name: 'x<script>', phone: '123', email: 'nope', empNo: 'A 1' }, a.token);
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect(Object.fromEntries(bad.result.errors.map((e) => [e.field, e.rule]))).toMatchObject({
      employee_name: 'illegalChars',
      phone: 'format',
      email: 'format',
      empNo: 'format',
    });
    expect((await t.api.addEmployee({ employee_name: 'Lost', phone: '13900000003', deptIds: [999999] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getEmpListPages({}, a.token)).result.count).toBe(before);
    // Another company may use the same work number and phone.
    expect((await t.api.addEmployee({ employee_name: 'Other', phone: '13900000001', empNo: 'A001' }, b.token)).status).toBe(0);
  });

  it('requires accepting the exemption clause once the company has one', async () => {
    await t.db
      .update(companies)
      .set({ settings: { escapeClause: 'I confirm the data is accurate.' } })
      .where(eq(companies.id, a.id));
    const r = await t.call<Errors>('addEmployee', { employee_name: 'Clause', phone: '13900000009' }, a.token);
    expect(r.result.errors).toEqual([{ field: 'acceptClause', rule: 'required' }]);
    expect((await t.api.addEmployee({ employee_name: 'Clause', phone: '13900000009', acceptClause: true }, a.token)).status).toBe(0);
    await t.db.update(companies).set({ settings: {} }).where(eq(companies.id, a.id));
  });

  it('updates only the given fields; another company answers 55', async () => {
    const e = (await t.api.addEmployee({ employee_name: 'Li Lei', phone: '13900000010', empNo: 'A010', email: 'li@alpha.example' }, a.token)).result;
    const r = await t.api.updateEmployee({ empid: e.empid, empPosition: 'Engineer', deptIds: [sales], status: 1 }, a.token);
    expect(r.result).toMatchObject({ empName: 'Li Lei', empEmail: 'li@alpha.example', deptIds: [sales], status: 1 });
    expect((await t.api.updateEmployee({ empid: e.empid, empNo: 'A001' }, a.token)).status).toBe(Status.WORK_NUMBER_NOT_UNIQUE);
    expect((await t.api.updateEmployee({ empid: e.empid, empPosition: 'x' }, b.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.getDeptByEmpid({ empid: e.empid }, b.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.getDeptByEmpid({ empid: e.empid }, a.token)).result.map((d) => d.deptName)).toEqual(['Sales']);
  });

  it('pages, searches by name/number/phone, filters by department and status, sorts', async () => {
    for (let i = 0; i < 5; i++) await t.api.addEmployee({ employee_name: `Page ${i}`, phone: `1370000000${i}`, empNo: `P00${i}` }, a.token);
    const p = await t.api.getEmpListPages({ name: 'Page', startIndex: 2, requestedCount: 2, sortBy: 'empNo', sortOrder: 'asc' }, a.token);
    expect(p.result).toMatchObject({ pageNo: 2, count: 5 });
    expect(p.result.list.map((e) => e.empNo)).toEqual(['P002', 'P003']);
    expect((await t.api.getEmpListPages({ name: '1370000000' }, a.token)).result.count).toBe(5);
    expect((await t.api.getEmpListPages({ deptid: sales }, a.token)).result.list.map((e) => e.empName).sort()).toEqual(['Li Lei', '王小明']);
    expect((await t.api.getEmpListPages({ status: 1 }, a.token)).result.list.map((e) => e.empName)).toEqual(['Li Lei']);
    expect((await t.api.getEmpListPages({ name: '100%' }, a.token)).result.count).toBe(0);
    const all = await t.api.getEmpListPages({ requestedCount: 500 }, a.token);
    expect(all.result.list.some((e) => e.empName === 'Other')).toBe(false);
  });

  it('counts, picker list, search that hides pad-hidden employees from visitor machines, lookup by work number', async () => {
    const counts = await t.api.getEmployeeCount({}, a.token);
    expect(counts.result.total).toBe(counts.result.enabled + counts.result.forbidden);
    expect(counts.result.forbidden).toBe(1);
    const picker = await t.api.GetEmpList({}, a.token);
    expect(picker.result.some((e) => e.empName === 'Li Lei')).toBe(false);
    expect((await t.api.getEmpByName({ name: '王' }, a.token)).result.map((e) => e.empName)).toEqual(['王小明']);
    const pad = await seedStaff(t, a.id, 4);
    expect((await t.api.getEmpByName({ name: '王' }, pad.token)).result).toEqual([]);
    expect((await t.api.getEmployeeByEmpNo({ empNo: 'A001' }, a.token)).result.empName).toBe('王小明');
    expect((await t.api.getEmployeeByEmpNo({ empNo: 'NOPE' }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
  });

  it("a sub-company's search finds only its own employees, neither another sub-company's nor the head office's", async () => {
    const [one, two] = [await seedSubAccount(t, a.id), await seedSubAccount(t, a.id)];
    const ids: Record<string, number> = {};
    for (const [name, sub] of [
      ['Scope One', one.id],
      ['Scope Two', two.id],
      ['Scope Head', 0],
    ] as const) {
      ids[name] = (await t.api.addEmployee({ employee_name: name, phone: `1366${String(sub).padStart(7, '0')}` }, a.token)).result.empid;
      if (sub) await t.api.updateEmpSubAccount({ empids: [ids[name] ?? 0], subaccountId: sub }, a.token);
    }
    const session = (await t.api.subAccountLogin({ email: one.email, password: PASSWORD })).result.token;
    expect((await t.api.getEmpByName({ name: 'Scope' }, session)).result.map((e) => e.empName)).toEqual(['Scope One']);
    expect((await t.api.getEmpByName({ name: 'Scope' }, a.token)).result).toHaveLength(3);
  });

  it("batch delete removes only this company's employees and ends nothing else", async () => {
    const mine = (await t.api.getEmpListPages({ name: 'Page' }, a.token)).result.list.map((e) => e.empid);
    const theirs = (await t.api.getEmpListPages({}, b.token)).result.list.map((e) => e.empid);
    // Another company's id refuses the whole batch, as if there were no such employee: nothing is half-deleted.
    expect((await t.api.batchDelEmployee({ empids: [...mine, ...theirs] }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.getEmpListPages({ name: 'Page' }, a.token)).result.count).toBe(mine.length);
    const r = await t.api.batchDelEmployee({ empids: mine }, a.token);
    expect(r.result.deleted).toBe(mine.length);
    expect((await t.api.getEmpListPages({}, b.token)).result.count).toBe(theirs.length);
  });

  it('an employee created here can sign in once given a password, and the login still works after edits', async () => {
    const emp = await seedEmployee(t, a.id, '13500000000');
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(0);
    expect((await t.api.updateEmployee({ empid: emp.id, empPosition: 'Guard' }, a.token)).status).toBe(0);
    expect((await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).status).toBe(0);
  });
});
