import { PGlite } from '@electric-sql/pglite';
import { type Database, openPglite, PGLITE_EXTENSIONS } from '../src/db/client.js';

/**
 * The test apps' embedded databases, reused within a worker: loading the migrated template takes some 0.5 s of CPU
 * per app (a few hundred apps a run), emptying a database the previous app used about 0.1. A database goes back to
 * the pool only as the template left it apart from rows: no table, function, trigger or type added or dropped (a
 * test's own DDL, sql.test.ts) and not closed by its test. The app holds it through a revocable proxy, so anything it
 * left running after its close fails as on a closed database instead of writing into the next test's.
 */
export interface PoolPlan {
  /** Empties every table and puts every sequence back to its start: the migrated template holds no rows. */
  reset: string;
}

/** The plan for a freshly migrated database; undefined when a migration seeds rows (each app then loads the template). */
export async function poolPlan(pglite: PGlite): Promise<PoolPlan | undefined> {
  const tables = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const { name } of tables.rows) {
    const { rows } = await pglite.query<{ any: boolean }>(`SELECT EXISTS (SELECT FROM ${name}) AS any`);
    if (rows[0]?.any) return undefined;
  }
  const sequences = await pglite.query<{ name: string; start: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, start_value::text AS start FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const restarts = sequences.rows.map((s) => `setval('${s.name}', ${s.start}, false)`);
  return {
    reset: [`TRUNCATE ${tables.rows.map((t) => t.name).join(', ')} RESTART IDENTITY`, restarts.length ? `SELECT ${restarts.join(', ')}` : '']
      .filter(Boolean)
      .join(';\n'),
  };
}

const SHAPE = `SELECT concat_ws(',', (SELECT count(*) FROM pg_class), (SELECT count(*) FROM pg_attribute),
  (SELECT count(*) FROM pg_proc), (SELECT count(*) FROM pg_trigger), (SELECT count(*) FROM pg_type),
  (SELECT count(*) FROM pg_constraint), (SELECT count(*) FROM pg_namespace)) AS shape`;
/** Uses before a database is closed after all: its WebAssembly memory only grows. */
const MAX_USES = 40;

interface Pooled {
  pglite: PGlite;
  shape: string;
  uses: number;
}

const idle: Pooled[] = [];

const shapeOf = async (pglite: PGlite) => (await pglite.query<{ shape: string }>(SHAPE)).rows[0]?.shape ?? '';

/** A database in the template's state, and how to give it back. */
export async function pooledDatabase(template: Blob, plan: PoolPlan | undefined): Promise<Database & { drop(): Promise<void> }> {
  let entry = idle.pop();
  if (!entry) {
    const pglite = await PGlite.create({ loadDataDir: template, extensions: PGLITE_EXTENSIONS });
    entry = { pglite, shape: plan ? await shapeOf(pglite) : '', uses: 0 };
  }
  const lent = entry;
  lent.uses++;
  const { proxy, revoke } = Proxy.revocable(lent.pglite, {
    get: (target, key) => {
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const database = await openPglite(proxy);
  const unlisten = new Set<() => Promise<void>>();
  return {
    ...database,
    listen: async (channel, onNotify) => {
      const stop = await database.listen(channel, onNotify);
      unlisten.add(stop);
      return async () => {
        unlisten.delete(stop);
        await stop();
      };
    },
    drop: async () => {
      revoke();
      for (const stop of unlisten) await stop().catch(() => undefined);
      await giveBack(lent, plan);
    },
  };
}

async function giveBack(entry: Pooled, plan: PoolPlan | undefined): Promise<void> {
  const { pglite } = entry;
  if (pglite.closed) return;
  try {
    // An app closed mid-transaction leaves it open (ROLLBACK outside one only warns); DISCARD ALL drops prepared
    // statements, session settings, listens and advisory locks, and runs alone (not in a transaction block).
    await pglite.exec('ROLLBACK');
    if (plan && entry.uses < MAX_USES && (await shapeOf(pglite)) === entry.shape) {
      await pglite.exec('DISCARD ALL');
      await pglite.exec(plan.reset);
      idle.push(entry);
      return;
    }
  } catch {
    // Not reusable: closed below.
  }
  await pglite.close();
}
