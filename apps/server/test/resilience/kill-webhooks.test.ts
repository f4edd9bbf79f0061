import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../../../tools/webhook-receiver.js';
import { eventually } from '../timeouts.js';
import { cli, type RunningServer, startSignedIn } from './server.js';

// Run by scripts/with-postgres.sh (npm test's resilience step): the server killed without warning while 1,000 events
// wait to be delivered to a webhook endpoint; a new process must deliver every one, none lost.
const clusterUrl = process.env.TEST_DATABASE_URL;
if (!clusterUrl) throw new Error('run through scripts/with-postgres.sh (TEST_DATABASE_URL)');

const dbName = `kill_webhooks_${process.pid}`;
const dbUrl = clusterUrl.replace(/\/[^/]*$/, `/${dbName}`);
// A short endpoint timeout: a claim the killed process held lapses after 4 × 1 s + 5 s instead of 45 s.
const env = { DATABASE_URL: dbUrl, ALLOW_PRIVATE_ENDPOINTS: 'on', ENDPOINT_TIMEOUT_SECONDS: '1' };
const ADMIN = { email: 'hooks@kill.test', password: 'HooksKill#2026' };
const EVENTS = 1000;

let db: pg.Client;
let receiver: Receiver;
const servers: RunningServer[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  cli(env, 'create-company', '--company', 'Hooks Co', '--email', ADMIN.email, '--password', ADMIN.password);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // Each request takes 5 ms: the thousand are still being delivered when the process is killed.
  receiver = await startReceiver({ mode: 'slow', slowMs: 5 });
});

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await receiver?.close();
  await db?.end();
});

describe('kill -9 while 1,000 webhook events are pending (PostgreSQL)', () => {
  it('delivers every event at least once after a restart, each signature verified by the standardwebhooks library', async () => {
    const first = await startSignedIn(env, ADMIN, servers);
    const added = await first.server.call<{ id: number; secret: string }>('addWebhook', { url: receiver.url, events: ['*'] }, first.token);
    expect(added.body.status).toBe(0);
    receiver.secret = added.body.result.secret;
    const companyId = (await db.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1')).rows[0]?.id;
    // A thousand changes' events, committed at once as a busy site's would be.
    await db.query(
      `INSERT INTO event_outbox (company_id, msg_id, type, data)
       SELECT $1::int, 'msg_kill_' || i, 'visit.checked_in', json_build_object('vid', i) FROM generate_series(1, ${EVENTS}) i`,
      [companyId],
    );
    expect(await eventually(() => receiver.messages.length >= 100, 120_000), first.server.output()).toBe(true);
    await first.server.stop('SIGKILL');
    const atKill = receiver.messages.length;
    expect(atKill).toBeLessThan(EVENTS);

    await startSignedIn(env, ADMIN, servers);
    expect(await eventually(() => receiver.messages.length >= EVENTS, 180_000), `${receiver.messages.length} of ${EVENTS}`).toBe(true);
    const ids = new Set(receiver.messages.map((m) => m.id));
    expect(ids.size).toBe(EVENTS);
    for (let i = 1; i <= EVENTS; i++) expect(ids.has(`msg_kill_${i}`)).toBe(true);
    expect(receiver.refused).toBe(0);
    // The last answers arrive a moment after their requests: then every delivery is marked delivered.
    const states = async () => JSON.stringify((await db.query('SELECT state, count(*)::int AS n FROM webhook_deliveries GROUP BY state')).rows);
    expect(await eventually(async () => (await states()) === JSON.stringify([{ state: 'succeeded', n: EVENTS }]), 60_000), await states()).toBe(true);
  });
});
