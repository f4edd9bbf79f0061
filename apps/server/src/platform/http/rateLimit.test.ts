import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.js';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ rateLimits: { global: 1000, signin: 3, captcha: 1000, register: 1000, recovery: 1000, public: 1000, lookup: 1000 } });
  });
  afterAll(() => t.close());

  const login = (prefix: string, ip: string) =>
    t.app.inject({ method: 'POST', url: `${prefix}Login`, payload: { email: 'nobody', password: 'Wrong#Pass1' }, remoteAddress: ip });

  it('counts a call once per client whether it comes under /api/ or /qcvisit/', async () => {
    const codes: number[] = [];
    for (const prefix of ['/api/', '/qcvisit/', '/api/', '/qcvisit/']) codes.push((await login(prefix, '203.0.113.70')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    // Another client has a counter of its own.
    expect((await login('/qcvisit/', '198.51.100.70')).statusCode).toBe(200);
    const refused = await login('/api/', '203.0.113.70');
    expect(refused.json()).toMatchObject({ status: 429 });
  });
});
