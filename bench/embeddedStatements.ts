// What one statement costs on the embedded database: PGlite's own `query` (each protocol message its own exchange,
// parsed and planned each run) against the path the product's Drizzle client takes (db/pgliteClient.ts, `pipelined`: held
// parsed under a name, one exchange per run), on the same migrated instance, same statements, same run.
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client.js';
import { timed } from './common.js';

const RUNS = Number(process.env.BENCH_STATEMENTS ?? 2000);

type Client = { query(text: string, params: unknown[]): Promise<unknown> };

export async function embeddedStatementsBench(): Promise<void> {
  const database = await openPglite('memory');
  await database.migrate();
  try {
    const pglite = database.pglite;
    if (!pglite) throw new Error('not PGlite');
    const product = (database.db as unknown as { $client: Client }).$client;
    await database.db.execute(
      sql`CREATE TABLE bench_statement (id serial PRIMARY KEY, token text NOT NULL UNIQUE, company_id int, at timestamptz DEFAULT now())`,
    );
    const read = 'SELECT id, token, company_id, at FROM bench_statement WHERE token = $1 LIMIT 1';
    const write = 'INSERT INTO bench_statement (token, company_id) VALUES ($1, $2)';
    const rate = (ms: number[]) => RUNS / (ms.reduce((a, b) => a + b, 0) / 1000);
    const line = (name: string, t: Awaited<ReturnType<typeof timed>>) =>
      `${name.padEnd(52)} ${rate(t.ms).toFixed(0).padStart(8)} /s  p50 ${t.p50.toFixed(3)} ms  p95 ${t.p95.toFixed(3)} ms`;
    for (const [label, client] of [
      ["PGlite's query (baseline)", pglite as unknown as Client],
      ['the product’s client (now)', product],
    ] as const) {
      const inserts = await timed(RUNS, (i) => client.query(write, [`${label}-${i}`, i % 7]));
      const reads = await timed(RUNS, (i) => client.query(read, [`${label}-${i}`]));
      console.log(line(`embedded insert, ${label}`, inserts));
      console.log(line(`embedded read by key, ${label}`, reads));
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void embeddedStatementsBench();
