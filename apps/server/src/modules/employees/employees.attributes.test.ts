import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

interface Emp {
  empid: number;
  empNo: string;
  cardNo: string;
  visitType: string;
  defaultNotify: number;
  subaccountId: number | null;
  acEnabled: boolean;
  acStart: string | null;
  acEnd: string | null;
}
type Errors = { errors: { field: string; rule: string }[] };

describe('employee attributes', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const ids: number[] = [];
  let bEmp: number;
  const add = async (empNo: string, phone: string) =>
    (await t.api.addEmployee({ employee_name: `Person ${empNo}`, phone, empNo }, a.token)).result.empid;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    for (let i = 1; i <= 4; i++) ids.push(await add(`E00${i}`, `1390000000${i}`));
    bEmp = (await t.api.addEmployee({ employee_name: 'Other', phone: '13900000009', empNo: 'E001' }, b.token)).result.empid;
  });
  afterAll(() => t.close());

  it('no token 28; front desk 610', async () => {
    expect((await t.api.updateCardNo({ empid: 1, cardNo: '1' })).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    for (const [name, body] of [
      ['updateCardNo', { empid: ids[0], cardNo: '1' }],
      ['SynchronCardNo', { cards: [{ empNo: 'E001', cardNo: '1' }] }],
      ['updateAccessControl', { empids: [ids[0]], acEnabled: false }],
    ] as const)
      expect((await t.call(name, body, desk.token)).status, name).toBe(Status.NO_PERMISSION);
  });

  it('updateCardNo: sets, refuses a card another employee holds, clears; another company’s employee is 55', async () => {
    const r = await t.call<Emp>('updateCardNo', { empid: ids[0], cardNo: 'C100' }, a.token);
    expect(r.status).toBe(0);
    expect(r.result.cardNo).toBe('C100');
    const clash = await t.call<Errors>('updateCardNo', { empid: ids[1], cardNo: 'C100' }, a.token);
    expect(clash.status).toBe(Status.BAD_PARAMS);
    expect(clash.result.errors).toEqual([{ field: 'cardNo', rule: 'taken' }]);
    // The same card in another company is fine; the employee of another company is not found.
    expect((await t.api.updateCardNo({ empid: bEmp, cardNo: 'C100' }, b.token)).status).toBe(0);
    expect((await t.api.updateCardNo({ empid: bEmp, cardNo: 'C200' }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.call('updateCardNo', { empid: ids[0], cardNo: 'bad card!' }, a.token)).status).toBe(Status.BAD_PARAMS);
    // addEmployee/updateEmployee keep the same rule.
    expect((await t.call<Errors>('updateEmployee', { empid: ids[2], cardNo: 'C100' }, a.token)).result.errors).toEqual([
      { field: 'cardNo', rule: 'taken' },
    ]);
    expect((await t.call<Emp>('updateCardNo', { empid: ids[0], cardNo: '' }, a.token)).result.cardNo).toBe('');
  });

  it('SynchronCardNo: applies valid rows, reports bad ones by row, moves cards, replace clears the rest', async () => {
    await t.call('updateCardNo', { empid: ids[3], cardNo: 'K4' }, a.token);
    const r = await t.api.SynchronCardNo(
      {
        cards: [
          { empNo: 'E001', cardNo: 'K1' },
          { empNo: 'E002', cardNo: 'K2' },
          { empNo: 'NOPE', cardNo: 'K9' },
          { empNo: 'E003', cardNo: 'K2' },
          { empNo: 'E001', cardNo: 'K7' },
          { empNo: 'E003', cardNo: 'K4' },
        ],
      },
      a.token,
    );
    expect(r.status).toBe(0);
    expect(r.result.updated).toBe(2);
    expect(r.result.errors).toEqual([
      { row: 3, field: 'empNo', rule: 'notFound' },
      { row: 4, field: 'cardNo', rule: 'duplicate' },
      { row: 5, field: 'empNo', rule: 'duplicate' },
      { row: 6, field: 'cardNo', rule: 'taken' },
    ]);
    const cards = async () =>
      Object.fromEntries((await t.api.getEmpListPages({ requestedCount: 50 }, a.token)).result.list.map((e) => [e.empNo, e.cardNo]));
    expect(await cards()).toEqual({ E001: 'K1', E002: 'K2', E003: '', E004: 'K4' });
    // Cards swap between two listed employees; replace clears everyone not listed.
    const swap = await t.api.SynchronCardNo(
      {
        cards: [
          { empNo: 'E001', cardNo: 'K2' },
          { empNo: 'E002', cardNo: 'K1' },
        ],
        replace: true,
      },
      a.token,
    );
    expect(swap.result).toMatchObject({ updated: 2, cleared: 1 });
    expect(await cards()).toEqual({ E001: 'K2', E002: 'K1', E003: '', E004: '' });
    // Other company untouched.
    expect((await t.api.getEmployeeByEmpNo({ empNo: 'E001' }, b.token)).result.cardNo).toBe('C100');
  });

  it('visit types and default notify in batches; employees read and set only their own', async () => {
    const set = (empids: (number | undefined)[]) =>
      t.call<{ updated: number }>('updateEmpVisitType', { empids, visitType: '面试#Interview， 商务#Business,' }, a.token);
    // Another company's employee in the batch refuses all of it, as if there were no such employee.
    expect((await set([ids[0], ids[1], bEmp])).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.GetVisitType({ empid: ids[0] }, a.token)).result.visitTypes).toEqual([]);
    expect((await set([ids[0], ids[1]])).result.updated).toBe(2);
    expect((await t.api.GetVisitType({ empid: ids[0] }, a.token)).result).toEqual({
      empid: ids[0],
      visitTypes: ['面试#Interview', '商务#Business'],
    });
    expect((await t.api.GetVisitType({ empid: bEmp }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);

    expect((await t.api.updateDefaultNotify({ empids: ids, defaultNotify: 3 }, a.token)).result.updated).toBe(4);
    // Bits beyond the known channels (Email 1 … WeCom 128) are refused.
    expect((await t.api.updateDefaultNotify({ empids: ids, defaultNotify: 256 }, a.token)).status).toBe(Status.BAD_PARAMS);

    const emp = await seedEmployee(t, a.id);
    const login = await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD });
    expect((await t.api.updateDefaultNotify({ empids: [emp.id], defaultNotify: 1 }, login.result.token)).status).toBe(0);
    expect((await t.call('updateDefaultNotify', { empids: [ids[0]], defaultNotify: 1 }, login.result.token)).status).toBe(Status.NO_PERMISSION);
    // Whatever id an employee asks for, they get their own visit types.
    expect((await t.api.GetVisitType({ empid: ids[0] }, login.result.token)).result.empid).toBe(emp.id);
  });

  it('sub-companies: assign, list, page; a sub-company sees only its own; another company’s sub-company is 94', async () => {
    const sub = await seedSubAccount(t, a.id);
    const other = await seedSubAccount(t, b.id);
    expect((await t.call('updateEmpSubAccount', { empids: [ids[0]], subaccountId: other.id }, a.token)).status).toBe(Status.SUB_ACCOUNT_INVALID);
    expect(
      (await t.call<{ updated: number }>('updateEmpSubAccount', { empids: [ids[0], ids[1]], subaccountId: sub.id }, a.token)).result.updated,
    ).toBe(2);
    const list = await t.api.getSubAccountEmpList({ subaccountId: sub.id }, a.token);
    expect(list.result.map((e) => e.empid).sort()).toEqual([ids[0], ids[1]].sort());
    const paged = await t.api.getSubEmpListPages({}, a.token);
    expect(paged.result.count).toBe(2);

    const s = await t.api.subAccountLogin({ email: sub.email, password: PASSWORD });
    const own = await t.api.getSubEmpListPages({ subaccountId: other.id }, s.result.token);
    expect(own.status).toBe(0);
    expect(own.result.list.every((e) => e.subaccountId === sub.id)).toBe(true);
    expect(own.result.count).toBe(2);
    // Back to the company itself.
    expect((await t.call('updateEmpSubAccount', { empids: [ids[1]], subaccountId: 0 }, a.token)).status).toBe(0);
    expect((await t.api.getSubEmpListPages({}, s.result.token)).result.count).toBe(1);
  });

  it('access rights: withdraw and grant with dates, list, pending cards', async () => {
    const bad = await t.call<Errors>(
      'updateAccessControl',
      { empids: [ids[0]], acEnabled: true, acStart: '2026-12-31', acEnd: '2026-01-01' },
      a.token,
    );
    expect(bad.result.errors).toEqual([{ field: 'acEnd', rule: 'beforeStart' }]);
    expect(
      (await t.call('updateAccessControl', { empids: [ids[0]], acEnabled: true, acStart: '2026-01-01', acEnd: '2026-12-31' }, a.token)).status,
    ).toBe(0);
    expect((await t.call('updateAccessControl', { empids: [ids[2], bEmp], acEnabled: false }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.call('updateAccessControl', { empids: [ids[2]], acEnabled: false }, a.token)).result).toEqual({ updated: 1 });
    const off = await t.api.getAcList({ acEnabled: false }, a.token);
    expect(off.result.list.map((e) => e.empid)).toEqual([ids[2]]);
    const all = await t.api.getAcList({}, a.token);
    expect(all.result.list.find((e) => e.empid === ids[0])).toMatchObject({ acEnabled: true, acStart: '2026-01-01', acEnd: '2026-12-31' });
    // Pending cards: enabled, allowed, granted a group, no card (E001 and E002 hold K2/K1; E003 withdrawn).
    const door = (await t.api.addEquipmentGroup({ egname: 'Door' }, a.token)).result.egid;
    expect((await t.api.updateAccessControl({ empids: ids, egids: [door] }, a.token)).result).toEqual({ updated: 4 });
    const pending = await t.api.getPendingCard({ requestedCount: 50 }, a.token);
    expect(pending.result.list.map((e) => e.empNo)).toEqual(expect.arrayContaining(['E004']));
    expect(pending.result.list.map((e) => e.empNo)).not.toContain('E003');
    expect(pending.result.list.map((e) => e.empNo)).not.toContain('E001');
  });
});
