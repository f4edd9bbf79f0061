import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.js';
import { startSmtp } from '../../../test/smtp.js';
import { jobs, mails } from '../../db/schema/index.js';

describe('mail delivery through SMTP and the jobs table', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await testApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registration mail reaches the SMTP server with the activation link; the record says sent', async () => {
    const r = await t.api.Register({
      email: 'smtp.owner@example.com',
      password: 'Visit0r!2026',
      company: 'Mail Co',
      username: 'Ann Lee',
      phone: '+44 20 7946 0958',
      lang: 'en',
    });
    expect(r.status).toBe(0);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['smtp.owner@example.com']);
    expect(smtp.received[0]?.raw).toMatch(/Subject: .*Activate.your.OpenVisit.account/);
    expect(smtp.received[0]?.raw.replace(/=\r?\n/g, '')).toMatch(
      /http:\/\/openvisit\.test\/active\?token=3D[A-Za-z0-9_-]{20,}|http:\/\/openvisit\.test\/active\?token=[A-Za-z0-9_-]{20,}/,
    );
    const [m] = await t.db.select().from(mails).where(eq(mails.to, 'smtp.owner@example.com'));
    expect(m?.state).toBe('sent');
    expect(m?.sentAt).toBeInstanceOf(Date);
  });
});

describe('mail retries', () => {
  it('a refusing server: the job is retried with backoff, then the mail is marked failed with the reason; the account stays', async () => {
    const smtp = await startSmtp({ refusing: '550 mailbox unavailable' });
    const t = await testApp({ smtpUrl: smtp.url });
    const r = await t.api.Register({
      email: 'refused@example.com',
      password: 'Visit0r!2026',
      company: 'Refused Co',
      username: 'Bob',
      phone: '13800138000',
      lang: 'zh',
    });
    expect(r.status).toBe(0);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await t.services.jobs.runDue()).toBe(1);
      const [job] = await t.db.select().from(jobs);
      expect(job?.attempts).toBe(attempt);
      if (attempt < 5) {
        expect(job?.state).toBe('queued');
        expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());
        await t.db
          .update(jobs)
          .set({ runAt: new Date(0) })
          .where(eq(jobs.id, job?.id ?? 0));
      } else {
        expect(job?.state).toBe('failed');
        expect(job?.lastError).toMatch(/550|mailbox unavailable/);
      }
    }
    const [m] = await t.db.select().from(mails).where(eq(mails.to, 'refused@example.com'));
    expect(m?.state).toBe('failed');
    expect(m?.error).toMatch(/550|mailbox unavailable/);
    expect((await t.api.Login({ email: 'refused@example.com', password: 'Visit0r!2026' })).status).toBe(135);
    await t.close();
    await smtp.close();
  });
});
