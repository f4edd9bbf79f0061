import { Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/db/schema/index.js';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { originalClient } from './original.js';

type Row = Record<string, unknown> & { vid: number; status: number; state: string };

/**
 * The original front-desk app's visitor journeys, call by call as it sends them to `/qcvisit/` (signed in as a
 * reception account, its token as `<account>-<token>`): QR or code check-in, an on-site booking's check-in from the
 * list, a walk-in with the original's form body, cards, look-ups by phone and name, sign-out by vid and by phone.
 */
describe('the original front desk’s visitor journeys against /qcvisit/', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let other: Tenant;
  let header: string;
  let host: number;
  let tid: number;

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
    other = await seedCompany(t);
    const desk = await seedStaff(t, company.id, Role.GATE, 'desk_journeys');
    header = `${desk.account}-${desk.token}`;
    host = (await t.api.addEmployee({ employee_name: '接待人', phone: '13800001111' }, company.token)).result.empid;
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, company.token)).result.tid;
    const field = await t.api.addExtendVisitor({ displayName: '车牌#Plate', fieldName: 'plate', inputType: 'text', types: [{ tid }] }, company.token);
    expect(field.status).toBe(0);
  });
  afterAll(() => t.close());

  const invite = async (name: string, phone: string) => {
    const r = await t.api.addAppointment({ empid: host, appointmentDate: Date.now() + 60_000, visitors: [{ name, phone }] }, company.token);
    expect(r.status, r.reason).toBe(0);
    const [first] = r.result;
    if (!first?.code) throw new Error('no invitation code');
    return { vid: first.vid, code: first.code };
  };

  it('checks an invited visitor in by the scanned code, sent as a number with the original’s extra fields', async () => {
    const invited = await invite('扫码客', '13911110001');
    // One code in ten starts with 0, which a number drops: this one does.
    const code = `0${invited.code.slice(1)}`;
    await t.db.update(visits).set({ code }).where(eq(visits.id, invited.vid));
    const inv = { ...invited, code };
    const today = await send<Row[]>('getTodayAppointmentByPhone', { userid: String(company.id), phone: '13911110001' }, header);
    expect(today.status).toBe(0);
    expect(today.result.map((r) => r.vid)).toEqual([inv.vid]);
    expect(today.result[0]?.status).toBe(0);
    const r = await send<Row>(
      'AppClientSignin',
      { userid: company.id, verifyCode: Number(inv.code), signInOpName: 'desk', signInGate: '东门', extendCol: '' },
      header,
    );
    expect(r.status, r.reason).toBe(0);
    expect(r.result.vid).toBe(inv.vid);
    expect(r.result.status).toBe(1);
    expect(r.result.state).toBe('signedIn');
    expect(typeof r.result.visitdate).toBe('number');
    expect(r.contentType).toMatch(/^application\/json/);
  });

  it('checks an invitation in from the desk’s list by a<id> (appointmentSignin) and a booking by v<vid> (VisitAppointmentSignin)', async () => {
    const a = await invite('列表客', '13911110002');
    const v = await invite('预约客', '13911110003');
    const one = await send<Row>('appointmentSignin', { userid: company.id, appid: `a${a.vid}`, gid: '' }, header);
    expect(one.status, one.reason).toBe(0);
    expect(one.result.status).toBe(1);
    const two = await send<Row>(
      'VisitAppointmentSignin',
      { vid: `v${v.vid}`, gid: '', cardId: '', photoUrl: '', plateNum: '', vcompany: '', signInGate: '', signInOpName: 'desk', extendCol: '' },
      header,
    );
    expect(two.status, two.reason).toBe(0);
    expect(two.result.vid).toBe(v.vid);
    // Another company's visit is not found.
    const foreign = await t.api.addAppointment(
      {
        empid: (await t.api.addEmployee({ employee_name: 'B', phone: '13800002222' }, other.token)).result.empid,
        appointmentDate: Date.now() + 60_000,
        visitors: [{ name: 'B guest', phone: '13911119999' }],
      },
      other.token,
    );
    const stranger = await send('VisitAppointmentSignin', { vid: `v${foreign.result[0]?.vid}` }, header);
    expect(stranger.status).toBe(Status.INVALID_VISITOR);
  });

  it('looks visitors up by name', async () => {
    const byName = await send<Row[]>('getVisitorAppointmentByName', { name: '列表客' }, header);
    expect(byName.status).toBe(0);
    expect(byName.result.map((r) => r.vname)).toEqual(['列表客']);
    const type = await send<{ tid: number; vType: string }>('getVisitorTypeByTid', { tid: String(tid) }, header);
    expect(type.result.tid).toBe(tid);
  });

  it('answers the blacklist check with the matching entries', async () => {
    await t.api.updateblackListSwitch({ blackListSwitch: 1 }, company.token);
    expect((await t.api.addBlacklist({ name: '黑名单人', phone: '13911119998' }, company.token)).status).toBe(0);
    const hit = await send<{ name: string; phone: string }[]>('checkBlacklist', { phone: '13911119998' }, header);
    expect(hit.status).toBe(0);
    expect(hit.result).toEqual([{ name: '黑名单人', phone: '13911119998', credentialNo: '' }]);
    expect((await send<unknown[]>('checkBlacklist', { phone: '13911110001' }, header)).result).toEqual([]);
  });

  it('signs out by v<vid> and by phone', async () => {
    // Two visitors on site (the desk's walk-in form is deskWalkIn.test.ts's).
    for (const [vname, vphone] of [
      ['走访客', '13911110004'],
      ['走访客二', '13911110005'],
    ] as const)
      expect((await t.api.UpdatePhoto({ vname, vphone, empid: host, tid }, company.token)).status).toBe(0);
    const [row] = (await send<Row[]>('getVisitorSignOutByPhone', { phone: '13911110005' }, header)).result;
    if (!row) throw new Error('the second walk-in is not on site');
    const out = await send<Row>('VisitorSignOutByVid', { vid: `v${row.vid}` }, header);
    expect(out.status, out.reason).toBe(0);
    expect(out.result.status).toBe(2);
    expect(typeof out.result.signOutDate).toBe('number');
    const byPhone = await send<Row[]>(
      'VisitorSignOut',
      { userid: company.id, phone: '13911110004', signOutGate: '东门', signOutOpName: 'desk' },
      header,
    );
    expect(byPhone.status, byPhone.reason).toBe(0);
    expect(byPhone.result.map((r) => r.status)).toEqual([2]);
    expect((await send<Row[]>('getVisitorSignOutByPhone', { phone: '13911110004' }, header)).result).toEqual([]);
  });

  it('answers the original’s rows from the other calls that answer visits (a change, a cancellation by a<id>)', async () => {
    const walkIn = await t.api.UpdatePhoto({ vname: '领卡客', vphone: '13911110011', empid: host }, company.token);
    expect(walkIn.status, walkIn.reason).toBe(0);
    const changed = await send<Row>('updateVisitInfo', { vid: `v${walkIn.result.vid}`, cardNo: 'C-77' }, header);
    expect(changed.status, changed.reason).toBe(0);
    expect(changed.result).toMatchObject({ vid: walkIn.result.vid, status: 1, state: 'signedIn', cardNo: 'C-77' });
    expect(typeof changed.result.extendCol).toBe('string');
    const inv = await invite('取消客', '13911110010');
    const cancelled = await send<Row>('setCancelStatusForWeb', { id: `a${inv.vid}` }, `${company.id}-${company.token}`);
    expect(cancelled.status, cancelled.reason).toBe(0);
    expect(cancelled.result).toMatchObject({ vid: inv.vid, status: 5, state: 'ended' });
  });
});
