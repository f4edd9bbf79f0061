import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type TestApp, testApp } from '../../../test/harness.js';

interface Listed {
  bid: number;
  name: string;
  phone: string;
  credentialNo: string;
  sname: string;
}
type Errors = { errors: { field: string; rule: string }[] };

describe('blacklist and whitelist', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let b: Awaited<ReturnType<typeof seedCompany>>;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
    b = await seedCompany(t, 'Beta');
  });
  afterAll(() => t.close());

  it('no token 28; front desk may read and check but not add (610)', async () => {
    expect((await t.call('getBlacklist', {})).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.call('getBlacklist', {}, desk.token)).status).toBe(0);
    expect((await t.call('addBlacklist', { name: 'X', phone: '13800000000' }, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('adds with phone or ID number, normalised; refuses neither (400), bad ID (400), duplicates (3)', async () => {
    const r = await t.call<Listed>('addBlacklist', { name: '张三', phone: '+86 138-0013-8000', remark: 'trespass' }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ name: '张三', phone: '13800138000', sname: 'Admin Person' });
    const id = await t.call<Listed>('addBlacklist', { name: '李四', credentialNo: '11010519491231002x' }, a.token);
    expect(id.result.credentialNo).toBe('11010519491231002X');
    expect((await t.call<Errors>('addBlacklist', { name: 'Nobody' }, a.token)).result.errors).toEqual([{ field: 'phone', rule: 'phoneOrId' }]);
    expect((await t.call<Errors>('addBlacklist', { name: 'Bad', credentialNo: '110105194912310021' }, a.token)).result.errors).toEqual([
      { field: 'credentialNo', rule: 'checksum' },
    ]);
    expect((await t.call('addBlacklist', { name: 'Again', phone: '13800138000' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.call('addBlacklist', { name: 'Again', credentialNo: '11010519491231002X' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    // Another company keeps its own list.
    expect((await t.call('addBlacklist', { name: '张三', phone: '13800138000' }, b.token)).status).toBe(0);
  });

  it('check matches by phone or number and reports the screening switch', async () => {
    expect((await t.call('checkBlacklist', { phone: '138 0013 8000' }, a.token)).result).toEqual({ listed: true, screening: false, name: '张三' });
    expect((await t.call('updateblackListSwitch', { blackListSwitch: 1 }, a.token)).status).toBe(0);
    expect((await t.call('checkBlacklist', { credentialNo: '11010519491231002x' }, a.token)).result).toMatchObject({ listed: true, screening: true });
    expect((await t.call('checkBlacklist', { phone: '13900000000' }, a.token)).result).toMatchObject({ listed: false });
    expect((await t.call<{ blackListSwitch: number }>('GetUserInfo', {}, a.token)).result.blackListSwitch).toBe(1);
    expect((await t.call<{ blackListSwitch: number }>('GetUserInfo', {}, b.token)).result.blackListSwitch).toBe(0);
    expect((await t.call('checkBlacklist', {}, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('lists, searches and deletes within the company only', async () => {
    const list = await t.call<{ count: number; list: Listed[] }>('getBlacklist', { name: '张' }, a.token);
    expect(list.result.count).toBe(1);
    const theirs = (await t.call<{ list: Listed[] }>('getBlacklist', {}, b.token)).result.list.map((x) => x.bid);
    expect((await t.call<{ deleted: number }>('delBlacklist', { bids: theirs }, a.token)).result.deleted).toBe(0);
    const mine = (await t.call<{ list: Listed[] }>('getBlacklist', {}, a.token)).result.list.map((x) => x.bid);
    expect((await t.call<{ deleted: number }>('delBlacklist', { bids: mine }, a.token)).result.deleted).toBe(2);
    expect((await t.call<{ count: number }>('getBlacklist', {}, b.token)).result.count).toBe(1);
  });

  it('the whitelist is a separate list with the same rules', async () => {
    expect((await t.call('addWhitelist', { name: 'VIP', phone: '13800138000' }, a.token)).status).toBe(0);
    expect((await t.call('checkWhitelist', { phone: '13800138000' }, a.token)).result).toMatchObject({ listed: true });
    expect((await t.call('checkBlacklist', { phone: '13800138000' }, a.token)).result).toMatchObject({ listed: false });
  });

  it('the blacklist calls disappear when the blacklist section is switched off', async () => {
    const off = await testApp({}, { FEATURES_OFF: 'blacklist' });
    const c = await seedCompany(off);
    expect((await off.call('getBlacklist', {}, c.token)).http).toBe(404);
    expect((await off.call('getWhitelist', {}, c.token)).status).toBe(0);
    await off.close();
  });
});
