// Face terminals' delta sync (issue 16): 10,000 employees granted one group, one face terminal in it. Measured: the
// reconciliation that queues them (the job's function, first run and a run with nothing changed), and the terminal
// pulling every page (500 per call) and confirming it, over HTTP with its device credential. Baselines in the same run:
// one bare INSERT … SELECT writing the same 10,000 rows, and bare keyset SELECTs reading them in the same pages.
// Alone: `node --import tsx bench/faceSync.ts` (PGlite, and PostgreSQL when TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema/index.js';
import { reconcileCompany } from '../apps/server/src/modules/credentials/credentials.reconcile.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { deviceSecretHash } from '../apps/server/src/platform/identity/deviceAuth.js';
import { tenantScope } from '../apps/server/src/platform/identity/tenancy.js';
import { benchApp } from './common.js';

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function seed(db: Awaited<ReturnType<typeof benchApp>>['db'], n: number) {
  const tag = Date.now().toString(36);
  const [company] = await db
    .insert(companies)
    .values({ name: `Face ${tag}`, email: `face.${tag}@example.com`, username: 'F', passwordHash: await hashPassword('Bench#2026'), status: 1 })
    .returning();
  const id = company?.id ?? 0;
  const secret = randomBytes(32).toString('base64url');
  const [group] = await selectRows<{ id: number }>(db, sql`INSERT INTO device_groups (company_id, name) VALUES (${id}, 'Staff doors') RETURNING id`);
  const [device] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO devices (company_id, name, code, kind, secret_hash) VALUES (${id}, 'Face 1', 'FACE-1', 'face', ${deviceSecretHash(secret)}) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO device_group_devices (company_id, group_id, device_id) VALUES (${id}, ${group?.id}, ${device?.id})`);
  await db.execute(sql`INSERT INTO employees (company_id, name, phone, avatar)
    SELECT ${id}, 'Employee ' || g, '139' || lpad(g::text, 8, '0'), 'faces/' || ${id} || '/' || g || '.jpg' FROM generate_series(1, ${n}) g`);
  await db.execute(
    sql`INSERT INTO employee_device_groups (company_id, emp_id, group_id) SELECT ${id}, id, ${group?.id} FROM employees WHERE company_id = ${id}`,
  );
  return { id, eid: device?.id ?? 0, secret };
}

export async function faceSyncBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_FACE_PEOPLE ?? 10_000);
  const { database, app, url, db, services } = await benchApp(kind);
  const { id, eid, secret } = await seed(db, N);
  const scope = tenantScope(db, { companyId: id });

  let t = performance.now();
  const first = await reconcileCompany(scope, services.secrets, new Date(), { full: true });
  const reconcileMs = performance.now() - t;
  t = performance.now();
  await reconcileCompany(scope, services.secrets, new Date(), { full: true });
  const unchangedMs = performance.now() - t;

  const auth = { authorization: `Device ${eid}.${secret}`, 'content-type': 'application/json' };
  const post = async (name: string, body: unknown) =>
    (await (await fetch(`${url}/${name}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })).json()) as {
      status: number;
      result: { items: { seq: number }[]; cursor: number; more: boolean };
    };
  let cursor = 0;
  const seqs: number[] = [];
  let pages = 0;
  t = performance.now();
  for (;;) {
    const r = await post('faceSyncPull', { cursor });
    if (r.status !== 0) throw new Error(`faceSyncPull answered ${r.status}`);
    for (const item of r.result.items) seqs.push(item.seq);
    pages++;
    cursor = r.result.cursor;
    if (!r.result.more) break;
  }
  const pullMs = performance.now() - t;
  // Confirm everything pulled, 500 per call (as a terminal would after applying each page).
  t = performance.now();
  for (let i = 0; i < seqs.length; i += 500) {
    const r = await post('faceSyncAck', { results: seqs.slice(i, i + 500).map((seq) => ({ seq, status: 'synced' })) });
    if (r.status !== 0) throw new Error(`faceSyncAck answered ${r.status}`);
  }
  const ackMs = performance.now() - t;

  // Baselines: the same rows written by one statement, and read back in the same pages by bare keyset queries.
  await db.execute(sql`CREATE TEMP TABLE face_bare AS SELECT * FROM face_credentials WITH NO DATA`);
  t = performance.now();
  await db.execute(sql`INSERT INTO face_bare SELECT * FROM face_credentials WHERE device_id = ${eid}`);
  const bareWriteMs = performance.now() - t;
  t = performance.now();
  for (let after = 0; ; ) {
    const rows = await selectRows<{ seq: number }>(
      db,
      sql`SELECT * FROM face_credentials WHERE company_id = ${id} AND device_id = ${eid} AND seq > ${after} ORDER BY seq LIMIT 501`,
    );
    if (rows.length <= 500) break;
    // A bigint column: the driver's string or BigInt.
    after = Number(rows[499]?.seq ?? after);
  }
  const bareReadMs = performance.now() - t;
  console.log(
    `face sync ${N} people → 1 terminal (${kind}): reconcile ${s(reconcileMs)} (${first.added} adds; bare INSERT…SELECT of the rows ${s(bareWriteMs)}, ${(reconcileMs / bareWriteMs).toFixed(1)}x), ` +
      `nothing changed ${s(unchangedMs)}; pull ${seqs.length} in ${pages} pages ${s(pullMs)} (bare keyset reads ${s(bareReadMs)}, ${(pullMs / bareReadMs).toFixed(1)}x); confirm all ${s(ackMs)}`,
  );
  await app.close();
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await faceSyncBench('pglite');
  if (process.env.TEST_DATABASE_URL) await faceSyncBench('postgres');
  process.exit(0);
}
