import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedCompany, type Tenant, type TestApp, testApp } from '../../../test/harness.js';

type FieldErrors = { errors: { field: string; rule: string }[] };

const subAdmin = { account: 'sub.admin1', password: 'Sub#20261', sName: '子管理员', sType: 5 as const };

describe('a sub-administrator (sType 5) names the modules granted to it', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Grants Ltd');
  });
  afterAll(() => t.close());

  it('AddManager: required and not empty for sType 5, each a grantable module once; refused for other kinds, the field named', async () => {
    const missing = await t.call<FieldErrors>('AddManager', subAdmin, a.token);
    expect(missing.status).toBe(Status.BAD_PARAMS);
    expect(missing.result.errors).toContainEqual({ field: 'modules', rule: 'required' });
    const none = await t.call<FieldErrors>('AddManager', { ...subAdmin, modules: [] }, a.token);
    expect(none.result.errors).toContainEqual({ field: 'modules', rule: 'required' });
    const unknown = await t.call<FieldErrors>('AddManager', { ...subAdmin, modules: ['employees', 'kiosk'] }, a.token);
    expect(unknown.status).toBe(Status.BAD_PARAMS);
    expect(unknown.result.errors.map((e) => e.field)).toEqual(['modules.1']);
    const twice = await t.call<FieldErrors>('AddManager', { ...subAdmin, modules: ['employees', 'employees'] }, a.token);
    expect(twice.result.errors.map((e) => e.field)).toEqual(['modules']);
    const desk = await t.call<FieldErrors>('AddManager', { ...subAdmin, account: 'desk.x', sType: 2, modules: ['employees'] }, a.token);
    expect(desk.result.errors).toEqual([{ field: 'modules', rule: 'notForKind' }]);
    // Nothing was written by any refusal.
    const list = await t.api.GetManagerByUser({}, a.token);
    expect(list.result.map((m) => m.account)).toEqual([]);
  });

  it('the list and the sign-in show the grants; UpdateManager changes them and checks the kind they end with', async () => {
    const added = await t.api.AddManager({ ...subAdmin, modules: ['employees', 'blacklist'] }, a.token);
    expect(added.status).toBe(0);
    expect(added.result.modules).toEqual(['employees', 'blacklist']);
    const list = await t.api.GetManagerByUser({ sType: 5 }, a.token);
    expect(list.result.map((m) => [m.account, m.modules])).toEqual([['sub.admin1', ['employees', 'blacklist']]]);
    const login = await t.api.Login({ email: subAdmin.account, password: subAdmin.password });
    expect(login.result).toMatchObject({ role: 5, sType: 5, modules: ['employees', 'blacklist'] });

    const empty = await t.call<FieldErrors>('UpdateManager', { account: subAdmin.account, modules: [] }, a.token);
    expect(empty.result.errors).toContainEqual({ field: 'modules', rule: 'required' });
    const otherKind = await t.call<FieldErrors>('UpdateManager', { account: subAdmin.account, sType: 2, modules: ['visitors'] }, a.token);
    expect(otherKind.result.errors).toEqual([{ field: 'modules', rule: 'notForKind' }]);
    // Another kind: the grants go with kind 5.
    const desk = await t.api.UpdateManager({ account: subAdmin.account, sType: 2 }, a.token);
    expect(desk.result).toMatchObject({ sType: 2, modules: [] });
    // Made a sub-administrator again, it must be granted something (the service checks what it would end with).
    const back = await t.call<FieldErrors>('UpdateManager', { account: subAdmin.account, sType: 5 }, a.token);
    expect(back.status).toBe(Status.BAD_PARAMS);
    expect(back.result.errors).toEqual([{ field: 'modules', rule: 'required' }]);
    const granted = await t.api.UpdateManager({ account: subAdmin.account, sType: 5, modules: ['visitors'] }, a.token);
    expect(granted.result).toMatchObject({ sType: 5, modules: ['visitors'] });
    // A desk account left as it was: a field of another kind's grants is refused on it too.
    await t.api.AddManager({ account: 'desk.y', password: PASSWORD, sName: 'Desk', sType: 2 }, a.token);
    const deskGrants = await t.call<FieldErrors>('UpdateManager', { account: 'desk.y', modules: ['visitors'] }, a.token);
    expect(deskGrants.result.errors).toEqual([{ field: 'modules', rule: 'notForKind' }]);
  });
});
