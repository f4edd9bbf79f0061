import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedStaff, type TestApp, testApp } from '../../../test/harness.js';

describe('verifyPassword (a kiosk confirms its password before it is signed out)', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  beforeAll(async () => {
    t = await testApp({
      lockout: {
        warnAfter: 1,
        lockAfter: 3,
        lockMinutes: 10,
        maxLockMinutes: 60,
        captchaAfter: 3,
        sourceCaptchaAfter: 10,
        spreadAfter: 5,
        spreadMaxDelaySeconds: 60,
      },
    });
    a = await seedCompany(t);
  });
  afterAll(() => t.close());

  it('answers 0 for the signed-in account’s password and 75 for another; needs a session', async () => {
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.verifyPassword({ password: PASSWORD }, kiosk.token)).status).toBe(0);
    expect((await t.api.verifyPassword({ password: 'Wrong#2026' }, kiosk.token)).status).toBe(Status.WRONG_CREDENTIALS);
    // The administrator's password is not the kiosk's.
    expect((await t.api.verifyPassword({ password: PASSWORD }, a.token)).status).toBe(0);
    expect((await t.api.verifyPassword({ password: PASSWORD })).status).toBe(Status.TOKEN_MISSING);
    const empty = await t.call<{ errors: { field: string }[] }>('verifyPassword', { password: '' }, kiosk.token);
    expect(empty.status).toBe(Status.BAD_PARAMS);
    expect(empty.result.errors[0]?.field).toBe('password');
  });

  it('counts failures toward the sign-in lockout: a warning, then locked (67) for the call and for sign-in', async () => {
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.verifyPassword({ password: 'Wrong#1' }, kiosk.token)).status).toBe(Status.WRONG_CREDENTIALS);
    const warned = await t.call<{ remaining: number }>('verifyPassword', { password: 'Wrong#2' }, kiosk.token);
    expect(warned.status).toBe(Status.LOGIN_TRIES_LEFT);
    expect(warned.result.remaining).toBe(1);
    expect((await t.api.verifyPassword({ password: 'Wrong#3' }, kiosk.token)).status).toBe(Status.ACCOUNT_LOCKED);
    // Locked: even the right password is refused, here and at sign-in.
    expect((await t.api.verifyPassword({ password: PASSWORD }, kiosk.token)).status).toBe(Status.ACCOUNT_LOCKED);
    expect((await t.api.Login({ email: kiosk.account, password: PASSWORD })).status).toBe(Status.ACCOUNT_LOCKED);
  });

  it('a right password clears earlier failures, as a sign-in does', async () => {
    const kiosk = await seedStaff(t, a.id, 2);
    expect((await t.api.verifyPassword({ password: 'Wrong#1' }, kiosk.token)).status).toBe(Status.WRONG_CREDENTIALS);
    expect((await t.api.verifyPassword({ password: PASSWORD }, kiosk.token)).status).toBe(0);
    expect((await t.api.verifyPassword({ password: 'Wrong#2' }, kiosk.token)).status).toBe(Status.WRONG_CREDENTIALS);
  });

  it('is limited like sign-in (the signin bucket’s rate per client address)', async () => {
    const limited = await testApp({
      rateLimits: { global: 1000, signin: 2, captcha: 1000, register: 1000, recovery: 1000, public: 1000, lookup: 1000 },
    });
    try {
      const c = await seedCompany(limited);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.api.verifyPassword({ password: PASSWORD }, c.token)).http);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
