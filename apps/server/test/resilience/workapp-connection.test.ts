import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeishuSim, startFeishuSim } from '../../../../tools/feishu-sim.js';
import { eventually } from '../timeouts.js';
import { cli, type RunningServer, startServer } from './server.js';

// Run by scripts/with-postgres.sh (npm test's resilience step): two server processes on the PostgreSQL it starts.
const clusterUrl = process.env.TEST_DATABASE_URL;
if (!clusterUrl) throw new Error('run through scripts/with-postgres.sh (TEST_DATABASE_URL)');

const dbName = `workapp_${process.pid}`;
const dbUrl = clusterUrl.replace(/\/[^/]*$/, `/${dbName}`);
// One data folder: both processes read the same generated SECRET_KEY, as one installation's processes must.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-workapp-'));
const ADMIN = { email: 'ops@workapp.test', password: 'WorkApp#2026' };
const servers: RunningServer[] = [];
let fsim: FeishuSim;
let env: Record<string, string>;

async function server(): Promise<RunningServer> {
  const s = await startServer(env);
  servers.push(s);
  return s;
}

beforeAll(async () => {
  const c = new pg.Client({ connectionString: clusterUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  fsim = await startFeishuSim();
  fsim.addDepartment({ departmentId: 'd-dock', name: 'Dock' });
  fsim.addUser({ userId: 'f-one', name: 'Dock One', mobile: '+8613700050001', departmentIds: ['d-dock'] });
  // A two-second lease: a dead holder's connection is taken over within seconds.
  env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, FEISHU_API_URL: fsim.url, IM_LEASE_SECONDS: '2', ALLOW_PRIVATE_ENDPOINTS: 'on' };
  cli({ DATABASE_URL: dbUrl, DATA_DIR: dataDir }, 'create-company', '--company', 'WorkApp Co', '--email', ADMIN.email, '--password', ADMIN.password);
});

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await fsim?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a work app’s long connection with two server processes', () => {
  it('one process holds it; killed, the other takes it over within seconds and the directory’s changes still arrive', async () => {
    const first = await server();
    const token = (await first.call<{ token: string }>('Login', ADMIN)).body.result.token;
    const app = { platform: 'feishu', appId: fsim.app.appId, appSecret: fsim.app.appSecret };
    expect((await first.call('updateImApp', app, token)).body.status).toBe(0);
    expect((await first.call('updateAppDirectory', { channel: 'feishu', on: 1, auto: 1 }, token)).body.status).toBe(0);
    expect(await eventually(() => fsim.connections(fsim.app) === 1, 20_000), first.output()).toBe(true);
    const second = await server();
    // The second process finds the lease held: still one connection, several rounds later.
    await new Promise((r) => setTimeout(r, 3000));
    expect(fsim.connections(fsim.app)).toBe(1);

    await first.stop('SIGKILL');
    expect(await eventually(() => fsim.connections(fsim.app) === 0, 10_000)).toBe(true);
    expect(await eventually(() => fsim.connections(fsim.app) === 1, 30_000), second.output()).toBe(true);

    fsim.addUser({ userId: 'f-two', name: 'Dock Two', mobile: '+8613700050002', departmentIds: ['d-dock'] });
    const names = async () =>
      (await second.call<{ list: { empName: string }[] }>('getEmpListPages', { startIndex: 0, requestedCount: 50 }, token)).body.result.list.map(
        (e) => e.empName,
      );
    expect(await eventually(async () => (await names()).includes('Dock Two'), 30_000), second.output()).toBe(true);
    expect(await names()).toContain('Dock One');
  });
});
