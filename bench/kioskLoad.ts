// Issue 14's kiosk load goal: 200 kiosks for BENCH_KIOSK_SECONDS (default 60) on PostgreSQL, half check-ins by code and
// half walk-ins, over BENCH_VISITS visits on record (default 1,000,000, 20 companies), the load generator in its own
// process (bench/kioskLoad.client.ts); target 0 errors and p99 < 200 ms, each figure with the load average beside it.
// After BENCH_KIOSK_WARMUP_SECONDS (default 5) of the same load, reported but not counted, each kiosk is paced at
// BENCH_KIOSK_RATE requests per second (default 1: 200 req/s offered), as real kiosks are; then
// BENCH_KIOSK_CAPACITY_SECONDS (default 10, 0 skips) of closed loop for capacity. The database must agree with the
// generator: as many checked-in invitations and new walk-ins as it counted successes.
// Alone: `npm run bench:kiosk-load` (its own PostgreSQL), or within `npm run bench:pg`.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { fillDaySummaries } from '../apps/server/src/modules/reports/reports.fill.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { systemScope } from '../apps/server/src/platform/identity/tenancy.js';
import { benchApp, signIn } from './common.js';
import type { KioskPlan, LoadPlan, LoadResult } from './kioskLoad.client.js';

const COMPANIES = 20;
const KIOSKS_PER_COMPANY = 10;
const HOSTS_PER_COMPANY = 5;
/** Kiosk k's codes are FIRST_CODE + k * perKiosk + j: 8 digits, each seeded once. */
const FIRST_CODE = 10_000_000;
/** Codes per kiosk for the closed-loop run; a kiosk that uses them up stops (reported). */
const CAPACITY_CODES = 100;
const PASSWORD = 'Bench#2026';

type Db = Awaited<ReturnType<typeof benchApp>>['db'];
const ints = (xs: number[]) => sql.raw(`ARRAY[${xs.map((x) => Math.trunc(x)).join(',')}]::int[]`);
const rows = async <T>(db: Db, q: SQL) => (await db.execute(q)) as unknown as { rows: T[] };
const load1 = () => `load ${os.loadavg()[0]?.toFixed(2)}`;

/** The companies with their hosts and kiosk accounts; the history of `n` walk-ins; every kiosk's invitations for now. */
async function seed(db: Db, n: number, perKiosk: number) {
  const tag = Date.now().toString(36);
  const passwordHash = await hashPassword(PASSWORD);
  const made = await db
    .insert(companies)
    .values(
      Array.from({ length: COMPANIES }, (_, c) => ({
        name: `Kiosk load ${c} ${tag}`,
        email: `kl${c}.${tag}@example.com`,
        username: 'K',
        passwordHash,
        status: 1,
      })),
    )
    .returning({ id: companies.id });
  const ids = made.map((c) => c.id);
  const hostRows = await db
    .insert(employees)
    .values(
      ids.flatMap((companyId, c) =>
        Array.from({ length: HOSTS_PER_COMPANY }, (_, h) => ({
          companyId,
          name: `Host ${c}-${h}`,
          phone: `138${String(c * 100 + h).padStart(8, '0')}`,
          email: `host${c}-${h}.${tag}@example.com`,
        })),
      ),
    )
    .returning({ id: employees.id, companyId: employees.companyId });
  const hostsOf = (companyId: number) => hostRows.filter((h) => h.companyId === companyId).map((h) => h.id);
  const hosts = ids.flatMap(hostsOf); // company c's hosts at c * HOSTS_PER_COMPANY
  const accounts = ids.flatMap((companyId, c) =>
    Array.from({ length: KIOSKS_PER_COMPANY }, (_, k) => ({ companyId, account: `kiosk${c}_${k}_${tag}`, name: `Kiosk ${c}-${k}`, sType: 4 })),
  );
  await db.insert(staffAccounts).values(accounts.map((a) => ({ ...a, passwordHash, mustChangePassword: 0 })));

  const t = performance.now();
  // One statement each, rows never in JS. History: a year back, company g % 20, one in 500 still on site.
  const step = Math.max(1, Math.floor((365 * 86_400) / n));
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, name, phone, company, emp_id, emp_name, visit_at, sign_out_at, created_at)
    SELECT (${ints(ids)})[g % ${COMPANIES} + 1], 'walkin', CASE WHEN (g / ${COMPANIES}) % 500 = 0 THEN 'signedIn' ELSE 'signedOut' END,
      'Visitor ' || g, '+86139' || lpad((g % 100000000)::text, 8, '0'), 'Company ' || (g % 5000),
      (${ints(hosts)})[(g % ${COMPANIES}) * ${HOSTS_PER_COMPANY} + (g / ${COMPANIES}) % ${HOSTS_PER_COMPANY} + 1], 'Host', w,
      CASE WHEN (g / ${COMPANIES}) % 500 = 0 THEN NULL ELSE w + interval '2 hours' END, w
    FROM generate_series(1, ${n}) g CROSS JOIN LATERAL (SELECT now() - ((${n} - g) * ${step} * interval '1 second') AS w) t`);
  const historyS = (performance.now() - t) / 1000;
  // Invitations accepted and authorised, expected now (the check-in window is 30 minutes either side by default).
  const invites = COMPANIES * KIOSKS_PER_COMPANY * perKiosk;
  await db.execute(sql`INSERT INTO visits (company_id, kind, status, permission, name, phone, code, appointment_at, emp_id, emp_name, created_at)
    SELECT (${ints(ids)})[g / ${perKiosk} / ${KIOSKS_PER_COMPANY} + 1], 'invite', 'accepted', 1, 'Invited ' || g, '+86137' || lpad(g::text, 8, '0'),
      (${FIRST_CODE} + g)::text, now(), (${ints(hosts)})[(g / ${perKiosk} / ${KIOSKS_PER_COMPANY}) * ${HOSTS_PER_COMPANY} + g % ${HOSTS_PER_COMPANY} + 1],
      'Host', now()
    FROM generate_series(0, ${invites - 1}) g`);
  // A server with a year of history has long been vacuumed and checkpointed: the bulk load's dirty pages, GIN pending
  // lists and unset visibility bits are not left to be settled in the middle of the run.
  await db.execute(sql`VACUUM (ANALYZE) visits`);
  await db.execute(sql`ANALYZE`);
  if (process.env.TEST_DATABASE_URL) {
    await db.execute(sql`CHECKPOINT`);
    // The bench cluster runs with fsync off, so the checkpoint leaves the load's gigabyte in the kernel's dirty pages;
    // flushed mid-run it stalls PostgreSQL's reads and writes behind the disk (a tail no running server has).
    execFileSync('sync');
  }
  // A server with a year of visits has long stored its closed days: the summary job is not left to start mid-run.
  const f = performance.now();
  await fillDaySummaries(systemScope(db), new Date());
  const fillS = (performance.now() - f) / 1000;
  const [top] = (await rows<{ id: number; n: number }>(db, sql`SELECT max(id)::int AS id, count(*)::int AS n FROM visits`)).rows;
  return { ids, hostsOf, accounts, invites, historyS, fillS, seededMaxId: top?.id ?? 0, onRecord: top?.n ?? 0 };
}

/** CPU seconds of this PostgreSQL cluster (the postmaster and its children) from /proc; null where there is none. */
async function postgresCpuS(db: Db): Promise<number | null> {
  // The fields after the command's closing parenthesis: [1] the parent, [11] user and [12] system time in ticks, [13]
  // and [14] those of its children that have exited.
  const stat = (pid: string) => {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  };
  try {
    const [me] = (await rows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`)).rows;
    const postmaster = stat(String(me?.pid))[1];
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const f = stat(pid);
        if (pid === postmaster || f[1] === postmaster) ticks += Number(f[11]) + Number(f[12]);
        // Backends that have exited (the seed's, autovacuum workers) live on in the postmaster's children's time.
        if (pid === postmaster) ticks += Number(f[13]) + Number(f[14]);
      } catch {
        // Gone meanwhile.
      }
    }
    return ticks / 100; // USER_HZ
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine (every process, ours or not), in ticks, from /proc/stat. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const n = f.slice(0, 8).map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - (n[3] ?? 0) - (n[4] ?? 0), total };
  } catch {
    return null;
  }
}

/**
 * Where the server's time goes during a run: its event loop's busy share and CPU, the cluster's CPU, the machine's
 * (other users' jobs share it), and the pool of 10: connections in use and queries queued for one, sampled.
 */
function watch(db: Db) {
  const pool = (db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
  const elu = performance.eventLoopUtilization();
  // A stall of the event loop (a long synchronous stretch, a major GC) delays every request queued behind it.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const machine = machineTicks();
  const pg = postgresCpuS(db);
  let samples = 0;
  let inUse = 0;
  let waiting = 0;
  let maxWaiting = 0;
  const timer = setInterval(() => {
    samples++;
    inUse += pool.totalCount - pool.idleCount;
    waiting += pool.waitingCount;
    maxWaiting = Math.max(maxWaiting, pool.waitingCount);
  }, 50);
  return async (generatorCpuS: number) => {
    clearInterval(timer);
    delay.disable();
    const stall = `event loop delay p99 ${f1(delay.percentile(99) / 1e6)} ms, max ${f1(delay.max / 1e6)} ms`;
    const busy = performance.eventLoopUtilization(elu).utilization;
    const used = process.cpuUsage(cpu);
    const now = machineTicks();
    const [pgBefore, pgAfter] = [await pg, await postgresCpuS(db)];
    const share = machine && now ? (now.busy - machine.busy) / (now.total - machine.total) : null;
    const serverS = (used.user + used.system) / 1e6;
    const pgS = pgBefore !== null && pgAfter !== null ? pgAfter - pgBefore : null;
    return `    where the time went: server event loop busy ${(busy * 100).toFixed(0)}% (${stall}), CPU s: server ${f1(serverS)}, PostgreSQL ${pgS === null ? '?' : f1(pgS)}, generator ${f1(generatorCpuS)}${
      share === null ? '' : `; machine ${(share * 100).toFixed(0)}% busy over ${os.cpus().length} cores`
    }; pool of 10: ${f1(inUse / Math.max(1, samples))} in use and ${f1(waiting / Math.max(1, samples))} queries waiting for a connection on average (max ${maxWaiting})`;
  };
}

/** The load generator in its own process: the plan in, the figures out. */
export function generate(plan: LoadPlan): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./kioskLoad.client.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (r) => resolve(r as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`kiosk load generator exited (${code}) without a result`)));
    child.send(plan);
  });
}

/** Invitations checked in and walk-ins created since the seed, in the bench's companies. */
async function inDatabase(db: Db, ids: number[], seededMaxId: number) {
  const [r] = (
    await rows<{ checkIn: number; walkIn: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE kind = 'invite' AND status = 'signedIn')::int AS "checkIn",
        count(*) FILTER (WHERE kind = 'walkin' AND id > ${seededMaxId})::int AS "walkIn"
      FROM visits WHERE company_id = ANY(${ints(ids)})`,
    )
  ).rows;
  return { checkIn: r?.checkIn ?? 0, walkIn: r?.walkIn ?? 0 };
}

const f1 = (n: number) => n.toFixed(1);

function report(label: string, offered: string, r: LoadResult, load: string, paced: boolean): string {
  const errors = Object.values(r.errors).reduce((a, b) => a + b, 0);
  const kinds = Object.entries(r.errors)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const met = errors === 0 && r.latency.p99 < 200;
  return [
    `  ${label}: offered ${offered}, achieved ${f1((r.ok.checkIn + r.ok.walkIn + errors) / r.seconds)} req/s (${r.sent} sent in ${f1(r.seconds)} s)   (${load})`,
    `    latency p50 ${f1(r.latency.p50)} ms  p95 ${f1(r.latency.p95)} ms  p99 ${f1(r.latency.p99)} ms  max ${f1(r.latency.max)} ms${
      paced ? `;  from when due: p99 ${f1(r.fromDue.p99)} ms  max ${f1(r.fromDue.max)} ms` : ''
    }   (${load})`,
    `    p99 by kind: check-in ${f1(r.p99ByKind.checkIn)} ms, walk-in ${f1(r.p99ByKind.walkIn)} ms; seconds with a request over 200 ms: ${
      r.slowSeconds.map((w) => `${w.at}s (${w.n} req, max ${f1(w.max)})`).join(', ') || 'none'
    }`,
    `    errors ${errors}${kinds ? ` (${kinds})` : ''}; succeeded: ${r.ok.checkIn} check-ins, ${r.ok.walkIn} walk-ins${
      r.outOfCodes ? `; ${r.outOfCodes} kiosks ran out of codes and stopped` : ''
    }${paced ? `   target 0 errors and p99 < 200 ms: ${met ? 'met' : 'NOT met'}` : ''}`,
  ].join('\n');
}

export async function kioskLoadBench(): Promise<void> {
  const N = Number(process.env.BENCH_VISITS ?? 1_000_000);
  const seconds = Number(process.env.BENCH_KIOSK_SECONDS ?? 60);
  const rate = Number(process.env.BENCH_KIOSK_RATE ?? 1);
  const capacitySeconds = Number(process.env.BENCH_KIOSK_CAPACITY_SECONDS ?? 10);
  const warmSeconds = Number(process.env.BENCH_KIOSK_WARMUP_SECONDS ?? 5);
  // A paced kiosk sends at most rate * seconds requests, every other one a check-in.
  const codesFor = (s: number) => Math.ceil((rate * s) / 2) + 1;
  const warmCodes = warmSeconds > 0 ? codesFor(warmSeconds) : 0;
  const pacedCodes = codesFor(seconds);
  const perKiosk = warmCodes + pacedCodes + (capacitySeconds > 0 ? CAPACITY_CODES : 0);
  const { database, app, url, db } = await benchApp('postgres');
  const s = await seed(db, N, perKiosk);
  const tokens: string[] = [];
  // Argon2id makes each sign-in costly: four at a time.
  for (let i = 0; i < s.accounts.length; i += 4)
    tokens.push(...(await Promise.all(s.accounts.slice(i, i + 4).map((a) => signIn(url, a.account, PASSWORD)))));
  const plan = (first: number, codes: number): KioskPlan[] =>
    s.accounts.map((a, k) => ({ token: tokens[k] ?? '', hosts: s.hostsOf(a.companyId), firstCode: FIRST_CODE + k * perKiosk + first, codes }));
  const kiosks = s.accounts.length;
  console.log(
    `Kiosk load (postgres, server pool of 10 connections): ${kiosks} kiosks of ${COMPANIES} companies, ${N.toLocaleString('en')} visits of history (seeded in ${s.historyS.toFixed(0)} s, day summaries filled in ${s.fillS.toFixed(1)} s) + ${s.invites.toLocaleString('en')} invitations for now, ${s.onRecord.toLocaleString('en')} visits in the table; target 0 errors and p99 < 200 ms   (${load1()})`,
  );

  // A server takes its first requests cold (its pool's connections opened, statements prepared, the companies' rows
  // read into the caches); a running one has long done so. The warm-up is reported, not counted.
  if (warmSeconds > 0) {
    const warm = await generate({ url, seconds: warmSeconds, rate, kiosks: plan(0, warmCodes) });
    console.log(report(`warm-up (not counted), ${warmSeconds} s`, `${kiosks * rate} req/s`, warm, load1(), false));
  }
  const before = await inDatabase(db, s.ids, s.seededMaxId);
  let watched = watch(db);
  const paced = await generate({ url, seconds, rate, kiosks: plan(warmCodes, pacedCodes) });
  const pacedLoad = load1();
  console.log(report(`paced, ${rate} req/s per kiosk for ${seconds} s`, `${kiosks * rate} req/s`, paced, pacedLoad, true));
  console.log(await watched(paced.cpuS));
  const after = await inDatabase(db, s.ids, s.seededMaxId);
  console.log(check(before, after, paced));

  if (capacitySeconds > 0) {
    watched = watch(db);
    const closed = await generate({ url, seconds: capacitySeconds, rate: 0, kiosks: plan(warmCodes + pacedCodes, CAPACITY_CODES) });
    console.log(report(`closed loop (capacity), ${capacitySeconds} s`, `${kiosks} connections back to back`, closed, load1(), false));
    console.log(await watched(closed.cpuS));
    console.log(check(after, await inDatabase(db, s.ids, s.seededMaxId), closed));
  }
  await app.close();
  await database.close();
}

/** The run's changes in the database against the generator's successes. */
function check(before: { checkIn: number; walkIn: number }, after: { checkIn: number; walkIn: number }, r: LoadResult): string {
  const checkIn = after.checkIn - before.checkIn;
  const walkIn = after.walkIn - before.walkIn;
  const agrees = checkIn === r.ok.checkIn && walkIn === r.ok.walkIn;
  return `    in the database: ${checkIn} invitations checked in, ${walkIn} new walk-ins: ${agrees ? 'as the generator counted' : `NOT as the generator counted (${r.ok.checkIn} / ${r.ok.walkIn})`}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('kiosk load: PostgreSQL only; run `npm run bench:kiosk-load`');
  await kioskLoadBench();
  process.exit(0);
}
