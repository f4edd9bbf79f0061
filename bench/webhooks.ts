// Webhook delivery after the change (issue 43: p95 ≤ 2 s under normal conditions): walk-ins registered at a steady
// pace, each event's time from its commit (the body's timestamp) to its arrival at a receiver that verifies every
// signature with the `standardwebhooks` library; against the same signed POST sent straight to that receiver.

import { pathToFileURL } from 'node:url';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema/index.js';
import { signedHeaders } from '../apps/server/src/modules/webhooks/webhooks.signing.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { startReceiver } from '../tools/webhook-receiver.js';
import { BENCH_PASSWORD, benchServer, signIn, summary } from './common.js';

const N = Number(process.env.BENCH_WEBHOOKS ?? 300);
/** Walk-ins per second: a busy reception, not a flood. */
const RATE = 20;

async function call<T>(url: string, name: string, body: unknown, token: string): Promise<T> {
  const r = (await (
    await fetch(`${url}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-coolvisit-token': token },
      body: JSON.stringify(body),
    })
  ).json()) as {
    status: number;
    reason: string;
    result: T;
  };
  if (r.status !== 0) throw new Error(`${name}: ${r.status} ${r.reason}`);
  return r.result;
}

/** Baseline: the receiver's own time for a signed POST of the same size, sent one after another. */
async function direct(receiverUrl: string, secret: string): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < 100; i++) {
    const body = JSON.stringify({ type: 'visit.created', timestamp: new Date().toISOString(), data: { vid: i, visitor: { name: `Bench ${i}` } } });
    const t = performance.now();
    await fetch(receiverUrl, { method: 'POST', headers: signedHeaders(secret, `msg_direct_${i}`, new Date(), body), body });
    ms.push(performance.now() - t);
  }
  return ms;
}

export async function webhooksBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const database = kind === 'pglite' ? await openPglite('memory') : await openPostgres(process.env.TEST_DATABASE_URL ?? '', 10);
  await database.migrate();
  const { app, url, services } = await benchServer(database, { allowPrivateEndpoints: true });
  services.jobs.start();
  const receiver = await startReceiver();
  try {
    const email = `webhooks.${Date.now()}@example.com`;
    await database.db
      .insert(companies)
      .values({ name: 'Webhook Bench', email, username: 'Bench', passwordHash: await hashPassword(BENCH_PASSWORD), status: 1 });
    const token = await signIn(url, email);
    const host = await call<{ empid: number }>(url, 'addEmployee', { employee_name: 'Bench Host', phone: '13800138000' }, token);
    const added = await call<{ secret: string }>(url, 'addWebhook', { url: receiver.url, events: ['visit.created'] }, token);
    receiver.secret = added.secret;
    const baseline = summary(await direct(receiver.url, added.secret));
    receiver.messages.length = 0;
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      const due = started + (i * 1000) / RATE;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await call(url, 'UpdatePhoto', { vname: `Walker ${i}`, vphone: `137${String(i).padStart(8, '0')}`, empid: host.empid }, token);
    }
    const got = (await receiver.waitFor(N, 60_000)).filter((m) => m.type === 'visit.created');
    const latency = summary(got.map((m) => m.at - Date.parse(m.timestamp)));
    console.log(
      `webhook delivery after the change (${kind}, ${N} walk-ins at ${RATE}/s): p50 ${latency.p50.toFixed(0)} ms, p95 ${latency.p95.toFixed(0)} ms, max ${Math.max(...latency.ms).toFixed(0)} ms (goal p95 ≤ 2000 ms); signatures refused ${receiver.refused}; baseline signed POST straight to the receiver p95 ${baseline.p95.toFixed(1)} ms`,
    );
  } finally {
    await receiver.close();
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await webhooksBench('pglite');
  if (process.env.TEST_DATABASE_URL) await webhooksBench('postgres');
  process.exit(0);
}
