// What the database benches share: the product on a fresh database listening on a free port, and latency timing.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres } from '../apps/server/src/db/client.js';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface Timings {
  p50: number;
  p95: number;
  ms: number[];
}

export function summary(ms: number[]): Timings {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), ms };
}

/** Runs `fn` n times in a row; the latency percentiles. */
export async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<Timings> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  return summary(ms);
}

/** The product on a fresh, migrated database (PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL), rate limits off. */
export async function benchApp(kind: 'pglite' | 'postgres') {
  const database = kind === 'pglite' ? await openPglite('memory') : await openPostgres(process.env.TEST_DATABASE_URL ?? '', 10);
  await database.migrate();
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off' },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9, signin: 1e9 } },
  );
  const { app } = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  return { database, app, url, db: database.db };
}
