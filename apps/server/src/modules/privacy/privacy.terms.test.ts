import { type AgreementRecord, type AgreementTexts, Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf.js';
import { visits } from '../../db/schema/index.js';

/**
 * The safety terms in versions (issue 41): each change in the kiosk settings a version by whom; a visit records the
 * version and language accepted (its PDF shows them, whatever the terms say later); a returning visitor is not asked
 * again while the text is the same; who accepted which version is reported; a version in use is kept.
 */
describe('versioned safety terms', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: { token: string };
  let kiosk: { token: string };
  let host: number;

  const setTerms = (zh: string, en = '', token = a.token) => t.api.updateSecureProtocol({ secureProtocol: zh, secureProtocolEn: en }, token);
  const terms = async (token = kiosk.token) => (await t.api.getPadConfig({}, token)).result.protocol as AgreementTexts;
  const versions = async () => (await t.api.listAgreementVersions({ kind: 'protocol' }, a.token)).result.versions;
  const walkIn = (phone: string, extra: Record<string, unknown> = {}, token = kiosk.token) =>
    t.call<{ vid: number }>('UpdatePhoto', { vname: 'Tess Terms', vphone: phone, empid: host, ...extra }, token);
  const accepted = async (vid: number) => (await t.api.GetVisitorByVid({ vid }, a.token)).result.protocol;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, Role.GATE);
    kiosk = await seedStaff(t, a.id, Role.MACHINE);
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800003333' }, a.token)).result.empid;
    await t.api.updateComeAgain({ comeAgain: 1 }, a.token);
  });
  afterAll(() => t.close());

  it('no terms, no versions and nothing asked; each change of the terms is a version by whom, the same words none', async () => {
    expect((await t.api.getPadConfig({}, kiosk.token)).result.protocol).toBeNull();
    expect((await walkIn('13911112000')).status).toBe(0);
    expect(await versions()).toEqual([]);
    await setTerms('佩戴安全帽。');
    const first = await terms();
    // No English text: an English visitor reads the Chinese one, and that is what they accept.
    expect(first.zh).toMatchObject({ version: 1, lang: 'zh', text: '佩戴安全帽。' });
    expect(first.en).toEqual(first.zh);
    await setTerms('佩戴安全帽。', 'Wear a helmet.');
    await setTerms('佩戴安全帽。', 'Wear a helmet.');
    const listed = await versions();
    expect(listed.map((v: AgreementRecord) => [v.lang, v.version, v.current, v.createdBy])).toEqual([
      ['en', 1, true, expect.any(String)],
      ['zh', 1, true, expect.any(String)],
    ]);
    expect(listed[0]?.createdBy).not.toBe('');
    expect((await terms()).en).toMatchObject({ version: 1, lang: 'en', text: 'Wear a helmet.' });
  });

  it('a registration records the version shown and its language; the PDF shows them after the terms change', async () => {
    const shown = await terms();
    const r = await walkIn('13911112001', { protocolAccepted: true, protocolVersion: shown.en.id, lang: 'en' });
    expect(r.status).toBe(0);
    expect(await accepted(r.result.vid)).toMatchObject({ version: 1, lang: 'en', via: 'kiosk' });
    // At the desk without the id: the current version in the visit's language.
    const atDesk = await walkIn('13911112002', { protocolAccepted: true, lang: 'zh' }, desk.token);
    expect(await accepted(atDesk.result.vid)).toMatchObject({ version: 1, lang: 'zh', via: 'desk' });
    await setTerms('佩戴安全帽与护目镜。', 'Wear a helmet and goggles.');
    const day = new Date((await t.api.GetVisitorByVid({ vid: r.result.vid }, a.token)).result.visitdate ?? 0);
    const name = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}_${r.result.vid}.pdf`;
    const res = await t.app.inject({ method: 'GET', url: `/pdf/${name}`, headers: { 'x-coolvisit-token': a.token } });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Version 1 (English), accepted');
    expect(text).toContain('Wear a helmet.');
    expect(text).not.toContain('goggles');
  });

  it('a returning visitor is not asked again while the text is the same, and is once it changed', async () => {
    const now = await terms();
    const first = await walkIn('13911112003', { protocolAccepted: true, protocolVersion: now.zh.id, lang: 'zh' });
    expect(first.status).toBe(0);
    const back = (await t.api.getVisitorAppointmentByPhone({ phone: '13911112003' }, kiosk.token)).result;
    expect(back.protocolsAccepted).toEqual([now.zh.id]);
    // Without accepting again: carried over from the earlier visit, with its time.
    const again = await walkIn('13911112003', { lang: 'zh' });
    expect(again.status).toBe(0);
    const carried = await accepted(again.result.vid);
    expect(carried).toMatchObject({ version: now.zh.version, lang: 'zh', via: 'earlier' });
    expect(carried?.at).toBe((await accepted(first.result.vid))?.at);
    // In English they have accepted nothing yet: asked.
    const english = await walkIn('13911112003', { lang: 'en' });
    expect(english.result).toMatchObject({ errors: [{ field: 'protocolAccepted', rule: 'required' }] });
    await setTerms('佩戴安全帽、护目镜与安全鞋。', 'Wear a helmet and goggles.');
    expect((await t.api.getVisitorAppointmentByPhone({ phone: '13911112003' }, kiosk.token)).result.protocolsAccepted).toEqual([]);
    const changed = await walkIn('13911112003', { lang: 'zh' });
    expect(changed.result).toMatchObject({ errors: [{ field: 'protocolAccepted', rule: 'required' }] });
  });

  it('an invited visitor who accepted these terms before checks in without them', async () => {
    const now = await terms();
    await walkIn('13911112004', { protocolAccepted: true, protocolVersion: now.zh.id, lang: 'zh' });
    const invite = (phone: string) =>
      t.call<{ code: string; vid: number }[]>(
        'addAppointment',
        { empid: host, appointmentDate: Date.now() + 60_000, visitors: [{ name: 'Tess Terms', phone }] },
        a.token,
      );
    const known = (await invite('13911112004')).result[0];
    const r = await t.call<{ vid: number; status: string }>('AppClientSignin', { verifyCode: known?.code }, kiosk.token);
    expect(r.result).toMatchObject({ status: 'signedIn' });
    expect(await accepted(r.result.vid)).toMatchObject({ via: 'earlier', lang: 'zh' });
    const stranger = (await invite('13911112005')).result[0];
    expect((await t.call('AppClientSignin', { verifyCode: stranger?.code }, kiosk.token)).result).toMatchObject({
      errors: [{ field: 'protocolAccepted', rule: 'required' }],
    });
    const signed = await t.call('AppClientSignin', { verifyCode: stranger?.code, protocolAccepted: true, protocolVersion: now.en.id }, kiosk.token);
    expect(signed.status).toBe(0);
  });

  it('a version that is not this company’s terms is refused on the field, and nothing is stored', async () => {
    await t.api.updateSecureProtocol({ secureProtocol: '他们的条款' }, b.token);
    const bKiosk = await seedStaff(t, b.id, Role.MACHINE);
    const theirs = (await terms(bKiosk.token)).zh.id;
    const face = (await t.api.getPadConfig({}, kiosk.token)).result.faceConsent.zh.id;
    const count = async () => (await t.db.select({ id: visits.id }).from(visits).where(eq(visits.companyId, a.id))).length;
    const before = await count();
    for (const id of [theirs, face, 2_000_000_000]) {
      expect((await walkIn('13911112006', { protocolAccepted: true, protocolVersion: id })).result).toMatchObject({
        errors: [{ field: 'protocolVersion', rule: 'notFound' }],
      });
    }
    expect(await count()).toBe(before);
  });

  it('who accepted which version; a version in use or current is kept, an unused old one goes; another company’s is not found', async () => {
    // A version current only for a moment, which nobody accepted.
    await setTerms('片刻的条款。', 'Wear a helmet and goggles.');
    await setTerms('佩戴安全帽、护目镜与安全鞋。', 'Wear a helmet and goggles.');
    const listed = await versions();
    // zh version 2: accepted at a first visit and carried over to the next.
    const zh2 = listed.find((v: AgreementRecord) => v.lang === 'zh' && v.version === 2);
    expect(zh2?.accepted).toBe(2);
    const report = (await t.api.listAgreementAcceptances({ id: zh2?.id ?? 0 }, a.token)).result;
    expect(report.count).toBe(2);
    expect(report.list.map((r) => [r.name, r.host, r.via])).toEqual([
      ['Tess Terms', 'Host Person', 'earlier'],
      ['Tess Terms', 'Host Person', 'kiosk'],
    ]);
    expect((await t.api.listAgreementAcceptances({ id: zh2?.id ?? 0 }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.deleteAgreementVersion({ id: zh2?.id ?? 0 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const current = listed.find((v: AgreementRecord) => v.lang === 'zh' && v.current);
    expect(current?.version).toBe(5);
    expect((await t.api.deleteAgreementVersion({ id: current?.id ?? 0 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const unused = listed.find((v: AgreementRecord) => v.lang === 'zh' && v.version === 4);
    expect(unused).toMatchObject({ accepted: 0, text: '片刻的条款。' });
    expect((await t.api.deleteAgreementVersion({ id: unused?.id ?? 0 }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.deleteAgreementVersion({ id: unused?.id ?? 0 }, a.token)).status).toBe(0);
    expect((await versions()).map((v: AgreementRecord) => `${v.lang}${v.version}`)).not.toContain('zh4');
  });
});
