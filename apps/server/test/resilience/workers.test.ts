import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { eventually } from '../timeouts.js';
import { cli, type RunningServer, startServer } from './server.js';

// Run by scripts/with-postgres.sh (npm test's resilience step): WORKERS=2 on the PostgreSQL it starts.
const clusterUrl = process.env.TEST_DATABASE_URL;
if (!clusterUrl) throw new Error('run through scripts/with-postgres.sh (TEST_DATABASE_URL)');

const dbName = `workers_${process.pid}`;
const dbUrl = clusterUrl.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-workers-'));
const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, WORKERS: '2' };
const ADMIN = { email: 'ops@workers.test', password: 'Work#2026' };

/** The server processes the first one runs (its other children, such as tsx's esbuild service, left out). */
function workersOf(pid: number): number[] {
  const out = execSync(`ps -o pid=,args= --ppid ${pid} || true`, { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number.parseInt(line, 10));
}

let server: RunningServer;

beforeAll(async () => {
  const c = new pg.Client({ connectionString: clusterUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  cli({ DATABASE_URL: dbUrl, DATA_DIR: dataDir }, 'create-company', '--company', 'Workers Co', '--email', ADMIN.email, '--password', ADMIN.password);
  server = await startServer(env);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('WORKERS: several server processes on one port', () => {
  it('refuses several processes on the embedded database, at start-up', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: dbUrl })).not.toThrow();
  });

  it('runs the processes it is asked for; a session made through one is known to every one', async () => {
    const pid = server.child.pid ?? 0;
    expect(await eventually(() => workersOf(pid).length === 2), server.output()).toBe(true);
    const login = await server.call<{ token: string }>('Login', ADMIN);
    expect(login.body.status).toBe(0);
    // Connections are shared among the processes: every one of these answers from the database, none from memory.
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call('GetUserInfo', {}, login.body.result.token)));
    expect(answers.map((a) => a.body.status)).toEqual(Array(20).fill(0));
  });

  it('starts another process when one dies, and answers meanwhile', async () => {
    const pid = server.child.pid ?? 0;
    const [victim] = workersOf(pid);
    expect(victim).toBeDefined();
    process.kill(victim ?? 0, 'SIGKILL');
    // A connection handed to it in the instant it died may be cut; the next ones are answered by the other.
    const signIn = async () => (await server.call('Login', ADMIN).catch(() => null))?.body.status === 0;
    expect(await eventually(signIn)).toBe(true);
    expect(await eventually(() => workersOf(pid).length === 2 && !workersOf(pid).includes(victim ?? 0)), server.output()).toBe(true);
    expect(server.output()).toContain('starting another');
  });

  it('stops every process on SIGTERM', async () => {
    const pid = server.child.pid ?? 0;
    const workers = workersOf(pid);
    await server.stop('SIGTERM');
    const gone = (p: number) => {
      try {
        process.kill(p, 0);
        return false;
      } catch {
        return true;
      }
    };
    expect(await eventually(() => workers.every(gone))).toBe(true);
  });
});
