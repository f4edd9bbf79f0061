import { Status } from '@openvisit/contract';
import { desc, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { mails, passRecords, visits } from '../../db/schema/index.js';
import { issueVisitPass, visitPass } from '../../platform/formats/passes.js';

const HOUR = 3_600_000;
/** The original's shape: v, 15 hex, 468, kind, channel, phone, yyyyMMddHHmm, id. */
const ORIGINAL = (kindChannel: string, phone: string, id: string) => new RegExp(`^v[0-9a-f]{15}468${kindChannel}${phone}\\d{12}${id}$`);
type Invited = { vid: number; code: string; inviteLink: string };
/** Another character in the same place (so the pass keeps its shape). */
const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === '0' ? '1' : '0'}${s.slice(i + 1)}`;

/**
 * Passes in the original product's format (issue 20), behind the company's original clients compatibility switch:
 * given out on the invitation page, badges and workers' passes, and decided at the doors, the kiosk and the desk
 * exactly as ours; a forged one, another company's, or any where the switch is off answers 1112.
 */
describe('original-format QR passes', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tid: number;
  let host: number;
  let kiosk: string;
  let desk: string;
  const creds: Record<string, string> = {};
  let code = 30_000_000;
  const door = deviceCall(() => t, 'uploadQrcode');
  const compat = (on: 0 | 1, token = a.token) => t.api.updateOriginalCompatSwitch({ originalCompat: on }, token);

  /** A visit of company A (or `companyId`) with a fresh code: its pass in our format and in the original's. */
  async function visit(over: Partial<typeof visits.$inferInsert> = {}, companyId = a.id) {
    code += 1;
    const at = new Date();
    const values = {
      companyId,
      kind: 'invite',
      status: 'signedIn',
      permission: 1,
      name: 'Olga Original',
      phone: '13900000123',
      tid,
      code: String(code),
    };
    const [v] = await t.db
      .insert(visits)
      .values({ ...values, appointmentAt: at, visitAt: at, ...over })
      .returning();
    const row = v ?? { code: '', phone: '', kind: 'invite', appointmentAt: at };
    const facts = { code: String(code), phone: row.phone, kind: row.kind, at: (row.appointmentAt ?? at).getTime() };
    return {
      vid: v?.id ?? 0,
      ours: visitPass(t.services.secrets, companyId, String(code)),
      original: (rotate?: { minutes: number; at: number }) => issueVisitPass(t.services.secrets, companyId, facts, { original: true, rotate }),
    };
  }

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    const lobby = (await t.api.addEquipmentGroup({ egname: 'Lobby' }, a.token)).result.egid;
    const lab = (await t.api.addEquipmentGroup({ egname: 'Lab' }, a.token)).result.egid;
    await t.api.setVisitorTypeEgroups({ tid, egids: [lobby] }, a.token);
    const add = async (key: string, over: Record<string, unknown>, token = a.token) => {
      const r = (await t.api.addEquipment(doorDevice(over), token)).result;
      creds[key] = `Device ${r.device.eid}.${r.secret}`;
    };
    await add('in', { egids: [lobby] });
    await add('out', { deviceName: 'Lobby exit', deviceCode: 'QR-002', enterStatus: 2, egids: [lobby] });
    await add('lab', { deviceName: 'Lab reader', deviceCode: 'QR-003', egids: [lab] });
    await add('beta', { deviceName: 'Beta reader', deviceCode: 'QR-B1', egids: [] }, b.token);
    host = (await t.api.addEmployee({ employee_name: 'Hana Host', phone: '13800004444' }, a.token)).result.empid;
    kiosk = (await seedStaff(t, a.id, 4)).token;
    desk = (await seedStaff(t, a.id, 2)).token;
  });
  afterAll(() => t.close());

  it('switched off (the default): ours as today, and an original-format pass answers 1112 at the door, the kiosk and the desk', async () => {
    expect((await t.api.GetUserInfo({}, a.token)).result.originalCompat).toBe(0);
    const v = await visit();
    expect((await t.api.getCardInfo({ vid: v.vid }, a.token)).result.visit.pass).toBe(v.ours);
    const refused = await door(creds.in, { qrcode: v.original() });
    expect(refused.status).toBe(Status.QRCODE_FORMAT_ERROR);
    const [row] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(refused.result?.recordId)));
    expect(row).toMatchObject({ companyId: a.id, result: 0, code: 1112 });
    expect((await door(creds.in, { qrcode: v.ours })).status).toBe(0);
    expect((await t.api.VisitorSignOut({ verifyCode: v.original() }, a.token)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    const waiting = await visit({ status: 'accepted', visitAt: null });
    expect((await t.api.AppClientSignin({ verifyCode: waiting.original() }, kiosk)).status).toBe(Status.QRCODE_FORMAT_ERROR);
  });

  it('switched on: the invitation page draws the original shape, which checks the visitor in at the kiosk', async () => {
    expect((await compat(1)).result.originalCompat).toBe(1);
    const r = await t.call<Invited[]>(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 60_000, visitors: [{ name: 'Ivo Invited', phone: '13900004321', email: 'ivo@example.com' }] },
      a.token,
    );
    expect(r.status).toBe(0);
    const [v] = r.result as [Invited];
    const secid = new URL(v.inviteLink).searchParams.get('token') ?? '';
    const page = (await t.api.getAppointmentbySecId({ secid })).result;
    expect(page.pass).toMatch(ORIGINAL('0223', '13900004321', v.code));
    // The mail's inline QR picture reads as the same pass.
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'ivo@example.com')).orderBy(desc(mails.id)).limit(1);
    const png = Buffer.from(mail?.attachments?.[0]?.content ?? '', 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(page.pass);
    // Another company's kiosk, a changed character: 1112; the pass itself checks in.
    const bKiosk = (await seedStaff(t, b.id, 4)).token;
    await compat(1, b.token);
    expect((await t.api.AppClientSignin({ verifyCode: page.pass ?? '' }, bKiosk)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect((await t.api.AppClientSignin({ verifyCode: flip(page.pass ?? '', 5) }, kiosk)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    const checkedIn = await t.api.AppClientSignin({ verifyCode: page.pass ?? '' }, kiosk);
    expect(checkedIn.result).toMatchObject({ vid: v.vid, status: 'signedIn' });
    // The badge it prints carries the printed-sticker channel, and signs the visitor out at the desk.
    expect(checkedIn.result.pass).toMatch(ORIGINAL('0240', '13900004321', v.code));
    expect((await t.api.VisitorSignOut({ verifyCode: checkedIn.result.pass ?? '' }, a.token)).result.map((x) => x.vid)).toEqual([v.vid]);
    await compat(0, b.token);
  });

  it('a door decides on an original-format pass exactly as on ours (1110–1130)', async () => {
    /** Two alike visits, one shown in each format at the same doors in the same order: the same answers. */
    const both = async (over: Partial<typeof visits.$inferInsert>, doors: string[]) => {
      const [x, y] = [await visit(over), await visit(over)];
      const answers = async (pass: string) => {
        const out: number[] = [];
        for (const d of doors) out.push((await door(creds[d], { qrcode: pass })).status);
        return out;
      };
      const original = await answers(x.original());
      expect(await answers(y.ours)).toEqual(original);
      return original;
    };
    expect(await both({}, ['in', 'out', 'lab'])).toEqual([0, 0, Status.DEVICE_NOT_ALLOWED]);
    expect(await both({ status: 'refused', permission: 2 }, ['in'])).toEqual([Status.VISITOR_UNAUTHORIZED]);
    expect(await both({ status: 'unauthorized', permission: 0 }, ['in'])).toEqual([Status.VISITOR_UNAUTHORIZED]);
    expect(await both({ status: 'signedOut', signOutAt: new Date() }, ['in', 'out'])).toEqual([Status.VISIT_FINISHED, 0]);
    expect(await both({ status: 'accepted', visitAt: null }, ['in'])).toEqual([Status.NOT_SIGNED_IN]);
    const yesterday = new Date(Date.now() - 30 * HOUR);
    expect(await both({ appointmentAt: yesterday, visitAt: yesterday }, ['in', 'out'])).toEqual([Status.OUTSIDE_VALIDITY, 0]);
    await t.api.updateQrcodeConf({ qrMaxCount: 1, qrMaxDuration: 0 }, a.token);
    expect(await both({}, ['in', 'in'])).toEqual([0, Status.PASS_LIMIT_EXCEEDED]);
    await t.api.updateQrcodeConf({ qrMaxCount: 0, qrMaxDuration: 0 }, a.token);
    await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token);
    expect(await both({ status: 'accepted', visitAt: null }, ['in', 'out', 'in'])).toEqual([0, 0, Status.VISIT_FINISHED]);
    await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, a.token);
  });

  it('the door signs in and out with it, and says who passed', async () => {
    await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token);
    const v = await visit({ status: 'accepted', visitAt: null });
    const inside = await door(creds.in, { qrcode: v.original() });
    const outside = await door(creds.out, { qrcode: v.original() });
    await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, a.token);
    expect(inside.result).toMatchObject({ open: true, personType: 2, vid: v.vid, name: 'Olga Original', signedIn: true });
    expect(outside.result).toMatchObject({ open: true, direction: 2, signedOut: true });
    expect((await t.db.select().from(visits).where(eq(visits.id, v.vid)))[0]?.status).toBe('signedOut');
  });

  it('forged, altered or another company’s: 1112; switched off again: 1112', async () => {
    const v = await visit();
    const pass = v.original();
    for (const i of [0, 3, 16, 20, 30, pass.length - 1]) expect((await door(creds.in, { qrcode: flip(pass, i) })).status, `char ${i}`).toBe(1112);
    // The original's own recipe (a fixed salt) does not make a pass here.
    expect((await door(creds.in, { qrcode: `v0123456789abcde${pass.slice(16)}` })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    await compat(1, b.token);
    const beta = await visit({ tid: null }, b.id);
    expect((await door(creds.in, { qrcode: beta.original() })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect((await door(creds.beta, { qrcode: pass })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    await compat(0, b.token);
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
    await compat(0);
    expect((await door(creds.in, { qrcode: pass })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    await compat(1);
  });

  it('rotating codes: the page gives the current period’s pass; a still one or an old period answers 1128', async () => {
    await t.api.updateCryptoperiod({ cryptoperiod: 5 }, a.token);
    const v = await visit();
    const still = await door(creds.in, { qrcode: v.original() });
    const fresh = await door(creds.in, { qrcode: v.original({ minutes: 5, at: Date.now() }) });
    const old = await door(creds.in, { qrcode: v.original({ minutes: 5, at: Date.now() - 15 * 60_000 }) });
    await t.api.updateCryptoperiod({ cryptoperiod: 0 }, a.token);
    expect([still.status, fresh.status, old.status]).toEqual([Status.QRCODE_EXPIRED, 0, Status.QRCODE_EXPIRED]);
  });

  it("a resident worker's pass in the original shape signs them in at the desk and opens their doors", async () => {
    await compat(1);
    const window = { startDate: Date.now() - 24 * HOUR, endDate: Date.now() + 24 * HOUR };
    const pid = (await t.api.addProject({ pName: 'Plant', leader: '王经理', phone: '13800005555', ...window }, a.token)).result.pid;
    const w = (await t.api.addResidentVisitor({ pid, name: '钱工人', phone: '13911110001', company: 'Clean Co', ...window }, a.token)).result;
    await t.api.updateRvPermission({ rids: [w.rid], rstatus: 1 }, a.token);
    const egid = (await t.api.addEquipmentGroup({ egname: 'Plant gate' }, a.token)).result.egid;
    await t.api.setResidentEgroups({ rids: [w.rid], egids: [egid] }, a.token);
    const reader = (await t.api.addEquipment(doorDevice({ deviceName: 'Plant reader', deviceCode: 'QR-PLANT', egids: [egid] }), a.token)).result;
    const cred = `Device ${reader.device.eid}.${reader.secret}`;
    const pass = (await t.api.getRvQrcode({ rid: w.rid }, a.token)).result.qrcode;
    expect(pass).toMatch(ORIGINAL('0330', '13911110001', String(w.rid)));
    expect((await t.api.ResidentVisitorSignIn({ qrcode: flip(pass, 4) }, desk)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect((await door(cred, { qrcode: pass })).status).toBe(Status.INVALID_VISITOR);
    const signed = await t.api.ResidentVisitorSignIn({ qrcode: pass }, desk);
    expect(signed.result).toMatchObject({ rid: w.rid, repeated: false });
    expect((await door(cred, { qrcode: pass })).result).toMatchObject({ open: true, personType: 3, vid: signed.result.vid });
    // A worker's pass is no visit's at the kiosk; switched off, the desk refuses the shape.
    expect((await t.api.AppClientSignin({ verifyCode: pass }, kiosk)).status).toBe(Status.INVALID_VISITOR);
    await compat(0);
    expect((await t.api.ResidentVisitorSignIn({ qrcode: pass }, desk)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect((await t.api.getRvQrcode({ rid: w.rid }, a.token)).result.qrcode).toMatch(/^OVR3\d{10}[A-Za-z0-9]{16}$/);
  });
});
