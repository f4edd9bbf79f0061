import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { passRecords, visits } from '../../db/schema/index.js';

const reader = (over: Record<string, unknown>) => doorDevice({ deviceName: 'Lobby card reader', deviceCode: 'CARD-001', eType: 'card', ...over });

describe('uploadCard: the door decides on an employee’s or a visitor’s card', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let lobby: number;
  let tid: number;
  const creds: Record<string, string> = {};

  const swipe = deviceCall(() => t, 'uploadCard');

  /** An employee of company A with this card, granted these groups. */
  async function employee(cardNo: string, egids: number[], companyId = a.id, token = a.token) {
    const { id } = await seedEmployee(t, companyId);
    expect((await t.api.updateCardNo({ empid: id, cardNo }, token)).status).toBe(0);
    if (egids.length) expect((await t.api.updateAccessControl({ empids: [id], egids }, token)).status).toBe(0);
    return id;
  }

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    lobby = (await t.api.addEquipmentGroup({ egname: 'Lobby' }, a.token)).result.egid;
    const lab = (await t.api.addEquipmentGroup({ egname: 'Lab' }, a.token)).result.egid;
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    await t.api.setVisitorTypeEgroups({ tid, egids: [lobby] }, a.token);
    const add = async (key: string, over: Record<string, unknown>, token = a.token) => {
      const r = await t.api.addEquipment(reader(over), token);
      expect(r.status).toBe(0);
      creds[key] = `Device ${r.result.device.eid}.${r.result.secret}`;
    };
    await add('in', { egids: [lobby] });
    await add('out', { deviceName: 'Lobby card exit', deviceCode: 'CARD-002', enterStatus: 2, egids: [lobby] });
    await add('lab', { deviceName: 'Lab card reader', deviceCode: 'CARD-003', egids: [lab] });
    await add('barrier', { deviceName: 'Gate barrier', deviceCode: 'CAR-001', eType: 'barrier', egids: [lobby] });
    const bGroup = (await t.api.addEquipmentGroup({ egname: 'Beta lobby' }, b.token)).result.egid;
    await add('beta', { deviceName: 'Beta card reader', deviceCode: 'CARD-B1', egids: [bGroup] }, b.token);
  });
  afterAll(() => t.close());

  it('opens for an employee granted the door’s group, in either letter case, and records the pass', async () => {
    const empid = await employee('AB12CD', [lobby]);
    const r = await swipe(creds.in, { cardNo: 'ab12cd' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ open: true, direction: 1, personType: 1, empid, vid: null, name: '张三' });
    const [row] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(r.result?.recordId)));
    expect(row).toMatchObject({ companyId: a.id, personType: 1, personId: empid, way: 'card', result: 1, code: 0, groupName: 'Lobby' });
    expect((await swipe(creds.out, { cardNo: 'AB12CD' })).result).toMatchObject({ direction: 2, empid });
    expect((await swipe(creds.lab, { cardNo: 'AB12CD' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
  });

  it('an employee’s access: switched off 1129, dates past 1113 (out still opens), not yet 1115', async () => {
    const empid = await employee('EMP-2', [lobby]);
    await t.api.updateAccessControl({ empids: [empid], acEnabled: false }, a.token);
    expect((await swipe(creds.in, { cardNo: 'EMP-2' })).status).toBe(Status.EMPLOYEE_UNAUTHORIZED);
    await t.api.updateAccessControl({ empids: [empid], acEnabled: true, acEnd: '2020-01-31' }, a.token);
    const late = await swipe(creds.in, { cardNo: 'EMP-2' });
    expect(late.status).toBe(Status.PERSON_EXPIRED);
    expect(late.result).toMatchObject({ why: 'accessEnded' });
    expect((await swipe(creds.out, { cardNo: 'EMP-2' })).status).toBe(0);
    await t.api.updateAccessControl({ empids: [empid], acEnabled: true, acStart: '2099-01-01' }, a.token);
    expect((await swipe(creds.in, { cardNo: 'EMP-2' })).status).toBe(Status.OUTSIDE_VALIDITY);
    // Granted nothing: no door opens.
    await employee('EMP-3', []);
    expect((await swipe(creds.in, { cardNo: 'EMP-3' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
  });

  it('a temporary card lent to an employee opens as their own card until it is returned', async () => {
    const empid = await employee('OWN-7', [lobby]);
    const cid = (await t.api.addInterimCard({ empid }, a.token)).result.cid;
    expect((await swipe(creds.in, { cardNo: 'TMP7' })).status).toBe(Status.UNKNOWN_RECORD);
    expect((await t.api.updateInterimCard({ cid, cardNo: 'tmp7' }, a.token)).status).toBe(0);
    expect((await swipe(creds.in, { cardNo: 'TMP7' })).result).toMatchObject({ open: true, personType: 1, empid });
    expect((await swipe(creds.lab, { cardNo: 'TMP7' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await swipe(creds.beta, { cardNo: 'TMP7' })).status).toBe(Status.UNKNOWN_RECORD);
    expect((await t.api.returnInterimCard({ cid }, a.token)).status).toBe(0);
    expect((await swipe(creds.in, { cardNo: 'TMP7' })).status).toBe(Status.UNKNOWN_RECORD);
  });

  it('a visitor’s card from the desk opens the doors of their visit while on site; after sign-out, only the way out', async () => {
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId: a.id,
        kind: 'walkin',
        status: 'signedIn',
        permission: 1,
        name: 'Vic Visitor',
        phone: '13900000321',
        tid,
        visitAt: new Date(),
      })
      .returning();
    const vid = v?.id ?? 0;
    expect((await t.api.updateVisitInfo({ vid, cardNo: 'V-0042' }, a.token)).status).toBe(0);
    const r = await swipe(creds.in, { cardNo: 'v-0042' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ personType: 2, vid, empid: null, name: 'Vic Visitor' });
    expect((await swipe(creds.lab, { cardNo: 'V-0042' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    await t.db.update(visits).set({ status: 'signedOut', signOutAt: new Date() }).where(eq(visits.id, vid));
    expect((await swipe(creds.in, { cardNo: 'V-0042' })).status).toBe(Status.VISIT_FINISHED);
    expect((await swipe(creds.out, { cardNo: 'V-0042' })).status).toBe(0);
  });

  it('a card nobody holds is 1123, another company’s too, recorded as an unknown person; a barrier reads no cards', async () => {
    const nobody = await swipe(creds.in, { cardNo: 'NOBODY-1' });
    expect(nobody.status).toBe(Status.UNKNOWN_RECORD);
    const [row] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(nobody.result?.recordId)));
    expect(row).toMatchObject({ companyId: a.id, personType: -1, result: 0, code: Status.UNKNOWN_RECORD, way: 'card' });
    await employee('BETA-1', [], b.id, b.token);
    expect((await swipe(creds.in, { cardNo: 'BETA-1' })).status).toBe(Status.UNKNOWN_RECORD);
    expect((await swipe(creds.beta, { cardNo: 'AB12CD' })).status).toBe(Status.UNKNOWN_RECORD);
    expect((await swipe(creds.barrier, { cardNo: 'AB12CD' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
  });

  it('no credential 28, a session 610, a deviceCode not its own 1111, bad input 400', async () => {
    expect((await swipe(undefined, { cardNo: 'AB12CD' })).status).toBe(Status.TOKEN_MISSING);
    expect((await swipe(undefined, { cardNo: 'AB12CD' }, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await swipe(creds.in, { cardNo: 'AB12CD', deviceCode: 'CARD-003' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await swipe(creds.in, { cardNo: '' })).status).toBe(Status.BAD_PARAMS);
    expect((await swipe(creds.in, { cardNo: 'x'.repeat(65) })).status).toBe(Status.BAD_PARAMS);
    expect((await swipe(creds.in, { cardNo: 'AB12CD', direction: 0 })).status).toBe(Status.BAD_PARAMS);
  });
});
