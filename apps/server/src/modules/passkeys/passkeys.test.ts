import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../../../tools/soft-authenticator.js';
import {
  PASSWORD,
  Role,
  seedEmployee,
  seedStaff,
  seedSubAccount,
  seedSuper,
  type Tenant,
  type TestApp,
  testApp,
  twoTenants,
} from '../../../test/harness.js';
import { operationLogs, passkeys } from '../../db/schema/index.js';

type Options = Record<string, unknown>;
const ORIGIN = 'http://openvisit.test';

describe('passkeys', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  /** Adds a passkey to the signed-in account as the console does: start, the authenticator's answer, finish. */
  const addPasskey = async (token: string, device: SoftAuthenticator, name = 'Laptop') => {
    const start = await t.call<{ ceremony: string; options: Options }>('addPasskeyStart', {}, token);
    expect(start.status, start.reason).toBe(0);
    return t.call<{ id: number; name: string; synced: boolean }>(
      'addPasskey',
      { ceremony: start.result.ceremony, name, response: device.create(start.result.options) },
      token,
    );
  };
  const passkeySignIn = async (device: SoftAuthenticator, origin = ORIGIN) => {
    const start = await t.call<{ ceremony: string; options: Options }>('passkeySignInStart', {});
    expect(start.status).toBe(0);
    return t.call<{ token: string; role: number; userid: number }>('passkeySignIn', {
      ceremony: start.result.ceremony,
      response: device.get(start.result.options, origin),
    });
  };

  it('an administrator adds a passkey and signs in with it instead of the password', async () => {
    const laptop = new SoftAuthenticator(ORIGIN);
    const start = await t.call<{ ceremony: string; options: Options }>('addPasskeyStart', {}, a.token);
    expect(start.result.options).toMatchObject({
      rp: { id: 'openvisit.test' },
      user: { name: a.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const added = await t.call(
      'addPasskey',
      { ceremony: start.result.ceremony, name: 'Work laptop', response: laptop.create(start.result.options) },
      a.token,
    );
    expect(added).toMatchObject({ status: 0, result: { name: 'Work laptop', synced: false } });
    // The ceremony is spent: the same answer again is refused.
    const second = new SoftAuthenticator(ORIGIN);
    expect(
      (await t.call('addPasskey', { ceremony: start.result.ceremony, name: 'Again', response: second.create(start.result.options) }, a.token)).status,
    ).toBe(Status.PASSKEY_FAILED);

    const signedIn = await passkeySignIn(laptop);
    expect(signedIn).toMatchObject({ status: 0, result: { role: Role.ADMIN, userid: a.id } });
    expect((await t.api.GetUserInfo({}, signedIn.result.token)).status).toBe(0);
    const listed = await t.call<{ passkeys: { name: string; lastUsedAt: number | null }[]; twoStep: boolean }>('getPasskeys', {}, a.token);
    expect(listed.result).toMatchObject({ twoStep: false, passkeys: [{ name: 'Work laptop', lastUsedAt: expect.any(Number) }] });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.accountId, a.id));
    expect(row?.counter).toBe(1);
    const logged = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id));
    expect(logged.map((l) => l.objName)).toContain('Work laptop');
  });

  it('refuses an answer for another origin, without user verification, or to a spent or unknown challenge', async () => {
    const phone = new SoftAuthenticator(ORIGIN, true);
    expect((await addPasskey(a.token, phone, 'Phone')).result).toMatchObject({ synced: true });
    expect((await passkeySignIn(phone, 'https://evil.example')).status).toBe(Status.PASSKEY_FAILED);
    phone.userVerified = false;
    expect((await passkeySignIn(phone)).status).toBe(Status.PASSKEY_FAILED);
    phone.userVerified = true;
    const start = await t.call<{ ceremony: string; options: Options }>('passkeySignInStart', {});
    const answer = phone.get(start.result.options);
    expect((await t.call('passkeySignIn', { ceremony: start.result.ceremony, response: answer })).status).toBe(0);
    expect((await t.call('passkeySignIn', { ceremony: start.result.ceremony, response: answer })).status).toBe(Status.PASSKEY_FAILED);
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ rp: { id: 'openvisit.test' }, user: { id: 'x' }, challenge: 'x' });
    const r = await passkeySignIn(stranger);
    expect(r).toMatchObject({ status: Status.PASSKEY_FAILED, reason: expect.stringContaining('not registered') });
    expect((await t.call('passkeySignIn', { ceremony: 'x'.repeat(43), response: answer })).status).toBe(Status.PASSKEY_FAILED);
  });

  it('two-step sign-in: the password, then the passkey or a recovery code, each code once', async () => {
    const staff = await seedStaff(t, b.id, Role.SUBADMIN);
    expect((await t.call('setTwoStep', { on: true }, staff.token)).status).toBe(Status.PASSKEY_LAST);
    const key = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(staff.token, key)).status).toBe(0);
    const on = await t.call<{ recoveryCodes: string[] }>('setTwoStep', { on: true }, staff.token);
    expect(on.result.recoveryCodes).toHaveLength(10);
    expect(on.result.recoveryCodes[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

    const login = await t.call<{ ceremony: string; options: Options }>('Login', { email: staff.account, password: PASSWORD });
    expect(login.status).toBe(Status.PASSKEY_NEEDED);
    expect(login.result.options).toMatchObject({
      rpId: 'openvisit.test',
      allowCredentials: [expect.objectContaining({ id: key.credentials[0]?.id.toString('base64url') })],
    });
    expect(login.result).not.toHaveProperty('token');
    const done = await t.call<{ token: string; id: number }>('passkeySecondStep', {
      ceremony: login.result.ceremony,
      response: key.get(login.result.options),
    });
    expect(done).toMatchObject({ status: 0, result: { id: staff.id } });
    expect((await t.call('passkeySecondStep', { ceremony: login.result.ceremony, response: key.get(login.result.options) })).status).toBe(
      Status.PASSKEY_FAILED,
    );

    // No passkey at hand: a recovery code, typed loosely, signs in once.
    const code = on.result.recoveryCodes[1] ?? '';
    const again = await t.call<{ ceremony: string }>('Login', { email: staff.account, password: PASSWORD });
    expect(
      (await t.call('passkeySecondStep', { ceremony: again.result.ceremony, recoveryCode: ` ${code.toLowerCase().replace('-', ' ')} ` })).status,
    ).toBe(0);
    const third = await t.call<{ ceremony: string }>('Login', { email: staff.account, password: PASSWORD });
    expect((await t.call('passkeySecondStep', { ceremony: third.result.ceremony, recoveryCode: code })).status).toBe(Status.RECOVERY_CODE_WRONG);
    expect((await t.call<{ recoveryCodesLeft: number }>('getPasskeys', {}, staff.token)).result.recoveryCodesLeft).toBe(9);
    // Five wrong tries spend the step: even a right code is then refused, and the password must be given again.
    for (let i = 0; i < 4; i++) await t.call('passkeySecondStep', { ceremony: third.result.ceremony, recoveryCode: 'AAAAA-AAAAA' });
    expect((await t.call('passkeySecondStep', { ceremony: third.result.ceremony, recoveryCode: on.result.recoveryCodes[2] })).status).toBe(
      Status.PASSKEY_FAILED,
    );
    // Both answers at once, or neither, is bad input.
    expect((await t.call('passkeySecondStep', { ceremony: third.result.ceremony })).status).toBe(Status.BAD_PARAMS);

    // The last passkey stays while two steps are asked for; turned off, the password alone signs in.
    const [only] = (await t.call<{ passkeys: { id: number }[] }>('getPasskeys', {}, staff.token)).result.passkeys;
    expect((await t.call('removePasskey', { id: only?.id }, staff.token)).status).toBe(Status.PASSKEY_LAST);
    const fresh = await t.call<{ recoveryCodes: string[] }>('newRecoveryCodes', {}, staff.token);
    expect(fresh.result.recoveryCodes).not.toContain(on.result.recoveryCodes[3]);
    expect((await t.call('setTwoStep', { on: false }, staff.token)).status).toBe(0);
    expect((await t.call('Login', { email: staff.account, password: PASSWORD })).status).toBe(0);
    expect((await t.call('removePasskey', { id: only?.id }, staff.token)).status).toBe(0);
  });

  it("keeps each account's passkeys its own; machines' accounts have none", async () => {
    const mine = new SoftAuthenticator(ORIGIN);
    const added = await addPasskey(b.token, mine, 'Mine');
    const other = await seedStaff(t, b.id, Role.HSE);
    for (const [call, body] of [
      ['renamePasskey', { id: added.result.id, name: 'Taken' }],
      ['removePasskey', { id: added.result.id }],
    ] as const)
      expect([call, (await t.call(call, body, other.token)).status]).toEqual([call, Status.PASSKEY_UNKNOWN]);
    expect((await t.call<{ passkeys: unknown[] }>('getPasskeys', {}, other.token)).result.passkeys).toEqual([]);
    // A ceremony started by one account cannot be finished by another.
    const start = await t.call<{ ceremony: string; options: Options }>('addPasskeyStart', {}, b.token);
    const fresh = new SoftAuthenticator(ORIGIN);
    expect(
      (await t.call('addPasskey', { ceremony: start.result.ceremony, name: 'X', response: fresh.create(start.result.options) }, other.token)).status,
    ).toBe(Status.PASSKEY_FAILED);
    // A second step answered with another account's passkey is refused.
    await addPasskey(other.token, new SoftAuthenticator(ORIGIN));
    await t.call('setTwoStep', { on: true }, other.token);
    const login = await t.call<{ ceremony: string; options: Options }>('Login', { email: other.account, password: PASSWORD });
    const foreign = mine.get({ ...login.result.options, allowCredentials: [] });
    expect((await t.call('passkeySecondStep', { ceremony: login.result.ceremony, response: foreign })).status).toBe(Status.PASSKEY_FAILED);
    const desk = await seedStaff(t, b.id, Role.GATE);
    expect((await t.call('addPasskeyStart', {}, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('employees, sub-companies and super accounts sign in with theirs, as their kind of account', async () => {
    const emp = await seedEmployee(t, a.id);
    const empLogin = await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD });
    const empKey = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(empLogin.result.token, empKey)).status).toBe(0);
    await t.call('setTwoStep', { on: true }, empLogin.result.token);
    const step = await t.call<{ ceremony: string; options: Options }>('empLogin', { phone: emp.phone, empPwd: PASSWORD });
    expect(step.status).toBe(Status.PASSKEY_NEEDED);
    expect((await t.call('passkeySecondStep', { ceremony: step.result.ceremony, response: empKey.get(step.result.options) })).result).toMatchObject({
      role: Role.EMPLOYEE,
      empid: emp.id,
    });

    const sub = await seedSubAccount(t, a.id);
    const subLogin = await t.api.subAccountLogin({ email: sub.email, password: PASSWORD });
    const subKey = new SoftAuthenticator(ORIGIN);
    await addPasskey(subLogin.result.token, subKey);
    expect((await passkeySignIn(subKey)).result).toMatchObject({ role: Role.SUB_COMPANY, subaccountId: sub.id });

    const sup = await seedSuper(t, [a.id]);
    const supLogin = await t.api.superAccountLogin({ account: sup.account, password: PASSWORD });
    const supKey = new SoftAuthenticator(ORIGIN);
    await addPasskey(supLogin.result.token, supKey);
    await t.call('setTwoStep', { on: true }, supLogin.result.token);
    expect((await t.call('superAccountLogin', { account: sup.account, password: PASSWORD })).status).toBe(Status.PASSKEY_NEEDED);
    expect((await passkeySignIn(supKey)).result).toMatchObject({ role: Role.SUPER, companies: [{ userid: a.id }] });
  });

  it('an administrator sees and resets the two steps of a staff account, an employee and a sub-company; nobody else can', async () => {
    /** An account with a passkey and two-step on: a password alone no longer signs it in. */
    const secured = async (token: string) => {
      await addPasskey(token, new SoftAuthenticator(ORIGIN));
      expect((await t.call('setTwoStep', { on: true }, token)).status).toBe(0);
    };
    const staff = await seedStaff(t, a.id, Role.HSE);
    await secured(staff.token);
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    await secured(empToken);
    const sub = await seedSubAccount(t, a.id);
    const subToken = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    await secured(subToken);

    // Seen on the administrator's lists.
    const listed = (await t.api.GetManagerByUser({}, a.token)).result.find((m) => m.id === staff.id);
    expect(listed).toMatchObject({ twoStep: true, passkeys: 1 });
    const emps = (await t.api.getEmpListPages({ name: emp.phone }, a.token)).result.list;
    expect(emps).toEqual([expect.objectContaining({ empid: emp.id, twoStep: true, passkeys: 1 })]);
    expect((await t.api.getSubAccountById({ id: sub.id }, a.token)).result).toMatchObject({ twoStep: true, passkeys: 1 });

    // Another company's administrator, or the account itself in another's place, cannot.
    expect((await t.call('updateEmployee', { empid: emp.id, resetTwoStep: true }, b.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.call('updateSubAccount', { id: sub.id, resetTwoStep: true }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('UpdateManager', { account: staff.account, resetTwoStep: true }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('updateSubAccount', { id: sub.id, resetTwoStep: true }, staff.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call('UpdateManager', { account: staff.account, resetTwoStep: 'yes' }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call<{ twoStep: boolean }>('getPasskeys', {}, staff.token)).result.twoStep).toBe(true);

    // Reset: passkeys and codes gone, two steps off, sessions ended; the password alone signs in again.
    const reset = await t.api.UpdateManager({ account: staff.account, resetTwoStep: true }, a.token);
    expect(reset.result).toMatchObject({ twoStep: false, passkeys: 0 });
    expect((await t.api.GetUserInfo({}, staff.token)).status).toBe(Status.TOKEN_INVALID);
    expect((await t.call('Login', { email: staff.account, password: PASSWORD })).status).toBe(0);
    expect((await t.api.updateEmployee({ empid: emp.id, resetTwoStep: true }, a.token)).result).toMatchObject({ twoStep: false, passkeys: 0 });
    expect((await t.call('empLogin', { phone: emp.phone, empPwd: PASSWORD })).status).toBe(0);
    expect((await t.api.updateSubAccount({ id: sub.id, resetTwoStep: true }, a.token)).result).toMatchObject({ twoStep: false, passkeys: 0 });
    expect((await t.call('subAccountLogin', { email: sub.email, password: PASSWORD })).status).toBe(0);
    const logged = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id));
    expect(logged.filter((l) => l.descKey === 'twoStepReset').map((l) => l.descParams)).toEqual([{ passkeys: 1 }, { passkeys: 1 }, { passkeys: 1 }]);

    // A deleted account's passkeys go with it.
    const gone = await seedStaff(t, a.id, Role.HSE);
    await addPasskey(gone.token, new SoftAuthenticator(ORIGIN));
    await t.api.DeleteManager({ account: gone.account }, a.token);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.accountId, gone.id))).toEqual([]);
  });
});
