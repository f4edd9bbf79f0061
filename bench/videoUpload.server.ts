// The server process of bench/videoUpload.ts: the product on a fresh PGlite in a data folder of its own, listening on
// a free port, with one company signed in, plus a bare route that only streams a request body to a file (the
// baseline). Prints one JSON line ({ port, token }) once ready; stops when its parent closes stdin.
import { createWriteStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../apps/server/src/config.js';
import { openPglite } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { signIn } from './common.js';

const dataDir = process.argv[2] ?? '';
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', CAPTCHA: 'off', DATA_DIR: dataDir },
  { rateLimits: { ...DEFAULT_RATE_LIMITS, global: 1e9, signin: 1e9 } },
);
const database = await openPglite('memory');
await database.migrate();
const { app } = await buildApp(config, database);
// The baseline: a request body streamed to a file, nothing else (no multipart, no session, no checks).
app.register(async (bare) => {
  bare.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  bare.post('/bench/sink', async (req) => {
    await pipeline(req.body as NodeJS.ReadableStream, createWriteStream(path.join(dataDir, 'sink.bin')));
    return { ok: true };
  });
});
await app.listen({ port: 0, host: '127.0.0.1' });
const email = 'bench.video@example.com';
await database.db
  .insert(companies)
  .values({ name: 'Video bench', email, username: 'Bench', passwordHash: await hashPassword('Bench#2026'), status: 1, guideDone: 1 });
const port = (app.server.address() as AddressInfo).port;
const token = await signIn(`http://127.0.0.1:${port}/api`, email);
process.stdout.write(`${JSON.stringify({ port, token })}\n`);
process.stdin.resume();
process.stdin.on(
  'end',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
