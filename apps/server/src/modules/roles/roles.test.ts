import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedStaff, type TestApp, testApp } from '../../../test/harness.js';

interface RoleNode {
  rid: number;
  rgName: string;
  empCount: number;
  children: RoleNode[];
}

describe('roles', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let b: Awaited<ReturnType<typeof seedCompany>>;
  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
    b = await seedCompany(t, 'Beta');
  });
  afterAll(() => t.close());

  it('no token 28, wrong role 610', async () => {
    expect((await t.call('getRARG', {})).status).toBe(Status.TOKEN_MISSING);
    expect((await t.call('getRARG', {}, (await seedStaff(t, a.id, 2)).token)).status).toBe(Status.NO_PERMISSION);
  });

  it('groups hold roles, roles hold employees; 3 for duplicates, 257 while in use, 602 across companies', async () => {
    const group = (await t.call<{ rid: number }>('addRARG', { rgName: 'Approvers' }, a.token)).result.rid;
    const role = (await t.call<{ rid: number }>('addRARG', { rgName: 'Level 1', parentId: group }, a.token)).result.rid;
    expect((await t.call('addRARG', { rgName: 'level 1', parentId: group }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.call('addRARG', { rgName: 'Deep', parentId: role }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('addRARG', { rgName: ' ' }, a.token)).status).toBe(Status.BAD_PARAMS);
    const e1 = (await t.call<{ empid: number }>('addEmployee', { employee_name: 'Ann', phone: '13600000001' }, a.token)).result.empid;
    const foreign = (await t.call<{ empid: number }>('addEmployee', { employee_name: 'Eve', phone: '13600000003' }, b.token)).result.empid;
    expect((await t.call<{ changed: number }>('addEmpRole', { rid: role, empids: [e1, foreign] }, a.token)).result.changed).toBe(1);
    expect((await t.call('addEmpRole', { rid: group, empids: [e1] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const tree = (await t.call<RoleNode[]>('getRARG', {}, a.token)).result;
    expect(tree).toMatchObject([{ rgName: 'Approvers', empCount: 1, children: [{ rgName: 'Level 1', empCount: 1 }] }]);
    expect((await t.call<{ list: { empName: string }[] }>('getEmpRoleList', { rid: role }, a.token)).result.list.map((e) => e.empName)).toEqual([
      'Ann',
    ]);
    expect((await t.call('delRARG', { rid: role }, a.token)).status).toBe(Status.ROLE_IN_USE);
    expect((await t.call('delRARG', { rid: group }, a.token)).status).toBe(Status.ROLE_IN_USE);
    expect((await t.call('updateRARG', { rid: role, rgName: 'First level' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('getRARG', {}, b.token)).result).toEqual([]);
    expect((await t.call<{ changed: number }>('delRoleEmp', { rid: role, empids: [e1] }, a.token)).result.changed).toBe(1);
    expect((await t.call('delRARG', { rid: role }, a.token)).status).toBe(0);
    expect((await t.call('delRARG', { rid: group }, a.token)).status).toBe(0);
  });
});
