import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { eventsOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { recordStatements } from '../../db/client.js';
import { companies, deviceGroups, passRecords, visitEvents, visits } from '../../db/schema/index.js';
import { visitPass } from '../../platform/formats/passes.js';

const HOUR = 3_600_000;
describe('uploadQrcode: the door decides on a visitor’s QR pass', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tid: number;
  let lobbyGroup: number;
  const creds: Record<string, string> = {};
  let code = 10_000_000;

  const door = deviceCall(() => t, 'uploadQrcode');

  /** A visit of company A with a fresh code; its pass. */
  async function visit(over: Partial<typeof visits.$inferInsert> = {}, companyId = a.id) {
    code += 1;
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId,
        kind: 'invite',
        status: 'signedIn',
        permission: 1,
        name: 'Ada Visitor',
        phone: '+8613900000009',
        tid,
        code: String(code),
        appointmentAt: new Date(),
        visitAt: new Date(),
        ...over,
      })
      .returning();
    return { vid: v?.id ?? 0, pass: visitPass(t.services.secrets, companyId, String(code)) };
  }

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    lobbyGroup = (await t.api.addEquipmentGroup({ egname: 'Lobby' }, a.token)).result.egid;
    const labGroup = (await t.api.addEquipmentGroup({ egname: 'Lab' }, a.token)).result.egid;
    await t.api.setVisitorTypeEgroups({ tid, egids: [lobbyGroup] }, a.token);
    const add = async (key: string, over: Record<string, unknown>, token = a.token) => {
      const r = (await t.api.addEquipment(doorDevice(over), token)).result;
      creds[key] = `Device ${r.device.eid}.${r.secret}`;
    };
    await add('in', { egids: [lobbyGroup] });
    await add('out', { deviceName: 'Lobby exit', deviceCode: 'QR-002', enterStatus: 2, egids: [lobbyGroup] });
    await add('lab', { deviceName: 'Lab reader', deviceCode: 'QR-003', egids: [labGroup] });
    const bGroup = (await t.api.addEquipmentGroup({ egname: 'Beta lobby' }, b.token)).result.egid;
    await add('beta', { deviceName: 'Beta reader', deviceCode: 'QR-B1', egids: [bGroup] }, b.token);
  });
  afterAll(() => t.close());

  it('opens for a signed-in visitor at a door of their type’s group, and records the pass', async () => {
    const { vid, pass } = await visit();
    const r = await door(creds.in, { qrcode: pass });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ open: true, direction: 1, personType: 2, name: 'Ada Visitor', vid, signedIn: false, signedOut: false });
    const records = (await t.api.getOpendoorInfo({ vid }, a.token)).result;
    expect(JSON.stringify(records)).toContain('Lobby reader');
    const [row] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(r.result?.recordId)));
    expect(row).toMatchObject({
      companyId: a.id,
      visitId: vid,
      result: 1,
      code: 0,
      direction: 1,
      way: 'qr',
      deviceName: 'Lobby reader',
      groupName: 'Lobby',
    });
    // The webhook event, written with the record.
    const passed = (await eventsOf(t, a.id, 'door.passed')).filter((e) => e.data.recordId === row?.id);
    expect(passed).toEqual([
      {
        type: 'door.passed',
        data: expect.objectContaining({
          vid,
          way: 'qr',
          direction: 'in',
          code: 0,
          reason: null,
          device: expect.objectContaining({ name: 'Lobby reader' }),
          group: { id: lobbyGroup, name: 'Lobby' },
          person: { type: 'visitor', id: null, name: 'Ada Visitor', company: '' },
        }),
      },
    ]);
    expect(JSON.stringify(passed)).not.toContain('+8613900000009');
  });

  it('reads its company’s door configuration once per change: an edit through any process is seen by the next scan', async () => {
    const { pass } = await visit();
    await door(creds.in, { qrcode: pass });
    // Warm: the device (its last-seen stamp is written once a minute), the configuration version, the visit, its entries, the pass record and its event.
    const warm = await recordStatements(() => door(creds.in, { qrcode: pass }));
    expect(warm.result.status).toBe(0);
    expect(warm.statements.length, warm.statements.map((s, i) => `${i + 1}. ${s.slice(0, 120)}`).join('\n')).toBe(6);
    // Written as another process would (no service of this one runs): the triggers raise the version.
    const [row] = await t.db.select().from(deviceGroups).where(eq(deviceGroups.id, lobbyGroup));
    await t.db.update(deviceGroups).set({ status: 1 }).where(eq(deviceGroups.id, lobbyGroup));
    expect((await door(creds.in, { qrcode: pass })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    await t.db
      .update(deviceGroups)
      .set({ status: row?.status ?? 0 })
      .where(eq(deviceGroups.id, lobbyGroup));
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
    await t.db.update(companies).set({ settings: sql`settings || '{"qrMaxCount": 1}'::jsonb` }).where(eq(companies.id, a.id));
    expect((await door(creds.in, { qrcode: pass })).status).toBe(Status.PASS_LIMIT_EXCEEDED);
    await t.db.update(companies).set({ settings: sql`settings - 'qrMaxCount'` }).where(eq(companies.id, a.id));
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
  });

  it('credentials: none 28, a session 610, a wrong secret 1111, a deviceCode not its own 1111', async () => {
    const { pass } = await visit();
    expect((await door(undefined, { qrcode: pass })).status).toBe(Status.TOKEN_MISSING);
    expect((await door(undefined, { qrcode: pass }, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await door(`${creds.in?.slice(0, -2)}xx`, { qrcode: pass })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await door(creds.in, { qrcode: pass, deviceCode: 'QR-003' })).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await door(creds.in, { qrcode: pass, deviceCode: 'QR-001' })).status).toBe(0);
  });

  it('bad input is 400; forged, altered and other companies’ codes are 1112 and recorded as refusals', async () => {
    const { pass } = await visit();
    expect((await door(creds.in, { qrcode: '' })).status).toBe(Status.BAD_PARAMS);
    expect((await door(creds.in, { qrcode: 'x'.repeat(600) })).status).toBe(Status.BAD_PARAMS);
    expect((await door(creds.in, { qrcode: pass, direction: 3 })).status).toBe(Status.BAD_PARAMS);
    const altered = pass.replace(/^OV3(\d{8})/, (_m, c: string) => `OV3${String((Number(c) + 1) % 100_000_000).padStart(8, '0')}`);
    const refused = await door(creds.in, { qrcode: altered });
    expect(refused.status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect(refused.result).toMatchObject({ why: 'notAPass' });
    const [row] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(refused.result?.recordId)));
    expect(row).toMatchObject({ companyId: a.id, result: 0, code: 1112, personType: -1 });
    const [event] = (await eventsOf(t, a.id, 'door.refused')).filter((e) => e.data.recordId === row?.id);
    expect(event?.data).toMatchObject({ code: 1112, vid: null, person: { type: 'unknown', id: null }, reason: { en: expect.any(String) } });
    expect((await door(creds.in, { qrcode: 'just some text' })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    // Company B's pass at A's door, and A's pass at B's door.
    const beta = await visit({ tid: null }, b.id);
    expect((await door(creds.in, { qrcode: beta.pass })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    expect((await door(creds.beta, { qrcode: pass })).status).toBe(Status.QRCODE_FORMAT_ERROR);
    // A pass whose code matches no visit.
    expect((await door(creds.in, { qrcode: visitPass(t.services.secrets, a.id, '99999999') })).status).toBe(Status.INVALID_VISITOR);
  });

  it('a door of a group the visit does not open answers 1111', async () => {
    const { pass } = await visit();
    const r = await door(creds.lab, { qrcode: pass });
    expect(r.status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect(r.result).toMatchObject({ why: 'noGroup' });
  });

  it('the visit’s state: refused 1121, awaiting 1121, over 1126 (exit still opens), not signed in 1125', async () => {
    expect((await door(creds.in, { qrcode: (await visit({ status: 'refused', permission: 2 })).pass })).status).toBe(Status.VISITOR_UNAUTHORIZED);
    expect((await door(creds.in, { qrcode: (await visit({ status: 'unauthorized', permission: 0 })).pass })).status).toBe(
      Status.VISITOR_UNAUTHORIZED,
    );
    const over = await visit({ status: 'signedOut', signOutAt: new Date() });
    expect((await door(creds.in, { qrcode: over.pass })).status).toBe(Status.VISIT_FINISHED);
    expect((await door(creds.out, { qrcode: over.pass })).status).toBe(0);
    expect((await door(creds.in, { qrcode: (await visit({ status: 'accepted', visitAt: null })).pass })).status).toBe(Status.NOT_SIGNED_IN);
  });

  it('outside the visit’s window 1115 on entry; an exit opens', async () => {
    const tomorrow = new Date(Date.now() + 30 * HOUR);
    const later = await visit({ appointmentAt: tomorrow, visitAt: null, status: 'authorized' });
    await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token);
    const r = await door(creds.in, { qrcode: later.pass });
    await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, a.token);
    expect(r.status).toBe(Status.OUTSIDE_VALIDITY);
    expect(r.result).toMatchObject({ why: 'early' });
    const yesterday = await visit({ appointmentAt: new Date(Date.now() - 30 * HOUR), visitAt: new Date(Date.now() - 30 * HOUR) });
    expect((await door(creds.in, { qrcode: yesterday.pass })).status).toBe(Status.OUTSIDE_VALIDITY);
    expect((await door(creds.out, { qrcode: yesterday.pass })).status).toBe(0);
  });

  it('with door sign-in on, entry signs the visitor in and exit signs them out, through the state machine', async () => {
    const { vid, pass } = await visit({ status: 'accepted', visitAt: null });
    expect((await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token)).result.doorSignIn).toBe(1);
    const inside = await door(creds.in, { qrcode: pass });
    expect(inside.status).toBe(0);
    expect(inside.result).toMatchObject({ signedIn: true, signedOut: false });
    const [row] = await t.db.select().from(visits).where(eq(visits.id, vid));
    expect(row).toMatchObject({ status: 'signedIn', signInOp: 'Lobby reader' });
    const outside = await door(creds.out, { qrcode: pass });
    expect(outside.result).toMatchObject({ signedIn: false, signedOut: true, direction: 2 });
    const history = await t.db.select().from(visitEvents).where(eq(visitEvents.visitId, vid));
    expect(history.map((h) => [h.event, h.actor])).toEqual([
      ['checkIn', 'Lobby reader'],
      ['signOut', 'Lobby exit'],
    ]);
    // Over now: no way back in.
    expect((await door(creds.in, { qrcode: pass })).status).toBe(Status.VISIT_FINISHED);
    await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, a.token);
  });

  it('the on-site list and the evacuation list leave out a visitor who went out through a door, until they come back', async () => {
    const { vid, pass } = await visit({ name: 'Olive Outside' });
    const onSite = async () => (await t.api.getOnSiteList({}, a.token)).result.gates.flatMap((g) => g.list.map((p) => p.vid)).includes(vid);
    expect(await onSite()).toBe(true);
    expect((await door(creds.out, { qrcode: pass })).result).toMatchObject({ signedOut: false });
    expect(await onSite()).toBe(false);
    // Still signed in: the visit is not over, and the pass lets them back in.
    expect((await t.db.select().from(visits).where(eq(visits.id, vid)))[0]?.status).toBe('signedIn');
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
    expect(await onSite()).toBe(true);
  });

  it('the badge prints the signed pass: it opens the door, and the desk signs the visitor out with it', async () => {
    const { vid, pass } = await visit({ name: 'Bea Badge' });
    const card = (await t.api.getCardInfo({ vid }, a.token)).result;
    expect(card.visit.pass).toBe(pass);
    expect((await door(creds.in, { qrcode: card.visit.pass ?? '' })).status).toBe(0);
    const out = await t.api.VisitorSignOut({ verifyCode: card.visit.pass ?? '' }, a.token);
    expect(out.result.map((v) => [v.vid, v.status])).toEqual([[vid, 'signedOut']]);
  });

  it('a blacklisted visitor is not signed in at the door (1121)', async () => {
    await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token);
    expect((await t.api.updateblackListSwitch({ blackListSwitch: 1 }, a.token)).status).toBe(0);
    const listed = await t.api.addBlacklist({ name: 'Mallory', phone: '13900000666' }, a.token);
    expect(listed.status).toBe(0);
    const { vid, pass } = await visit({ status: 'accepted', visitAt: null, name: 'Mallory', phone: '+8613900000666' });
    const r = await door(creds.in, { qrcode: pass });
    await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, a.token);
    expect(r.status).toBe(Status.VISITOR_UNAUTHORIZED);
    expect(r.result).toMatchObject({ why: 'blacklisted' });
    expect((await t.db.select().from(visits).where(eq(visits.id, vid)))[0]?.status).toBe('accepted');
  });

  it('a visitor who has not passed the safety induction is not signed in at the door (1125), and is once passed', async () => {
    const options = [
      { zh: '是', en: 'Yes' },
      { zh: '否', en: 'No' },
    ];
    const qid = (
      await t.api.addQuestionnaire({ title: 'Door induction', topicNum: 1, passScore: 5, ansTime: 5, validityDays: 1, tids: [tid] }, a.token)
    ).result.qid;
    await t.api.addQuestionnaireDetail({ qid, kind: 'single', questionZh: '戴帽？', questionEn: 'Helmet?', options, answer: [0], score: 5 }, a.token);
    await t.api.updateQuestionnaire(
      { qid, title: 'Door induction', topicNum: 1, passScore: 5, ansTime: 5, validityDays: 1, tids: [tid], enabled: true },
      a.token,
    );
    await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 1 }, a.token);
    await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token);
    const { vid, pass } = await visit({ status: 'accepted', visitAt: null, name: 'Ivan Induction', phone: '13900000777' });
    const r = await door(creds.in, { qrcode: pass });
    expect(r.status).toBe(Status.NOT_SIGNED_IN);
    expect(r.result).toMatchObject({ why: 'induction' });
    expect((await t.db.select().from(visits).where(eq(visits.id, vid)))[0]?.status).toBe('accepted');
    const kiosk = await seedStaff(t, a.id, 4);
    const paper = (await t.api.getRandomTopicList({ vid, lang: 'en' }, kiosk.token)).result.paper;
    const qdid = paper?.questions[0]?.qdid ?? 0;
    expect((await t.api.examSubmit({ pid: paper?.pid ?? 0, token: paper?.token ?? '', answers: [{ qdid, chosen: [0] }] })).result.passed).toBe(true);
    expect((await door(creds.in, { qrcode: pass })).result).toMatchObject({ signedIn: true });
    await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, a.token);
    await t.api.updateQuestionnaireSwitch({ questionnaireSwitch: 0 }, a.token);
  });

  it('the company’s qrMaxCount: the uses after it answer 1114; exits do not count', async () => {
    expect((await t.api.updateQrcodeConf({ qrMaxCount: 2, qrMaxDuration: 0 }, a.token)).status).toBe(0);
    const { pass } = await visit();
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
    expect((await door(creds.out, { qrcode: pass })).status).toBe(0);
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
    const third = await door(creds.in, { qrcode: pass });
    expect(third.status).toBe(Status.PASS_LIMIT_EXCEEDED);
    expect(third.result).toMatchObject({ why: 'qrMaxCount' });
    expect((await door(creds.out, { qrcode: pass })).status).toBe(0);
    await t.api.updateQrcodeConf({ qrMaxCount: 0, qrMaxDuration: 0 }, a.token);
  });

  it('a strategy with no pass time rules the group: 1124; removed, the door opens again', async () => {
    const rule = (await t.api.addPassRule({ rname: 'Never' }, a.token)).result;
    const config = (await t.api.addPassConfig({ cname: 'Guests never', forVisitors: true, egids: [lobbyGroup], rid: rule.rid }, a.token)).result;
    const { pass } = await visit();
    const r = await door(creds.in, { qrcode: pass });
    expect(r.status).toBe(Status.OUTSIDE_PASS_TIME);
    expect(r.result).toMatchObject({ why: 'noSlot' });
    // The record names the schedule that refused, so the desk can say why.
    const records = (await t.api.getOpendoorInfo({ openStatus: 0, requestedCount: 1 }, a.token)).result.list;
    expect(records[0]).toMatchObject({ code: Status.OUTSIDE_PASS_TIME, schedule: 'Never' });
    await t.api.delPassConfig({ cid: config.cid }, a.token);
    expect((await door(creds.in, { qrcode: pass })).status).toBe(0);
  });

  it('rotating codes: a still pass answers 1128, the current slot opens', async () => {
    await t.api.updateCryptoperiod({ cryptoperiod: 5 }, a.token);
    const v = await visit();
    const still = await door(creds.in, { qrcode: v.pass });
    const rotating = visitPass(t.services.secrets, a.id, String(code), { minutes: 5, at: Date.now() });
    const fresh = await door(creds.in, { qrcode: rotating });
    const old = await door(creds.in, { qrcode: visitPass(t.services.secrets, a.id, String(code), { minutes: 5, at: Date.now() - 15 * 60_000 }) });
    await t.api.updateCryptoperiod({ cryptoperiod: 0 }, a.token);
    expect(still.status).toBe(Status.QRCODE_EXPIRED);
    expect(fresh.status).toBe(0);
    expect(old.status).toBe(Status.QRCODE_EXPIRED);
  });

  it('a disabled device answers 1130; a front desk can read the refusals in the records', async () => {
    const desk = await seedStaff(t, a.id, 2);
    const refusals = (await t.api.getOpendoorInfo({ openStatus: 0, requestedCount: 100 }, desk.token)).result;
    expect(refusals.list.map((r) => r.code)).toContain(Status.QRCODE_FORMAT_ERROR);
    expect(refusals.list.every((r) => r.openStatus === 0)).toBe(true);
    const eid = Number(creds.lab?.match(/Device (\d+)\./)?.[1]);
    expect((await t.api.setEquipmentStatus({ eid, status: 1 }, a.token)).status).toBe(0);
    expect((await door(creds.lab, { qrcode: (await visit()).pass })).status).toBe(Status.DEVICE_DISABLED);
  });
});
