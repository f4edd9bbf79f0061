import { createHmac } from 'node:crypto';
import { Role, Status } from '@openvisit/contract';
import { OFFLINE_DIGEST_BYTES, offlineIndex, screenOffline } from '@openvisit/contract/screening';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

/** The digest as the kiosk makes it (WebCrypto there, node:crypto here: the same HMAC-SHA-256). */
const digestWith = (key: string) => async (plain: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(plain).digest().subarray(0, OFFLINE_DIGEST_BYTES).toString('base64url');

describe("the kiosk's offline copy of the lists (issue 42)", () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let kiosk: { token: string };
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    kiosk = await seedStaff(t, a.id, Role.MACHINE);
    await t.api.addBlacklist({ name: '張偉', aliases: ['David Cheung'] }, a.token);
    await t.api.addBlacklist({ name: '李娜', phone: '13722223333', credentialNo: '11010519491231002X', level: 'review' }, a.token);
    await t.api.addWhitelist({ name: 'Trusted Person', phone: '13911112222' }, a.token);
  });
  afterAll(() => t.close());

  it('holds no name, phone or number in clear, and screens offline as the server would', async () => {
    const copy = (await t.api.getScreeningCopy({}, kiosk.token)).result;
    expect(copy).toMatchObject({ unchanged: false, screening: true, mode: 'standard' });
    expect(copy.entries).toHaveLength(3);
    const text = JSON.stringify(copy);
    for (const clear of ['張偉', '张伟', 'zhangwei', 'david', '李娜', 'lina', '13722223333', '11010519491231002X', 'Trusted', '13911112222'])
      expect(text).not.toContain(clear);
    const index = offlineIndex(copy.entries);
    const screen = (p: { name?: string; phone?: string; idNumber?: string }) => screenOffline(index, digestWith(copy.key), p, copy.mode);
    expect((await screen({ name: '张伟' })).decision).toBe('refuse');
    expect(await screen({ name: 'Zhang Wei' })).toMatchObject({ decision: 'review', matches: [{ strength: 'possible', list: 'black' }] });
    expect((await screen({ name: 'cheung david' })).decision).toBe('refuse');
    expect(await screen({ phone: '13722223333' })).toMatchObject({ decision: 'review', matches: [{ strength: 'exact', level: 'review' }] });
    expect((await screen({ idNumber: '11010519491231002X' })).matches[0]?.strength).toBe('exact');
    // Known by a phone, 李娜 by name alone is possible; a whitelisted phone outweighs a name.
    expect((await screen({ name: '李娜' })).matches[0]?.strength).toBe('possible');
    expect((await screen({ name: '张伟', phone: '13911112222' })).decision).toBe('note');
    expect((await screen({ name: '王芳', phone: '13800000000' })).decision).toBe('clear');
  });

  it('answers unchanged for a current version; changes when the list does; each company its own key', async () => {
    const first = (await t.api.getScreeningCopy({}, kiosk.token)).result;
    expect((await t.api.getScreeningCopy({ version: first.version }, kiosk.token)).result).toMatchObject({ unchanged: true, entries: [] });
    await t.api.addBlacklist({ name: '王芳' }, a.token);
    const next = (await t.api.getScreeningCopy({ version: first.version }, kiosk.token)).result;
    expect(next.unchanged).toBe(false);
    expect(next.entries).toHaveLength(4);
    const theirs = (await t.api.getScreeningCopy({}, b.token)).result;
    expect(theirs.entries).toEqual([]);
    expect(theirs.key).not.toBe(next.key);
    expect((await t.api.getScreeningCopy({}, (await seedStaff(t, a.id, Role.HSE)).token)).status).toBe(Status.NO_PERMISSION);
  });
});
