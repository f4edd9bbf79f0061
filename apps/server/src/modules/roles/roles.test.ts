import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

describe('roles', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28, wrong role 610', async () => {
    expect((await t.api.getRARG({})).status).toBe(Status.TOKEN_MISSING);
    expect((await t.api.getRARG({}, (await seedStaff(t, a.id, 2)).token)).status).toBe(Status.NO_PERMISSION);
  });

  it('groups hold roles, roles hold employees; 3 for duplicates, 257 while in use, 602 across companies', async () => {
    const group = (await t.api.addRARG({ rgName: 'Approvers' }, a.token)).result.rid;
    const role = (await t.api.addRARG({ rgName: 'Level 1', parentId: group }, a.token)).result.rid;
    expect((await t.api.addRARG({ rgName: 'level 1', parentId: group }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addRARG({ rgName: 'Deep', parentId: role }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.addRARG({ rgName: ' ' }, a.token)).status).toBe(Status.BAD_PARAMS);
    const e1 = (await t.api.addEmployee({ employee_name: 'Ann', phone: '13600000001' }, a.token)).result.empid;
    const foreign = (await t.api.addEmployee({ employee_name: 'Eve', phone: '13600000003' }, b.token)).result.empid;
    expect((await t.api.addEmpRole({ rid: role, empids: [e1, foreign] }, a.token)).result.changed).toBe(1);
    expect((await t.api.addEmpRole({ rid: group, empids: [e1] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const tree = (await t.api.getRARG({}, a.token)).result;
    expect(tree).toMatchObject([{ rgName: 'Approvers', empCount: 1, children: [{ rgName: 'Level 1', empCount: 1 }] }]);
    expect((await t.api.getEmpRoleList({ rid: role }, a.token)).result.list.map((e) => e.empName)).toEqual(['Ann']);
    expect((await t.api.delRARG({ rid: role }, a.token)).status).toBe(Status.ROLE_IN_USE);
    expect((await t.api.delRARG({ rid: group }, a.token)).status).toBe(Status.ROLE_IN_USE);
    expect((await t.api.updateRARG({ rid: role, rgName: 'First level' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getRARG({}, b.token)).result).toEqual([]);
    expect((await t.api.delRoleEmp({ rid: role, empids: [e1] }, a.token)).result.changed).toBe(1);
    expect((await t.api.delRARG({ rid: role }, a.token)).status).toBe(0);
    expect((await t.api.delRARG({ rid: group }, a.token)).status).toBe(0);
  });
});
