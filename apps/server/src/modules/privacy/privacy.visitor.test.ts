import { Role, Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceDataUrl } from '../../../test/faces.js';
import { drainJobs, faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { type FakeSmtp, startSmtp } from '../../../test/notify-fakes.js';
import { selectRows } from '../../db/client.js';
import { smsCodes, visits } from '../../db/schema/index.js';
import { jobContext } from '../../platform/http/calls.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { fulfilDueRequests } from './privacy.visitor.js';

const DAY = 86_400_000;

/** The visitor's own privacy page: a quiet code, their data, its download, an erasure request, their face withdrawn. */
describe("a visitor's privacy page", () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let a: Tenant;
  let b: Tenant;
  let desk: { token: string };
  let host: number;
  let link: string;
  let vid: number;
  const V = { name: 'Orla Fenwick', phone: '13912098761', email: 'orla.fenwick@example.org', idNumber: '110105199003070025' };

  /** The code in the last mail to `to` (quoted-printable soft breaks undone). */
  const codeMailedTo = (to: string) => {
    const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
    return /personal data is (\d{6})/.exec(mail?.raw.replace(/=\r?\n/g, '') ?? '')?.[1] ?? '';
  };
  const ageCodes = () => t.db.update(smsCodes).set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` });
  async function passFor(email: string): Promise<string> {
    await ageCodes();
    expect((await t.api.sendPrivacyCode({ c: link, email, lang: 'en' })).status).toBe(0);
    await drainJobs(t);
    const r = await t.api.openPrivacyData({ c: link, email, code: codeMailedTo(email) });
    expect(r.status, r.reason).toBe(0);
    return r.result.pass;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await testApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, Role.GATE);
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800002222' }, a.token)).result.empid;
    const walkIn = await t.api.UpdatePhoto(
      {
        vname: V.name,
        vphone: V.phone,
        vemail: V.email,
        cardId: V.idNumber,
        empid: host,
        photo: await faceDataUrl(),
        faceConsent: await faceConsentOf(t, desk.token),
      },
      desk.token,
    );
    expect(walkIn.status, JSON.stringify(walkIn.result)).toBe(0);
    vid = walkIn.result.vid;
    expect((await t.api.VisitorSignOutByVid({ vid: walkIn.result.vid }, desk.token)).status).toBe(0);
    expect((await t.api.addBlacklist({ name: V.name, credentialNo: V.idNumber, remark: 'Tailgated twice' }, a.token)).status).toBe(0);
    const url = new URL((await t.api.listErasureRequests({}, a.token)).result.link);
    expect(url.pathname).toBe('/my-data');
    link = url.searchParams.get('c') ?? '';
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("opens only by the company's own link, and says how a visitor can prove who they are", async () => {
    const page = await t.api.privacyPage({ c: link });
    expect(page.result).toEqual({
      company: expect.any(String),
      lang: expect.any(String),
      channels: { phone: false, email: true },
      erasureAutoDays: null,
      notice: { zh: expect.objectContaining({ version: 1, lang: 'zh' }), en: expect.objectContaining({ version: 1, lang: 'en' }) },
    });
    const theirs = new URL((await t.api.listErasureRequests({}, b.token)).result.link).searchParams.get('c') ?? '';
    expect(theirs).not.toBe(link);
    // Another company's id under this one's mac, a made-up mac, a malformed link: nothing opens.
    for (const c of [`${b.id}.${link.split('.')[1]}`, `${a.id}.AAAAAAAAAAAAAAAA`])
      expect((await t.api.privacyPage({ c })).status).toBe(Status.INVALID_LINK);
    expect((await t.api.privacyPage({ c: 'x' })).status).toBe(Status.BAD_PARAMS);
    // A phone needs the company's SMS: that says nothing about the person.
    expect((await t.api.sendPrivacyCode({ c: link, phone: V.phone })).status).toBe(Status.SMS_SWITCH_OFF);
  });

  it("the kiosk's settings and the badge carry the same link, for the desk's own company", async () => {
    const pad = await t.api.getPadConfig({}, desk.token);
    const card = await t.api.getCardInfo({ vid }, desk.token);
    expect([pad.result.privacyPage, card.result.privacyPage].map((u) => new URL(u).searchParams.get('c'))).toEqual([link, link]);
    expect(new URL((await t.api.getPadConfig({}, b.token)).result.privacyPage).searchParams.get('c')).not.toBe(link);
  });

  it('answers the same for a stranger as for a visitor, mails a code only to the visitor, and refuses every wrong code alike', async () => {
    const known = await t.api.sendPrivacyCode({ c: link, email: V.email.toUpperCase(), lang: 'en' });
    const stranger = await t.api.sendPrivacyCode({ c: link, email: 'nobody.here@example.org', lang: 'en' });
    expect(stranger).toEqual(known);
    await drainJobs(t);
    expect(smtp.received.map((m) => m.to)).toEqual([[V.email]]);
    const code = codeMailedTo(V.email);
    expect(code).toMatch(/^\d{6}$/);
    // Asked again within the minute: the same answer, no second mail.
    expect(await t.api.sendPrivacyCode({ c: link, email: V.email, lang: 'en' })).toEqual(known);
    await drainJobs(t);
    expect(smtp.received).toHaveLength(1);
    // The delivery record never held the code in clear.
    expect(await selectRows(t.db, sql`SELECT id FROM mails WHERE text LIKE ${`%${code}%`} OR html LIKE ${`%${code}%`}`)).toEqual([]);

    const wrong = code === '000000' ? '111111' : '000000';
    const refusals = [
      await t.api.openPrivacyData({ c: link, email: V.email, code: wrong }),
      await t.api.openPrivacyData({ c: link, email: 'nobody.here@example.org', code }),
      await t.api.openPrivacyData({ c: `${b.id}.${link.split('.')[1]}`, email: V.email, code }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([Status.SMS_CODE_WRONG, Status.SMS_CODE_WRONG, Status.INVALID_LINK]);
    expect(refusals[0]?.reason).toBe(refusals[1]?.reason);
    const opened = await t.api.openPrivacyData({ c: link, email: V.email, code });
    expect(opened.result.expiresIn).toBe(1800);
    // Spent: the same code opens nothing again.
    expect((await t.api.openPrivacyData({ c: link, email: V.email, code })).status).toBe(Status.SMS_CODE_WRONG);
  });

  it('shows the visitor their records, how long each kind is kept and why, but not the lists kept for security; downloads them', async () => {
    const pass = await passFor(V.email);
    const mine = (await t.api.myPrivacyData({ pass })).result;
    expect(mine.key).toBe(V.email);
    // The visit and the codes mailed to them (a delivery record holds a code as ******), not the blacklist entry.
    expect(new Set(mine.records.map((r) => r.source))).toEqual(new Set(['visits', 'messages']));
    for (const m of mine.records.filter((r) => r.source === 'messages')) expect(m.fields.text).toMatch(/personal data is \*{6}\./);
    expect(mine.records[0]?.fields).toMatchObject({ name: V.name, phone: V.phone, idNumber: V.idNumber });
    expect(mine.retention).toMatchObject({ visitRecord: 365, photo: 30 });
    expect(mine.faces).toBe(1);
    expect(mine.request).toBeNull();

    const res = await t.app.inject({ method: 'GET', url: `/api/exportMyData?pass=${encodeURIComponent(pass)}&lang=zh` });
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const summary = Buffer.from(zip['summary.html'] ?? []).toString('utf8');
    expect(summary).toContain('我们保存的您的个人数据');
    expect(summary).toContain(V.name);
    expect(summary).not.toContain('Tailgated twice');
    expect(Object.keys(zip).some((f) => f.startsWith('files/visits-'))).toBe(true);

    // A pass the server did not seal, or one tampered with: 39.
    const tampered = `${pass.slice(0, -4)}AAAA`;
    expect((await t.api.myPrivacyData({ pass: tampered })).status).toBe(Status.INVALID_LINK);
    const bad = await t.app.inject({ method: 'GET', url: `/api/exportMyData?pass=${encodeURIComponent(tampered)}` });
    expect(bad.json()).toMatchObject({ status: Status.INVALID_LINK });
  });

  it('withdraws their face: the photo goes from the visit and the store, the visit stays', async () => {
    const pass = await passFor(V.email);
    const [before] = await t.db.select({ photo: visits.photo }).from(visits).where(eq(visits.email, V.email));
    expect(before?.photo).not.toBe('');
    expect(await t.services.files.read(before?.photo ?? '')).toBeDefined();
    expect((await t.api.withdrawFaceConsent({ pass })).result).toEqual({ removed: 1, facesPending: 0 });
    const [after] = await t.db.select({ photo: visits.photo, name: visits.name }).from(visits).where(eq(visits.email, V.email));
    expect(after).toEqual({ photo: '', name: V.name });
    expect(await t.services.files.read(before?.photo ?? '')).toBeUndefined();
    expect((await t.api.myPrivacyData({ pass })).result.faces).toBe(0);
    // The consent given stays on record, its withdrawal beside it.
    expect((await t.api.GetVisitorByVid({ vid }, a.token)).result.faceConsent).toMatchObject({ via: 'desk', withdrawnAt: expect.any(Number) });
  });

  it('asks for erasure: the administrator is mailed, refuses with a reason the visitor sees, then carries a new request out', async () => {
    const pass = await passFor(V.email);
    const mailsBefore = smtp.received.length;
    const asked = await t.api.requestErasure({ pass });
    expect(asked.result).toMatchObject({ state: 'pending', key: V.email, dueAt: null });
    expect((await t.api.requestErasure({ pass })).result.id).toBe(asked.result.id);
    await drainJobs(t);
    expect(smtp.received.slice(mailsBefore).map((m) => m.to)).toEqual([[a.email]]);
    // Another company sees none of it, and cannot decide it.
    expect((await t.api.listErasureRequests({}, b.token)).result.requests).toEqual([]);
    expect((await t.api.decideErasureRequest({ id: asked.result.id, approve: true }, b.token)).status).toBe(Status.NO_SUCH_RECORD);

    const noReason = await t.api.decideErasureRequest({ id: asked.result.id, approve: false }, a.token);
    expect(noReason.result).toEqual({ errors: [{ field: 'reason', rule: 'required' }] });
    const refused = await t.api.decideErasureRequest({ id: asked.result.id, approve: false, reason: 'An open incident report names you' }, a.token);
    expect(refused.result).toMatchObject({ state: 'refused', reason: 'An open incident report names you' });
    expect((await t.api.myPrivacyData({ pass })).result.request).toMatchObject({ state: 'refused', reason: 'An open incident report names you' });

    const again = (await t.api.requestErasure({ pass })).result;
    expect(again.state).toBe('pending');
    const done = await t.api.decideErasureRequest({ id: again.id, approve: true }, a.token);
    expect(done.result).toMatchObject({ state: 'done', key: 'o***@example.org' });
    expect((await t.api.decideErasureRequest({ id: again.id, approve: true }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    // Nothing of the visitor is held but the blacklist entry, kept as the company's security decision.
    const left = (await t.api.findPerson({ credentialNo: V.idNumber }, a.token)).result.records;
    expect(left.map((r) => r.source)).toEqual(['blacklist']);
    expect(await selectRows(t.db, sql`SELECT id FROM erasure_requests WHERE key = ${V.email}`)).toEqual([]);
    expect((await t.api.myPrivacyData({ pass })).result.records).toEqual([]);
  });

  it('links the invitation mail, its reminder and the invitation page to the privacy page', async () => {
    const email = 'quin.ostrander@example.org';
    const invited = await t.api.addAppointment(
      { appointmentDate: Date.now() + 2 * DAY, empid: host, visitors: [{ name: 'Quin Ostrander', phone: '13912098763', email }] },
      a.token,
    );
    expect(invited.status, invited.reason).toBe(0);
    await drainJobs(t);
    // The invitation and its reminder, as a reader's mail program shows them: base64 bodies (a Chinese mail) decoded.
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const shown = mails.map((m) =>
      m.raw
        .replace(/(?:^[A-Za-z0-9+/=]{16,}\r?\n)+/gm, (b) => Buffer.from(b, 'base64').toString('utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
    for (const text of shown) expect(/\/my-data\?c=([0-9]+\.[A-Za-z0-9_-]{16})/.exec(text)?.[1]).toBe(link);
    // The invitation page the mail opens links there too.
    const secid = shown.map((text) => /invite\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]).find(Boolean) ?? '';
    const page = await t.api.getAppointmentbySecId({ secid });
    expect(new URL(page.result.privacyPage).searchParams.get('c')).toBe(link);
  });

  it("carries a request out by itself after the company's days, unless the person is on site", async () => {
    const email = 'pell.abara@example.org';
    const walkIn = await t.api.UpdatePhoto({ vname: 'Pell Abara', vphone: '13912098762', vemail: email, empid: host }, desk.token);
    expect((await t.api.setErasureAutoDays({ days: 7 }, a.token)).result).toEqual({ erasureAutoDays: 7 });
    expect((await t.api.setErasureAutoDays({ days: 0 }, a.token)).status).toBe(Status.BAD_PARAMS);
    const pass = await passFor(email);
    const r = (await t.api.requestErasure({ pass })).result;
    expect(r.dueAt).toBeGreaterThan(Date.now() + 6.9 * DAY);
    const ctx = jobContext({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, a.id, {
      job: 'privacy.sweep',
      account: 'retention',
      name: 'Retention sweep',
    });
    expect(await fulfilDueRequests(ctx, new Date(Date.now() + 6 * DAY))).toBe(0);
    // Due, but on site: left for the next night.
    expect(await fulfilDueRequests(ctx, new Date(Date.now() + 8 * DAY))).toBe(0);
    expect((await t.api.VisitorSignOutByVid({ vid: walkIn.result.vid }, desk.token)).status).toBe(0);
    expect(await fulfilDueRequests(ctx, new Date(Date.now() + 8 * DAY))).toBe(1);
    const listed = (await t.api.listErasureRequests({}, a.token)).result.requests.find((x) => x.id === r.id);
    expect(listed).toMatchObject({ state: 'done', decidedBy: '', key: 'p***@example.org' });
    expect((await t.api.findPerson({ email }, a.token)).result.records).toEqual([]);
  });
});
