import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../timeouts.js';
import { cli, type RunningServer, startSignedIn } from './server.js';

// The embedded database in a folder of its own, killed without warning while walk-ins are being written.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-kill-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
const ADMIN = { email: 'desk@kill.test', password: 'KillTest#2026' };
const servers: RunningServer[] = [];

const signedIn = () => startSignedIn(env, ADMIN, servers);

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during concurrent walk-ins on the embedded database', () => {
  it('loses no walk-in the server acknowledged, and starts again on the same files', async () => {
    cli(env, 'create-company', '--company', 'Kill Co', '--email', ADMIN.email, '--password', ADMIN.password);
    const first = await signedIn();
    const host = await first.server.call<{ empid: number }>('addEmployee', { employee_name: 'Host Kill', phone: '13800138000' }, first.token);
    expect(host.body.status).toBe(0);

    // Walk-ins from several desks at once until the process is killed; only answered successes count as acknowledged.
    const acknowledged = new Map<number, string>();
    let n = 0;
    let killed = false;
    const desk = async () => {
      while (!killed) {
        const vname = `Walker ${++n}`;
        const body = { vname, vphone: `137${String(n).padStart(8, '0')}`, empid: host.body.result.empid, protocolAccepted: true };
        try {
          const r = await first.server.call<{ vid: number }>('UpdatePhoto', body, first.token);
          if (r.body.status === 0) acknowledged.set(r.body.result.vid, vname);
          else throw new Error(`walk-in refused: ${JSON.stringify(r.body)}`);
        } catch (err) {
          if (!killed) throw err;
        }
      }
    };
    const desks = Array.from({ length: 6 }, desk);
    expect(await eventually(() => acknowledged.size >= 40, 120_000)).toBe(true);
    killed = true;
    await first.server.stop('SIGKILL');
    await Promise.all(desks);

    // The same data folder, a new process: every acknowledged visit is there, under the name it was given.
    const second = await signedIn();
    for (const [vid, vname] of acknowledged) {
      const r = await second.server.call<{ vid: number; vname: string }>('GetVisitorByVid', { vid }, second.token);
      expect([vid, r.body.status, r.body.result?.vname]).toEqual([vid, 0, vname]);
    }
    // And it goes on writing.
    const after = await second.server.call(
      'UpdatePhoto',
      { vname: 'After Kill', vphone: '13699990000', empid: host.body.result.empid },
      second.token,
    );
    expect(after.body.status).toBe(0);
  });
});
