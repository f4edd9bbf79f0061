import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

/** The building's desk and kiosk: the sub-companies a walk-in picks, their hosts, and whose visitors wait. */
describe('sub-companies at the building’s desk and kiosk', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: string;
  let kiosk: string;
  const ids: Record<'high' | 'low' | 'stopped' | 'ended' | 'other', number> = { high: 0, low: 0, stopped: 0, ended: 0, other: 0 };
  const hosts: Record<'high' | 'low' | 'hq', number> = { high: 0, low: 0, hq: 0 };
  let subToken: string;

  const add = async (fields: Record<string, unknown>, token = a.token) => {
    const r = await t.api.addSubAccount({ password: PASSWORD, ...fields } as never, token);
    if (r.status !== 0) throw new Error(`add failed: ${r.status} ${r.reason}`);
    return r.result.id;
  };
  const hostIn = async (name: string, phone: string, sub: number | null) => {
    const empid = (await t.api.addEmployee({ employee_name: name, phone }, a.token)).result.empid;
    if (sub) expect((await t.api.updateEmpSubAccount({ empids: [empid], subaccountId: sub }, a.token)).status).toBe(0);
    return empid;
  };
  const found = async (input: { name: string; subaccountId?: number }, token = desk) => {
    const r = await t.api.getEmpByName(input, token);
    return { status: r.status, names: r.status === 0 ? r.result.map((e) => e.empName).sort() : [] };
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = (await seedStaff(t, a.id, 2)).token;
    kiosk = (await seedStaff(t, a.id, 4)).token;
    ids.high = await add({
      companyName: 'Skyline Tech',
      shortName: 'SKY',
      email: 'sky@example.com',
      floor: '10',
      roomNumbers: ['1001', '1002'],
      vaPerm: 7,
    });
    ids.low = await add({ companyName: 'Harbour Law', shortName: 'LAW', email: 'law@example.com', floor: '2', roomNumbers: ['201'], vaPerm: 3 });
    ids.stopped = await add({ companyName: 'Closed Co', shortName: 'CLO', email: 'closed@example.com', floor: '2' });
    expect((await t.api.updateSubAccount({ id: ids.stopped, isUse: 0 }, a.token)).status).toBe(0);
    ids.ended = await add({
      companyName: 'Moved Out',
      shortName: 'OUT',
      email: 'out@example.com',
      floor: '3',
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    ids.other = await add({ companyName: 'Beta Tenant', shortName: 'BT', email: 'bt@example.com', floor: '1' }, b.token);
    hosts.high = await hostIn('Wang Sky', '13800002001', ids.high);
    hosts.low = await hostIn('Wang Law', '13800002002', ids.low);
    hosts.hq = await hostIn('Wang Office', '13800002003', null);
    subToken = (await t.api.subAccountLogin({ email: 'law@example.com', password: PASSWORD })).result.token;
  });
  afterAll(() => t.close());

  it('offers no companies while multi-company mode is off', async () => {
    expect((await t.api.getPadConfig({}, desk)).result.companies).toEqual([]);
  });

  it('offers the companies in use today, by floor as read (2 before 10), to the desk and the kiosk; never another company’s', async () => {
    expect((await t.api.updateSASwitch({ subAccount: 1 }, a.token)).status).toBe(0);
    for (const token of [desk, kiosk, a.token]) {
      const companies = (await t.api.getPadConfig({}, token)).result.companies;
      expect(companies.map((c) => [c.companyName, c.floor, c.roomNumbers, c.vaPerm])).toEqual([
        ['Harbour Law', '2', ['201'], 3],
        ['Skyline Tech', '10', ['1001', '1002'], 7],
      ]);
    }
    expect((await t.api.getPadConfig({}, b.token)).result.companies).toEqual([]);
  });

  it('finds a picked company’s hosts only: a sub-company’s, or 0 the head office’s own', async () => {
    expect(await found({ name: 'Wang' })).toEqual({ status: 0, names: ['Wang Law', 'Wang Office', 'Wang Sky'] });
    expect(await found({ name: 'Wang', subaccountId: ids.high })).toEqual({ status: 0, names: ['Wang Sky'] });
    expect(await found({ name: 'Wang', subaccountId: ids.low }, kiosk)).toEqual({ status: 0, names: ['Wang Law'] });
    expect(await found({ name: 'Wang', subaccountId: 0 })).toEqual({ status: 0, names: ['Wang Office'] });
  });

  it('refuses a company not in use, outside its dates or another company’s (94); a sub-company still finds only its own', async () => {
    for (const id of [ids.stopped, ids.ended, ids.other, 999_999])
      expect((await found({ name: 'Wang', subaccountId: id })).status).toBe(Status.SUB_ACCOUNT_INVALID);
    expect(await found({ name: 'Wang', subaccountId: ids.high }, subToken)).toEqual({ status: 0, names: ['Wang Law'] });
    expect((await t.api.getEmpByName({ name: 'Wang', subaccountId: -1 }, desk)).status).toBe(Status.BAD_PARAMS);
  });

  it('keeps a walk-in for a company whose visitors need authorisation (vaPerm 4) waiting; others sign in', async () => {
    const walkIn = async (vname: string, vphone: string, empid: number) => (await t.api.UpdatePhoto({ vname, vphone, empid }, desk)).result;
    const waiting = await walkIn('Ann Visitor', '13911112001', hosts.high);
    expect([waiting.status, waiting.permission, waiting.subaccountId]).toEqual(['unauthorized', 0, ids.high]);
    const inside = await walkIn('Bob Visitor', '13911112002', hosts.low);
    expect([inside.status, inside.permission, inside.subaccountId]).toEqual(['signedIn', 1, ids.low]);
    // The desk authorises the waiting one, as it does any visit no approval area covers.
    const moved = await t.api.updateVisitStatus({ vid: waiting.vid, event: 'approve' }, desk);
    expect(moved.status).toBe(0);
  });

  it('a sub-company without the invitation permission (vaPerm 1) cannot invite, nor can its employees; the head office still may', async () => {
    expect((await t.api.updatePermissionSwitch({ permissionSwitch: 1 }, a.token)).status).toBe(0);
    expect((await t.api.updateSubAccount({ id: ids.low, vaPerm: 2 }, a.token)).status).toBe(0);
    const appointmentDate = Date.now() + 3_600_000;
    let n = 0;
    // Each its own visitor: one phone is invited once a day.
    const invite = (token: string, empid?: number) =>
      t.api.addAppointment({ ...(empid && { empid }), visitors: [{ name: 'Visitor', phone: `1391111300${++n}` }], appointmentDate }, token);
    expect((await invite(subToken, hosts.low)).status).toBe(Status.INVITE_FEATURE_OFF);
    expect((await t.api.GetUserInfo({}, subToken)).result.vaPerm).toBe(2);
    const emp = await seedEmployee(t, a.id);
    expect((await t.api.updateEmpSubAccount({ empids: [emp.id], subaccountId: ids.low }, a.token)).status).toBe(0);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await t.api.getInviteAccess({}, empToken)).result).toMatchObject({ canInvite: false, reason: 'subCompanyOff' });
    expect((await invite(empToken)).status).toBe(Status.INVITE_FEATURE_OFF);
    expect((await invite(a.token, hosts.low)).status).toBe(0);
    // Given back, it invites again.
    expect((await t.api.updateSubAccount({ id: ids.low, vaPerm: 3 }, a.token)).status).toBe(0);
    expect((await invite(subToken, hosts.low)).status).toBe(0);
    expect((await t.api.getInviteAccess({}, empToken)).result.canInvite).toBe(true);
  });
});
