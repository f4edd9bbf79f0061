import { Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { originalClient } from './original.js';

type Row = Record<string, unknown> & { vid: number; status: number };
const DAY = 86_400_000;

/**
 * The original front desk in an office building and with resident workers, against `/qcvisit/`: the building's
 * companies and their people for a walk-in, the worker's QR scanned to sign them in, and a visitor found by the ID
 * card the reader gives.
 */
describe('the original front desk in an office building, with resident workers, against /qcvisit/', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let other: Tenant;
  let header: string;

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
    other = await seedCompany(t);
    const desk = await seedStaff(t, company.id, Role.GATE, 'desk_building');
    header = `${desk.account}-${desk.token}`;
  });
  afterAll(() => t.close());

  it('offers the building’s companies and a company’s people, and registers a walk-in to one of them', async () => {
    expect((await t.api.updateSASwitch({ subAccount: 1 }, company.token)).status).toBe(0);
    const sub = await t.api.addSubAccount(
      {
        companyName: 'Skyline Tech',
        shortName: 'SKY',
        email: 'sky@example.com',
        floor: '10',
        roomNumbers: ['1001', '1002'],
        password: PASSWORD,
      } as never,
      company.token,
    );
    expect(sub.status, sub.reason).toBe(0);
    const host = (await t.api.addEmployee({ employee_name: 'Wang Sky', phone: '13800003001' }, company.token)).result.empid;
    expect((await t.api.updateEmpSubAccount({ empids: [host], subaccountId: sub.result.id }, company.token)).status).toBe(0);

    const companies = await send<{ id: number; companyName: string; roomNumber: string }[]>(
      'getSubAccountByUserid',
      { userid: String(company.id) },
      header,
    );
    expect(companies.status, companies.reason).toBe(0);
    expect(companies.result).toEqual([expect.objectContaining({ id: sub.result.id, companyName: 'Skyline Tech', roomNumber: '1001,1002' })]);
    const people = await send<{ empid: number; empName: string }[]>('getSubAccountEmpList', { subaccountId: String(sub.result.id) }, header);
    expect(people.status, people.reason).toBe(0);
    expect(people.result.map((p) => p.empName)).toEqual(['Wang Sky']);
    // Another company's tenant is not this desk's.
    const theirs = await t.api.addSubAccount(
      { companyName: 'Beta Tenant', shortName: 'BT', email: 'bt@example.com', floor: '1', password: PASSWORD } as never,
      other.token,
    );
    expect((await send('getSubAccountEmpList', { subaccountId: theirs.result.id }, header)).status).toBe(Status.SUB_ACCOUNT_INVALID);

    const walkIn = await send<Row & { subaccountId: number }>(
      'UpdatePhoto',
      { vname: '楼宇访客', vphone: '13911113001', empid: String(host) },
      header,
    );
    expect(walkIn.status, walkIn.reason).toBe(0);
    expect(walkIn.result.subaccountId).toBe(sub.result.id);
    expect(walkIn.result.status).toBe(1);
  });

  it('finds a visitor by the ID card number the reader gives', async () => {
    const host = (await t.api.addEmployee({ employee_name: '接待', phone: '13800003002' }, company.token)).result.empid;
    const added = await t.api.UpdatePhoto({ vname: '证件客', vphone: '13911113002', cardId: '11010519491231002X', empid: host }, company.token);
    expect(added.status, added.reason).toBe(0);
    const found = await send<{ count: number; list: Row[] }>(
      'SearchVisitByConditionPage',
      { startIndex: 1, requestedCount: 10, cardId: '11010519491231002x' },
      header,
    );
    expect(found.result.count).toBe(1);
    expect(found.result.list[0]?.vid).toBe(added.result.vid);
  });

  it('signs a resident worker in by the QR pass scanned at the desk, after showing them by rid', async () => {
    const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
    const pid = (await t.api.addProject({ pName: 'Canteen', leader: '王经理', phone: '13800005555', ...window }, company.token)).result.pid;
    const rid = (await t.api.addResidentVisitor({ pid, company: 'Clean Co', name: '赵常驻', phone: '13922220001', ...window }, company.token)).result
      .rid;
    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, company.token)).status).toBe(0);
    const shown = await send<{ rid: number; name: string; rstatus: number }>('getResidentVisitorByRid', { rid: String(rid) }, header);
    expect(shown.status, shown.reason).toBe(0);
    expect(shown.result).toMatchObject({ rid, name: '赵常驻', rstatus: 1 });
    expect((await send('getResidentVisitorByRid', { rid: 999999 }, header)).status).toBe(Status.INVALID_VISITOR);

    const pass = (await t.api.getRvQrcode({ rid }, company.token)).result.qrcode;
    const signedIn = await send<Row & { rid: number; kind: string }>('ResidentVisitorSignIn', { userid: company.id, qrcode: pass, gid: '' }, header);
    expect(signedIn.status, signedIn.reason).toBe(0);
    expect(signedIn.result).toMatchObject({ rid, kind: 'resident', status: 1 });
    const listed = await send<{ count: number; list: Row[] }>(
      'SearchRVisitorByConditionPage',
      { startIndex: 1, requestedCount: 10, searchType: 1 },
      header,
    );
    expect(listed.result.count).toBe(1);
    expect(listed.result.list[0]?.status).toBe(1);
    // A forged pass is refused.
    expect((await send('ResidentVisitorSignIn', { qrcode: `${pass.slice(0, -2)}xx` }, header)).status).toBe(Status.QRCODE_FORMAT_ERROR);
  });
});
