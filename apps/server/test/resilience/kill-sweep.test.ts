import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../timeouts.js';
import { cli, type RunningServer, startSignedIn } from './server.js';

// Run by scripts/with-postgres.sh (npm test's resilience step): the retention sweep killed without warning while it
// removes visits and their files, then run again by a new process.
const clusterUrl = process.env.TEST_DATABASE_URL;
if (!clusterUrl) throw new Error('run through scripts/with-postgres.sh (TEST_DATABASE_URL)');

const dbName = `kill_sweep_${process.pid}`;
const dbUrl = clusterUrl.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-kill-sweep-'));
const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir };
const ADMIN = { email: 'privacy@sweep.test', password: 'Sweep#2026' };
/** Enough visits that the sweep (200 per transaction) is still at work when it is killed. */
const VISITS = 6000;

let db: pg.Client;
let companyId = 0;
const servers: RunningServer[] = [];
const photoOf = (i: number) => `visits/${companyId}/sweep-${i}.jpg`;
const stored = (key: string) => fs.existsSync(path.join(dataDir, 'files', key));

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  cli(env, 'create-company', '--company', 'Sweep Co', '--email', ADMIN.email, '--password', ADMIN.password);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  companyId = (await db.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1')).rows[0]?.id ?? 0;
  // Visits that ended 400 days ago (the default rule keeps a record 365), each with a photo really stored.
  await db.query(
    `INSERT INTO visits (company_id, kind, status, name, phone, email, id_number, photo, visit_at, sign_out_at)
     SELECT $1::int, 'walkin', 'signedOut', 'Swept ' || i, '139' || lpad(i::text, 8, '0'), 'swept' || i || '@example.org',
            '11010519900307' || lpad(i::text, 4, '0'), 'visits/' || $1::int || '/sweep-' || i || '.jpg',
            now() - interval '400 days' - interval '1 hour', now() - interval '400 days'
     FROM generate_series(1, ${VISITS}) i`,
    [companyId],
  );
  fs.mkdirSync(path.join(dataDir, 'files', 'visits', String(companyId)), { recursive: true });
  for (let i = 1; i <= VISITS; i++) fs.writeFileSync(path.join(dataDir, 'files', photoOf(i)), `photo of Swept ${i}`);
});

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await db?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signedIn = () => startSignedIn(env, ADMIN, servers);

type Row = { id: number; name: string; phone: string; photo: string; purged: string[]; n: number };
const visitsNow = async () =>
  (
    await db.query<Row>(
      `SELECT id, name, phone, photo, purged, nullif(substring(name from 7), '')::int AS n FROM visits WHERE company_id = $1 AND kind = 'walkin' ORDER BY id`,
      [companyId],
    )
  ).rows;
const queued = async () => new Set((await db.query<{ key: string }>('SELECT key FROM file_deletions')).rows.map((r) => r.key));

describe('kill -9 during the retention sweep (PostgreSQL)', () => {
  it('leaves no half-removed visit or orphaned file, and the next run finishes the same report', async () => {
    const first = await signedIn();
    // The sweep by hand; its answer never comes: the process is killed once some batches are committed.
    const running = first.server.call('runRetentionSweep', {}, first.token).catch(() => null);
    const progress = async () =>
      (
        await db.query<{ n: number }>(`SELECT coalesce((removed->>'visitRecord')::int, 0) AS n FROM retention_sweeps WHERE company_id = $1`, [
          companyId,
        ])
      ).rows[0]?.n ?? 0;
    expect(await eventually(async () => (await progress()) >= 400, 120_000), first.server.output()).toBe(true);
    await first.server.stop('SIGKILL');
    await running;

    // Each visit is whole or wholly anonymised; an anonymised visit's photo is gone or queued for removal, a whole one's
    // is still stored. The report counts exactly the anonymised visits.
    const rows = await visitsNow();
    const gone = rows.filter((r) => r.purged.length === 10);
    const whole = rows.filter((r) => r.purged.length === 0);
    expect(gone.length + whole.length).toBe(VISITS);
    expect(gone.length).toBeGreaterThan(0);
    expect(whole.length, 'killed before the end').toBeGreaterThan(0);
    expect(gone.every((r) => r.name === '' && r.phone === '' && r.photo === '')).toBe(true);
    expect(whole.every((r) => r.name !== '' && r.photo === photoOf(r.n) && stored(r.photo))).toBe(true);
    const pending = await queued();
    const ids = new Map(rows.map((r) => [r.id, r]));
    const firstId = Math.min(...rows.map((r) => r.id));
    const orphans = gone.map((r) => photoOf(r.id - firstId + 1)).filter((k) => stored(k) && !pending.has(k));
    expect(orphans, 'an anonymised visit whose photo is neither removed nor queued').toEqual([]);
    expect(ids.size).toBe(VISITS);
    const [report] = (await db.query(`SELECT id, finished_at, removed FROM retention_sweeps WHERE company_id = $1`, [companyId])).rows;
    expect(report?.finished_at).toBeNull();
    expect(report?.removed.visitRecord).toBe(gone.length);

    // A new process: the next run removes the queued files first and finishes the same report.
    const second = await signedIn();
    const done = await second.server.call<{ id: number; finishedAt: number | null; removed: { visitRecord: number } }>(
      'runRetentionSweep',
      {},
      second.token,
    );
    expect(done.body.status).toBe(0);
    expect(done.body.result).toMatchObject({ id: report?.id, removed: { visitRecord: VISITS } });
    expect(done.body.result.finishedAt).not.toBeNull();
    expect((await visitsNow()).every((r) => r.purged.length === 10 && r.name === '' && r.photo === '')).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'visits', String(companyId)))).toEqual([]);
    expect((await queued()).size).toBe(0);
    // The log's chain, which the killed run's entries joined, still checks intact.
    const chain = await second.server.call<{ firstBroken: unknown }>('verifyLogChain', {}, second.token);
    expect(chain.body.result.firstBroken).toBeNull();
  });
});
