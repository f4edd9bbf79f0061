import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { type PoolPlan, poolPlan } from './pglitePool.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; each test app loads it (absent on PostgreSQL). */
    pgliteTemplate: string;
    /** How a used test database is emptied for the next app (pglitePool.ts); undefined: each loads the template. */
    pglitePool: PoolPlan | undefined;
  }
}

/**
 * Migrates once per suite run. With TEST_DATABASE_URL (a PostgreSQL server started by scripts/with-postgres.sh) a
 * template database, which each test app copies (CREATE DATABASE … TEMPLATE); otherwise one PGlite, dumped to a file
 * that each test file loads instead of replaying the migrations itself.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return dumpPgliteTemplate(project);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS openvisit_template');
  await admin.query('CREATE DATABASE openvisit_template');
  await admin.end();
  const template = await openPostgres(withDatabase(url, 'openvisit_template'), 1);
  await template.migrate();
  await template.close();
  return undefined;
}

async function dumpPgliteTemplate(project: TestProject): Promise<() => void> {
  const database = await openPglite('memory');
  await database.migrate();
  // Dumped as it is, every test app's database replayed the migrations' write-ahead log as it started; checkpointed
  // first, each starts in about 0.6 s instead of 0.8 (six loads each way, twice, on this machine). Not VACUUM: it
  // records row counts, and a fresh installation's tables have none (the planner-statistics job tells them apart).
  await database.pglite?.exec('CHECKPOINT');
  const tarball = await database.pglite?.dumpDataDir('none');
  project.provide('pglitePool', database.pglite && (await poolPlan(database.pglite)));
  await database.close();
  if (!tarball) throw new Error('PGlite dump failed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-template-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
