import { Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, seedEmployee, seedStaff, seedSuper, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { operationLogs } from '../../db/schema/index.js';

interface Mgr {
  id: number;
  account: string;
  sType: number;
  status: number;
  locked: boolean;
}

const newDesk = {
  account: 'front.desk1',
  password: 'Desk#2026',
  sName: '前台一号',
  phone: '13912345678',
  sType: 2,
  startDate: '2026-01-01',
  endDate: '2030-12-31',
};

describe('account information', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha Ltd');
  });
  afterAll(() => t.close());

  it('GetUserInfo: the caller company with defaults for every setting; never the password hash', async () => {
    const r = await t.api.GetUserInfo({}, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ userid: a.id, company: 'Alpha Ltd', email: a.email, sType: -1, blackListSwitch: 1, guidePending: false });
    expect(JSON.stringify(r.result)).not.toMatch(/argon2|passwordHash|password_hash/);
    // The head office's own people may invite and take appointments; no setting is answered that nothing reads.
    expect(r.result).toMatchObject({ vaPerm: 3, country: 'CN' });
    expect(r.result).not.toHaveProperty('cardStyle');
  });

  it('a body userid of another company is refused with 610', async () => {
    expect((await t.api.GetUserInfo({ userid: a.id + 999 }, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.GetUserInfo({ userid: a.id }, a.token)).status).toBe(0);
  });

  it("ModifyUserInfo changes name, short name, phone and remark; validates; another company's name is no secret to refuse", async () => {
    const b = await seedCompany(t, 'Beta Ltd');
    const r = await t.api.ModifyUserInfo(
      { company: 'Alpha Group', shortName: '阿尔法', phone: '+86 139-1234-5678', remark: 'HQ in Shanghai', guideDone: true },
      a.token,
    );
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ company: 'Alpha Group', shortName: '阿尔法', phone: '13912345678' });
    // Names need not be unique (sign-in is by email): refusing one held elsewhere would list other companies' names.
    const same = await t.api.ModifyUserInfo({ company: 'Beta Ltd' }, a.token);
    expect(same.status, same.reason).toBe(0);
    expect(same.result.company).toBe('Beta Ltd');
    const bad = await t.call<{ errors: { field: string; rule: string }[] }>('ModifyUserInfo', { shortName: '一二三四五六七' }, a.token);
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect(bad.result.errors).toEqual([{ field: 'shortName', rule: 'tooLong' }]);
    // The other company is untouched.
    expect((await t.api.GetUserInfo({}, b.token)).result.company).toBe('Beta Ltd');
  });

  it('wrong roles: an employee cannot modify company information (610)', async () => {
    const emp = await seedEmployee(t, a.id);
    const login = await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD });
    expect((await t.api.ModifyUserInfo({ remark: 'x' }, login.result.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.GetUserInfo({}, login.result.token)).status).toBe(0);
  });
});

describe('updatePassword', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('needs the old password (2), refuses same-as-old and weak, ends other sessions but not this one', async () => {
    const a = await seedCompany(t);
    const second = await t.api.Login({ email: a.email, password: PASSWORD });
    expect((await t.api.updatePassword({ oldPassword: 'not-it-1', password: 'Fresh#2026' }, a.token)).status).toBe(Status.INVALID_PASSWORD);
    const same = await t.call<{ errors: { field: string; rule: string }[] }>(
      'updatePassword',
      { oldPassword: PASSWORD, password: PASSWORD },
      a.token,
    );
    expect(same.result.errors).toContainEqual({ field: 'password', rule: 'sameAsOld' });
    const weak = await t.call<{ errors: { field: string; rule: string }[] }>(
      'updatePassword',
      { oldPassword: PASSWORD, password: 'abcdefgh' },
      a.token,
    );
    expect(weak.result.errors).toContainEqual({ field: 'password', rule: 'tooWeak' });
    const mismatch = await t.call<{ errors: { field: string; rule: string }[] }>(
      'updatePassword',
      { oldPassword: PASSWORD, password: 'Fresh#2026', confirm: 'Fresh#2027' },
      a.token,
    );
    expect(mismatch.result.errors).toContainEqual({ field: 'confirm', rule: 'mismatch' });

    expect((await t.api.updatePassword({ oldPassword: PASSWORD, password: 'Fresh#2026', confirm: 'Fresh#2026' }, a.token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, a.token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, second.result.token)).status).toBe(Status.TOKEN_INVALID);
    expect((await t.api.Login({ email: a.email, password: 'Fresh#2026' })).status).toBe(0);
  });

  it("works for a person's staff account and clears its must-change flag", async () => {
    const a = await seedCompany(t);
    await t.call('AddManager', { ...newDesk, account: 'logistics.pw', sType: 3 }, a.token);
    const first = await t.api.Login({ email: 'logistics.pw', password: newDesk.password });
    expect(first.result.mustChangePassword).toBe(true);
    expect((await t.api.updatePassword({ oldPassword: newDesk.password, password: 'Mine#2026x' }, first.result.token)).status).toBe(0);
    const next = await t.api.Login({ email: 'logistics.pw', password: 'Mine#2026x' });
    expect(next.result.mustChangePassword).toBe(false);
  });
});

describe('staff accounts (AddManager / UpdateManager / DeleteManager / GetManagerByUser)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; wrong role 610', async () => {
    expect((await t.api.GetManagerByUser({})).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.GetManagerByUser({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call('AddManager', newDesk, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('adds, lists, updates and deletes within the company, logging each write', async () => {
    const add = await t.call<Mgr>('AddManager', newDesk, a.token);
    expect(add.status).toBe(0);
    expect(add.result).toMatchObject({ account: 'front.desk1', sType: 2, status: 0, locked: false });
    expect(JSON.stringify(add.result)).not.toContain('argon2');

    const list = await t.api.GetManagerByUser({}, a.token);
    expect(list.result.map((m) => m.account)).toContain('front.desk1');
    expect((await t.api.GetManagerByUser({ sType: 0 }, a.token)).result.map((m) => m.account)).not.toContain('front.desk1');

    const upd = await t.api.UpdateManager({ ...newDesk, password: undefined, sName: '前台甲', sType: 4 }, a.token);
    expect(upd.status).toBe(0);
    expect(upd.result).toMatchObject({ sName: '前台甲', sType: 4 });

    expect((await t.api.DeleteManager({ account: 'front.desk1' }, a.token)).status).toBe(0);
    expect((await t.api.GetManagerByUser({}, a.token)).result.map((m) => m.account)).not.toContain('front.desk1');

    const logs = (await t.db.select().from(operationLogs)).filter((l) => l.companyId === a.id && l.optModule === 2);
    expect(logs.map((l) => l.optEvent)).toEqual(expect.arrayContaining(['add', 'update', 'delete']));
    expect(logs.find((l) => l.optEvent === 'add')?.objId).toBe('front.desk1');
  });

  it("another company's accounts are invisible and answer not found", async () => {
    await t.call('AddManager', { ...newDesk, account: 'beta.desk' }, b.token);
    expect((await t.api.GetManagerByUser({}, a.token)).result.map((m) => m.account)).not.toContain('beta.desk');
    expect((await t.call('UpdateManager', { ...newDesk, account: 'beta.desk' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.DeleteManager({ account: 'beta.desk' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.Login({ email: 'beta.desk', password: newDesk.password })).status).toBe(0);
  });

  it('account names are unique within the company (3) and checked: no Chinese, required fields, dates in order', async () => {
    await t.call('AddManager', { ...newDesk, account: 'alpha.desk' }, a.token);
    expect((await t.call('AddManager', { ...newDesk, account: 'Alpha.Desk' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    const bad = await t.call<{ errors: { field: string; rule: string }[] }>(
      'AddManager',
      { ...newDesk, account: '前台', password: '123', sType: 9, startDate: '2027-01-01', endDate: '2026-01-01' },
      a.token,
    );
    expect(bad.status).toBe(Status.BAD_PARAMS);
    const fields = bad.result.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['account', 'password', 'sType']));
    expect(bad.result.errors.find((e) => e.field === 'account')?.rule).toBe('chinese');
    const order = await t.call<{ errors: { field: string; rule: string }[] }>(
      'AddManager',
      { ...newDesk, account: 'dates1', startDate: '2027-01-01', endDate: '2026-01-01' },
      a.token,
    );
    expect(order.result.errors).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
  });

  it('a name another company holds is not revealed: both keep it and the password tells who signs in; in one company it is taken (3)', async () => {
    const mine = { ...newDesk, sType: 2 as const, account: 'shared.desk', password: 'Alpha#2026' };
    expect((await t.api.AddManager(mine, a.token)).status).toBe(0);
    expect((await t.api.AddManager({ ...mine, password: 'Beta#2026' }, b.token)).status).toBe(0);
    expect((await t.api.AddManager(mine, a.token)).status).toBe(Status.ALREADY_EXISTS);
    // Another company's administrator email is no more revealed than its staff names; the own one is taken.
    expect((await t.api.AddManager({ ...mine, account: b.email }, a.token)).status).toBe(0);
    expect((await t.api.AddManager({ ...mine, account: a.email }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    const asA = await t.api.Login({ email: 'Shared.Desk', password: 'Alpha#2026' });
    const asB = await t.api.Login({ email: 'shared.desk', password: 'Beta#2026' });
    expect([asA.result.userid, asB.result.userid]).toEqual([a.id, b.id]);
    expect((await t.api.Login({ email: 'shared.desk', password: 'Gamma#2026' })).status).toBe(Status.WRONG_CREDENTIALS);
    // b's administrator still signs in with the email a's desk is named after; a's desk with its own password.
    expect((await t.api.Login({ email: b.email, password: PASSWORD })).result.userid).toBe(b.id);
    expect((await t.api.Login({ email: b.email, password: 'Alpha#2026' })).result).toMatchObject({ userid: a.id, sType: 2 });
  });

  it('disabling an account ends its sessions and refuses sign-in (60); unlock clears a lockout', async () => {
    await t.call('AddManager', { ...newDesk, account: 'desk.off' }, a.token);
    const s = await t.api.Login({ email: 'desk.off', password: newDesk.password });
    expect((await t.call('UpdateManager', { ...newDesk, account: 'desk.off', status: 1 }, a.token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, s.result.token)).status).toBe(Status.TOKEN_INVALID);
    expect((await t.api.Login({ email: 'desk.off', password: newDesk.password })).status).toBe(Status.ACCOUNT_DISABLED);

    await t.call('UpdateManager', { ...newDesk, account: 'desk.off', status: 0 }, a.token);
    for (let i = 0; i < 8; i++) await t.api.Login({ email: 'desk.off', password: 'Wrong#2026' });
    expect((await t.api.GetManagerByUser({}, a.token)).result.find((m) => m.account === 'desk.off')?.locked).toBe(true);
    await t.call('UpdateManager', { ...newDesk, account: 'desk.off', unlock: true }, a.token);
    expect((await t.api.Login({ email: 'desk.off', password: newDesk.password })).status).toBe(0);
  });

  it('UpdateManager changes only the fields it is given; dates are checked against the stored ones', async () => {
    // Staff accounts name gates of their company only.
    const [g1, g2] = await Promise.all(['North', 'South'].map(async (gname) => (await t.api.addGate({ gname }, a.token)).result.gid));
    await t.call('AddManager', { ...newDesk, account: 'desk.partial', gids: [g1, g2], remark: 'north gate' }, a.token);
    const r = await t.api.UpdateManager({ account: 'desk.partial', remark: 'south gate' }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ remark: 'south gate', gids: [g1, g2], phone: '13912345678', sName: newDesk.sName, sType: 2 });
    const bad = await t.call<{ errors: { field: string; rule: string }[] }>(
      'UpdateManager',
      { account: 'desk.partial', startDate: '2031-01-01' },
      a.token,
    );
    expect(bad.result.errors).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
  });

  it('HSE manages only server-company accounts; sub-admins cannot create sub-admins', async () => {
    const hse = await seedStaff(t, a.id, 0);
    expect((await t.call('AddManager', { ...newDesk, account: 'by.hse' }, hse.token)).status).toBe(Status.NO_PERMISSION);
    // A server-company account names its supplier company (required).
    expect((await t.call('AddManager', { ...newDesk, account: 'labour.co', sType: 1 }, hse.token)).status).toBe(Status.BAD_PARAMS);
    const supplierId = (await t.api.addSupplier({ name: 'Labour Co' }, hse.token)).result.supplierId;
    const labour = await t.api.AddManager({ ...newDesk, account: 'labour.co', sType: 1, supplierId }, hse.token);
    expect(labour.result).toMatchObject({ sType: 1, supplierId });
    expect((await t.api.GetManagerByUser({}, hse.token)).result.every((m) => m.sType === 1)).toBe(true);
    const sub = await seedStaff(t, a.id, 5);
    expect((await t.api.AddManager({ ...newDesk, account: 'sub2', sType: 5, modules: ['visitors'] }, sub.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call('AddManager', { ...newDesk, account: 'desk.by.sub' }, sub.token)).status).toBe(0);
  });
});

describe('getRelatedAccount', () => {
  it('lists the companies of a super account and only for super accounts', async () => {
    const t = await testApp();
    const a = await seedCompany(t, 'Gamma');
    const b = await seedCompany(t, 'Delta');
    await seedCompany(t, 'Unrelated');
    const sup = await seedSuper(t, [a.id, b.id]);
    const login = await t.api.superAccountLogin({ account: sup.account, password: PASSWORD });
    expect(login.result.role).toBe(Role.SUPER);
    const r = await t.api.getRelatedAccount({}, login.result.token);
    expect(r.result.map((c) => c.company)).toEqual(['Delta', 'Gamma']);
    expect((await t.api.getRelatedAccount({}, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.GetUserInfo({}, login.result.token)).status).toBe(Status.NO_PERMISSION);
    await t.close();
  });
});
