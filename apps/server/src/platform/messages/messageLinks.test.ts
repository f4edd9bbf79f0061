import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { mimeParts, startSmtp } from '../../../test/smtp.js';
import { jobs, mails } from '../../db/schema/index.js';

/** The decoded text of every part of a delivered mail. */
function deliveredText(raw: string): string {
  return mimeParts(raw)
    .map((p) => p.body.toString('utf8'))
    .join('\n');
}

/** A token of a link in a text (reset, activation or invitation). */
const LINK_TOKEN = /\/(?:reset|active|invite)\?token=([A-Za-z0-9_-]{20,})/;

// The database keeps a link's token hashed; its delivery record must not keep it readable beside the hash (the
// `mails` table held password-reset and invitation links in clear). The mail that reaches the person still has a
// working link, on a retry too.
describe('links in delivery records', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await testApp({ smtpUrl: smtp.url });
    a = await seedCompany(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const stored = async (to: string) => {
    const rows = await t.db.select().from(mails).where(eq(mails.to, to));
    return rows.map((r) => `${r.subject}\n${r.text}\n${r.html}`).join('\n');
  };
  const deliveredTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => deliveredText(m.raw));

  it('a password-reset mail: the record holds no token, the delivered link works, after a retry too', async () => {
    smtp.state.refusing = '451 try again later';
    expect((await t.api.RetrievePassword({ email: a.email, digest: '' })).status).toBe(0);
    // The recovery job, then the mail's delivery it queued.
    expect(await t.services.jobs.runDue()).toBe(2);
    expect(deliveredTo(a.email)).toEqual([]);
    smtp.state.refusing = undefined;
    await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(sql`true`);
    expect(await t.services.jobs.runDue()).toBe(1);
    const [mail] = deliveredTo(a.email);
    const token = LINK_TOKEN.exec(mail ?? '')?.[1];
    expect(token, mail).toBeDefined();
    const record = await stored(a.email);
    expect(record).not.toContain(token);
    expect(record).not.toMatch(LINK_TOKEN);
    expect((await t.api.ModifyPassword({ token: token ?? '', password: 'Another#2026' })).status).toBe(0);
  });

  it('an activation mail: the record holds no token, the delivered link activates', async () => {
    const email = 'founder.links@example.com';
    const r = await t.api.Register({ email, password: 'Visit0r!2026', company: 'Links Co', username: 'Ann', phone: '13800138000', lang: 'en' });
    expect(r.status).toBe(0);
    expect(await t.services.jobs.runDue()).toBe(1);
    const token = LINK_TOKEN.exec(deliveredTo(email)[0] ?? '')?.[1];
    expect(token).toBeDefined();
    expect(await stored(email)).not.toContain(token);
    expect((await t.api.webActivateAccount({ token: token ?? '' })).status).toBe(0);
  });

  it('an invitation mail: the record holds no token, the delivered link opens the invitation', async () => {
    const c = await seedCompany(t); // the reset above ended a's sessions
    const host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, c.token)).result.empid;
    const r = await t.api.addAppointment(
      { empid: host, appointmentDate: Date.now() + 86_400_000, visitors: [{ name: 'Ann Lee', email: 'ann.links@example.com', lang: 'en' }] },
      c.token,
    );
    expect(r.status).toBe(0);
    await t.services.jobs.runDue();
    const token = LINK_TOKEN.exec(deliveredTo('ann.links@example.com')[0] ?? '')?.[1];
    expect(token).toBeDefined();
    expect(await stored('ann.links@example.com')).not.toContain(token);
    expect((await t.api.getAppointmentbySecId({ secid: token ?? '' })).result).toMatchObject({ vname: 'Ann Lee' });
  });
});
