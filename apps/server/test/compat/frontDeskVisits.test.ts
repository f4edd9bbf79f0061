import { Role } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/db/schema/index.js';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { originalClient } from './original.js';

type Row = Record<string, unknown> & { vid: number; status: number; state: string };

/**
 * The original clients' visitor calls beyond the front-desk app's journeys (deskToday, deskVisit, deskWalkIn replay
 * those), as they send them to `/qcvisit/` (a reception account, its token as `<account>-<token>`): a code check-in sent
 * as a number, the look-up by name, the blacklist check, the rows of other calls.
 */
describe('the original front desk’s visitor journeys against /qcvisit/', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let header: string;
  let host: number;
  let tid: number;

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
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

  it('looks visitors up by name', async () => {
    const byName = await send<Row[]>('getVisitorAppointmentByName', { name: '扫码客' }, header);
    expect(byName.status).toBe(0);
    expect(byName.result.map((r) => r.vname)).toEqual(['扫码客']);
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
