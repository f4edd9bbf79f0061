// Issue 16's door goal: `uploadQrcode` decisions per second and their latency (goal on PostgreSQL: ≥ 500/s with p99 <
// 50 ms), against a same-work baseline measured in the same run: a bare Fastify route on the same engine that sends
// the very reads one decision sent (recorded, then replayed as raw SQL with the scanned visit's code and id and the
// reader's id), without the decision's logic and its write; and a second one with the pass record's insert too (the
// reader's last-seen stamp is written once a minute, not per scan). BENCH_DOOR_EXPLAIN=1 prints each statement's plan. A
// realistic site: 20 device groups (4 default-on lobbies), 50 readers (10 of them exits), 5 visitor types with their
// groups, 10 strategies with all-day schedules and holidays, BENCH_DOOR_VISITS visits today (default 10,000; one in 20
// approved but not signed in: 1125), and a month of history (BENCH_DOOR_HISTORY visits, default 100,000, with two pass
// records each). Each figure has the load average beside it; the warm-up is reported, not counted.
// Within `npm run bench` / `npm run bench:pg`, or alone: `npm run bench:doors` (PGlite, then its own PostgreSQL).
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { recordStatements, type SentStatement } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema/index.js';
import { visitPass } from '../apps/server/src/platform/formats/passes.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { bare, benchApp, DURATION, type Figures } from './common.js';
import type { DoorLoadPlan, DoorLoadResult, DoorReader } from './doorsLoad.client.js';
import { rawSql } from './sameWork.js';

const GROUPS = 20;
const LOBBIES = 4;
const READERS = 50;
const TYPES = 5;
const STRATEGIES = 10;
const HOLIDAYS = 10;
const FIRST_CODE = 10_000_000;
/** Ids far past every other number the statements carry, so replacing the recorded ones replaces nothing else. */
const FIRST_DEVICE_ID = 700_001;
const FIRST_VISIT_ID = 5_000_001;
const GOAL = { rps: 500, p99: 50 };
const PASSWORD = 'Bench#2026';

type App = Awaited<ReturnType<typeof benchApp>>;
type Db = App['db'];
const load1 = () => `load ${os.loadavg()[0]?.toFixed(2)}`;
const f1 = (n: number) => n.toFixed(1);

/** The company and its doors, through the product's own calls; answers who the readers are and which passes each opens. */
async function seedDoors(t: App) {
  const tag = Date.now().toString(36);
  const email = `doors.${tag}@example.com`;
  const [company] = await t.db
    .insert(companies)
    .values({ name: `Doors ${tag}`, email, username: 'D', passwordHash: await hashPassword(PASSWORD), status: 1 })
    .returning();
  const companyId = company?.id ?? 0;
  const call = async <T>(name: string, body: unknown, token = ''): Promise<T> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, headers: { 'x-coolvisit-token': token }, payload: body as object });
    const a = res.json() as { status: number; reason: string; result: T };
    if (a.status !== 0) throw new Error(`door bench: ${name} answered ${a.status} ${a.reason}`);
    return a.result;
  };
  const token = (await call<{ token: string }>('Login', { email, password: PASSWORD })).token;
  const groups: number[] = [];
  for (let g = 0; g < GROUPS; g++)
    groups.push((await call<{ egid: number }>('addEquipmentGroup', { egname: `Group ${g}`, defaultOn: g < LOBBIES }, token)).egid);
  // Visitor type k opens the lobbies (default-on) and the groups g ≥ 4 with g % 5 = k.
  const typeGroups = (k: number) => groups.filter((_, g) => g >= LOBBIES && g % TYPES === k);
  const tids: number[] = [];
  for (let k = 0; k < TYPES; k++) {
    const tid = (await call<{ tid: number }>('addVisitorType', { vType: `Type ${k}#Type ${k}` }, token)).tid;
    await call('setVisitorTypeEgroups', { tid, egids: typeGroups(k) }, token);
    tids.push(tid);
  }
  await t.db.execute(sql.raw(`ALTER TABLE devices ALTER COLUMN id RESTART WITH ${FIRST_DEVICE_ID}`));
  const readers: DoorReader[] = [];
  for (let d = 0; d < READERS; d++) {
    const g = d % GROUPS;
    const r = await call<{ device: { eid: number }; secret: string }>(
      'addEquipment',
      { deviceName: `Reader ${d}`, deviceCode: `QR-${d}`, enterStatus: d % 5 === 4 ? 2 : 1, eType: 'qr', egids: [groups[g]] },
      token,
    );
    // A lobby reader reads every visitor's pass (list TYPES: all of them), another one its type's.
    readers.push({ credential: `Device ${r.device.eid}.${r.secret}`, list: g < LOBBIES ? TYPES : g % TYPES });
  }
  const allDay = ['00:00-12:00', '12:00-24:00'];
  for (let s = 0; s < STRATEGIES; s++) {
    const days = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'hol'].map((d) => [d, allDay]));
    const rid = (await call<{ rid: number }>('addPassRule', { rname: `Schedule ${s}`, ...days, holMode: 1 }, token)).rid;
    const k = s % TYPES;
    const egids = s < TYPES ? typeGroups(k) : [groups[k % LOBBIES]];
    await call('addPassConfig', { cname: `Strategy ${s}`, forVisitors: true, tids: [tids[k]], egids, rid, maxUses: 1000 }, token);
  }
  const year = new Date().getFullYear();
  const today = new Date().toISOString().slice(0, 10);
  for (let h = 0, m = 0; h < HOLIDAYS; m++) {
    const hdate = `${year}-${String((m % 12) + 1).padStart(2, '0')}-${String(1 + Math.floor(m / 12)).padStart(2, '0')}`;
    if (hdate === today) continue;
    await call('addHoliday', { hdate, hname: `Holiday ${h++}`, passFlag: 1 }, token);
  }
  return { companyId, tids, readers };
}

/** Today's visits (signed in, one in 20 approved and expected), a month of history with its passes; settled. */
async function seedVisits(t: App, s: { companyId: number; tids: number[] }, n: number, history: number) {
  const tids = sql.raw(`ARRAY[${s.tids.join(',')}]::int[]`);
  await t.db.execute(sql.raw(`ALTER TABLE visits ALTER COLUMN id RESTART WITH ${FIRST_VISIT_ID}`));
  await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, permission, name, phone, company, tid, code, appointment_at, visit_at, created_at)
    SELECT ${s.companyId}, 'invite', CASE WHEN g % 20 = 19 THEN 'accepted' ELSE 'signedIn' END, 1, 'Visitor ' || g,
      '+86137' || lpad(g::text, 8, '0'), 'Company ' || (g % 500), (${tids})[g % ${TYPES} + 1], (${FIRST_CODE} + g)::text,
      now(), CASE WHEN g % 20 = 19 THEN NULL ELSE now() - interval '5 minutes' END, now() - interval '1 day'
    FROM generate_series(0, ${n - 1}) g`);
  await t.db.execute(sql`INSERT INTO visits (company_id, kind, status, permission, name, phone, company, tid, appointment_at, visit_at, sign_out_at, created_at)
    SELECT ${s.companyId}, 'invite', 'signedOut', 1, 'Past visitor ' || g, '+86139' || lpad(g::text, 8, '0'), 'Company ' || (g % 500),
      (${tids})[g % ${TYPES} + 1], w, w, w + interval '3 hours', w - interval '1 day'
    FROM generate_series(1, ${history}) g CROSS JOIN LATERAL (SELECT now() - interval '1 day' - (g * interval '26 seconds') AS w) x`);
  await t.db.execute(sql`INSERT INTO pass_records (company_id, at, device_id, device_name, device_code, person_type, visit_id, name, phone, company, direction, way, result, code)
    SELECT v.company_id, v.visit_at + (d.dir - 1) * interval '2 hours', dv.id, dv.name, dv.code, 2, v.id, v.name, v.phone, v.company, d.dir, 'qr', 1, 0
    FROM visits v CROSS JOIN (VALUES (1), (2)) d(dir)
    JOIN devices dv ON dv.company_id = v.company_id AND dv.id = ${FIRST_DEVICE_ID} + (v.id % ${READERS})
    WHERE v.company_id = ${s.companyId} AND v.status = 'signedOut'`);
  // A site with a month of history has long been vacuumed and checkpointed: the bulk load's leftovers are not settled mid-run.
  await t.db.execute(t.database.kind === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`);
  if (t.database.kind === 'postgres') await t.db.execute(sql`CHECKPOINT`);
}

/** BENCH_DOOR_EXPLAIN: each statement of the recorded decision with its plan (EXPLAIN ANALYZE; the writes rolled back). */
async function explain(t: App, sent: SentStatement[]) {
  const raw = rawSql(t.database);
  for (const s of sent) {
    const plan = await raw
      .transaction(async (q) => {
        const { rows } = await q(`EXPLAIN (ANALYZE, COSTS OFF) ${s.sql}`, s.params);
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((e: { rows?: Record<string, unknown>[] }) => e.rows ?? []);
    console.log(`    ${s.sql.slice(0, 160)}  -- ${JSON.stringify(s.params).slice(0, 100)}`);
    for (const r of plan) console.log(`        ${Object.values(r)[0]}`);
  }
  await raw.close();
}

/** The load generator in its own process. */
function generate(plan: DoorLoadPlan): Promise<DoorLoadResult> {
  const child = fork(fileURLToPath(new URL('./doorsLoad.client.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (r) => resolve(r as DoorLoadResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`door load generator exited (${code}) without a result`)));
    child.send(plan);
  });
}

/**
 * The same-work route: for a scan, the recorded decision's statements (reads only, or with its writes too) with the
 * recorded reader's id, visit's code and visit's id replaced by this scan's; the visit's id is read by its code, as
 * the product does. After the device and the visit, the reads go out together, as the product sends them.
 */
async function sameWorkRoute(t: App, sent: SentStatement[], old: { eid: number; code: string; vid: number }) {
  const raw = rawSql(t.database);
  const writes = /^(insert|update|delete)\b/i;
  const reads = sent.filter((s) => !writes.test(s.sql));
  // The reader's last-seen stamp is written once a minute (the first scan here), so a steady scan writes its record only.
  const recordInserts = sent.filter((s) => /^insert into "pass_records"/.test(s.sql));
  const byCode = reads.findIndex((s) => s.params.includes(old.code));
  if (byCode < 0) throw new Error('door bench: the recorded decision did not read the visit by its code');
  const server = Fastify();
  const route = (withWrite: boolean) => async (req: { headers: Record<string, unknown>; body: unknown }) => {
    const eid = Number(/^Device (\d+)\./.exec(String(req.headers.authorization))?.[1]);
    const code = String((req.body as { qrcode: string }).qrcode).split('-')[1] ?? '';
    let vid: unknown = old.vid;
    const values = (params: unknown[]) =>
      params.map((p) => (p === old.code ? code : String(p) === String(old.vid) ? vid : String(p) === String(old.eid) ? eid : p));
    let visit: Record<string, unknown> = {};
    for (const s of reads.slice(0, byCode + 1)) visit = (await raw.query(s.sql, values(s.params))).rows[0] ?? {};
    vid = visit.id;
    await Promise.all(reads.slice(byCode + 1).map((s) => raw.query(s.sql, values(s.params))));
    if (withWrite) for (const s of recordInserts) await raw.query(s.sql, values(s.params));
    return { status: 0, reason: 'success', result: { open: true, vid } };
  };
  server.post('/reads', route(false));
  server.post('/write', route(true));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    reads: `${url}/reads`,
    write: `${url}/write`,
    counts: { reads: reads.length, writes: sent.length - reads.length },
    close: async () => {
      await server.close();
      await raw.close();
    },
  };
}

const toFigures = (r: DoorLoadResult): Figures => ({ rps: r.sent / r.seconds, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors });
const answers = (r: DoorLoadResult) =>
  Object.entries(r.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([k, v]) => `${k} ×${v}`)
    .join(', ');

function line(name: string, r: DoorLoadResult, same: DoorLoadResult | null, base: Figures, load: string): string {
  const f = toFigures(r);
  const ratio = same ? `${(f.rps / toFigures(same).rps).toFixed(2)} of same reads, ` : '';
  return `  ${name.padEnd(36)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f1(r.latency.p50).padStart(5)}  p95 ${f1(r.latency.p95).padStart(5)}  p99 ${f1(
    r.latency.p99,
  ).padStart(5)}  max ${f1(r.latency.max).padStart(6)} ms  errors ${r.errors}  ${ratio}${((f.rps / base.rps) * 100).toFixed(1)}% of bare  (${load})`;
}

/** Every answer wrote its record; scans still in flight when the generator stopped may have written one unanswered. */
const onePerAnswer = (n: number, r: DoorLoadResult, connections: number) => n >= r.sent && n <= r.sent + connections;

/**
 * Pass records written since `since` (an id), once the scans still in flight when a generator stopped have landed
 * (the same count twice, 200 ms apart), so one run's stragglers are not counted in the next.
 */
async function written(db: Db, companyId: number, since: number) {
  const read = async () => {
    const r = (await db.execute(
      sql`SELECT count(*)::int AS n, coalesce(max(id), ${since})::int AS last FROM pass_records WHERE company_id = ${companyId} AND id > ${since}`,
    )) as unknown as { rows: { n: number; last: number }[] };
    return r.rows[0] ?? { n: 0, last: since };
  };
  for (let last = await read(); ; ) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await read();
    if (now.n === last.n) return now;
    last = now;
  }
}

export async function doorsBench(base: Figures, kind: 'pglite' | 'postgres'): Promise<void> {
  const n = Number(process.env.BENCH_DOOR_VISITS ?? 10_000);
  const history = Number(process.env.BENCH_DOOR_HISTORY ?? 100_000);
  const t = await benchApp(kind);
  const seedT = performance.now();
  const s = await seedDoors(t);
  await seedVisits(t, s, n, history);
  const seedS = (performance.now() - seedT) / 1000;
  const pass = (i: number) => visitPass(t.services.secrets, s.companyId, String(FIRST_CODE + i));
  // Lists 0..4: the passes of each visitor type's visits; list 5: everyone's (a lobby's readers).
  const passes = Array.from({ length: TYPES + 1 }, (_, k) => Array.from({ length: n }, (_, i) => i).filter((i) => k === TYPES || i % TYPES === k));
  const plan = (url: string, connections: number, rate: number, seconds = DURATION): DoorLoadPlan => ({
    url,
    seconds,
    connections,
    rate,
    readers: s.readers,
    passes: passes.map((l) => l.map(pass)),
  });

  // One decision recorded (an entry at a lobby reader, visit 0 signed in), for the same-work routes: the second one, as
  // every decision but a process's first after a configuration change (doors.config.ts) and a reader's first of a minute.
  const lobby = s.readers[0] as DoorReader;
  const scan = () =>
    t.app.inject({ method: 'POST', url: '/api/uploadQrcode', headers: { authorization: lobby.credential }, payload: { qrcode: pass(0) } });
  await scan();
  const recorded = await recordStatements(scan);
  const decision = recorded.result.json() as { status: number; reason: string; result: { vid: number } };
  if (decision.status !== 0) throw new Error(`door bench: the recorded decision was refused (${decision.status} ${decision.reason})`);
  const eid = Number(/^Device (\d+)\./.exec(lobby.credential)?.[1]);
  const same = await sameWorkRoute(t, recorded.sent, { eid, code: String(FIRST_CODE), vid: decision.result.vid });
  const url = `${t.url}/uploadQrcode`;
  console.log(
    `Door QR decisions (${kind}): ${GROUPS} device groups, ${READERS} readers, ${TYPES} visitor types, ${STRATEGIES} strategies with schedules, ${HOLIDAYS} holidays, ${n.toLocaleString('en')} visits today, ${history.toLocaleString('en')} past visits with ${(2 * history).toLocaleString('en')} pass records (seeded in ${f1(seedS)} s); a decision sends ${recorded.sent.length} statements (${same.counts.reads} reads, ${same.counts.writes} writes); goal on PostgreSQL ≥ ${GOAL.rps}/s with p99 < ${GOAL.p99} ms`,
  );
  if (process.env.BENCH_DOOR_EXPLAIN) await explain(t, recorded.sent);
  const warm = await generate(plan(url, 10, 0, 3));
  console.log(line('warm-up, 3 s (not counted)', warm, null, base, load1()));
  const sameReads = await generate(plan(same.reads, 10, 0));
  console.log(line('same reads (raw SQL), 10 conn', sameReads, sameReads, base, load1()));
  const sameWrite = await generate(plan(same.write, 10, 0));
  console.log(line('same reads + record insert, 10 conn', sameWrite, sameReads, base, load1()));
  let before = await written(t.db, s.companyId, 0);
  const closed = await generate(plan(url, 10, 0));
  console.log(line('uploadQrcode closed loop, 10 conn', closed, sameReads, base, load1()));
  const closedWritten = await written(t.db, s.companyId, before.last);
  before = closedWritten;
  const paced = await generate(plan(url, READERS, GOAL.rps));
  const pacedLoad = load1();
  const pacedWritten = await written(t.db, s.companyId, before.last);
  console.log(line(`uploadQrcode paced ${GOAL.rps}/s, ${READERS} readers`, paced, sameReads, base, pacedLoad));
  const achieved = paced.sent / paced.seconds;
  const met = achieved >= GOAL.rps * 0.98 && paced.latency.p99 < GOAL.p99 && paced.errors === 0;
  console.log(
    `    answers: closed loop ${answers(closed)}; paced ${answers(paced)}; pass records written: ${closedWritten.n} and ${pacedWritten.n} (${
      onePerAnswer(closedWritten.n, closed, 10) && onePerAnswer(pacedWritten.n, paced, READERS) ? 'one per answer' : 'NOT one per answer'
    })${kind === 'postgres' ? `; goal ${met ? 'met' : 'NOT met'}` : ''}`,
  );
  await same.close();
  await t.app.close();
  await t.database.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = await bare();
  // BENCH_DOOR_PGLITE=0 measures PostgreSQL only (profiling the goal's engine).
  if (process.env.BENCH_DOOR_PGLITE !== '0') await doorsBench(base, 'pglite');
  if (process.env.TEST_DATABASE_URL) await doorsBench(base, 'postgres');
  process.exit(0);
}
