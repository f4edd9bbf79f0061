import fs from 'node:fs';
import path from 'node:path';
import { type AgreementTexts, DEFAULT_FACE_THRESHOLD, Role, Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceDataUrl, facePhoto } from '../../../test/faces.js';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { faceCandidateVisits } from '../../core/visits/visits.public.js';
import { agreements, visits } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';

/** Face consent apart from the visit: versioned texts, recorded with where and when, and no face on a terminal without it. */
describe('face consent', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: { token: string };
  let kiosk: { token: string };
  let host: number;
  let consent: AgreementTexts;

  /** The visit files of company A in the file store (every file under the data folder whose path names them). */
  const filesIn = () =>
    fs
      .readdirSync(t.config.dataDir, { recursive: true })
      .map(String)
      .filter((f) => f.includes(path.join('visits', String(a.id)))).length;
  const walkIn = (phone: string, extra: Record<string, unknown>, token = desk.token) =>
    faceDataUrl().then((photo) =>
      t.call<{ vid: number }>('UpdatePhoto', { vname: 'Cora Visitor', vphone: phone, empid: host, photo, ...extra }, token),
    );
  const candidatePhoto = async (vid: number) => (await faceCandidateVisits(tenantScope(t.db, { companyId: a.id }), [vid]))[0]?.photo ?? null;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, Role.GATE);
    kiosk = await seedStaff(t, a.id, Role.MACHINE);
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800002222' }, a.token)).result.empid;
    consent = (await t.api.getPadConfig({}, kiosk.token)).result.faceConsent;
  });
  afterAll(() => t.close());

  it('the kiosk reads the current text in each language, the product’s own as version 1 until the company writes one', async () => {
    expect(consent.en).toMatchObject({ version: 1, lang: 'en', text: expect.stringContaining('QR code, card or ID document') });
    expect(consent.zh).toMatchObject({ version: 1, lang: 'zh', text: expect.stringContaining('二维码、卡片或证件') });
    // Read again: the same versions, nothing new written.
    expect((await t.api.getPadConfig({}, desk.token)).result.faceConsent).toEqual(consent);
    expect(
      await t.db
        .select({ id: agreements.id })
        .from(agreements)
        .where(and(eq(agreements.companyId, a.id), eq(agreements.kind, 'face'))),
    ).toHaveLength(2);
  });

  it('a photo without consent is kept for the badge only: no terminal gets it', async () => {
    const r = await walkIn('13911110001', {});
    expect(r.status).toBe(0);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, r.result.vid));
    expect(row?.photo).not.toBe('');
    expect(row).toMatchObject({ faceConsentId: null, faceConsentAt: null, faceConsentVia: '' });
    expect(await candidatePhoto(r.result.vid)).toBe('');
    expect((await t.api.GetVisitorByVid({ vid: r.result.vid }, a.token)).result.faceConsent).toBeNull();
  });

  it('a consent given at the kiosk or the desk is recorded with its version, language, place and time; the terminals get the face', async () => {
    const before = Date.now();
    const atKiosk = await walkIn('13911110002', { faceConsent: consent.zh.id }, kiosk.token);
    const atDesk = await walkIn('13911110003', { faceConsent: consent.en.id });
    for (const [r, lang, via] of [
      [atKiosk, 'zh', 'kiosk'],
      [atDesk, 'en', 'desk'],
    ] as const) {
      expect(r.status).toBe(0);
      const shown = (await t.api.GetVisitorByVid({ vid: r.result.vid }, a.token)).result.faceConsent;
      expect(shown).toMatchObject({ version: 1, lang, via, withdrawnAt: null });
      expect(shown?.at).toBeGreaterThanOrEqual(before);
      expect(await candidatePhoto(r.result.vid)).toMatch(/^visits\//);
    }
  });

  it('a consent that is not this company’s face text is refused on the field, and nothing is stored', async () => {
    const theirs = (await t.api.getPadConfig({}, b.token)).result.faceConsent.en.id;
    const count = async () => (await t.db.select({ id: visits.id }).from(visits).where(eq(visits.companyId, a.id))).length;
    const visitsBefore = await count();
    const files = filesIn();
    expect(files).toBeGreaterThan(0);
    const refused = await walkIn('13911110004', { faceConsent: theirs });
    expect(refused.status).toBe(Status.BAD_PARAMS);
    expect(refused.result).toEqual({ errors: [{ field: 'faceConsent', rule: 'notFound' }] });
    expect((await walkIn('13911110004', { faceConsent: 0 })).status).toBe(Status.BAD_PARAMS);
    expect(await count()).toBe(visitsBefore);
    expect(filesIn()).toBe(files);
  });

  it('an invited visitor consents on the invitation page with their photo; a check-in at the kiosk can carry it too', async () => {
    const r = await t.api.addAppointment(
      { empid: host, appointmentDate: Date.now() + 600_000, visitors: [{ name: 'Ines Invited', phone: '13911110005' }] },
      a.token,
    );
    const v = r.result[0];
    const secid = new URL(v?.inviteLink ?? 'http://x').searchParams.get('token') ?? '';
    expect((await t.api.updateAppointmentReply({ id: secid, status: 3 })).status).toBe(0);
    const page = (await t.api.getAppointmentbySecId({ secid })).result;
    expect(page).toMatchObject({ faceConsent: consent, faceConsented: false });
    const bytes = await facePhoto();
    const sent = await t.upload<{ faceConsented: boolean }>(
      'uploadAppointmentPhoto',
      { name: 'me.jpg', bytes },
      { secid, faceConsent: String(consent.en.id) },
    );
    expect(sent.status).toBe(0);
    expect(sent.result.faceConsented).toBe(true);
    expect((await t.api.GetVisitorByVid({ vid: v?.vid ?? 0 }, a.token)).result.faceConsent).toMatchObject({ via: 'invitation', lang: 'en' });

    // A second invitation: checked in at the kiosk with a photo and the consent.
    const other = (
      await t.api.addAppointment(
        { empid: host, appointmentDate: Date.now() + 60_000, visitors: [{ name: 'Kim Kiosk', phone: '13911110006' }] },
        a.token,
      )
    ).result[0];
    const checkedIn = await t.call<{ vid: number }>(
      'AppClientSignin',
      { verifyCode: other?.code, photo: await faceDataUrl(), faceConsent: consent.zh.id },
      kiosk.token,
    );
    expect(checkedIn.status).toBe(0);
    expect((await t.api.GetVisitorByVid({ vid: other?.vid ?? 0 }, a.token)).result.faceConsent).toMatchObject({ via: 'kiosk', lang: 'zh' });
  });

  it('counts the faces held against the threshold, and warns near it', async () => {
    const held = (await t.api.getFaceHoldings({}, a.token)).result;
    // Walk-ins 0001–0003 (one without consent: its photo is still held), the invitation's and the kiosk's.
    expect(held).toMatchObject({
      faces: { employees: 0, visitors: 5, workers: 0, total: 5 },
      threshold: DEFAULT_FACE_THRESHOLD,
      warning: false,
      consents: { given: 4, withdrawn: 0 },
    });
    expect((await t.api.setFaceThreshold({ threshold: 5 }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.setFaceThreshold({ threshold: 100 }, a.token)).result).toEqual({ threshold: 100 });
    expect((await t.api.getFaceHoldings({}, a.token)).result).toMatchObject({ threshold: 100, warning: false });
    // Another company's count is its own.
    expect((await t.api.getFaceHoldings({}, b.token)).result.faces.total).toBe(0);
    expect((await t.api.setFaceThreshold({ threshold: null }, a.token)).result).toEqual({ threshold: DEFAULT_FACE_THRESHOLD });
    expect((await t.call('getFaceHoldings', {}, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('a new version is shown from then on; a version visitors accepted stays and cannot be deleted; one nobody accepted can', async () => {
    const listed = (await t.api.listAgreementVersions({ kind: 'face' }, a.token)).result.versions;
    expect(listed.map((v) => [v.lang, v.version, v.current, v.accepted > 0])).toEqual([
      ['en', 1, true, true],
      ['zh', 1, true, true],
    ]);
    // Markup is reduced to its words; an empty text is refused on the field.
    expect((await t.call('addAgreementVersion', { kind: 'face', lang: 'en', text: '<p> </p>' }, a.token)).result).toEqual({
      errors: [{ field: 'text', rule: 'required' }],
    });
    expect((await t.call('addAgreementVersion', { kind: 'protocol', lang: 'en', text: 'Terms' }, a.token)).status).toBe(Status.BAD_PARAMS);
    const v2 = await t.api.addAgreementVersion({ kind: 'face', lang: 'en', text: '<b>Face recognition</b> is optional.' }, a.token);
    expect(v2.result).toMatchObject({
      version: 2,
      lang: 'en',
      text: 'Face recognition is optional.',
      current: true,
      accepted: 0,
      createdBy: expect.any(String),
    });
    const now = (await t.api.getPadConfig({}, kiosk.token)).result.faceConsent;
    expect([now.en.version, now.zh.version]).toEqual([2, 1]);
    // The version accepted before keeps its words and its record.
    const shown = (await t.api.GetVisitorByVid({ vid: (await walkIn('13911110007', { faceConsent: consent.en.id })).result.vid }, a.token)).result;
    expect(shown.faceConsent?.version).toBe(1);
    const refused = await t.call('deleteAgreementVersion', { id: consent.en.id }, a.token);
    expect([refused.status, refused.reason]).toEqual([
      Status.UPDATE_NOT_ALLOWED,
      'Visitors accepted this version: the record keeps the words they read',
    ]);
    // Another company cannot see or delete it; a staff account cannot write versions.
    expect((await t.call('deleteAgreementVersion', { id: v2.result.id }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('addAgreementVersion', { kind: 'face', lang: 'en', text: 'x' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    // Version 2, accepted by nobody, goes: version 1 is current again.
    expect((await t.api.deleteAgreementVersion({ id: v2.result.id }, a.token)).result).toEqual({ id: v2.result.id });
    expect((await t.api.getPadConfig({}, kiosk.token)).result.faceConsent.en).toEqual(consent.en);
    // The only version of Chinese, even unaccepted elsewhere, stays (the kiosk must show something).
    const { id: zhOnly } = (await t.api.listAgreementVersions({ kind: 'face' }, b.token)).result.versions.find((v) => v.lang === 'zh') ?? { id: 0 };
    expect((await t.call('deleteAgreementVersion', { id: zhOnly }, b.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
  });
});
