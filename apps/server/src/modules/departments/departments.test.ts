import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

describe('departments', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const ids: Record<string, number> = {};
  const add = async (deptName: string, parentId = 0, deptNo = '', token = a.token) => t.api.addDepartment({ deptName, parentId, deptNo }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28, wrong role 610', async () => {
    expect((await t.api.getDeptList({})).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getDeptList({}, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('builds a tree; duplicate names at the same level 123, duplicate numbers 124, blank name 400', async () => {
    ids.hq = (await add('HQ', 0, 'D01')).result.deptid;
    ids.sales = (await add('Sales', ids.hq, 'D02')).result.deptid;
    ids.east = (await add('East', ids.sales)).result.deptid;
    ids.ops = (await add('Ops', ids.hq)).result.deptid;
    expect((await add('sales', ids.hq)).status).toBe(Status.DEPARTMENT_EXISTS);
    expect((await add('Sales', 0)).status).toBe(0); // same name, another level
    expect((await add('Finance', 0, 'D02')).status).toBe(Status.DEPARTMENT_NUMBER_EXISTS);
    expect((await add('  ', 0)).status).toBe(Status.BAD_PARAMS);
    expect((await add('Orphan', 999999)).status).toBe(Status.NO_SUCH_RECORD);
    const tree = (await t.api.getDeptList({}, a.token)).result;
    const hq = tree.find((n) => n.deptName === 'HQ');
    expect(hq?.childDeptList.map((c) => c.deptName)).toEqual(['Ops', 'Sales']);
    expect(hq?.childDeptList.find((c) => c.deptName === 'Sales')?.childDeptList.map((c) => c.deptName)).toEqual(['East']);
    // Another company sees none of it and may reuse names and numbers.
    expect((await t.api.getDeptList({}, b.token)).result).toEqual([]);
    expect((await add('HQ', 0, 'D01', b.token)).status).toBe(0);
  });

  it('moves and renames, never under itself; another company gets 602', async () => {
    const cycle = await t.call<{ errors: { field: string; rule: string }[] }>('updateDepartment', { deptid: ids.sales, parentId: ids.east }, a.token);
    expect(cycle.result.errors).toEqual([{ field: 'parentId', rule: 'cycle' }]);
    expect((await t.call('updateDepartment', { deptid: ids.east, parentId: ids.ops, deptName: 'East Ops' }, a.token)).status).toBe(0);
    expect((await t.call('updateDepartment', { deptid: ids.ops, deptName: 'Sales' }, a.token)).status).toBe(Status.DEPARTMENT_EXISTS);
    expect((await t.call('updateDepartment', { deptid: ids.ops, deptName: 'Operations' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('memberships: add, list including sub-departments, remove; manager names; foreign employees ignored', async () => {
    const e1 = (await t.api.addEmployee({ employee_name: 'Ann', phone: '13600000001' }, a.token)).result.empid;
    const e2 = (await t.api.addEmployee({ employee_name: 'Bob', phone: '13600000002' }, a.token)).result.empid;
    const foreign = (await t.api.addEmployee({ employee_name: 'Eve', phone: '13600000003' }, b.token)).result.empid;
    expect((await t.call<{ changed: number }>('updateDeptEmpRelation', { deptid: ids.ops, empids: [e1, foreign] }, a.token)).result.changed).toBe(1);
    expect((await t.call<{ changed: number }>('updateDeptEmpRelation', { deptid: ids.east, empids: [e2] }, a.token)).result.changed).toBe(1);
    const withChildren = await t.call<{ count: number; list: { empName: string }[] }>('getEmpDeptList', { deptid: ids.ops }, a.token);
    expect(withChildren.result.list.map((e) => e.empName).sort()).toEqual(['Ann', 'Bob']);
    expect((await t.call<{ count: number }>('getEmpDeptList', { deptid: ids.ops, includeChildren: false }, a.token)).result.count).toBe(1);
    expect((await t.call('updateDepartment', { deptid: ids.ops, deptManagerEmpid: foreign }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    await t.call('updateDepartment', { deptid: ids.ops, deptManagerEmpid: e1 }, a.token);
    const ops = (await t.api.getDeptList({}, a.token)).result.find((n) => n.deptName === 'HQ')?.childDeptList.find((c) => c.deptid === ids.ops);
    expect(ops).toMatchObject({ deptManager: 'Ann', empCount: 1, subtreeCount: 2 });
    // Bob in Operations and in East below it is one person in Operations' total, as its list shows him once.
    await t.call('updateDeptEmpRelation', { deptid: ids.ops, empids: [e2] }, a.token);
    const hq = (await t.api.getDeptList({}, a.token)).result.find((n) => n.deptName === 'HQ');
    expect(hq?.childDeptList.find((c) => c.deptid === ids.ops)).toMatchObject({ empCount: 2, subtreeCount: 2 });
    expect(hq).toMatchObject({ empCount: 0, subtreeCount: 2 });
    await t.call('updateDeptEmpRelation', { deptid: ids.ops, empids: [e2], action: 'remove' }, a.token);
    expect(
      (await t.call<{ changed: number }>('updateDeptEmpRelation', { deptid: ids.ops, empids: [e1], action: 'remove' }, a.token)).result.changed,
    ).toBe(1);
    await t.call('updateDeptEmpRelation', { deptid: ids.ops, empids: [e1] }, a.token);
  });

  it('delete: refused with sub-departments or members (58), members moved with moveTo', async () => {
    const withChildren = await t.call<{ children: number }>('delDepartment', { deptid: ids.ops }, a.token);
    expect(withChildren.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(withChildren.result.children).toBe(1);
    const withMembers = await t.call<{ members: number }>('delDepartment', { deptid: ids.east }, a.token);
    expect(withMembers).toMatchObject({ status: Status.UPDATE_NOT_ALLOWED, result: { members: 1 } });
    expect((await t.call('delDepartment', { deptid: ids.east, moveTo: ids.east }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('delDepartment', { deptid: ids.east, moveTo: ids.sales }, a.token)).status).toBe(0);
    expect(
      (await t.call<{ list: { empName: string }[] }>('getEmpDeptList', { deptid: ids.sales }, a.token)).result.list.map((e) => e.empName),
    ).toEqual(['Bob']);
    expect((await t.call('delDepartment', { deptid: ids.sales }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
  });
});
