import { NotifyChannel } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type TestApp, testApp } from '../../../test/harness.js';
import { companies, messages, visits } from '../../db/schema/index.js';

/** Arrival notices: the host (and the host's proxy while the delegation runs) is mailed when the visitor checks in. */
describe('arrival notices', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let host: number;
  let proxy: number;
  let quiet: number;
  const mailsTo = (to: string) =>
    t.db
      .select()
      .from(messages)
      .where(and(eq(messages.to, to), eq(messages.channel, 'email')));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
    desk = await seedStaff(t, a.id, 2);
    const add = async (employee_name: string, phone: string, email: string) =>
      (await t.api.addEmployee({ employee_name, phone, email }, a.token)).result.empid;
    host = await add('Helen Host', '13800001111', 'helen@example.com');
    proxy = await add('Pat Proxy', '13800001112', 'pat@example.com');
    quiet = await add('Quiet Host', '13800001113', 'quiet@example.com');
    expect((await t.api.setVisitProxy({ empid: host, proxyId: proxy, startDate: day(-1), endDate: day(1), proxyStatus: 1 }, a.token)).status).toBe(0);
    // Quiet Host takes notices by SMS only.
    expect((await t.api.updateDefaultNotify({ empids: [quiet], defaultNotify: NotifyChannel.SMS }, a.token)).status).toBe(0);
  });
  afterAll(() => t.close());

  it('a walk-in signed in tells the host and the proxy standing in today, in the company language; a retried registration tells nobody again', async () => {
    const body = {
      vname: 'Victor Walker',
      vphone: '13911112222',
      vcompany: 'Visiting Co',
      empid: host,
      clientKey: 'desk-key-0001',
      followers: [{ name: 'Fay' }],
    };
    expect((await t.api.UpdatePhoto(body, desk.token)).status).toBe(0);
    const [toHost] = await mailsTo('helen@example.com');
    expect(toHost?.subject).toBe('Your visitor has arrived: Victor Walker');
    expect(toHost?.text).toContain('Your visitor has arrived.');
    expect(toHost?.text).toMatch(/Victor Walker of Visiting Co \(2 people\) checked in at reception at \d\d:\d\d\./);
    const [toProxy] = await mailsTo('pat@example.com');
    expect(toProxy?.text).toContain('A visitor of Helen Host, for whom you stand in, has arrived.');
    expect((await t.api.UpdatePhoto(body, desk.token)).status).toBe(0);
    expect(await mailsTo('helen@example.com')).toHaveLength(1);
  });

  it('an invited visitor checking in tells the host, in Chinese for a Chinese company; nobody who chose another channel', async () => {
    await t.db.update(companies).set({ lang: 'zh' }).where(eq(companies.id, a.id));
    const [inv] = await t.db
      .insert(visits)
      .values({
        companyId: a.id,
        kind: 'invite',
        status: 'sent',
        name: '王受邀',
        phone: '13933334444',
        code: '55550001',
        appointmentAt: new Date(),
        empId: host,
        empName: 'Helen Host',
      })
      .returning();
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.call('AppClientSignin', { verifyCode: inv?.code }, kiosk.token)).status).toBe(0);
    const toHost = await mailsTo('helen@example.com');
    expect(toHost.map((m) => m.subject)).toContain('访客已到达：王受邀');
    expect(toHost.at(-1)?.text).toContain('您的访客已到达。');

    expect((await t.api.UpdatePhoto({ vname: '赵访客', vphone: '13911113333', empid: quiet }, desk.token)).status).toBe(0);
    expect(await mailsTo('quiet@example.com')).toHaveLength(0);
    // The SMS Quiet Host chose is on record, failed: the company has SMS switched off.
    const [sms] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, a.id), eq(messages.channel, 'sms')));
    expect(sms).toMatchObject({
      to: '13800001113',
      toName: 'Quiet Host',
      state: 'failed',
      error: 'SMS is switched off; turn it on in the notification settings',
    });
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.companyId, a.id), eq(messages.channel, 'email')));
    expect(n?.n).toBe(4);
  });
});
