// Hikvision pushes (issue 38): the credential pipeline against in-process ISAPI simulators (tools/hikvision-device.ts)
// over real HTTP with Digest, driven as the server drives it: reconcileCompany, then the Pusher (credentials.live.ts,
// 8 devices at once) with kickDue and idle(), until the rows are `synced`. The server's 300 ms debounce after a change
// is not included. Measured, each with a baseline in the same run:
//   1. approve → live on 50 devices (one group, default-on for visitors), per visit from the approval call until its
//      credential is synced on all 50, p50/p95 (target p95 ≤ 5 s); baseline: one bare client setUser per device, 8 at once;
//   2. sign-out → revoked on all 50, per visit, p50/p95 (target p95 ≤ 60 s); baseline: one bare deleteUsers per device;
//   3. 10,000 employees with a card each loaded onto a new device: reconcile + push, rows/s; baseline: bare client
//      setUser+setCard for 10,000 people to a fresh simulator with the client's bound (2 in flight);
//   4. readback and repair of 1,000 mismatches on that device (500 missing, 300 changed, 200 extra); baseline: the
//      client reading the device back alone (users, cards, faces).
// Alone: `node --import tsx bench/credentials.ts` (PGlite, and PostgreSQL when TEST_DATABASE_URL).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { selectRows } from '../apps/server/src/db/client.js';
import { companies, employees, staffAccounts } from '../apps/server/src/db/schema/index.js';
import { PUSH_DRIVERS } from '../apps/server/src/modules/credentials/credentials.drivers.js';
import { isapiClient } from '../apps/server/src/modules/credentials/credentials.isapi.js';
import { Pusher } from '../apps/server/src/modules/credentials/credentials.live.js';
import { readback } from '../apps/server/src/modules/credentials/credentials.readback.js';
import { reconcileCompany } from '../apps/server/src/modules/credentials/credentials.reconcile.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { systemScope, tenantScope } from '../apps/server/src/platform/identity/tenancy.js';
import { type HikDevice, startHikvisionDevice } from '../tools/hikvision-device.js';
import { benchApp, summary, type Timings } from './common.js';

const DEVICES = Number(process.env.BENCH_HIK_DEVICES ?? 50);
const VISITS = Number(process.env.BENCH_HIK_VISITS ?? 30);
const PEOPLE = Number(process.env.BENCH_HIK_PEOPLE ?? 10_000);
/** As the Pusher (credentials.live.ts DEVICES_AT_ONCE) and the driver's client (credentials.hikvision.ts MAX_IN_FLIGHT). */
const AT_ONCE = 8;
const IN_FLIGHT = 2;
const MAX_SESSIONS = 4;
const USER = 'admin';
const PASSWORD = 'Bench#Door-2026';

const s = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const pct = (t: Timings) => `p50 ${s(t.p50)} p95 ${s(t.p95)}`;
const verdict = (ms: number, target: number) => (ms <= target ? `target ≤ ${s(target)} met` : `TARGET ≤ ${s(target)} NOT MET`);
const FACE_FILE = new URL('../apps/server/test/fixtures/faces/one-face.jpg', import.meta.url);
const FACE_EVERY = 10;
const FACE_KEY = (ctx: { id: number }) => `faces/${ctx.id}/bench-face.jpg`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` on every item, `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

type Ctx = Awaited<ReturnType<typeof setup>>;

async function setup(kind: 'pglite' | 'postgres') {
  const { database, app, url, db, services } = await benchApp(kind);
  const tag = Date.now().toString(36);
  const passwordHash = await hashPassword('Bench#2026');
  const email = `hik.${tag}@example.com`;
  const [company] = await db
    .insert(companies)
    .values({ name: `Hik ${tag}`, email, username: 'H', passwordHash, status: 1 })
    .returning();
  const id = company?.id ?? 0;
  // Walk-ins wait for approval: the approval is the event measured.
  await db.execute(sql`UPDATE companies SET settings = settings || '{"processSwitch": 1}'::jsonb WHERE id = ${id}`);
  const [host] = await db.insert(employees).values({ companyId: id, name: 'Host', phone: '13800000000' }).returning();
  await db.insert(staffAccounts).values({ companyId: id, account: `desk_${tag}`, name: 'Desk', sType: 2, passwordHash, mustChangePassword: 0 });
  const post = async <T>(name: string, body: unknown, token = ''): Promise<T> => {
    const res = await fetch(`${url}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-coolvisit-token': token },
      body: JSON.stringify(body),
    });
    const r = (await res.json()) as { status: number; reason: string; result: T };
    if (r.status !== 0) throw new Error(`${name} answered ${r.status} ${r.reason} ${JSON.stringify(r.result)}`);
    return r.result;
  };
  const admin = (await post<{ token: string }>('Login', { email, password: 'Bench#2026' })).token;
  const desk = (await post<{ token: string }>('Login', { email: `desk_${tag}`, password: 'Bench#2026' })).token;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off' });
  const pusher = new Pusher(systemScope(db), { services, config, drivers: PUSH_DRIVERS, log: app.log });
  const scope = tenantScope(db, { companyId: id });
  const addDevice = async (n: number, port: number, egids: number[]) =>
    (
      await post<{ device: { eid: number } }>(
        'addEquipment',
        {
          deviceName: `Hik ${n}`,
          deviceCode: `HIK-${n}`,
          eType: 'face',
          egids,
          driver: 'hikvision',
          deviceIp: '127.0.0.1',
          devicePort: port,
          driverUser: USER,
          driverPassword: PASSWORD,
        },
        admin,
      )
    ).device.eid;
  const close = async () => {
    await pusher.idle();
    await app.close();
    await database.close();
  };
  return { kind, db, services, id, host: host?.id ?? 0, admin, desk, post, pusher, scope, addDevice, close };
}

const count = async (ctx: Ctx, where: ReturnType<typeof sql>) =>
  Number(
    (await selectRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM face_credentials WHERE company_id = ${ctx.id} AND ${where}`))[0]?.n ??
      0,
  );

/** The server's round (reconcile, push the devices with work, 8 at once) until `done`; false after `limitMs`. */
async function drive(ctx: Ctx, done: () => Promise<boolean>, limitMs = 180_000): Promise<boolean> {
  const until = performance.now() + limitMs;
  for (;;) {
    await reconcileCompany(ctx.scope, ctx.services.secrets, new Date());
    await ctx.pusher.kickDue(ctx.scope);
    await ctx.pusher.idle();
    if (await done()) return true;
    if (performance.now() > until) return false;
    // A device held (busy, unreachable) is tried again when its hold ends: poll as the next change would.
    await sleep(50);
  }
}

const settled = (ctx: Ctx) => async () => (await count(ctx, sql`status <> 'synced'`)) === 0;

/** Parts 1 and 2: approve → live on every device, sign-out → revoked on every device, per visit. */
async function liveBench(ctx: Ctx, sims: HikDevice[]) {
  const { egid } = await ctx.post<{ egid: number }>('addEquipmentGroup', { egname: 'Lobby doors', defaultOn: true }, ctx.admin);
  for (const [i, sim] of sims.entries()) await ctx.addDevice(i + 1, Number(new URL(sim.url).port), [egid]);
  const phones = Array.from({ length: VISITS }, (_, i) => `137${String(i + 1).padStart(8, '0')}`);
  const vids: number[] = [];
  for (const vphone of phones) vids.push((await ctx.post<{ vid: number }>('UpdatePhoto', { vname: '访客', vphone, empid: ctx.host }, ctx.desk)).vid);
  const onAll = (vid: number, removed: boolean) => async () =>
    (await count(ctx, sql`person_kind = 'visitor' AND person_id = ${vid} AND status = 'synced' AND (action = 'remove') = ${removed}`)) === DEVICES;
  const live: number[] = [];
  const missed: number[] = [];
  for (const vid of vids) {
    const t = performance.now();
    await ctx.post('updateVisitStatus', { vid, event: 'approve' }, ctx.admin);
    if (!(await drive(ctx, onAll(vid, false)))) missed.push(vid);
    live.push(performance.now() - t);
  }
  // Checked in (the rows are updated and pushed again), then signed out one after the other.
  for (const phone of phones) await ctx.post('AppClientSignin', { phone }, ctx.desk);
  await drive(ctx, settled(ctx));
  const revoked: number[] = [];
  for (const vid of vids) {
    const t = performance.now();
    await ctx.post('updateVisitStatus', { vid, event: 'signOut' }, ctx.admin);
    if (!(await drive(ctx, onAll(vid, true)))) missed.push(vid);
    revoked.push(performance.now() - t);
  }
  const onDevices = sims.reduce((n, sim) => n + [...sim.state.users.keys()].filter((k) => k.startsWith('OVV')).length, 0);
  return { live: summary(live), revoked: summary(revoked), missed, onDevices };
}

/** The baselines of parts 1 and 2: the same work per visit as bare client calls, 8 devices at once, warm clients. */
async function bareLive(sims: HikDevice[]) {
  const clients = sims.map((sim) => isapiClient({ baseUrl: sim.url, username: USER, password: PASSWORD }, { maxConcurrent: IN_FLIGHT }));
  const put: number[] = [];
  const del: number[] = [];
  for (let v = 1; v <= VISITS; v++) {
    const no = `OVB${v}`;
    let t = performance.now();
    await pool(clients, AT_ONCE, (c) =>
      c.setUser({ employeeNo: no, name: '访客', userType: 'visitor', validFrom: new Date(), validTo: new Date(Date.now() + 7_200_000), doors: [1] }),
    );
    put.push(performance.now() - t);
    t = performance.now();
    await pool(clients, AT_ONCE, (c) => c.deleteUsers([no]));
    del.push(performance.now() - t);
  }
  return { put: summary(put), del: summary(del) };
}

/** Part 3: PEOPLE employees with a card each, granted a group; a new device added to it, reconciled and pushed. */
async function loadBench(ctx: Ctx, sim: HikDevice) {
  const [group] = await selectRows<{ id: number }>(
    ctx.db,
    sql`INSERT INTO device_groups (company_id, name) VALUES (${ctx.id}, 'Staff doors') RETURNING id`,
  );
  // One face photo in ten (the 28 kB fixture, one stored file for all of them): the rest carry their card only.
  await ctx.services.files.put(FACE_KEY(ctx), readFileSync(FACE_FILE));
  await ctx.db.execute(sql`INSERT INTO employees (company_id, name, phone, card_no, avatar)
    SELECT ${ctx.id}, 'Employee ' || g, '139' || lpad(g::text, 8, '0'), '5' || lpad(g::text, 9, '0'),
      CASE WHEN g % ${FACE_EVERY} = 0 THEN ${FACE_KEY(ctx)} ELSE '' END FROM generate_series(1, ${PEOPLE}) g`);
  await ctx.db.execute(sql`INSERT INTO employee_device_groups (company_id, emp_id, group_id)
    SELECT ${ctx.id}, id, ${group?.id} FROM employees WHERE company_id = ${ctx.id} AND card_no <> ''`);
  // Settle the rows written (and what parts 1-2 left) before the measurement.
  await drive(ctx, settled(ctx));
  const eid = await ctx.addDevice(DEVICES + 1, Number(new URL(sim.url).port), [group?.id ?? 0]);
  const t = performance.now();
  await reconcileCompany(ctx.scope, ctx.services.secrets, new Date());
  const reconcileMs = performance.now() - t;
  const done = await drive(ctx, settled(ctx), 600_000);
  const ms = performance.now() - t;
  const synced = await count(ctx, sql`device_id = ${eid} AND status = 'synced' AND action <> 'remove'`);
  return { eid, ms, reconcileMs, synced, done, held: [...sim.state.users.keys()].filter((k) => k.startsWith('OVE')).length };
}

async function bareLoad() {
  const sim = await startHikvisionDevice({ port: 0, username: USER, password: PASSWORD, maxUsers: PEOPLE + 2000, maxSessions: MAX_SESSIONS });
  const c = isapiClient({ baseUrl: sim.url, username: USER, password: PASSWORD }, { maxConcurrent: IN_FLIGHT });
  const ids = Array.from({ length: PEOPLE }, (_, i) => i + 1);
  const face = readFileSync(FACE_FILE);
  const t = performance.now();
  await pool(ids, IN_FLIGHT, async (i) => {
    await c.setUser({ employeeNo: `OVE${i}`, name: `Employee ${i}`, userType: 'normal', validFrom: null, validTo: null, doors: [1] });
    await c.setCard(`OVE${i}`, `5${String(i).padStart(9, '0')}`);
    if (i % FACE_EVERY === 0) await c.setFace(`OVE${i}`, face);
  });
  const ms = performance.now() - t;
  await sim.close();
  return ms;
}

/** Part 4: 1,000 mismatches made on the loaded device, then one readback. */
async function readbackBench(ctx: Ctx, eid: number, sim: HikDevice) {
  const ours = [...sim.state.users.keys()].filter((k) => k.startsWith('OVE')).sort();
  const lost = ours.slice(0, 500);
  const altered = new Set(ours.slice(500, 800));
  for (const no of lost) {
    sim.state.users.delete(no);
    sim.state.faces.delete(no);
  }
  for (const [cardNo, card] of sim.state.cards) if (lost.includes(card.employeeNo) || altered.has(card.employeeNo)) sim.state.cards.delete(cardNo);
  for (let i = 1; i <= 200; i++) sim.addSiteUser({ employeeNo: `OVE${90_000_000 + i}`, name: `Stranger ${i}` });
  const t = performance.now();
  const report = await readback(ctx.scope, eid, { services: ctx.services, drivers: PUSH_DRIVERS });
  const ms = performance.now() - t;
  const c = isapiClient({ baseUrl: sim.url, username: USER, password: PASSWORD }, { maxConcurrent: IN_FLIGHT });
  const b = performance.now();
  const [users, cards, faces] = [await c.users(), await c.cards(), await c.faces()];
  const bareMs = performance.now() - b;
  return { ms, bareMs, report, read: { users: users.length, cards: cards.length, faces: faces.length } };
}

export async function credentialsBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const ctx = await setup(kind);
  const sims = await Promise.all(
    Array.from({ length: DEVICES }, () => startHikvisionDevice({ port: 0, username: USER, password: PASSWORD, maxSessions: MAX_SESSIONS })),
  );
  const big = await startHikvisionDevice({ port: 0, username: USER, password: PASSWORD, maxUsers: PEOPLE + 2000, maxSessions: MAX_SESSIONS });
  console.log(
    `hikvision pushes (${kind}): ${DEVICES} simulators in process, maxSessions ${MAX_SESSIONS} each, client in flight ≤ ${IN_FLIGHT} per device, ` +
      `search page 30, ${AT_ONCE} devices pushed at once, maxUsers 3000 (${PEOPLE + 2000} on the loaded device); visitors without photo, one employee in ${FACE_EVERY} with a 28 kB face`,
  );
  const live = await liveBench(ctx, sims);
  const bare = await bareLive(sims);
  const sessions = Math.max(...sims.map((d) => d.stats().maxConcurrent));
  console.log(
    `  approve → live on ${DEVICES} devices, ${VISITS} visits one after the other: ${pct(live.live)} (${verdict(live.live.p95, 5000)}); ` +
      `bare setUser on each device ${pct(bare.put)} (p95 ${(live.live.p95 / bare.put.p95).toFixed(1)}x)`,
  );
  console.log(
    `  sign-out → revoked on ${DEVICES} devices: ${pct(live.revoked)} (${verdict(live.revoked.p95, 60_000)}); ` +
      `bare deleteUsers on each device ${pct(bare.del)} (p95 ${(live.revoked.p95 / bare.del.p95).toFixed(1)}x); ` +
      `visitors left on devices ${live.onDevices}, not synced in time ${live.missed.length}, most requests in flight at a device ${sessions}`,
  );
  const load = await loadBench(ctx, big);
  const bareMs = await bareLoad();
  console.log(
    `  ${PEOPLE} employees onto a new device: ${s(load.ms)} (reconcile ${s(load.reconcileMs)}), ${(load.synced / (load.ms / 1000)).toFixed(0)} rows/s, ` +
      `${load.synced} synced, ${load.held} on the device${load.done ? '' : ' (NOT all synced in 10 min)'}; bare setUser+setCard(+setFace) ×${PEOPLE}, ${IN_FLIGHT} in flight: ` +
      `${s(bareMs)}, ${(PEOPLE / (bareMs / 1000)).toFixed(0)} people/s (${(load.ms / bareMs).toFixed(1)}x); most in flight ${big.stats().maxConcurrent}`,
  );
  const rb = await readbackBench(ctx, load.eid, big);
  const r = rb.report && typeof rb.report === 'object' ? rb.report : null;
  const faces = Math.floor(PEOPLE / FACE_EVERY);
  const ok = r?.missing === 500 && r.changed === 300 && r.extra === 200 && r.repaired === 1000 && r.failed === 0 && rb.read.faces === faces;
  console.log(
    `  readback + repair of 1,000 mismatches on ${PEOPLE}: ${s(rb.ms)}, report missing ${r?.missing} changed ${r?.changed} extra ${r?.extra} ` +
      `repaired ${r?.repaired} failed ${r?.failed}, ${rb.read.faces}/${faces} faces after (${ok ? 'as expected' : 'NOT as expected'}); ` +
      `bare read of users+cards+faces (${rb.read.users}/${rb.read.cards}/${rb.read.faces}) ${s(rb.bareMs)} (${(rb.ms / rb.bareMs).toFixed(1)}x)`,
  );
  await ctx.services.files.remove(FACE_KEY(ctx));
  await Promise.all([...sims, big].map((d) => d.close()));
  await ctx.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await credentialsBench('pglite');
  if (process.env.TEST_DATABASE_URL) await credentialsBench('postgres');
  process.exit(0);
}
