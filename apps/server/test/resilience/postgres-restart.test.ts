import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Status } from '@openvisit/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { eventually } from '../timeouts.js';
import { cli, type RunningServer, startServer } from './server.js';

// Run by scripts/with-postgres.sh (npm test's resilience step), which hands over the cluster and how to stop and start it.
const { TEST_DATABASE_URL: clusterUrl, TEST_PG_STOP: stopCmd, TEST_PG_START: startCmd } = process.env;
if (!clusterUrl || !stopCmd || !startCmd) throw new Error('run through scripts/with-postgres.sh (TEST_DATABASE_URL, TEST_PG_STOP, TEST_PG_START)');

const dbName = `resilience_${process.pid}`;
const dbUrl = clusterUrl.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-resilience-'));
const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir };
const ADMIN = { email: 'ops@resilience.test', password: 'Resil#2026' };

async function onCluster(sql: string, url = clusterUrl): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
const stopDatabase = () => execSync(stopCmd, { shell: '/bin/bash', stdio: 'ignore' });
const startDatabase = () => execSync(startCmd, { shell: '/bin/bash', stdio: 'ignore' });

let server: RunningServer;
let token: string;

beforeAll(async () => {
  await onCluster(`CREATE DATABASE ${dbName}`);
  cli(env, 'create-company', '--company', 'Resilience Co', '--email', ADMIN.email, '--password', ADMIN.password);
  server = await startServer(env);
  const login = await server.call<{ token: string }>('Login', ADMIN);
  expect(login.body.status).toBe(0);
  token = login.body.result.token;
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let added = 0;
/**
 * Reads and transactional writes in a loop until stopped (a connection checked out between the statements of a
 * transaction is the one a dropped backend used to crash the process with), keeping every answer that is neither a
 * success nor "temporarily unavailable".
 */
function steadyLoad(workers = 6) {
  let running = true;
  const unexpected: string[] = [];
  let answered = 0;
  const loops = Array.from({ length: workers }, async (_, w) => {
    while (running) {
      try {
        const n = ++added;
        const r =
          w % 2 === 0
            ? await server.call('getEmployeeCount', {}, token)
            : await server.call('addEmployee', { employee_name: `Load ${n}`, phone: `139${String(n).padStart(8, '0')}` }, token);
        answered++;
        const ok = (r.http === 200 && r.body.status === 0) || (r.http === 503 && r.body.status === Status.SERVICE_UNAVAILABLE);
        if (!ok) unexpected.push(`${r.http} ${JSON.stringify(r.body)}`);
      } catch (err) {
        // No answer at all: the process is gone (checked by the test) or the socket broke.
        unexpected.push(`no answer: ${(err as Error).message}`);
        if (!server.alive()) return;
      }
    }
  });
  return {
    answered: () => answered,
    async stop() {
      running = false;
      await Promise.all(loops);
      return unexpected;
    },
  };
}

const answersOk = async () => (await server.call('getEmployeeCount', {}, token)).body.status === 0;

describe('the server when its PostgreSQL connections drop or the database restarts', () => {
  it('survives its connections being terminated under load and goes on answering', async () => {
    const load = steadyLoad();
    for (let round = 0; round < 3; round++) {
      const before = load.answered();
      await eventually(() => !server.alive() || load.answered() > before + 5);
      expect(server.alive(), server.output()).toBe(true);
      await onCluster(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`);
    }
    expect(await eventually(answersOk)).toBe(true);
    const unexpected = await load.stop();
    expect(server.alive(), server.output()).toBe(true);
    expect(unexpected).toEqual([]);
  });

  it('answers 503 with a catalogued status while the database is down, then recovers by itself', async () => {
    const load = steadyLoad(3);
    stopDatabase();
    try {
      expect(await eventually(async () => (await server.healthz()) === 503)).toBe(true);
      const down = await server.call('getEmployeeCount', {}, token);
      expect(down.http).toBe(503);
      expect(down.body).toMatchObject({ status: Status.SERVICE_UNAVAILABLE, result: null });
      expect(server.alive(), server.output()).toBe(true);
    } finally {
      startDatabase();
    }
    expect(await eventually(async () => (await server.healthz()) === 200 && (await answersOk()), 60_000)).toBe(true);
    const unexpected = await load.stop();
    expect(server.alive(), server.output()).toBe(true);
    expect(unexpected).toEqual([]);
  });

  it('hears notifications again after the database restarts (the on-site stream does not go silent)', async () => {
    const database = await openPostgres(dbUrl, 2);
    const heard: string[] = [];
    const unlisten = await database.listen('resilience', (p) => heard.push(p));
    try {
      stopDatabase();
      // Down for longer than one reconnect attempt: the listener must keep trying.
      await new Promise((r) => setTimeout(r, 2500));
      startDatabase();
      expect(
        await eventually(async () => {
          await onCluster(`NOTIFY resilience, 'back'`, dbUrl);
          return heard.includes('back');
        }, 60_000),
      ).toBe(true);
    } finally {
      await unlisten();
      await database.close();
    }
  });
});
