// The kiosk walk-in (UpdatePhoto) and GetUserInfo against a same-work baseline: a bare Fastify route on the same engine
// that sends the very statements the product sent for one such call (recorded, then replayed as raw SQL with a fresh
// visit code and id), so the ratio is what the product's own code costs on top of the database work it needs.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { recordStatements, type SentStatement } from '../apps/server/src/db/client.js';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { benchApp, DURATION, type Figures, type load } from './common.js';
import { generate } from './kioskLoad.js';

type Load = typeof load;
/** The invitations' codes: the product's check-ins from here, the baseline's from there. */
const PRODUCT_CODES = 20_000_000;
const BASELINE_CODES = 40_000_000;
type LoadFigures = Figures;

/** Runs SQL with its values, in a transaction when asked: PGlite's own, or a pooled PostgreSQL connection. */
interface RawSql {
  query(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  transaction<T>(work: (q: RawSql['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function rawSql(database: Awaited<ReturnType<typeof benchApp>>['database']): RawSql {
  const lite = database.pglite;
  if (lite)
    return {
      query: (sql, params) => lite.query(sql, params) as Promise<{ rows: Record<string, unknown>[] }>,
      transaction: (work) => lite.transaction((tx) => work((sql, params) => tx.query(sql, params) as Promise<{ rows: Record<string, unknown>[] }>)),
      close: async () => {},
    };
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 10 });
  return {
    query: (sql, params) => pool.query(sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await work((sql, params) => client.query(sql, params));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Replays a recorded walk-in or check-in: the visit's write and its history row in one transaction, as the product
 * does; the recorded visit's code replaced by `code` and its id by the new row's (a walk-in) or the one read by that
 * code (a check-in) wherever they appear. Answers the visit row written or read.
 */
export async function replay(db: RawSql, sent: SentStatement[], old: { vid: number; code: string }, code: string): Promise<Record<string, unknown>> {
  let vid: unknown = old.vid;
  let visit: Record<string, unknown> = {};
  const values = (params: unknown[]) => params.map((p) => (p === old.code ? code : String(p) === String(old.vid) ? vid : p));
  for (let i = 0; i < sent.length; i++) {
    const s = sent[i] as SentStatement;
    const next = sent[i + 1];
    if (/^(insert into|update) "visits"/.test(s.sql) && next?.sql.startsWith('insert into "visit_events"')) {
      const created = s.sql.startsWith('insert');
      visit = await db.transaction(async (q) => {
        const { rows } = await q(s.sql, values(s.params));
        const row = rows[0] ?? {};
        if (created) vid = row.id;
        await q(next.sql, values(next.params));
        return row;
      });
      i++;
    } else {
      const { rows } = await db.query(s.sql, values(s.params));
      if (s.params.includes(old.code) && s.sql.startsWith('select')) {
        visit = rows[0] ?? {};
        vid = visit.id;
      }
    }
  }
  return visit;
}

/** Check-ins need a code each: the kiosk load generator (its own process), 10 connections back to back. */
async function checkIns(o: { url: string; path: string; first: number; codes: number; kiosk: string; host: number }): Promise<Figures> {
  const per = Math.floor(o.codes / 10);
  const r = await generate({
    url: o.url,
    seconds: DURATION,
    rate: 0,
    checkInsOnly: true,
    checkInPath: o.path,
    kiosks: Array.from({ length: 10 }, (_, k) => ({ token: o.kiosk, hosts: [o.host], firstCode: o.first + k * per, codes: per })),
  });
  if (r.outOfCodes) throw new Error('same-work bench: the check-ins ran out of codes');
  const errors = Object.values(r.errors).reduce((a, b) => a + b, 0);
  return { rps: r.sent / r.seconds, p50: Math.round(r.latency.p50), p99: Math.round(r.latency.p99), errors };
}

export async function sameWorkBench(load: Load, base: LoadFigures, kind: 'pglite' | 'postgres'): Promise<void> {
  const { database, app, url, db } = await benchApp(kind);
  const tag = Date.now().toString(36);
  const password = await hashPassword('Bench#2026');
  const [company] = await db
    .insert(companies)
    .values({ name: `Kiosk Co ${tag}`, email: `kiosk.${tag}@example.com`, username: 'K', passwordHash: password, status: 1 })
    .returning();
  const companyId = company?.id ?? 0;
  const [host] = await db.insert(employees).values({ companyId, name: 'Host', phone: '13800000000', email: 'host@example.com' }).returning();
  await db
    .insert(staffAccounts)
    .values({ companyId, account: `kiosk_${tag}`, name: 'Kiosk', sType: 4, passwordHash: password, mustChangePassword: 0 });
  const post = async (name: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${url}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-coolvisit-token': token } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { status: number; result: Record<string, unknown> };
  const kiosk = String((await post('Login', { email: `kiosk_${tag}`, password: 'Bench#2026' })).result.token);
  const admin = String((await post('Login', { email: `kiosk.${tag}@example.com`, password: 'Bench#2026' })).result.token);
  const walkIn = { vname: '访客', vphone: '13911112222', empid: host?.id };
  // Visit ids past the other ids the statements carry, so replacing the recorded one replaces nothing else.
  for (let i = 0; i < 50; i++) await post('UpdatePhoto', walkIn, kiosk);
  const inject = (name: string, body: unknown, token: string) =>
    app.inject({ method: 'POST', url: `/api/${name}`, headers: { 'x-coolvisit-token': token }, payload: body as object });
  const walk = await recordStatements(() => inject('UpdatePhoto', walkIn, kiosk));
  // Check-ins: one recorded, and for each of the product and the baseline its own invitations, a code per request.
  const codes = DURATION * 3000;
  const invite = (first: number, n: number) =>
    db.execute(sql`INSERT INTO visits (company_id, kind, status, permission, name, phone, code, appointment_at, emp_id, emp_name)
      SELECT ${companyId}, 'invite', 'accepted', 1, 'Invited ' || g, '+86137' || lpad(g::text, 8, '0'), (${first} + g)::text, now(), ${host?.id}, 'Host'
      FROM generate_series(0, ${n - 1}) g`);
  await invite(19_999_999, 1);
  await invite(PRODUCT_CODES, codes);
  await invite(BASELINE_CODES, codes);
  const checkIn = await recordStatements(() => inject('AppClientSignin', { verifyCode: '19999999' }, kiosk));
  const checked = checkIn.result.json() as { status: number; reason: string; result: { vid: number } };
  const walked = walk.result.json() as { status: number; reason: string; result: { vid: number; code: string } };
  const info = await recordStatements(() => inject('GetUserInfo', {}, admin));
  const infoStatus = (info.result.json() as { status: number }).status;
  // The load generator counts HTTP errors only: a refused call must stop the bench, not be measured.
  if (walked.status !== 0 || infoStatus !== 0 || checked.status !== 0)
    throw new Error(`same-work bench: the recorded calls were refused (${walked.reason}, ${checked.reason})`);
  const recorded = walked.result;

  const raw = rawSql(database);
  const bare = Fastify();
  // The baseline answers with what it read or stored, as the product does: the new visit, the company row.
  // Fresh codes for the walk-ins, clear of the invitations' (a code is unique within a company).
  let walkInCodes = 60_000_000;
  const freshCode = () => String(walkInCodes++);
  bare.post('/walkin', async () => ({ status: 0, reason: 'success', result: await replay(raw, walk.sent, recorded, freshCode()) }));
  const checkedIn = { vid: checked.result.vid, code: '19999999' };
  bare.post('/checkin', async (req) => ({
    status: 0,
    reason: 'success',
    result: await replay(raw, checkIn.sent, checkedIn, String((req.body as { verifyCode: string }).verifyCode)),
  }));
  bare.post('/info', async () => {
    let rows: unknown[] = [];
    for (const s of info.sent) rows = (await raw.query(s.sql, s.params)).rows;
    return { status: 0, reason: 'success', result: rows[0] ?? null };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

  const line = (name: string, f: LoadFigures, same: LoadFigures) =>
    `  ${name.padEnd(30)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms  errors ${f.errors}  ${(f.rps / same.rps).toFixed(2)} of same-work, ${((f.rps / base.rps) * 100).toFixed(1)}% of bare  (load ${os.loadavg()[0]?.toFixed(1)})`;
  console.log(
    `Kiosk hot paths against the same work as raw SQL (${kind}; walk-in: ${walk.sent.length} statements, check-in: ${checkIn.sent.length}, GetUserInfo: ${info.sent.length}; 10 connections):`,
  );
  const sameWalk = await load(`${bareUrl}/walkin`, {});
  console.log(line('same-work walk-in (raw SQL)', sameWalk, sameWalk));
  console.log(line('UpdatePhoto (walk-in)', await load(`${url}/UpdatePhoto`, walkIn, { 'x-coolvisit-token': kiosk }), sameWalk));
  const sameCheckIn = await checkIns({ url: bareUrl, path: 'checkin', first: BASELINE_CODES, codes, kiosk, host: host?.id ?? 0 });
  console.log(line('same-work check-in (raw SQL)', sameCheckIn, sameCheckIn));
  console.log(
    line(
      'AppClientSignin (check-in)',
      await checkIns({ url, path: 'AppClientSignin', first: PRODUCT_CODES, codes, kiosk, host: host?.id ?? 0 }),
      sameCheckIn,
    ),
  );
  const sameInfo = await load(`${bareUrl}/info`, {});
  console.log(line('same-work GetUserInfo (raw SQL)', sameInfo, sameInfo));
  console.log(line('GetUserInfo', await load(`${url}/GetUserInfo`, {}, { 'x-coolvisit-token': admin }), sameInfo));
  await bare.close();
  await raw.close();
  await app.close();
  await database.close();
}
