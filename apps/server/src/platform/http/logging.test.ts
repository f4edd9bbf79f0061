import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { companies, jobs } from '../../db/schema/index.js';
import { mediaUrl } from '../files/media.js';
import { redactUrl } from './logging.js';

// The log must hold no secret: a session token in a URL (`/api/user/info?token=…`), the session header, or the values
// a failed query was run with (an argon2 hash was logged from a failed insert's parameters).
describe('the server log', () => {
  let t: TestApp;
  let a: Tenant;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    // Debug: request lines are written at debug (at info only server errors and slow requests).
    t = await testApp({ logStream: stream }, { LOG_LEVEL: 'debug' });
    a = await seedCompany(t);
  });
  afterAll(() => t.close());

  it('redacts secret query parameters, keeping the others', () => {
    expect(redactUrl('/api/user/info?token=abc&lang=en')).toBe('/api/user/info?token=[redacted]&lang=en');
    expect(redactUrl('/x?Secid=1&TOKEN=2&name=3')).toBe('/x?Secid=[redacted]&TOKEN=[redacted]&name=3');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    // A person's identifiers too (a download of their data names them in the query).
    expect(redactUrl('/api/exportPersonData?phone=13912345678&lang=zh')).toBe('/api/exportPersonData?phone=[redacted]&lang=zh');
    expect(redactUrl('/x?email=a%40b.cn&credentialNo=X1&name=n')).toBe('/x?email=[redacted]&credentialNo=[redacted]&name=n');
    expect(redactUrl('/x')).toBe('/x');
    expect(redactUrl('/api/media/a.mp4?exp=1&sig=abc')).toBe('/api/media/a.mp4?exp=1&sig=[redacted]');
    expect(redactUrl('/x?authid=1&inviteToken=2&access_token=3&clientSecret=4&vid=5')).toBe(
      '/x?authid=[redacted]&inviteToken=[redacted]&access_token=[redacted]&clientSecret=[redacted]&vid=5',
    );
  });

  it("a signed media link's sig is not written to the request log, whatever the answer", async () => {
    const link = mediaUrl(t.services.secrets, `videos/${a.id}/logged-link.mp4`);
    const sig = new URL(link, 'http://x').searchParams.get('sig') ?? '';
    expect(sig.length).toBeGreaterThan(10);
    // A valid link to a file that is not there (404), and a HEAD of it: both logged, neither with the sig.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    await t.app.inject({ method: 'HEAD', url: link });
    expect(await eventually(() => log.includes('logged-link.mp4?exp='))).toBe(true);
    expect(log).toContain('logged-link.mp4?exp=');
    expect(log).toContain('&sig=[redacted]');
    expect(log).not.toContain(sig);
  });

  it('a session token in the URL or the header is not written to the request log', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/info?token=${encodeURIComponent(a.token)}&lang=en` });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/GetUserInfo', headers: { 'x-coolvisit-token': a.token, cookie: `s=${a.token}` }, payload: {} });
    expect(await eventually(() => log.includes('/api/user/info?token=[redacted]&lang=en'))).toBe(true);
    expect(log).not.toContain(a.token);
  });

  it("a failed query's values are left out of the logged error", async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE';
    const err = await t.db
      .insert(companies)
      .values({ name: null as unknown as string, email: 'log.test@example.com', username: 'x', phone: '', passwordHash: hash })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    t.app.log.error({ err }, 'unhandled error');
    expect(await eventually(() => log.includes('unhandled error'))).toBe(true);
    expect(log).toContain('Failed query: insert into');
    expect(log).not.toContain('SECRETHASHVALUE');
  });

  it('a job that fails on a query keeps the values out of its stored error and the log', async () => {
    t.services.jobs.register('test.failingQuery', async () => {
      await t.db.execute(sql`select ${'JOBSECRETVALUE'}::int`);
    });
    await t.services.jobs.enqueue('test.failingQuery', {}, { maxAttempts: 1 });
    await t.services.jobs.runDue();
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'test.failingQuery'));
    expect(job?.state).toBe('failed');
    expect(job?.lastError).toContain('Failed query');
    expect(job?.lastError).not.toContain('JOBSECRETVALUE');
    expect(await eventually(() => log.includes('job failed'))).toBe(true);
    expect(log).not.toContain('JOBSECRETVALUE');
  });
});
