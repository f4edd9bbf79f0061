import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, employees } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

/**
 * The sub-company portal's employees (subemp): a sub-company administrator adds, edits and disables its own employees
 * and never reads or changes another sub-company's, the head office's or another company's.
 */
describe('a sub-company administrator and employees', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let a1: { id: number; token: string };
  let a2: { id: number; token: string };
  const ids = { a1: 0, a2: 0, head: 0, other: 0 };

  const signIn = async (companyId: number) => {
    const sub = await seedSubAccount(t, companyId);
    return { id: sub.id, token: (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token };
  };
  const row = async (id: number) => (await t.db.select().from(employees).where(eq(employees.id, id)))[0];

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    a1 = await signIn(a.id);
    a2 = await signIn(a.id);
    ids.head = (await t.api.addEmployee({ employee_name: 'Head Person', phone: '13700000001' }, a.token)).result.empid;
    ids.other = (await t.api.addEmployee({ employee_name: 'Beta Person', phone: '13700000002' }, b.token)).result.empid;
    ids.a2 = (await t.api.addEmployee({ employee_name: 'Second Tenant', phone: '13700000003' }, a2.token)).result.empid;
  });
  afterAll(() => t.close());

  it('adds an employee into its own sub-company whatever the body says, and lists only its own', async () => {
    const r = await t.api.addEmployee({ employee_name: 'First Tenant', phone: '13700000004', userid: a.id }, a1.token);
    expect(r.status).toBe(0);
    ids.a1 = r.result.empid;
    expect(r.result.subaccountId).toBe(a1.id);
    expect((await row(ids.a1))?.companyId).toBe(a.id);
    expect((await row(ids.a2))?.subAccountId).toBe(a2.id);
    const mine = await t.api.getSubEmpListPages({}, a1.token);
    expect(mine.result.list.map((e) => e.empName)).toEqual(['First Tenant']);
    // Asking for the other sub-company's list still answers its own.
    expect((await t.api.getSubEmpListPages({ subaccountId: a2.id }, a1.token)).result.list.map((e) => e.empid)).toEqual([ids.a1]);
    expect((await t.api.getSubAccountEmpList({ subaccountId: a2.id }, a1.token)).result.map((e) => e.empid)).toEqual([ids.a1]);
    expect((await t.api.getSubEmpListPages({ name: 'Head' }, a1.token)).result.count).toBe(0);
  });

  it("edits and disables its own employee, but another sub-company's, the head office's or another company's is not found", async () => {
    const edited = await t.api.updateEmployee({ empid: ids.a1, empPosition: 'Clerk', status: 1 }, a1.token);
    expect(edited.status).toBe(0);
    expect(edited.result).toMatchObject({ empPosition: 'Clerk', status: 1, subaccountId: a1.id });
    for (const id of [ids.a2, ids.head, ids.other]) {
      const before = await row(id);
      const r = await t.api.updateEmployee({ empid: id, employee_name: 'Taken Over', status: 2 }, a1.token);
      expect(r.status, String(id)).toBe(Status.EMPLOYEE_NOT_EXIST);
      expect(await row(id)).toEqual(before);
    }
  });

  it('may not set departments or card numbers (the head office’s), named by field', async () => {
    const dept = (await t.api.addDepartment({ deptName: 'Head dept' }, a.token)).result.deptid;
    const add = await t.api.addEmployee({ employee_name: 'With Dept', phone: '13700000005', deptIds: [dept], cardNo: 'C1' }, a1.token);
    expect(add.status).toBe(Status.BAD_PARAMS);
    expect((add.result as unknown as Errors).errors).toEqual([
      { field: 'deptIds', rule: 'notAllowed' },
      { field: 'cardNo', rule: 'notAllowed' },
    ]);
    expect((await t.api.updateEmployee({ empid: ids.a1, cardNo: '' }, a1.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.getSubEmpListPages({ name: 'With Dept' }, a.token)).result.count).toBe(0);
  });

  it("accepts the head office's exemption clause when one is set (field acceptClause)", async () => {
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify({ escapeClause: 'We are not liable.' })}::jsonb` })
      .where(eq(companies.id, a.id));
    const refused = await t.api.addEmployee({ employee_name: 'Clause One', phone: '13700000006' }, a1.token);
    expect(refused.status).toBe(Status.BAD_PARAMS);
    expect((refused.result as unknown as Errors).errors).toEqual([{ field: 'acceptClause', rule: 'required' }]);
    expect((await t.api.updateEmployee({ empid: ids.a1, remark: 'x' }, a1.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.addEmployee({ employee_name: 'Clause One', phone: '13700000006', acceptClause: true }, a1.token)).status).toBe(0);
    expect((await t.api.updateEmployee({ empid: ids.a1, remark: 'x', acceptClause: true }, a1.token)).status).toBe(0);
  });

  it('still may not delete, move or list the whole company’s employees (610)', async () => {
    expect((await t.api.batchDelEmployee({ empids: [ids.a1] }, a1.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.updateEmpSubAccount({ empids: [ids.head], subaccountId: a1.id }, a1.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getEmpListPages({}, a1.token)).status).toBe(Status.NO_PERMISSION);
    expect((await row(ids.a1))?.subAccountId).toBe(a1.id);
  });
});
