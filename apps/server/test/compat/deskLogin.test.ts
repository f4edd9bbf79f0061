import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownCaptcha, type TestApp, testApp } from '../harness.js';
import { type DeskSite, deskCall, deskSignIn, deskSite, expectReads } from './desk.js';
import { lftPwdRule } from './original.js';

/**
 * frontdesk-app.md §1: the desk PC's app signs in with an account its administrator made in the console, through the
 * captcha, the scrambled password and the chain of reads that follow, then renews its token as the home page mounts,
 * and keeps working with the token in both forms. The Senseid kiosk signs in with `Login` and no captcha.
 */
describe('the front-desk app signs in (frontdesk-app.md §1)', () => {
  let t: TestApp;
  let site: DeskSite;
  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    // The captcha on, as on a real site (the console's seeds above sign in without one).
    (t.config as { captcha: boolean }).captcha = true;
  });
  afterAll(() => t.close());

  it('runs the whole chain with a console-made desk account, never asked to change its password', async () => {
    const desk = await deskSignIn(t, site);
    expect(desk.userid).toBe(String(site.company.id));
    expect(desk.gid).toBe(String(site.gid));
    expect(desk.gname).toBe(site.gname);
    expect(desk.opname).toBe(site.deskName);
    expect(desk.gateway).toBe(site.gname);
    expect(desk.sid).toBe(0);
    expect(desk.access).toBe(String(site.egid));
    // The badge is the plain page (§4): badgeMode '0' once the app has stored it.
    expect(String(desk.info.badgeMode)).toBe('0');
    // After refreshToken the header is `<userid>-<token>`; the token the desk signed in with is over.
    const after = await desk.send('getGate', { userid: desk.userid });
    expect(after.status).toBe(0);
  });

  it('keeps both token forms working until the refresh, and the refresh ends the old one', async () => {
    const known = await knownCaptcha(t);
    await deskCall(t, 'validationCode', { email: site.account, phone: '', digest: known.digest, vcode: known.code });
    const login = await deskCall<{ token: string; userid: number }>(t, 'LoginManager', {
      account: site.account,
      password: lftPwdRule(site.password),
      digest: known.digest,
    });
    expect(login.status).toBe(0);
    const byAccount = `${site.account}-${login.result.token}`;
    const byUserid = `${login.result.userid}-${login.result.token}`;
    for (const h of [byAccount, byUserid, login.result.token]) expect((await deskCall(t, 'getGate', {}, h)).status).toBe(0);
    // A prefix naming someone else, another company, or the original's own AES tokens are not ours.
    expect((await deskCall(t, 'getGate', {}, `someone-${login.result.token}`)).status).toBe(Status.TOKEN_INVALID);
    expect((await deskCall(t, 'getGate', {}, `${login.result.userid + 1}-${login.result.token}`)).status).toBe(Status.TOKEN_INVALID);
    expect((await deskCall(t, 'getGate', {}, 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718')).status).toBe(Status.TOKEN_INVALID);
    // The account name as email (not the LoginManager path) is accepted too; a stranger's email is not.
    expect((await deskCall(t, 'refreshToken', { email: 'someone@example.com', oldToken: byAccount }, byAccount)).status).toBe(Status.TOKEN_INVALID);
    const renewed = await deskCall<{ token: string }>(t, 'refreshToken', { email: site.account, oldToken: byAccount }, byAccount);
    expect(renewed.status).toBe(0);
    expect((await deskCall(t, 'getGate', {}, byAccount)).status).toBe(Status.TOKEN_INVALID);
    expect((await deskCall(t, 'getGate', {}, `${login.result.userid}-${renewed.result.token}`)).status).toBe(0);
  });

  it('refuses a wrong scrambled password with 75 and counts it; after a few, nothing passes without the captcha', async () => {
    const known = await knownCaptcha(t);
    await deskCall(t, 'validationCode', { email: site.account, phone: '', digest: known.digest, vcode: known.code });
    const wrong = await deskCall(t, 'LoginManager', { account: site.account, password: lftPwdRule('Wrong#2026'), digest: known.digest });
    expect(wrong.status).toBe(Status.WRONG_CREDENTIALS);
    // A desk is a machine: it may sign in without the captcha until its account has failed a few times.
    for (let i = 0; i < 2; i++) await deskCall(t, 'LoginManager', { account: site.account, password: lftPwdRule('Wrong#2026') });
    const bare = await deskCall(t, 'LoginManager', { account: site.account, password: lftPwdRule(site.password) });
    expect(bare.status).toBe(Status.CAPTCHA_INVALID);
  });

  it('with CAPTCHA=off, signs in through the same two steps: the picture is still checked, the sign-in does not need it', async () => {
    (t.config as { captcha: boolean }).captcha = false;
    try {
      const known = await knownCaptcha(t);
      // The person misreads the picture: refused as with it on, and the app asks for a new one.
      expect((await deskCall(t, 'validationCode', { email: site.account, phone: '', digest: known.digest, vcode: 'zzzz' })).status).toBe(
        Status.CAPTCHA_INVALID,
      );
      expect((await deskCall(t, 'validationCode', { email: site.account, phone: '', digest: known.digest, vcode: known.code })).status).toBe(0);
      const login = await deskCall(t, 'LoginManager', { account: site.account, password: lftPwdRule(site.password), digest: known.digest });
      expect(login.status, login.reason).toBe(0);
    } finally {
      (t.config as { captcha: boolean }).captcha = true;
    }
  });

  it('answers the token-less employee pick of the office-building forms with nothing, not 28', async () => {
    const groups = await deskCall<unknown[]>(t, 'getEquipmentGroupByUserid', { userid: String(site.company.id) });
    expect(groups.status).toBe(0);
    expect(groups.result).toEqual([]);
    // Only that call: any other without a token is still 28.
    expect((await deskCall(t, 'getGate', { userid: String(site.company.id) })).status).toBe(Status.TOKEN_MISSING);
  });

  it("answers GetManager {account} with the desk's own name and company; another account's is refused", async () => {
    const desk = await deskSignIn(t, site);
    expect((await desk.send('GetManager', { account: 'someone.else' })).status).toBe(Status.NO_PERMISSION);
    // The administrator's GetManager without an account is still the list of staff accounts.
    const list = await deskCall<{ account: string }[]>(t, 'GetManager', {}, site.company.token);
    expect(list.result.map((m) => m.account)).toContain(site.account);
    expect((await desk.send('GetManager', {})).status).toBe(Status.NO_PERMISSION);
  });

  it('signs the Senseid kiosk (a desk account in the URL) in with Login and no captcha, reading the sign-in and company fields together', async () => {
    const account = 'senseid.desk';
    const added = await t.api.AddManager({ account, password: site.password, sName: '自助前台', sType: 2, gids: [site.gid] }, site.company.token);
    expect(added.status, added.reason).toBe(0);
    const login = await deskCall<Record<string, unknown>>(t, 'Login', { email: account, password: lftPwdRule(site.password) });
    expect(login.status, login.reason).toBe(0);
    expectReads(
      login.result,
      {
        userid: 'number',
        token: 'string',
        gid: 'string',
        gname: 'string',
        username: 'string',
        pemail: 'string',
        leaveExpiryTime: 'number',
        badgeMode: 'number',
        badgeCustom: 'string',
        subAccount: 'number',
        questionnaireSwitch: 'number',
        blackListSwitch: 'number',
        preExtendTime: 'number',
        latExtendTime: 'number',
        cardSize: 'number',
        email: 'string',
        company: 'string',
      },
      'Login',
    );
    expect((await deskCall(t, 'getGate', {}, `${login.result.userid}-${login.result.token}`)).status).toBe(0);
    // A few wrong passwords and the captcha is due for it too, so guessing costs as much as at the console.
    for (let i = 0; i < 3; i++) await deskCall(t, 'Login', { email: account, password: lftPwdRule('Wrong#2026') });
    expect((await deskCall(t, 'Login', { email: account, password: lftPwdRule(site.password) })).status).toBe(Status.CAPTCHA_INVALID);
  });
});
