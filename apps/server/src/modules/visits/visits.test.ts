import { Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceDataUrl } from '../../../test/faces.js';
import { PASSWORD, seedEmployee, seedStaff, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf.js';
import { lastDutyEdge } from '../../core/visits/visits.search.js';
import { companies, operationLogs, visits } from '../../db/schema/index.js';
import { visitPass } from '../../platform/formats/passes.js';

interface V {
  vid: number;
  kind: string;
  status: string;
  permission: number;
  vname: string;
  vphone: string;
  vphoto: boolean;
  empName: string;
  visitdate: number | null;
  code?: string | null;
  visitType?: string;
  signInGate?: string;
  extendCol?: Record<string, string>;
  signOutDate: number | null;
  leaveTime: number | null;
  peopleCount: number;
  repeated?: boolean;
  history?: { event: string; fromStatus: string | null; toStatus: string }[];
}
type Errors = { errors: { field: string; rule: string }[] };

const ID_OK = '11010519491231002X';

async function dataUrl(format: 'jpeg' | 'png', w: number, h: number): Promise<string> {
  const bytes = await sharp({ create: { width: w, height: h, channels: 3, background: '#7a9' } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

describe('visits', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let kiosk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  let otherHost: number;
  const walkIn = (body: Record<string, unknown>, token = desk.token) =>
    t.api.UpdatePhoto({ vname: '李访客', vphone: '13911112222', empid: host, ...body }, token);
  const setSettings = (companyId: number, patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, companyId));
  /** An invitation or booking as the invitations module will create it. */
  const seedInvite = async (companyId: number, code: string, at: Date, status = 'sent', phone = '13933334444') =>
    (
      await t.db
        .insert(visits)
        .values({ companyId, kind: 'invite', status, name: '王受邀', phone, code, appointmentAt: at, empId: host, empName: 'Host One' })
        .returning()
    )[0]?.id ?? 0;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    kiosk = await seedStaff(t, a.id, 4);
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    otherHost = (await t.api.addEmployee({ employee_name: 'Host Beta', phone: '13800001112' }, b.token)).result.empid;
  });
  afterAll(() => t.close());

  it('no token 28; an employee 610; another company’s host 55; a stopped host 1119', async () => {
    expect((await t.api.UpdatePhoto({ vname: 'X', vphone: '13911112222', empid: host })).status).toBe(Status.TOKEN_MISSING);
    const emp = await seedEmployee(t, a.id);
    const login = await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD });
    expect((await walkIn({}, login.result.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.SearchVisitByConditionPage({}, login.result.token)).status).toBe(Status.NO_PERMISSION);
    expect((await walkIn({ empid: otherHost })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const stopped = (await t.api.addEmployee({ employee_name: 'Gone', phone: '13800001113', status: 2 }, a.token)).result.empid;
    expect((await walkIn({ empid: stopped })).status).toBe(Status.INVALID_EMPLOYEE);
  });

  it('checks identity: a phone or an ID number, each ID failure named; nothing stored when refused', async () => {
    const none = await t.call<Errors>('UpdatePhoto', { vname: '李访客', empid: host }, desk.token);
    expect(none.result.errors).toEqual([{ field: 'vphone', rule: 'phoneOrId' }]);
    const bad = await walkIn({ vphone: '', cardId: '110105194912310021' });
    expect((bad.result as unknown as Errors).errors).toEqual([{ field: 'cardId', rule: 'checksum' }]);
    expect((await walkIn({ vphone: '12345' })).result).toMatchObject({ errors: [{ field: 'vphone', rule: 'format' }] });
    expect((await walkIn({ temperature: 52 })).status).toBe(Status.BAD_PARAMS);
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, a.id));
    expect(n?.n).toBe(0);
  });

  it('registers a walk-in: signed in at once, host snapshot, photo and signature stored, history, logged', async () => {
    const r = await walkIn({
      vphone: '+86 139 1111 2222',
      cardId: ID_OK.toLowerCase(),
      vcompany: 'Visiting Co',
      followers: [{ name: '随行一' }],
      plateNum: '沪a12345',
      temperature: 36.6,
      photo: await faceDataUrl({ width: 300, height: 400 }),
      signature: await dataUrl('png', 400, 160),
      protocolAccepted: true,
      lang: 'en',
    });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      kind: 'walkin',
      status: 'signedIn',
      permission: 1,
      vphone: '13911112222',
      vphoto: true,
      empName: 'Host One',
      peopleCount: 2,
    });
    expect(r.result.visitdate).toBeGreaterThan(Date.now() - 60_000);
    const full = await t.api.GetVisitorByVid({ vid: r.result.vid }, a.token);
    expect(full.result.history).toEqual([expect.objectContaining({ event: 'create', fromStatus: null, toStatus: 'signedIn' })]);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, r.result.vid));
    expect(row).toMatchObject({ idNumber: ID_OK, plateNum: '沪A12345', temperature: 36.6 });
    expect(row?.signature).toMatch(/-signature\.png$/);
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.objName, '李访客')));
    expect(logs.map((l) => l.descKey)).toContain('walkInRegistered');
    // Another company sees nothing of it.
    expect((await t.api.GetVisitorByVid({ vid: r.result.vid }, b.token)).status).toBe(Status.INVALID_VISITOR);
  });

  it('the per-visit PDF: in the visitor’s language, Chinese rendered, photo and signature embedded; only for this company', async () => {
    await setSettings(a.id, { secureProtocol: '进入厂区须佩戴安全帽。' });
    const r = await walkIn({
      vname: '张三丰',
      vphone: '13977778888',
      protocolAccepted: true,
      photo: await faceDataUrl({ width: 300, height: 400 }),
      signature: await dataUrl('png', 400, 160),
      lang: 'zh',
    });
    await setSettings(a.id, { secureProtocol: '' });
    const day = new Date(r.result.visitdate ?? 0);
    const name = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}_${r.result.vid}.pdf`;
    const res = await t.app.inject({ method: 'GET', url: `/pdf/${name}`, headers: { 'x-coolvisit-token': a.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(name);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    const text = await pdfText(pdf);
    expect(text).toContain('张三丰');
    expect(text).toContain('访客安全协议');
    expect(text).toContain('进入厂区须佩戴安全帽');
    expect(text).toContain('139****8888');
    // The same file again (stored), another company refused, a wrong day refused, no token refused.
    const again = await t.app.inject({ method: 'GET', url: `/pdf/${name}`, headers: { 'x-coolvisit-token': a.token } });
    expect(again.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/pdf/${name}`, headers: { 'x-coolvisit-token': b.token } })).json().status).toBe(
      Status.INVALID_VISITOR,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/pdf/2001-01-01_${r.result.vid}.pdf`, headers: { 'x-coolvisit-token': a.token } })).json().status,
    ).toBe(Status.INVALID_VISITOR);
    expect((await t.app.inject({ method: 'GET', url: `/pdf/${name}` })).json().status).toBe(Status.TOKEN_MISSING);
    // A signature given afterwards (createPdfSign) rebuilds it; English for an English visitor.
    const en = await walkIn({ vname: 'Ada Smith', vphone: '13977779999', lang: 'en' });
    const signed = await t.api.createPdfSign({ vid: en.result.vid, signPic: await dataUrl('png', 300, 120) }, kiosk.token);
    expect(signed.result.pdf).toMatch(new RegExp(`_${en.result.vid}\\.pdf$`));
    const enPdf = await t.app.inject({ method: 'GET', url: `/pdf/${signed.result.pdf}`, headers: { 'x-coolvisit-token': a.token } });
    const enText = await pdfText(enPdf.rawPayload);
    expect(enText).toContain('Visitor safety agreement');
    expect(enText).toContain('Ada Smith');
    expect(enPdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect((await t.api.createPdfSign({ vid: en.result.vid, signPic: 'data:image/png;base64,AAAA' }, kiosk.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('follows the visitor type: this company’s (104), offered at the gate, its required and custom fields checked; gate names kept', async () => {
    const gate = (await t.api.addGate({ gname: '东门' }, a.token)).result.gid;
    const other = (await t.api.addGate({ gname: '西门' }, a.token)).result.gid;
    const type = await t.api.addVisitorType({ vType: '施工#Construction', gids: [gate] }, a.token);
    expect(type.status).toBe(0);
    const tid = type.result.tid;
    const field = await t.api.addExtendVisitor(
      {
        displayName: '作业类型#Work kind',
        fieldName: 'workKind',
        inputType: 'button',
        inputValue: ['动火#Hot work', '高空#Height'],
        types: [{ tid, required: true }],
      },
      a.token,
    );
    expect(field.status).toBe(0);
    const foreignType = (await t.api.addVisitorType({ vType: '参观#Tour' }, b.token)).result.tid;
    expect((await walkIn({ tid: foreignType }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    expect((await walkIn({ tid, gid: other }, a.token)).result).toMatchObject({ errors: [{ field: 'tid', rule: 'notAtGate' }] });
    expect((await walkIn({ tid, gid: gate }, a.token)).result).toMatchObject({ errors: [{ field: 'extendCol.workKind', rule: 'required' }] });
    expect((await walkIn({ tid, gid: gate, extendCol: { workKind: '潜水#Diving' } }, a.token)).result).toMatchObject({
      errors: [{ field: 'extendCol.workKind', rule: 'invalid_value' }],
    });
    expect((await walkIn({ tid, gid: gate, extendCol: { workKind: '动火#Hot work', shoeSize: '42' } }, a.token)).result).toMatchObject({
      errors: [{ field: 'extendCol.shoeSize', rule: 'unrecognized_keys' }],
    });
    const ok = await walkIn({ vname: '施工甲', vphone: '13912340000', tid, gid: gate, extendCol: { workKind: '动火#Hot work' } }, a.token);
    expect(ok.result).toMatchObject({ visitType: '施工#Construction', signInGate: '东门', extendCol: { workKind: '动火#Hot work' } });
    // A desk account works only at its own gates.
    expect((await walkIn({ tid, gid: gate, extendCol: { workKind: '动火#Hot work' } })).status).toBe(Status.GATE_NOT_FOUND);
  });

  it('walk-ins get a code for the badge QR (check-out by code); getCardInfo answers the badge for this company only', async () => {
    const r = await walkIn({ vname: '带码者', vphone: '13912345678' });
    expect(r.result.code).toMatch(/^\d{8}$/);
    const card = await t.api.getCardInfo({ vid: r.result.vid }, desk.token);
    expect(card.result).toMatchObject({ visit: { vid: r.result.vid, vname: '带码者' }, company: 'Alpha' });
    expect(card.result.settings).toHaveProperty('cardType');
    expect((await t.api.getCardInfo({ vid: r.result.vid }, b.token)).status).toBe(Status.INVALID_VISITOR);
    await setSettings(a.id, { signOutSwitch: 1 });
    const out = await t.call<V[]>('VisitorSignOut', { verifyCode: r.result.code }, kiosk.token);
    expect(out.result.map((v) => v.status)).toEqual(['signedOut']);
    await setSettings(a.id, { signOutSwitch: 0 });
  });

  it('refuses bad images with reasons', async () => {
    expect((await walkIn({ photo: 'data:image/jpeg;base64,bm90IGFuIGltYWdl' })).result).toMatchObject({ errors: [{ field: 'photo', rule: 'type' }] });
    expect((await walkIn({ photo: await dataUrl('jpeg', 60, 60) })).result).toMatchObject({ errors: [{ field: 'photo', rule: 'imageTooSmall' }] });
    // The kiosk's and the desk's photo goes through the face detector: a plain picture has no face, two people are two.
    expect((await walkIn({ photo: await dataUrl('jpeg', 300, 400) })).result).toMatchObject({ errors: [{ field: 'photo', rule: 'noFace' }] });
    expect((await walkIn({ photo: await faceDataUrl({ of: 'two-faces' }) })).result).toMatchObject({
      errors: [{ field: 'photo', rule: 'multipleFaces' }],
    });
    expect((await walkIn({ signature: await dataUrl('jpeg', 300, 100) })).result).toMatchObject({ errors: [{ field: 'signature', rule: 'type' }] });
    const huge = `data:image/png;base64,${'A'.repeat(600 * 1024)}`;
    expect((await walkIn({ signature: huge })).result).toMatchObject({ errors: [{ field: 'signature', rule: 'size' }] });
  });

  it('a retried offline registration (same clientKey) is stored once', async () => {
    const key = 'kiosk-7f3a9c2e-0001';
    const first = await walkIn({ vname: '重试者', vphone: '13922223333', clientKey: key }, kiosk.token);
    const again = await walkIn({ vname: '重试者', vphone: '13922223333', clientKey: key }, kiosk.token);
    expect(first.status).toBe(0);
    expect(again.result.vid).toBe(first.result.vid);
    const rows = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.companyId, a.id), eq(visits.clientKey, key)));
    expect(rows).toHaveLength(1);
  });

  it('the secure protocol must be accepted once the company has one; with approval on, a walk-in waits', async () => {
    await setSettings(a.id, { secureProtocol: 'Wear a helmet.' });
    expect((await walkIn({ vphone: '13944445555' })).result).toMatchObject({ errors: [{ field: 'protocolAccepted', rule: 'required' }] });
    await setSettings(a.id, { processSwitch: 1 });
    const r = await walkIn({ vphone: '13944445555', protocolAccepted: true });
    expect(r.result).toMatchObject({ status: 'unauthorized', permission: 0, visitdate: null });
    // Approve, then check it in at the desk by its phone (no code for walk-ins).
    expect((await t.api.updateVisitStatus({ vid: r.result.vid, event: 'approve' }, a.token)).result).toMatchObject({
      status: 'authorized',
      permission: 1,
    });
    await setSettings(a.id, { secureProtocol: '', processSwitch: 0 });
    const inside = await t.api.AppClientSignin({ phone: '13944445555' }, desk.token);
    expect(inside.result).toMatchObject({ status: 'signedIn', repeated: false });
  });

  it('blacklist screening: 66 with a neutral message, nothing stored, reception alerted; off → registered', async () => {
    await t.api.updateblackListSwitch({ blackListSwitch: 0 }, a.token);
    await t.api.addBlacklist({ name: '黑名单人', credentialNo: ID_OK }, a.token);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, a.id));
    expect((await walkIn({ vname: '黑名单人', vphone: '', cardId: ID_OK })).status).toBe(0);
    await t.api.updateblackListSwitch({ blackListSwitch: 1 }, a.token);
    const hit = await walkIn({ vname: '黑名单人', vphone: '', cardId: ID_OK });
    expect(hit.status).toBe(Status.BLACKLISTED);
    expect(hit.reason).not.toMatch(/black/i);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, a.id));
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
    const alerts = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.optEvent, 'alert')));
    expect(alerts.map((l) => l.descKey)).toEqual(['blacklistHit']);
    // Beta's screening is its own.
    expect((await t.api.UpdatePhoto({ vname: '黑名单人', cardId: ID_OK, empid: otherHost }, b.token)).status).toBe(0);
    await t.api.updateblackListSwitch({ blackListSwitch: 0 }, a.token);
  });

  it('checks in by code within the window: 64 early, 65 late, 1117 unknown or foreign, repeated answered as is', async () => {
    const now = Date.now();
    await seedInvite(a.id, '11110001', new Date(now + 2 * 3600_000));
    await seedInvite(a.id, '11110002', new Date(now - 2 * 3600_000));
    const ok = await seedInvite(a.id, '11110003', new Date(now + 10 * 60_000));
    await seedInvite(b.id, '22220001', new Date(now));
    expect((await t.api.AppClientSignin({ verifyCode: '11110001' }, kiosk.token)).status).toBe(Status.TOO_EARLY);
    expect((await t.api.AppClientSignin({ verifyCode: '11110002' }, kiosk.token)).status).toBe(Status.LATE);
    expect((await t.api.AppClientSignin({ verifyCode: '99999999' }, kiosk.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.api.AppClientSignin({ verifyCode: '22220001' }, kiosk.token)).status).toBe(Status.INVALID_VISITOR);
    const r = await t.api.AppClientSignin({ verifyCode: '1111 0003' }, kiosk.token);
    expect(r.result).toMatchObject({ vid: ok, status: 'signedIn', repeated: false });
    const again = await t.api.AppClientSignin({ verifyCode: '11110003' }, kiosk.token);
    expect(again.result).toMatchObject({ vid: ok, status: 'signedIn', repeated: true });
    const h = await t.api.GetVisitorByVid({ vid: ok }, a.token);
    expect(h.result.history?.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual(['sent>signedIn']);
    // A cancelled invitation cannot check in.
    const cancelled = await seedInvite(a.id, '11110004', new Date(now), 'ended');
    expect((await t.api.AppClientSignin({ verifyCode: '11110004' }, kiosk.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(cancelled).toBeGreaterThan(0);
  });

  it('refuses a scanned QR pass while QR check-in (scaner) is off (1131), and still takes the code typed by hand', async () => {
    const now = new Date(Date.now() + 5 * 60_000);
    const first = await seedInvite(a.id, '11120001', now);
    const second = await seedInvite(a.id, '11120002', now);
    expect((await t.api.updateScanerSwitch({ scaner: 0 }, a.token)).result.scaner).toBe(0);
    try {
      const scanned = await t.api.AppClientSignin({ verifyCode: visitPass(t.services.secrets, a.id, '11120001') }, kiosk.token);
      expect(scanned.status).toBe(Status.QR_CHECKIN_OFF);
      expect((await t.api.GetVisitorByVid({ vid: first }, a.token)).result.status).toBe('sent');
      const typed = await t.api.AppClientSignin({ verifyCode: '11120002' }, kiosk.token);
      expect(typed.result).toMatchObject({ vid: second, status: 'signedIn' });
    } finally {
      await t.api.updateScanerSwitch({ scaner: 1 }, a.token);
    }
    const back = await t.api.AppClientSignin({ verifyCode: visitPass(t.services.secrets, a.id, '11120001') }, kiosk.token);
    expect(back.result).toMatchObject({ vid: first, status: 'signedIn' });
  });

  it('moves follow the state machine; an illegal move is 58 with the status', async () => {
    const vid = await seedInvite(a.id, '11110005', new Date(Date.now() + 86400_000));
    const bad = await t.api.updateVisitStatus({ vid, event: 'signOut' }, a.token);
    expect(bad.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(bad.result).toEqual({ status: 'sent' });
    for (const [event, status] of [
      ['view', 'viewed'],
      ['accept', 'accepted'],
      ['cancel', 'ended'],
    ] as const)
      expect((await t.api.updateVisitStatus({ vid, event }, a.token)).result.status).toBe(status);
    expect((await t.api.updateVisitStatus({ vid, event: 'accept' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.updateVisitStatus({ vid, event: 'checkIn' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.updateVisitStatus({ vid, event: 'view' }, b.token)).status).toBe(Status.INVALID_VISITOR);
  });

  it('signs out: the kiosk only with the switch on; by vid; in a batch (others skipped)', async () => {
    const one = (await walkIn({ vname: '签出甲', vphone: '13955556666' })).result.vid;
    const two = (await walkIn({ vname: '签出乙', vphone: '13955557777' })).result.vid;
    const three = (await walkIn({ vname: '签出丙', vphone: '13955558888' })).result.vid;
    expect((await t.api.VisitorSignOut({ phone: '13955556666' }, kiosk.token)).status).toBe(Status.NO_PERMISSION);
    await setSettings(a.id, { signOutSwitch: 1 });
    const out = await t.api.VisitorSignOut({ phone: '+86 139-5555-6666' }, kiosk.token);
    expect(out.result.map((v) => [v.vid, v.status])).toEqual([[one, 'signedOut']]);
    expect((await t.api.VisitorSignOut({ phone: '13955556666' }, kiosk.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.api.VisitorSignOutByVid({ vid: two }, desk.token)).result.signOutDate).toBeGreaterThan(0);
    expect((await t.api.VisitorSignOutByVid({ vid: two }, desk.token)).status).toBe(Status.INVALID_VISITOR);
    // An id the company has no visit of refuses the batch; one already signed out is skipped and counted.
    expect((await t.api.batchSignOut({ vids: [two, three, 999999] }, a.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.api.batchSignOut({ vids: [two, three] }, a.token)).result).toEqual({ signedOut: 1, skipped: 1 });
  });

  it('signs out automatically those past their leave time, only where the company sets a leave expiry; once per slot', async () => {
    await setSettings(a.id, { leaveExpiryTime: 2 });
    const late = (await walkIn({ vname: '超时者', vphone: '13988880001' })).result;
    const fresh = (await walkIn({ vname: '未超时', vphone: '13988880002' })).result;
    expect(late.leaveTime).toBe((late.visitdate ?? 0) + 2 * 3600_000);
    await t.db
      .update(visits)
      .set({ leaveAt: new Date(Date.now() - 60_000) })
      .where(eq(visits.id, late.vid));
    // Beta keeps no leave expiry: its overdue visitor stays.
    const beta = (await t.api.UpdatePhoto({ vname: '乙方', vphone: '13988880003', empid: otherHost }, b.token)).result;
    await t.db
      .update(visits)
      .set({ leaveAt: new Date(Date.now() - 60_000) })
      .where(eq(visits.id, beta.vid));
    const { ensureAutoSignOut, AUTO_SIGN_OUT_EVERY_MS } = await import('./visits.schedule.js');
    await ensureAutoSignOut(t.services.jobs, new Date(Date.now() - AUTO_SIGN_OUT_EVERY_MS));
    await ensureAutoSignOut(t.services.jobs, new Date(Date.now() - AUTO_SIGN_OUT_EVERY_MS));
    expect(await t.services.jobs.runDue()).toBe(1);
    const got = async (vid: number, token = a.token) => (await t.api.GetVisitorByVid({ vid }, token)).result;
    expect(await got(late.vid)).toMatchObject({ status: 'signedOut' });
    expect((await got(late.vid)).history?.at(-1)).toMatchObject({ event: 'signOut', toStatus: 'signedOut' });
    expect(await got(fresh.vid)).toMatchObject({ status: 'signedIn' });
    expect(await got(beta.vid, b.token)).toMatchObject({ status: 'signedIn' });
    await setSettings(a.id, { leaveExpiryTime: 0 });
  });

  it('overtime: on site past the leave time, or since before the company’s off-duty time', async () => {
    const late = (await walkIn({ vname: '加班甲', vphone: '13977770001' })).result.vid;
    const overnight = (await walkIn({ vname: '加班乙', vphone: '13977770002' })).result.vid;
    const fresh = (await walkIn({ vname: '加班丙', vphone: '13977770003' })).result.vid;
    await t.db
      .update(visits)
      .set({ leaveAt: new Date(Date.now() - 60_000) })
      .where(eq(visits.id, late));
    await t.db
      .update(visits)
      .set({ visitAt: new Date(Date.now() - 86400_000) })
      .where(eq(visits.id, overnight));
    const names = async () => (await t.api.SearchVisitByCondition({ overtime: true, name: '加班' }, a.token)).result.map((v) => v.vid).sort();
    expect(await names()).toEqual([late]);
    await setSettings(a.id, { offDuty: '00:00' });
    expect(await names()).toEqual([late, overnight].sort());
    expect(await names()).not.toContain(fresh);
    // With an on-duty time: a visitor who came before the working day began (here a second before midnight, after
    // yesterday's off-duty time) is overtime once it has begun; one who came after it is not.
    const early = (await walkIn({ vname: '加班丁', vphone: '13977770004' })).result.vid;
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    await t.db
      .update(visits)
      .set({ visitAt: new Date(midnight.getTime() - 1000) })
      .where(eq(visits.id, early));
    await setSettings(a.id, { upDuty: '00:00', offDuty: '23:59' });
    expect(await names()).toEqual([late, overnight, early].sort());
    await setSettings(a.id, { upDuty: '', offDuty: '' });
  });

  it('finds the last edge of working hours passed', () => {
    const at = (h: number, m = 0, dayOffset = 0) => new Date(2030, 0, 10 + dayOffset, h, m, 0, 0);
    expect(lastDutyEdge('09:00', '18:00', at(19))).toEqual(at(18));
    expect(lastDutyEdge('09:00', '18:00', at(10))).toEqual(at(9));
    expect(lastDutyEdge('09:00', '18:00', at(7))).toEqual(at(18, 0, -1));
    expect(lastDutyEdge('', '18:00', at(10))).toEqual(at(18, 0, -1));
    expect(lastDutyEdge('09:00', '', at(10))).toBeNull();
  });

  it('exports exactly the filtered list as a workbook in the chosen language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ExportVisitorList?name=%E7%AD%BE%E5%87%BA&lang=zh',
      headers: { 'x-coolvisit-token': a.token },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]?.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1).map((v) => (v instanceof Date ? 'date' : String(v ?? ''))));
    });
    expect(rows[0]?.[0]).toBe('访客');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['签出丙', '签出乙', '签出甲']);
    expect(rows.slice(1).every((r) => r[11] === '已签出')).toBe(true);
    // Booleans arrive as text in a query string; the desk's "cards to issue" filter can be exported too.
    const noCard = await t.app.inject({
      method: 'GET',
      url: '/api/ExportVisitorList?name=%E7%AD%BE%E5%87%BA&noCard=true&onSite=0',
      headers: { 'x-coolvisit-token': a.token },
    });
    expect(noCard.statusCode).toBe(200);
    expect(noCard.headers['content-type']).toContain('spreadsheetml');
    const yes = await t.app.inject({ method: 'GET', url: '/api/ExportVisitorList?noCard=yes', headers: { 'x-coolvisit-token': a.token } });
    expect(yes.json().status).toBe(Status.BAD_PARAMS);
    const desk2 = await t.app.inject({ method: 'GET', url: '/api/ExportVisitorList', headers: { 'x-coolvisit-token': desk.token } });
    expect(desk2.json().status).toBe(Status.NO_PERMISSION);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/ExportVisitorList?name=%E7%AD%BE%E5%87%BA',
      headers: { 'x-coolvisit-token': b.token },
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]?.rowCount).toBe(1);
  });

  it('searches with filters, pages, counts who is on site; a sub-company sees only its own', async () => {
    const page = await t.api.SearchVisitByConditionPage({ requestedCount: 5 }, a.token);
    expect(page.result.count).toBeGreaterThan(5);
    expect(page.result.list).toHaveLength(5);
    const byName = await t.api.SearchVisitByCondition({ name: '签出' }, a.token);
    expect(byName.result.map((v) => v.vname).sort()).toEqual(['签出丙', '签出乙', '签出甲']);
    const onSite = await t.api.SearchVisitByCondition({ onSite: true }, a.token);
    expect(onSite.result.every((v) => v.visitdate && !v.signOutDate)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await t.api.SearchVisitByCondition({ date: '2000-01-01', endDate: '2000-01-02' }, a.token);
    expect(dated.result).toEqual([]);
    expect((await t.api.SearchVisitByCondition({ status: 'signedOut' }, b.token)).result).toEqual([]);
    expect((await t.api.SearchVisitByCondition({ date: today, endDate: 'soon' }, a.token)).status).toBe(Status.BAD_PARAMS);
    const count = await t.api.getPeopleCounting({}, a.token);
    expect(count.result.onSite).toBe(onSite.result.length);
    expect(count.result.people).toBeGreaterThanOrEqual(count.result.onSite);
    // A sub-company: only visits to its own employees.
    const sub = await seedSubAccount(t, a.id);
    await t.api.updateEmpSubAccount({ empids: [host], subaccountId: sub.id }, a.token);
    const mine = (await walkIn({ vname: '分公司访客', vphone: '13966667777' })).result.vid;
    const s = await t.api.subAccountLogin({ email: sub.email, password: PASSWORD });
    const seen = await t.api.SearchVisitByConditionPage({}, s.result.token);
    expect(seen.result.list.map((v) => v.vid)).toEqual([mine]);
    // Who is on site: its own visitors only, not the company's.
    const subOnSite = (await t.api.SearchVisitByCondition({ onSite: true }, s.result.token)).result.length;
    expect(count.result.onSite).toBeGreaterThan(subOnSite);
    expect((await t.api.getPeopleCounting({}, s.result.token)).result.onSite).toBe(subOnSite);
    await t.api.updateEmpSubAccount({ empids: [host], subaccountId: 0 }, a.token);
  });
});
