// The kiosk walk-in (UpdatePhoto) and GetUserInfo against a same-work baseline: a bare Fastify route on the same engine
// that sends the very statements the product sent for one such call (recorded, then replayed as raw SQL with a fresh
// visit code and id), so the ratio is what the product's own code costs on top of the database work it needs.
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { recordStatements, type SentStatement } from '../apps/server/src/db/client.js';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/crypto.js';
import { benchApp, type Figures, type load } from './common.js';

type Load = typeof load;
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
 * Replays a recorded walk-in: the visit and its history row in one transaction, as the product does; the recorded
 * visit's code and id replaced by a fresh code and the new row's id wherever they appear.
 */
export async function replay(db: RawSql, sent: SentStatement[], old: { vid: number; code: string }): Promise<void> {
  const code = String(randomInt(100_000_000)).padStart(8, '0');
  let vid: unknown = old.vid;
  const values = (params: unknown[]) => params.map((p) => (p === old.code ? code : String(p) === String(old.vid) ? vid : p));
  for (let i = 0; i < sent.length; i++) {
    const s = sent[i] as SentStatement;
    if (s.sql.startsWith('insert into "visits"')) {
      const next = sent[i + 1] as SentStatement;
      vid = await db.transaction(async (q) => {
        const { rows } = await q(s.sql, values(s.params));
        const id = rows[0]?.id;
        await q(
          next.sql,
          values(next.params).map((p) => (String(p) === String(old.vid) ? id : p)),
        );
        return id;
      });
      i++;
    } else await db.query(s.sql, values(s.params));
  }
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
  const walked = walk.result.json() as { status: number; reason: string; result: { vid: number; code: string } };
  const info = await recordStatements(() => inject('GetUserInfo', {}, admin));
  const infoStatus = (info.result.json() as { status: number }).status;
  // The load generator counts HTTP errors only: a refused call must stop the bench, not be measured.
  if (walked.status !== 0 || infoStatus !== 0) throw new Error(`same-work bench: the recorded calls were refused (${walked.reason})`);
  const recorded = walked.result;

  const raw = rawSql(database);
  const bare = Fastify();
  bare.post('/walkin', async () => {
    await replay(raw, walk.sent, recorded);
    return { status: 0, reason: 'success', result: { ok: true } };
  });
  bare.post('/info', async () => {
    for (const s of info.sent) await raw.query(s.sql, s.params);
    return { status: 0, reason: 'success', result: { ok: true } };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

  const line = (name: string, f: LoadFigures, same: LoadFigures) =>
    `  ${name.padEnd(30)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms  errors ${f.errors}  ${(f.rps / same.rps).toFixed(2)} of same-work, ${((f.rps / base.rps) * 100).toFixed(1)}% of bare  (load ${os.loadavg()[0]?.toFixed(1)})`;
  console.log(
    `Kiosk hot paths against the same work as raw SQL (${kind}; walk-in: ${walk.sent.length} statements, GetUserInfo: ${info.sent.length}; 10 connections):`,
  );
  const sameWalk = await load(`${bareUrl}/walkin`, {});
  console.log(line('same-work walk-in (raw SQL)', sameWalk, sameWalk));
  console.log(line('UpdatePhoto (walk-in)', await load(`${url}/UpdatePhoto`, walkIn, { 'x-coolvisit-token': kiosk }), sameWalk));
  const sameInfo = await load(`${bareUrl}/info`, {});
  console.log(line('same-work GetUserInfo (raw SQL)', sameInfo, sameInfo));
  console.log(line('GetUserInfo', await load(`${url}/GetUserInfo`, {}, { 'x-coolvisit-token': admin }), sameInfo));
  await bare.close();
  await raw.close();
  await app.close();
  await database.close();
}
