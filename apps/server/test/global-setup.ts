import pg from 'pg';
import { openPostgres } from '../src/db/client.js';

/**
 * With TEST_DATABASE_URL (a PostgreSQL server started by scripts/with-postgres.sh) the suite migrates a
 * template database once; each test file then gets its own copy (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS openvisit_template');
  await admin.query('CREATE DATABASE openvisit_template');
  await admin.end();
  const template = await openPostgres(withDatabase(url, 'openvisit_template'), 1);
  await template.migrate();
  await template.close();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
