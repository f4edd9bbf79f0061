import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

describe('visit proxies', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let ann: { id: number; phone: string };
  let bob: { id: number; phone: string };
  const day = (offset: number) => {
    const d = new Date(Date.now() + offset * 86400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    ann = await seedEmployee(t, a.id, '13700000001');
    bob = await seedEmployee(t, a.id, '13700000002');
  });
  afterAll(() => t.close());

  it('an administrator sets a proxy; the proxy sees whom they stand in for while it is active', async () => {
    const r = await t.api.setVisitProxy({ empid: ann.id, proxyId: bob.id, startDate: day(-1), endDate: day(3) }, a.token);
    expect(r.status).toBe(0);
    expect(r.result.active).toBe(true);
    expect((await t.api.getVisitProxyForProxy({ proxyId: bob.id }, a.token)).result.map((p) => p.empid)).toEqual([ann.id]);
    // Switching it off (or a range in the future) ends the delegation.
    await t.api.setVisitProxy({ empid: ann.id, proxyId: bob.id, startDate: day(5), endDate: day(9) }, a.token);
    expect((await t.api.getVisitProxyForProxy({ proxyId: bob.id }, a.token)).result).toEqual([]);
    expect((await t.call<{ active: boolean }>('getVisitProxyForEmp', { empid: ann.id }, a.token)).result.active).toBe(false);
  });

  it('checks input: reversed dates, self-proxy, another company (55)', async () => {
    expect(
      (await t.call<{ errors: unknown[] }>('setVisitProxy', { empid: ann.id, proxyId: bob.id, startDate: day(3), endDate: day(1) }, a.token)).result
        .errors,
    ).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
    expect(
      (await t.call<{ errors: unknown[] }>('setVisitProxy', { empid: ann.id, proxyId: ann.id, startDate: day(0), endDate: day(1) }, a.token)).result
        .errors,
    ).toEqual([{ field: 'proxyId', rule: 'self' }]);
    expect((await t.api.setVisitProxy({ empid: ann.id, proxyId: bob.id, startDate: day(0), endDate: day(1) }, b.token)).status).toBe(
      Status.EMPLOYEE_NOT_EXIST,
    );
    expect((await t.api.getVisitProxyForEmp({ empid: ann.id }, b.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
  });

  it('an employee manages only their own delegation', async () => {
    const login = await t.api.empLogin({ phone: ann.phone, empPwd: PASSWORD });
    expect((await t.api.setVisitProxy({ empid: ann.id, proxyId: bob.id, startDate: day(0), endDate: day(2) }, login.result.token)).status).toBe(0);
    expect((await t.api.setVisitProxy({ empid: bob.id, proxyId: ann.id, startDate: day(0), endDate: day(2) }, login.result.token)).status).toBe(
      Status.NO_PERMISSION,
    );
  });
});
