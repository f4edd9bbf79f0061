import { INVITE_REMINDER_HOURS, Status } from '@openvisit/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedEmployee, seedStaff, type TestApp, testApp } from '../../../test/harness.js';
import { startFakeProvider } from '../../../test/notify-fakes.js';
import { mimeParts, startSmtp } from '../../../test/smtp.js';
import { companies, invitationSnapshots, jobs, mails, messages, visits } from '../../db/schema/index.js';

interface V {
  vid: number;
  inviteLink: string;
  code: string;
  status: string;
}
interface Page {
  templateType: number;
  inviteContent: string;
  address: string;
  traffic: string;
  companyProfile: string;
  longitude: number | null;
  latitude: number | null;
  lang: string;
}

const tokenOf = (v: V) => new URL(v.inviteLink).searchParams.get('token') ?? '';
const HOUR = 3_600_000;

describe('invitations sent with their template', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let host: number;
  let empToken: string;
  let gate: number;
  const invite = (body: Record<string, unknown>, token = a.token) =>
    t.call<V[]>('addAppointment', { empid: host, appointmentDate: Date.now() + 86_400_000, ...body }, token);
  const mailTo = async (to: string) => (await t.db.select().from(mails).where(eq(mails.to, to)).orderBy(desc(mails.id)))[0];

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    const emp = await seedEmployee(t, a.id);
    empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || '{"permissionSwitch":1}'::jsonb` })
      .where(eq(companies.id, a.id));
    gate = (await t.api.addGate({ gname: 'East gate' }, a.token)).result.gid;
  });
  afterAll(() => t.close());

  it('without any template the standard invitation goes out, with no template texts', async () => {
    const [v] = (await invite({ visitors: [{ name: 'Plain Guest', email: 'plain@example.com', lang: 'en' }] })).result;
    const page = await t.api.getAppointmentbySecId({ secid: tokenOf(v as V) });
    expect(page.result).toMatchObject({ templateType: 0, inviteContent: '', address: '', traffic: '', companyProfile: '' });
    const [snap] = await t.db
      .select()
      .from(invitationSnapshots)
      .where(eq(invitationSnapshots.visitId, v?.vid ?? 0));
    expect(snap).toMatchObject({ source: '', templateId: null, templateType: 0 });
    expect((await mailTo('plain@example.com'))?.text).toContain('Host One invites you to visit on');
  });

  it('resolves own → gate → default at send time, in each visitor’s language, and keeps the texts sent', async () => {
    const def = await t.api.addUserTemplate(
      {
        templateType: 1,
        inviteContent: '欢迎商务来访',
        inviteContentEn: 'Welcome to Alpha.',
        address: '朝阳路 1 号',
        addressEn: '1 Chaoyang Road',
        traffic: '地铁 6 号线',
        companyProfile: 'Alpha 是一家公司',
        companyProfileEn: 'Alpha makes things.',
        longitude: 116.4,
        latitude: 39.9,
      },
      a.token,
    );
    await t.call('addUserTemplate', { templateType: 1, gid: gate, inviteContent: '东门商务', inviteContentEn: 'East gate business' }, a.token);
    const [zh, en] = (
      await invite({
        templateType: 1,
        visitors: [
          { name: '中文访客', phone: '13911112222', lang: 'zh' },
          { name: 'English Guest', phone: '13911113333', lang: 'en' },
        ],
      })
    ).result as [V, V];
    const zhPage = (await t.api.getAppointmentbySecId({ secid: tokenOf(zh) })).result;
    expect(zhPage).toMatchObject({
      templateType: 1,
      inviteContent: '欢迎商务来访',
      address: '朝阳路 1 号',
      traffic: '地铁 6 号线',
      companyProfile: 'Alpha 是一家公司',
      longitude: 116.4,
      latitude: 39.9,
    });
    // English, with the Chinese text where no English one was written.
    const enPage = (await t.call<Page>('getAppointmentbySecId', { secid: tokenOf(en) })).result;
    expect(enPage).toMatchObject({
      inviteContent: 'Welcome to Alpha.',
      address: '1 Chaoyang Road',
      traffic: '地铁 6 号线',
      companyProfile: 'Alpha makes things.',
    });

    // At the gate: the gate's template.
    const [atGate] = (await invite({ templateType: 1, gid: gate, visitors: [{ name: '东门访客', phone: '13911114444' }] })).result as [V];
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(atGate) })).result.inviteContent).toBe('东门商务');
    // The host's own template first (an employee inviting as themselves).
    await t.call('addEmptemplate', { templateType: 1, inviteContent: '张三的商务邀请' }, empToken);
    const [own] = (await invite({ templateType: 1, gid: gate, visitors: [{ name: '员工访客', phone: '13911115555' }] }, empToken)).result as [V];
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(own) })).result.inviteContent).toBe('张三的商务邀请');
    const [snap] = await t.db.select().from(invitationSnapshots).where(eq(invitationSnapshots.visitId, own.vid));
    expect(snap?.source).toBe('employee');

    // Later edits and deletion do not change invitations already sent.
    await t.api.updateUserTemplate({ id: def.result.id, templateType: 1, inviteContent: '改过的', inviteContentEn: 'Changed' }, a.token);
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(zh) })).result.inviteContent).toBe('欢迎商务来访');
    await t.api.delUsertemplate({ id: def.result.id }, a.token);
    expect((await t.call<Page>('getAppointmentbySecId', { secid: tokenOf(en) })).result.inviteContent).toBe('Welcome to Alpha.');
    // Interview invitations do not take the business templates.
    const [interview] = (await invite({ templateType: 0, gid: gate, visitors: [{ name: '面试者', phone: '13911116666' }] })).result as [V];
    expect((await t.api.getAppointmentbySecId({ secid: tokenOf(interview) })).result).toMatchObject({ templateType: 0, inviteContent: '' });
  });

  it('the mail escapes what people typed and keeps the template’s line breaks; the QR pass is an inline attachment', async () => {
    await t.api.addUserTemplate({ templateType: 0, inviteContent: 'Line one\nParking: 5 < 10 min & "free"', address: 'Gate "A" & B' }, a.token);
    const sent = await invite({
      templateType: 0,
      visitReason: '<script>alert(1)</script> & <b>more</b>',
      visitors: [{ name: 'Eve', email: 'eve@example.com', lang: 'en' }],
    });
    expect(sent.status).toBe(0);
    const mail = await mailTo('eve@example.com');
    expect(mail?.html).not.toMatch(/<script|<b>more/);
    expect(mail?.html).toContain('Purpose: &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#60;b&#62;more&#60;/b&#62;');
    expect(mail?.html).toContain('Line one<br>\nParking: 5 &#60; 10 min &#38; &#34;free&#34;');
    expect(mail?.html).toContain('Gate &#34;A&#34; &#38; B');
    expect(mail?.html).toContain('src="cid:pass@openvisit"');
    expect(mail?.text).toContain('Parking: 5 < 10 min & "free"');
    expect(mail?.attachments).toEqual([expect.objectContaining({ cid: 'pass@openvisit', contentType: 'image/png', filename: 'pass.png' })]);
  });

  it('queues one reminder per invitation with an email, due hours before; skipped once cancelled; a cancellation mail instead', async () => {
    const at = Date.now() + 26 * HOUR;
    const [kept, called] = (
      await invite({
        appointmentDate: at,
        visitors: [
          { name: 'Reminded', email: 'remind@example.com', lang: 'en' },
          { name: '取消者', email: 'cancel@example.com', lang: 'zh' },
        ],
      })
    ).result as [V, V];
    const [noEmail] = (await invite({ appointmentDate: at, visitors: [{ name: '无邮箱', phone: '13922221111' }] })).result as [V];
    const reminders = await t.db.select().from(jobs).where(eq(jobs.kind, 'invitations.reminder'));
    const keyed = new Map(reminders.map((j) => [j.key, j]));
    expect(keyed.get(`invitations.reminder:${kept.vid}`)?.runAt.getTime()).toBe(at - INVITE_REMINDER_HOURS * HOUR);
    expect(keyed.has(`invitations.reminder:${called.vid}`)).toBe(true);
    expect(keyed.has(`invitations.reminder:${noEmail.vid}`)).toBe(false);

    const cancelled = await t.api.setCancelStatusForWeb({ vid: called.vid }, a.token);
    expect(cancelled.result.status).toBe('ended');
    const cancelMail = await mailTo('cancel@example.com');
    expect(cancelMail?.subject).toMatch(/^Alpha 已取消 .* 的来访邀请$/);
    expect(cancelMail?.text).toContain('取消者，您好：');
    expect(cancelMail?.text).toContain('Host One 已取消邀请您于');
    expect(cancelMail?.text).not.toContain('/invite?token=');

    // Due now: the one still coming is reminded (in English, with the pass), the cancelled one is not.
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(inArray(jobs.key, [`invitations.reminder:${kept.vid}`, `invitations.reminder:${called.vid}`]));
    const lastId = (await t.db.select({ id: sql<number>`coalesce(max(${mails.id}), 0)::int` }).from(mails))[0]?.id ?? 0;
    await t.services.jobs.runDue();
    const fresh = await t.db.select().from(mails).where(sql`${mails.id} > ${lastId}`);
    expect(fresh.map((m) => m.to)).toEqual(['remind@example.com']);
    expect(fresh[0]?.subject).toMatch(/^Reminder: your visit to Alpha — /);
    expect(fresh[0]?.text).toContain(`Check-in code ${kept.code}`);
    expect(fresh[0]?.attachments).toHaveLength(1);
    const states = await t.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(inArray(jobs.key, [`invitations.reminder:${kept.vid}`, `invitations.reminder:${called.vid}`]));
    expect(states.map((s) => s.state)).toEqual(['done', 'done']);
  });

  it('no reminder for a visitor who has checked in, nor when the visit is too close to remind', async () => {
    const at = Date.now() + 60_000;
    const [soon] = (await invite({ appointmentDate: at, visitors: [{ name: 'Soon', email: 'soon@example.com', lang: 'en' }] })).result as [V];
    expect(
      (
        await t.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `invitations.reminder:${soon.vid}`))
      ).length,
    ).toBe(0);

    const [later] = (await invite({ appointmentDate: Date.now() + 5 * HOUR, visitors: [{ name: 'Early bird', email: 'early@example.com' }] }))
      .result as [V];
    await t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || '{"preExtendTime":600}'::jsonb` })
      .where(eq(companies.id, a.id));
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.AppClientSignin({ verifyCode: later.code }, kiosk.token)).result.status).toBe('signedIn');
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.key, `invitations.reminder:${later.vid}`));
    await t.services.jobs.runDue();
    const reminded = await t.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, 'early@example.com'), sql`${mails.subject} like '来访提醒%'`));
    expect(reminded).toEqual([]);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `invitations.reminder:${later.vid}`));
    expect(job?.state).toBe('done');
  });

  it('an employee cancelling their own invitation mails the visitor too; another’s is 1117 and mails nobody', async () => {
    const [mine] = (await invite({ visitors: [{ name: 'Mine', email: 'mine@example.com', lang: 'en' }] }, empToken)).result as [V];
    const [theirs] = (await invite({ visitors: [{ name: 'Theirs', email: 'theirs@example.com', lang: 'en' }] })).result as [V];
    expect((await t.api.setCancelStatusForWeb({ vid: theirs.vid }, empToken)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.db.select().from(mails).where(eq(mails.to, 'theirs@example.com'))).map((m) => m.subject)).toEqual([
      expect.stringMatching(/invites you/),
    ]);
    expect((await t.api.setCancelStatusForWeb({ vid: mine.vid }, empToken)).status).toBe(0);
    expect((await mailTo('mine@example.com'))?.subject).toMatch(/^Alpha has called off your visit — /);
  });
});

describe('invitations by SMS to visitors without an email', () => {
  it('with SMS on: the invitation and its cancellation reach the phone with the link and code; with SMS off, nothing', async () => {
    const sms = await startFakeProvider('sms-secret');
    const t = await testApp({ notify: { timeoutMs: 3000, maxResponseBytes: 64 * 1024 } });
    try {
      const a = await seedCompany(t, 'Alpha');
      const host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
      const invite = (name: string, phone: string) =>
        t.call<V[]>('addAppointment', { empid: host, appointmentDate: Date.now() + 86_400_000, visitors: [{ name, phone, lang: 'en' }] }, a.token);
      const smsTo = (phone: string) =>
        t.db
          .select()
          .from(messages)
          .where(and(eq(messages.channel, 'sms'), eq(messages.to, phone)))
          .orderBy(messages.id);

      // SMS off: a phone-only visitor gets the link from the host, no message is recorded.
      await invite('Quiet Guest', '13900000001');
      expect(await smsTo('13900000001')).toEqual([]);

      const on = await t.call(
        'updateSMSConf',
        { smsNotify: 1, endpoint: sms.url, appKey: 'k1', appSecret: 'sms-secret', signature: '【Alpha】', smsQuota: 10 },
        a.token,
      );
      expect(on.status, on.reason).toBe(0);
      const [v] = (await invite('Phone Guest', '13900000002')).result as [V];
      await t.services.jobs.runDue();
      const [sent] = await smsTo('13900000002');
      expect(sent).toMatchObject({ visitId: v.vid, toName: 'Phone Guest', state: 'sent' });
      // The record keeps the link's token sealed; the provider is handed the link itself.
      expect(sent?.text).not.toContain(v.inviteLink);
      expect(t.services.outbox.opened(sent?.text ?? '')).toContain(`Check-in code ${v.code}. Invitation: ${v.inviteLink}`);
      expect(JSON.stringify(sms.received.at(-1)?.body)).toContain(v.inviteLink);
      expect(sent?.text).toMatch(/^Phone Guest, Host One invites you to Alpha on /);
      expect(sms.received.at(-1)?.body).toMatchObject({ to: '13900000002' });

      expect((await t.api.setCancelStatusForWeb({ vid: v.vid }, a.token)).status).toBe(0);
      await t.services.jobs.runDue();
      const told = await smsTo('13900000002');
      expect(told.map((m) => m.text.replace(/ on .*;/, ' on …;'))).toEqual([
        expect.stringContaining('invites you'),
        'Phone Guest, Host One has called off your visit to Alpha on …; the check-in code no longer works.',
      ]);
      // Nobody with an email is texted: their invitation is mailed.
      await t.api.addAppointment(
        { empid: host, appointmentDate: Date.now() + 86_400_000, visitors: [{ name: 'Mail Guest', phone: '13900000003', email: 'mg@example.com' }] },
        a.token,
      );
      expect(await smsTo('13900000003')).toEqual([]);
    } finally {
      await t.close();
      await sms.close();
    }
  });
});

describe('the invitation mail through SMTP', () => {
  it('arrives with the QR pass as an inline PNG the kiosk can read', async () => {
    const smtp = await startSmtp();
    const t = await testApp({ smtpUrl: smtp.url });
    try {
      const a = await seedCompany(t, 'Mail Co');
      const host = (await t.api.addEmployee({ employee_name: 'Host Two', phone: '13800002222' }, a.token)).result.empid;
      await t.api.addUserTemplate({ templateType: 0, inviteContent: '欢迎\n第二行', address: '人民路 8 号' }, a.token);
      const r = await t.call<V[]>(
        'addAppointment',
        {
          empid: host,
          appointmentDate: Date.now() + 60_000,
          visitors: [{ name: '扫码访客', email: 'scan@example.com', lang: 'zh' }],
        },
        a.token,
      );
      expect(r.status).toBe(0);
      const [v] = r.result as [V];
      await t.services.jobs.runDue();
      expect(smtp.received.map((m) => m.to)).toEqual([['scan@example.com']]);
      const parts = mimeParts(smtp.received[0]?.raw ?? '');
      const html = parts.find((p) => /content-type:\s*text\/html/i.test(p.headers))?.body.toString('utf8') ?? '';
      expect(html).toContain('src="cid:pass@openvisit"');
      expect(html).toMatch(/欢迎<br>\r?\n第二行/);
      expect(html).toContain('人民路 8 号');
      const png = parts.find((p) => /content-id:\s*<pass@openvisit>/i.test(p.headers));
      expect(png?.headers).toMatch(/content-type:\s*image\/png/i);
      expect(png?.headers).toMatch(/content-disposition:\s*inline/i);
      expect(png?.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      // The picture reads as the visit's signed pass (the one the invitation page shows); a pass with another code or
      // signature is refused (1112), and the real one checks the visitor in at the kiosk.
      const { data, info } = await sharp(png?.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const pass = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '';
      expect(pass).toMatch(new RegExp(`^OV3${v.code}[A-Za-z0-9]{16}$`));
      const page = await t.api.getAppointmentbySecId({ secid: tokenOf(v) });
      expect(page.result.pass).toBe(pass);
      const kiosk = await seedStaff(t, a.id, 4);
      const other = String((Number(v.code) + 1) % 100_000_000).padStart(8, '0');
      for (const forged of [
        pass.replace(v.code, other),
        `${pass.slice(0, -1)}${pass.endsWith('A') ? 'B' : 'A'}`,
        'OV1-12345678',
        'OV1-x',
        'OV312345678',
      ])
        expect((await t.api.AppClientSignin({ verifyCode: forged }, kiosk.token)).status, forged).toBe(Status.QRCODE_FORMAT_ERROR);
      // Codes are unique per company only: another company's kiosk refuses the pass even for its own visit of that code.
      const b = await seedCompany(t, 'Other Mail Co');
      const bHost = (await t.api.addEmployee({ employee_name: 'Host Three', phone: '13800003333' }, b.token)).result.empid;
      const bInvite = await t.call<V[]>(
        'addAppointment',
        { empid: bHost, appointmentDate: Date.now() + 60_000, visitors: [{ name: '同码访客', phone: '13900003333' }] },
        b.token,
      );
      await t.db
        .update(visits)
        .set({ code: v.code })
        .where(eq(visits.id, (bInvite.result as [V])[0].vid));
      const bKiosk = await seedStaff(t, b.id, 4);
      expect((await t.api.AppClientSignin({ verifyCode: pass }, bKiosk.token)).status).toBe(Status.QRCODE_FORMAT_ERROR);
      expect((await t.api.AppClientSignin({ verifyCode: pass }, kiosk.token)).result.status).toBe('signedIn');
      // Signed in, the page keeps the pass for the doors (no code to type any more); rotating codes make it an OV2 pass
      // the page fetches again.
      const inside = (await t.api.getAppointmentbySecId({ secid: tokenOf(v) })).result;
      expect(inside).toMatchObject({ status: 'signedIn', code: null, pass, passRefreshMs: null });
      await t.api.updateCryptoperiod({ cryptoperiod: 5 }, a.token);
      const rotating = (await t.api.getAppointmentbySecId({ secid: tokenOf(v) })).result;
      expect(rotating.pass).toMatch(new RegExp(`^OV2-${v.code}-\\d+-[A-Za-z0-9_-]{16}$`));
      expect(rotating.passRefreshMs).toBe(60_000);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
