// What a commit that waits for the disk costs on the embedded database: single-row commits into a data folder opened
// durable (as the product does) against the same folder setup opened with PGlite's own fsync-off start, same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../apps/server/src/db/client.js';
import { timed } from './common.js';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 300);

async function commits(durable: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-bench-durable-'));
  const database = await openPglite(path.join(dir, 'pgdata'), { durable });
  try {
    const pglite = database.pglite;
    if (!pglite) throw new Error('not PGlite');
    await pglite.exec('CREATE TABLE bench_commit (n int, at timestamptz DEFAULT now(), note text)');
    const t = await timed(COMMITS, (i) => pglite.query('INSERT INTO bench_commit (n, note) VALUES ($1, $2)', [i, 'walk-in sized row']));
    return { ...t, perSecond: COMMITS / (t.ms.reduce((a, b) => a + b, 0) / 1000) };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function durabilityBench(): Promise<void> {
  const relaxed = await commits(false);
  const durable = await commits(true);
  const fmt = (name: string, f: typeof relaxed) =>
    `${name.padEnd(34)} ${f.perSecond.toFixed(0).padStart(8)} commits/s  p50 ${f.p50.toFixed(2)} ms  p95 ${f.p95.toFixed(2)} ms`;
  console.log(fmt('embedded commit, fsync off (old)', relaxed));
  console.log(fmt('embedded commit, on disk (now)', durable));
  console.log(`durable commits: ${((durable.perSecond / relaxed.perSecond) * 100).toFixed(1)}% of the fsync-off rate (${COMMITS} commits each)`);
}

if (import.meta.url === `file://${process.argv[1]}`) void durabilityBench();
