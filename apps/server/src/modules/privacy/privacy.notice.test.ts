import { type AgreementTexts, Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf.js';
import { privacyPageUrl } from '../../platform/privacyLink.js';

/**
 * The privacy notice in versions (issue 41): the product's text until the company writes its own, each version per
 * language; the kiosk and the visitor's privacy page show the current one; a registration or check-in records the
 * version given, in which language, when and where (the detail and the PDF show it); who was given which version is
 * reported; a version given to visitors is kept.
 */
describe('the privacy notice, in versions', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let kiosk: string;
  let desk: string;
  let host: number;

  const notice = async (token = kiosk) => (await t.api.getPadConfig({}, token)).result.privacyNotice as AgreementTexts;
  const walkIn = (phone: string, extra: Record<string, unknown> = {}, token = kiosk) =>
    t.call<{ vid: number }>('UpdatePhoto', { vname: 'Nora Notice', vphone: phone, empid: host, ...extra }, token);
  const given = async (vid: number) => (await t.api.GetVisitorByVid({ vid }, a.token)).result.privacyNotice;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    kiosk = (await seedStaff(t, a.id, Role.MACHINE)).token;
    desk = (await seedStaff(t, a.id, Role.GATE)).token;
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800006666' }, a.token)).result.empid;
  });
  afterAll(() => t.close());

  it("a company without its own notice shows the product's as version 1, on the kiosk and on its privacy page", async () => {
    const first = await notice();
    expect(first.zh).toMatchObject({ version: 1, lang: 'zh' });
    expect(first.en).toMatchObject({ version: 1, lang: 'en' });
    expect(first.en.text).toMatch(/privacy page/);
    const c = new URL(privacyPageUrl(t.config, t.services.secrets, a.id)).searchParams.get('c') ?? '';
    expect((await t.api.privacyPage({ c })).result.notice).toEqual(first);
  });

  it('a new version is shown from then on and logged; a registration records the version given, its language and where', async () => {
    const added = await t.api.addAgreementVersion({ kind: 'privacy', lang: 'en', text: 'We keep visit records for 90 days.' }, a.token);
    expect(added.result).toMatchObject({ version: 2, current: true });
    const logged = (await t.api.getLogList({ startIndex: 0, requestedCount: 1 }, a.token)).result.list[0];
    expect(logged?.descKey).toBe('privacyNoticeVersionAdded');
    const now = await notice();
    expect(now.en).toMatchObject({ version: 2, text: 'We keep visit records for 90 days.' });
    expect(now.zh.version).toBe(1);

    const shown = await walkIn('13911116001', { privacyNotice: now.en.id, lang: 'en' });
    expect(shown.status, shown.reason).toBe(0);
    expect(await given(shown.result.vid)).toMatchObject({ version: 2, lang: 'en', via: 'kiosk' });
    // Without an id (the desk, an older kiosk): the current version in the visit's language.
    const atDesk = await walkIn('13911116002', { lang: 'zh' }, desk);
    expect(await given(atDesk.result.vid)).toMatchObject({ version: 1, lang: 'zh', via: 'desk' });

    // The PDF says which version the visitor was given.
    const day = new Date((await t.api.GetVisitorByVid({ vid: shown.result.vid }, a.token)).result.visitdate ?? 0);
    const name = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}_${shown.result.vid}.pdf`;
    const res = await t.app.inject({ method: 'GET', url: `/pdf/${name}`, headers: { 'x-coolvisit-token': a.token } });
    expect(await pdfText(res.rawPayload)).toContain('Version 2 (English), given');
  });

  it('a check-in records it too', async () => {
    const invited = await t.call<{ code: string; vid: number }[]>(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 60_000, visitors: [{ name: 'Nora Notice', phone: '13911116003' }] },
      a.token,
    );
    const code = invited.result[0]?.code;
    const now = await notice();
    const r = await t.call<{ vid: number }>('AppClientSignin', { verifyCode: code, privacyNotice: now.zh.id }, kiosk);
    expect(r.status, r.reason).toBe(0);
    expect(await given(r.result.vid)).toMatchObject({ version: 1, lang: 'zh', via: 'kiosk' });
  });

  it('another company’s version or another kind’s is refused on the field, and nothing is stored', async () => {
    const theirs = (await notice((await seedStaff(t, b.id, Role.MACHINE)).token)).zh.id;
    const face = (await t.api.getPadConfig({}, kiosk)).result.faceConsent.zh.id;
    for (const id of [theirs, face]) {
      const r = await walkIn('13911116004', { privacyNotice: id });
      expect(r.status).toBe(Status.BAD_PARAMS);
      expect(r.result).toMatchObject({ errors: [{ field: 'privacyNotice', rule: 'notFound' }] });
    }
    expect((await t.api.SearchVisitByCondition({ phone: '13911116004' }, a.token)).result).toEqual([]);
  });

  it('who was given a version is reported; a version given to visitors, and the only one of its language, are kept', async () => {
    const versions = (await t.api.listAgreementVersions({ kind: 'privacy' }, a.token)).result.versions;
    const en2 = versions.find((v) => v.lang === 'en' && v.version === 2);
    const en1 = versions.find((v) => v.lang === 'en' && v.version === 1);
    expect(en2?.accepted).toBe(1);
    const report = await t.api.listAgreementAcceptances({ id: en2?.id ?? 0 }, a.token);
    expect(report.result.list.map((r) => [r.name, r.via])).toEqual([['Nora Notice', 'kiosk']]);
    expect((await t.call('deleteAgreementVersion', { id: en2?.id }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // Version 1 in English was never given: it goes, and the log says so.
    expect((await t.api.deleteAgreementVersion({ id: en1?.id ?? 0 }, a.token)).status).toBe(0);
    const zh = versions.filter((v) => v.lang === 'zh');
    expect(zh).toHaveLength(1);
    expect((await t.call('deleteAgreementVersion', { id: zh[0]?.id }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // Another company's administrator sees none of it.
    expect((await t.call('listAgreementAcceptances', { id: en2?.id }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
  });
});
