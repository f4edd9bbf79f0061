// Messages delivered per second through the jobs table to a local SMTP server (issue 5), against nodemailer sending
// the same messages straight to that server in the same run (the baseline: SMTP alone, no database, no queue).

import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { companies, mails } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { mailLayout } from '../apps/server/src/platform/messages/mailLayout.js';

const N = Number(process.env.BENCH_MAILS ?? 1000);

async function smtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of the client: on a machine without a resolver it costs every connection a timeout.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function message(i: number) {
  return {
    to: `visitor${i}@example.com`,
    subject: `Bench Co invites you — ${i}`,
    ...mailLayout(
      'Bench Co invites you',
      [`Dear visitor ${i},`, 'Ada Host invites you to visit tomorrow at 10:00.'],
      { href: `https://visit.example.com/invite?token=${i}`, label: 'Open the invitation' },
      'This link is for you only.',
    ),
  };
}

/** Baseline: nodemailer alone (a connection per message, as the product's) with as many in flight as the job workers. */
async function direct(url: string): Promise<number> {
  const transport = nodemailer.createTransport(url);
  const t = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < N) await transport.sendMail({ from: 'bench@example.com', ...message(next++) });
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  transport.close();
  return N / ((performance.now() - t) / 1000);
}

export async function mailBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const sink = await smtpSink();
  const baseline = await direct(sink.url);
  const database = kind === 'pglite' ? await openPglite('memory') : await openPostgres(process.env.TEST_DATABASE_URL ?? '', 10);
  await database.migrate();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off', SMTP_URL: sink.url },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9 } },
  );
  const { app, services } = await buildApp(config, database);
  const [company] = await database.db
    .insert(companies)
    .values({
      name: `Mail bench ${Date.now()}`,
      email: `mail.${Date.now()}@example.com`,
      username: 'B',
      passwordHash: await hashPassword('Bench#2026'),
      status: 1,
    })
    .returning();
  const companyId = company?.id ?? null;
  const before = sink.received();
  // Queueing is what a request pays (the row and its job); delivery is the workers' affair, measured to the last one.
  let t = performance.now();
  for (let i = 0; i < N; i++) await services.mailer.send({ companyId, ...message(i) });
  const queued = performance.now() - t;
  t = performance.now();
  while (sink.received() - before < N) {
    const ran = await services.jobs.runDue();
    if (ran === 0) await new Promise((r) => setTimeout(r, 20));
  }
  const delivered = performance.now() - t;
  const [state] = await database.db
    .select({ sent: sql<number>`count(*) filter (where ${mails.state} = 'sent')`.mapWith(Number) })
    .from(mails)
    .where(eq(mails.companyId, companyId ?? 0));
  const rate = N / (delivered / 1000);
  console.log(
    `mail (${kind}): ${N} messages queued in ${(queued / 1000).toFixed(2)} s (${(N / (queued / 1000)).toFixed(0)}/s), delivered in ${(delivered / 1000).toFixed(2)} s = ${rate.toFixed(0)} msg/s, ${state?.sent} marked sent; nodemailer straight to the server ${baseline.toFixed(0)} msg/s (jobs table = ${((rate / baseline) * 100).toFixed(0)}% of it)`,
  );
  await app.close();
  await database.close();
  await sink.close();
}
