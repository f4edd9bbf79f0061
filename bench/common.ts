// What the database benches share: the product on a fresh database listening on a free port, and latency timing.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { type Config, DEFAULT_RATE_LIMITS, loadConfig } from '../apps/server/src/config.js';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.js';

/** The password every bench's company and accounts are made with. */
export const BENCH_PASSWORD = 'Bench#2026';

/** Signs in over HTTP (`url` ends with /api) and answers the session token; a refusal stops the bench. */
export async function signIn(url: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const a = (await res.json()) as { status: number; reason: string; result: { token: string } };
  if (a.status !== 0) throw new Error(`bench: ${email} could not sign in (${a.status} ${a.reason})`);
  return a.result.token;
}

/** The machine's load averages, printed beside a figure measured on a shared machine. */
export const loadAverage = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

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
  const { app, url, services, config } = await benchServer(database);
  return { database, app, url, db: database.db, services, config };
}

/** The product on an open database, listening on a free port, rate limits off; `overrides` change its configuration. */
export async function benchServer(database: Database, overrides: Partial<Config> = {}) {
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off' },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9, signin: 1e9 }, ...overrides },
  );
  const { app, services } = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, services, config, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api` };
}

export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The load generator runs in its own process, so it does not take CPU from the server under test. */
export async function load(url: string, body: unknown, headers: Record<string, string> = {}, connections = 10): Promise<Figures> {
  const args = [
    '-j',
    '-c',
    String(connections),
    '-d',
    String(DURATION),
    '-m',
    'POST',
    '-H',
    'content-type=application/json',
    '-b',
    JSON.stringify(body),
  ];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const out = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [autocannonBin, ...args, url], { maxBuffer: 16 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export function row(name: string, f: Figures, base: Figures): string {
  return `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(8)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  errors ${f.errors}  ${(
    (f.rps / base.rps) * 100
  ).toFixed(1)}% of bare`;
}

export async function bare(): Promise<Figures> {
  const app = Fastify();
  app.post('/bare', async () => ({ status: 0, reason: 'success', result: { ok: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const f = await load(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/bare`, {});
  await app.close();
  return f;
}
