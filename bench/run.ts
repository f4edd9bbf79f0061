// npm run bench: throughput and latency of /Login and /GetUserInfo, face-photo zip bombs in parallel (bench/zipBomb.ts), employee import/export, mail delivery (bench/mail.ts), visits (bench/visits.ts), statistics (bench/reports.ts), the retention sweep (bench/privacy.ts), watchlist screening against 100,000 entries (bench/screening.ts), door QR decisions (bench/doors.ts), Hikvision pushes to 50 devices (bench/credentials.ts), the stall of an oversized import (bench/sheets.ts), approval cards pressed in Feishu until the door has the credential (bench/workappCards.ts), the cost of durable commits (bench/durability.ts), one statement on the embedded database through PGlite's query and through the product's client (bench/embeddedStatements.ts), the kiosk's offline screening against a copy of 10,000 entries (bench/kioskScreening.ts) on the embedded database (and on PostgreSQL
// when TEST_DATABASE_URL is set, as `npm run bench:pg` does), each against a bare Fastify route measured in the same run.
// After the other PostgreSQL benches: 200 kiosks checking in and registering walk-ins for a minute (bench/kioskLoad.ts, issue 14's goal).

import type { AddressInfo } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { bare, DURATION, type Figures, load, row, signIn } from './common.js';
import { credentialsBench } from './credentials.js';
import { doorsBench } from './doors.js';
import { durabilityBench } from './durability.js';
import { embeddedStatementsBench } from './embeddedStatements.js';
import { faceSyncBench } from './faceSync.js';
import { kioskLoadBench } from './kioskLoad.js';
import { kioskScreeningBench } from './kioskScreening.js';
import { mailBench } from './mail.js';
import { privacyBench } from './privacy.js';
import { reportsBench } from './reports.js';
import { sameWorkBench } from './sameWork.js';
import { screeningBench } from './screening.js';
import { sheetsBench } from './sheets.js';
import { visitsBench } from './visits.js';
import { webhooksBench } from './webhooks.js';
import { workappCardsBench } from './workappCards.js';
import { zipBombBench } from './zipBomb.js';

async function product(kind: 'pglite' | 'postgres', base: Figures): Promise<void> {
  const database = kind === 'pglite' ? await openPglite('memory') : await openPostgres(process.env.TEST_DATABASE_URL ?? '', 10);
  await database.migrate();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off' },
    {
      rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9, signin: 1e9 },
      lockout: {
        warnAfter: 1e6,
        lockAfter: 1e6,
        lockMinutes: 1,
        maxLockMinutes: 1,
        captchaAfter: 1e6,
        sourceCaptchaAfter: 1e6,
        spreadAfter: 1e6,
        spreadMaxDelaySeconds: 1,
      },
    },
  );
  const { app } = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const email = `bench.${Date.now()}@example.com`;
  await database.db
    .insert(companies)
    .values({ name: `Bench ${Date.now()}`, email, username: 'Bench', passwordHash: await hashPassword('Bench#2026'), status: 1 });
  const token = await signIn(url, email);
  const info = await load(`${url}/GetUserInfo`, {}, { 'x-coolvisit-token': token }, Number(process.env.BENCH_CONN ?? 10));
  console.log(row(`GetUserInfo (${kind})`, info, base));
  // argon2id is deliberately slow (19 MiB, 2 passes): sign-in throughput is bounded by it, per core.
  const signin = await load(`${url}/Login`, { email, password: 'Bench#2026' }, {}, 4);
  console.log(row(`Login (${kind}, argon2id)`, signin, base));
  await app.close();
  await database.close();
}

/** Imports 10,000 new employees from a csv (with department paths) against parsing the same file alone. */
async function importBench(app: Awaited<ReturnType<typeof buildApp>>['app'], token: string): Promise<void> {
  const N = 10_000;
  const lines = ['Name,Mobile phone,Work number,Email,Departments'];
  for (let i = 1; i <= N; i++) lines.push(`Imported ${i},137${String(i).padStart(8, '0')},I${i},i${i}@example.com,HQ/Team ${i % 50}`);
  const csv = Buffer.from(lines.join('\n'));
  const boundary = 'benchboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\nfalse\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let t = performance.now();
  parseCsv(csv.toString(), { bom: true, relax_column_count: true });
  const parseMs = performance.now() - t;
  t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/importEmpList',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-coolvisit-token': token },
    payload,
  });
  const ms = performance.now() - t;
  const r = res.json() as { status: number; result: { created: number } };
  console.log(
    `importEmpList ${N} rows (pglite): ${(ms / 1000).toFixed(2)} s, status ${r.status}, created ${r.result?.created}; parsing the csv alone ${(parseMs / 1000).toFixed(2)} s`,
  );
}

/** Streams ExportEmployeeList for 50,000 employees; baseline: reading the same rows with one bare query. */
async function exportBench(): Promise<void> {
  const N = Number(process.env.BENCH_EMPLOYEES ?? 50_000);
  const database = await openPglite('memory');
  await database.migrate();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off' },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9, signin: 1e9 } },
  );
  const { app } = await buildApp(config, database);
  const [company] = await database.db
    .insert(companies)
    .values({ name: 'Export Co', email: 'export@example.com', username: 'E', passwordHash: await hashPassword('Bench#2026'), status: 1 })
    .returning();
  const id = company?.id ?? 0;
  await database.db.execute(sql`INSERT INTO employees (company_id, name, emp_no, phone, email, position)
    SELECT ${id}, 'Employee ' || g, 'E' || g, '139' || lpad(g::text, 8, '0'), 'e' || g || '@example.com', 'Staff' FROM generate_series(1, ${N}) g`);
  const login = await app.inject({ method: 'POST', url: '/api/Login', payload: { email: 'export@example.com', password: 'Bench#2026' } });
  const token = (login.json() as { result: { token: string } }).result.token;
  await importBench(app, token);
  let t = performance.now();
  const rows = await database.db.execute(sql`SELECT * FROM employees WHERE company_id = ${id}`);
  const bareMs = performance.now() - t;
  void rows;
  const rssBefore = process.memoryUsage().rss;
  t = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/ExportEmployeeList', headers: { 'x-coolvisit-token': token } });
  const ms = performance.now() - t;
  const rssAfter = process.memoryUsage().rss;
  console.log(
    `ExportEmployeeList ${N} employees (pglite): ${(ms / 1000).toFixed(2)} s, ${(res.rawPayload.length / 1e6).toFixed(1)} MB xlsx, RSS +${((rssAfter - rssBefore) / 1e6).toFixed(0)} MB; bare SELECT of the rows ${(bareMs / 1000).toFixed(2)} s (export = ${(ms / bareMs).toFixed(1)}x bare)`,
  );
  await app.close();
  await database.close();
}

const base = await bare();
console.log(
  `bench: ${DURATION} s per measurement, autocannon in a separate process, 10 connections (4 for Login), 127.0.0.1, Node ${process.version}`,
);
console.log(row('bare Fastify route (baseline)', base, base));
await product('pglite', base);
if (process.env.TEST_DATABASE_URL) await product('postgres', base);
await sameWorkBench(load, base, 'pglite');
if (process.env.TEST_DATABASE_URL) await sameWorkBench(load, base, 'postgres');
await exportBench();
await mailBench('pglite');
if (process.env.TEST_DATABASE_URL) await mailBench('postgres');
await visitsBench(load, base, 'pglite');
if (process.env.TEST_DATABASE_URL) await visitsBench(load, base, 'postgres');
await reportsBench('pglite');
if (process.env.TEST_DATABASE_URL) await reportsBench('postgres');
await privacyBench('pglite');
if (process.env.TEST_DATABASE_URL) await privacyBench('postgres');
await screeningBench('pglite');
if (process.env.TEST_DATABASE_URL) await screeningBench('postgres');
await doorsBench(base, 'pglite');
if (process.env.TEST_DATABASE_URL) await doorsBench(base, 'postgres');
if (process.env.TEST_DATABASE_URL) await kioskLoadBench();
await faceSyncBench('pglite');
if (process.env.TEST_DATABASE_URL) await faceSyncBench('postgres');
await credentialsBench('pglite');
if (process.env.TEST_DATABASE_URL) await credentialsBench('postgres');
await sheetsBench('pglite');
await workappCardsBench();
await durabilityBench();
await embeddedStatementsBench();
await zipBombBench();
await kioskScreeningBench();
await webhooksBench('pglite');
if (process.env.TEST_DATABASE_URL) await webhooksBench('postgres');
process.exit(0);
