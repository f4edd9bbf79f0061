import { defineCall, ok, Status } from '@openvisit/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Services } from '../services.js';
import { bind, registerCalls } from './calls.js';
import { AppError } from './errors.js';

const declared = defineCall({
  name: 'declaredRefusal',
  area: 'settings',
  module: 'settings',
  summary: 'test call',
  access: 'public',
  statuses: [Status.MEETING_ENDED],
  fieldStatuses: { [Status.EMAIL_TAKEN]: 'email' },
  input: z.object({ status: z.number().int() }),
  output: ok,
});

/** A public call (no session, so no database) refusing with the status asked for. */
async function appIn(env: Config['env']) {
  const app = Fastify();
  // Only what runCall reads of the configuration.
  const config = { env, features: {}, rateLimits: {} } as unknown as Config;
  const deps = { db: {} as Db, config, services: {} as Services, dialect: {} };
  registerCalls(app, deps, [
    bind(declared, async (input) => {
      throw new AppError(input.status);
    }),
  ]);
  await app.ready();
  return app;
}

describe('statuses a call declares', () => {
  it('answers declared and universal refusals as the envelope', async () => {
    const app = await appIn('test');
    for (const status of [Status.MEETING_ENDED, Status.EMAIL_TAKEN, Status.BAD_PARAMS]) {
      const r = await app.inject({ method: 'POST', url: '/api/declaredRefusal', payload: { status } });
      expect(r.statusCode).toBe(200);
      expect(r.json().status).toBe(status);
    }
    await app.close();
  });

  it('fails in tests on a refusal the call does not declare, so the test provoking it shows it', async () => {
    const app = await appIn('test');
    const r = await app.inject({ method: 'POST', url: '/api/declaredRefusal', payload: { status: Status.TOO_EARLY } });
    expect(r.statusCode).toBe(500);
    await app.close();
  });

  it('still answers it in production', async () => {
    const app = await appIn('production');
    const r = await app.inject({ method: 'POST', url: '/api/declaredRefusal', payload: { status: Status.TOO_EARLY } });
    expect(r.json().status).toBe(Status.TOO_EARLY);
    await app.close();
  });
});
