import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passRecords } from '../../src/db/schema/index.js';
import { doorDevice } from '../doors.js';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../harness.js';

type Invited = { vid: number; code: string; inviteLink: string };
type Answer = { status: number; reason: string; result: Record<string, unknown> | null };

const READER_IP = '192.168.10.21';

/**
 * The original's door QR reader as it calls (issue 20): POST `/qcvisit/uploadQrcode`, a JSON body with its number as
 * `deviceCode` (a number) and the scanned text as `qrcode`, no credential and no token, from its fixed address on the
 * site's network. It is taken once the administrator marks the device a legacy reader with that address.
 */
describe('the original door QR reader against /qcvisit/', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let eid: number;
  let lobby: number;
  let tid: number;

  /** The reader's request, byte for byte the shape it sends. */
  const reader = async (body: string, remoteAddress = READER_IP) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/qcvisit/uploadQrcode',
      remoteAddress,
      headers: { 'content-type': 'application/json;charset=UTF-8', 'user-agent': 'okhttp/3.12.0' },
      payload: body,
    });
    return { ...(res.json() as Answer), http: res.statusCode, contentType: String(res.headers['content-type'] ?? '') };
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    await t.api.updateOriginalCompatSwitch({ originalCompat: 1 }, a.token);
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    lobby = (await t.api.addEquipmentGroup({ egname: 'Lobby' }, a.token)).result.egid;
    await t.api.setVisitorTypeEgroups({ tid, egids: [lobby] }, a.token);
    // Registered as it was in the original: reader number 1001, its address; not yet a legacy reader.
    const added = await t.api.addEquipment(doorDevice({ deviceName: '大门闸机', deviceCode: '1001', deviceIp: READER_IP, egids: [lobby] }), a.token);
    eid = added.result.device.eid;
    // Another company registered a reader with the same number at its own site.
    await t.api.addEquipment(doorDevice({ deviceName: 'Beta gate', deviceCode: '1001', deviceIp: '10.1.1.1', legacyAuth: true }), b.token);
  });
  afterAll(() => t.close());

  /** An invited visitor checked in at the kiosk; the original-format pass on their invitation page. */
  async function checkedInPass(phone: string): Promise<{ vid: number; pass: string }> {
    const host = (await t.api.addEmployee({ employee_name: `Host ${phone}`, phone: `138${phone.slice(3)}` }, a.token)).result.empid;
    const r = await t.call<Invited[]>(
      'addAppointment',
      { empid: host, tid, appointmentDate: Date.now() + 60_000, visitors: [{ name: '读卡客', phone }] },
      a.token,
    );
    const [v] = r.result as [Invited];
    const secid = new URL(v.inviteLink).searchParams.get('token') ?? '';
    const pass = (await t.api.getAppointmentbySecId({ secid })).result.pass ?? '';
    const kiosk = (await seedStaff(t, a.id, 4)).token;
    expect((await t.api.AppClientSignin({ verifyCode: pass }, kiosk)).status).toBe(0);
    return { vid: v.vid, pass };
  }

  it('is refused (1111) until the administrator marks the reader legacy, then opens for the visitor', async () => {
    const { vid, pass } = await checkedInPass('13900007001');
    const body = JSON.stringify({ deviceCode: 1001, qrcode: pass });
    expect((await reader(body)).status).toBe(Status.DEVICE_NOT_ALLOWED);
    const marked = await t.api.updateEquipment(
      { eid, ...doorDevice({ deviceName: '大门闸机', deviceCode: '1001', deviceIp: READER_IP, legacyAuth: true, egids: [lobby] }) },
      a.token,
    );
    expect(marked.result.legacyAuth).toBe(true);
    const opened = await reader(body);
    expect([opened.http, opened.contentType, opened.status]).toEqual([200, expect.stringContaining('application/json'), 0]);
    expect(opened.result).toMatchObject({ open: true, vid, name: '读卡客' });
    const [rec] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(opened.result?.recordId)));
    expect(rec).toMatchObject({ companyId: a.id, deviceId: eid, deviceName: '大门闸机', visitId: vid, result: 1, code: 0 });
    expect((await t.api.getOpendoorInfo({ vid }, a.token)).result.list.length).toBe(1);
  });

  it('the same request replayed from elsewhere is refused (1111) and records nothing', async () => {
    const { vid, pass } = await checkedInPass('13900007002');
    const body = JSON.stringify({ deviceCode: '1001', qrcode: pass });
    expect((await reader(body, '203.0.113.7')).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await t.api.getOpendoorInfo({ vid }, a.token)).result.list).toEqual([]);
    // The other company's reader of the same number decides for its own company only: this pass is not its own.
    expect((await reader(body, '10.1.1.1')).status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect((await reader(body)).status).toBe(0);
  });
});
