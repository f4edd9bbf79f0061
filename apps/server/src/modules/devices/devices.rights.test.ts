import { Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { devices, operationLogs } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
const DAY = 86_400_000;

/** Access rights: employees' and resident visitors' groups, the cards to issue, deleting a bound group, device pages. */
describe('access rights', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const emp: number[] = [];
  let bEmp: number;
  let lobby: number;
  let garage: number;
  let bGroup: number;
  let rid: number;
  let bRid: number;

  const addEmp = (tenant: Tenant, empNo: string, phone: string) =>
    t.api.addEmployee({ employee_name: `Person ${empNo}`, phone, empNo }, tenant.token).then((r) => r.result.empid);
  const addResident = async (tenant: Tenant, phone: string) => {
    const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
    const pid = (await t.api.addProject({ pName: 'Canteen', leader: '王经理', phone: '13800005555', ...window }, tenant.token)).result.pid;
    return (await t.api.addResidentVisitor({ pid, company: 'Clean Co', name: '赵常驻', phone, ...window }, tenant.token)).result.rid;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    for (let i = 1; i <= 3; i++) emp.push(await addEmp(a, `R00${i}`, `1370000000${i}`));
    bEmp = await addEmp(b, 'R001', '13700000009');
    lobby = (await t.api.addEquipmentGroup({ egname: 'Lobby' }, a.token)).result.egid;
    garage = (await t.api.addEquipmentGroup({ egname: 'Garage' }, a.token)).result.egid;
    bGroup = (await t.api.addEquipmentGroup({ egname: 'Theirs' }, b.token)).result.egid;
    rid = await addResident(a, '13922220001');
    bRid = await addResident(b, '13922220001');
  });
  afterAll(() => t.close());

  it('no token 28; the front desk reads (getAcList, getPendingCard, getResidentEgroups) but does not write (610)', async () => {
    for (const name of ['getAcList', 'updateAccessControl', 'getPendingCard', 'getResidentEgroups', 'setResidentEgroups', 'getEquipmentByPage'])
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getAcList({}, desk.token)).status).toBe(0);
    expect((await t.api.getPendingCard({}, desk.token)).status).toBe(0);
    expect((await t.api.getResidentEgroups({ rids: [rid] }, desk.token)).status).toBe(0);
    expect((await t.api.getEquipmentByPage({}, desk.token)).status).toBe(0);
    expect((await t.api.updateAccessControl({ empids: [emp[0] as number], egids: [lobby] }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.setResidentEgroups({ rids: [rid], egids: [lobby] }, desk.token)).status).toBe(Status.NO_PERMISSION);
    const machine = await seedStaff(t, a.id, 3);
    expect((await t.api.getAcList({}, machine.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('updateAccessControl sets groups exactly for several employees, leaving the allowed flag; getAcList shows and filters them', async () => {
    const [e1, e2, e3] = emp as [number, number, number];
    expect((await t.api.updateAccessControl({ empids: [e1, e2], egids: [garage, lobby, lobby] }, a.token)).result).toEqual({ updated: 2 });
    expect((await t.api.updateAccessControl({ empids: [e2], egids: [lobby] }, a.token)).result).toEqual({ updated: 1 });
    const list = (await t.api.getAcList({ requestedCount: 50 }, a.token)).result;
    const rows = Object.fromEntries(list.list.map((r) => [r.empNo, [r.acEnabled, [...r.egids].sort((x, y) => x - y)]]));
    expect(rows).toEqual({
      R001: [true, [lobby, garage].sort((x, y) => x - y)],
      R002: [true, [lobby]],
      R003: [true, []],
    });
    expect((await t.api.getAcList({ egid: garage }, a.token)).result.list.map((r) => r.empid)).toEqual([e1]);
    expect((await t.api.getAcList({ egid: lobby, name: 'R002' }, a.token)).result.list.map((r) => r.empid)).toEqual([e2]);
    expect((await t.api.getAcList({ egid: bGroup }, a.token)).result.count).toBe(0);
    // Withdrawing keeps the groups; sending both changes both in one go.
    await t.api.updateAccessControl({ empids: [e3], acEnabled: false }, a.token);
    await t.api.updateAccessControl({ empids: [e3], acEnabled: true, acStart: '2026-01-01', acEnd: '2026-06-30', egids: [garage] }, a.token);
    const third = (await t.api.getAcList({ name: 'R003' }, a.token)).result.list[0];
    expect(third).toMatchObject({ acEnabled: true, acStart: '2026-01-01', acEnd: '2026-06-30', egids: [garage] });
    const logged = await t.db
      .select({ desc: operationLogs.optDesc })
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.objId, `${e1},${e2}`)));
    expect(logged.map((l) => l.desc)).toContain('2 device groups granted');
  });

  it("updateAccessControl refuses another company's groups (400) and employees (55), writing nothing; bad input 400", async () => {
    const [e1] = emp as [number];
    const before = (await t.api.getAcList({ name: 'R001' }, a.token)).result.list[0]?.egids;
    const foreign = await t.call<Errors>('updateAccessControl', { empids: [e1], egids: [bGroup] }, a.token);
    expect([foreign.status, foreign.result.errors]).toEqual([Status.BAD_PARAMS, [{ field: 'egids', rule: 'notFound' }]]);
    expect((await t.api.updateAccessControl({ empids: [e1, bEmp], egids: [] }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.getAcList({ name: 'R001' }, a.token)).result.list[0]?.egids).toEqual(before);
    expect((await t.call<Errors>('updateAccessControl', { empids: [e1] }, a.token)).result.errors).toEqual([{ field: 'egids', rule: 'required' }]);
    expect((await t.call('updateAccessControl', { empids: [e1], egids: [0] }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('updateAccessControl', { empids: [], egids: [lobby] }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('getAcList', { egid: 'x' }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('getPendingCard: allowed, granted a group, no card; a card issued with updateCardNo leaves it, a duplicate is refused on cardNo', async () => {
    const [e1, e2, e3] = emp as [number, number, number];
    const pending = async () => (await t.api.getPendingCard({ requestedCount: 50 }, a.token)).result.list.map((r) => r.empid).sort();
    expect(await pending()).toEqual([e1, e2, e3].sort());
    await t.api.updateAccessControl({ empids: [e3], egids: [] }, a.token);
    await t.api.updateAccessControl({ empids: [e2], acEnabled: false }, a.token);
    expect(await pending()).toEqual([e1]);
    expect((await t.api.getPendingCard({}, a.token)).result.list[0]).toMatchObject({ empid: e1, cardNo: '' });
    expect((await t.api.updateCardNo({ empid: e1, cardNo: 'K-100' }, a.token)).status).toBe(0);
    expect(await pending()).toEqual([]);
    const clash = await t.call<Errors>('updateCardNo', { empid: e2, cardNo: 'K-100' }, a.token);
    expect([clash.status, clash.result.errors]).toEqual([Status.BAD_PARAMS, [{ field: 'cardNo', rule: 'taken' }]]);
    expect((await t.api.getPendingCard({}, b.token)).result.count).toBe(0);
  });

  it("resident visitors: groups set exactly, read in the order asked; another company's resident 602, group 400", async () => {
    expect((await t.api.getResidentEgroups({ rids: [rid] }, a.token)).result).toEqual([{ rid, egids: [] }]);
    expect((await t.api.setResidentEgroups({ rids: [rid, rid], egids: [garage, garage] }, a.token)).result).toEqual({ updated: 1 });
    expect((await t.api.getResidentEgroups({ rids: [rid] }, a.token)).result).toEqual([{ rid, egids: [garage] }]);
    expect((await t.api.setResidentEgroups({ rids: [rid, bRid], egids: [] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getResidentEgroups({ rids: [bRid] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const foreign = await t.call<Errors>('setResidentEgroups', { rids: [rid], egids: [bGroup] }, a.token);
    expect(foreign.result.errors).toEqual([{ field: 'egids', rule: 'notFound' }]);
    expect((await t.api.getResidentEgroups({ rids: [rid] }, a.token)).result[0]?.egids).toEqual([garage]);
    expect((await t.call('getResidentEgroups', { rids: [] }, a.token)).status).toBe(Status.BAD_PARAMS);
    const group = (await t.api.getEquipmentGroupByUserid({}, a.token)).result.find((g) => g.egid === garage);
    expect(group?.residentCount).toBe(1);
  });

  it('a group bound by a pass strategy is kept (58 with strategies); unbound, it is deleted', async () => {
    const door = (await t.api.addEquipmentGroup({ egname: 'Side door' }, a.token)).result.egid;
    const rule = (await t.api.addPassRule({ rname: 'Office' }, a.token)).result.rid;
    const config = (await t.api.addPassConfig({ cname: 'Staff', forEmployees: true, rid: rule, egids: [door] }, a.token)).result;
    const refused = await t.call('delEquipmentGroup', { egid: door }, a.token);
    expect([refused.status, refused.result]).toEqual([
      Status.UPDATE_NOT_ALLOWED,
      { devices: 0, employees: 0, visitorTypes: 0, residents: 0, strategies: 1 },
    ]);
    expect((await t.api.getPassConfigOptions({}, a.token)).result.groups.map((g) => g.name)).toContain('Side door');
    await t.api.delPassConfig({ cid: config.cid }, a.token);
    expect((await t.api.delEquipmentGroup({ egid: door }, a.token)).status).toBe(0);
    expect((await t.api.delEquipmentGroup({ egid: bGroup }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('getEquipmentByPage: pages by name with a count, filters online from the last request', async () => {
    for (const n of ['C', 'A', 'B']) await t.api.addEquipment({ deviceName: `Reader ${n}`, deviceCode: `P-${n}`, egids: [lobby] }, a.token);
    const first = (await t.api.getEquipmentByPage({ requestedCount: 2 }, a.token)).result;
    expect([first.count, first.pageNo, first.list.map((d) => d.deviceName)]).toEqual([3, 1, ['Reader A', 'Reader B']]);
    const second = (await t.api.getEquipmentByPage({ startIndex: 2, requestedCount: 2 }, a.token)).result;
    expect([second.pageNo, second.list.map((d) => [d.deviceName, d.egids])]).toEqual([2, [['Reader C', [lobby]]]]);
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(devices.companyId, a.id), eq(devices.code, 'P-B')));
    expect((await t.api.getEquipmentByPage({ onlineStatus: 1 }, a.token)).result.list.map((d) => d.deviceName)).toEqual(['Reader B']);
    expect((await t.api.getEquipmentByPage({ onlineStatus: 0 }, a.token)).result.count).toBe(2);
    expect((await t.api.getEquipmentByPage({ deviceName: 'c', egid: lobby }, a.token)).result.list.map((d) => d.deviceName)).toEqual(['Reader C']);
    expect((await t.api.getEquipmentByPage({}, b.token)).result.count).toBe(0);
    expect((await t.call('getEquipmentByPage', { requestedCount: 0 }, a.token)).status).toBe(Status.BAD_PARAMS);
  });
});
