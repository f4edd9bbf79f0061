import { Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { operationLogs, visitEvents } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

const DAY = 86_400_000;

describe('resident visitors', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let pid: number;
  const window = () => ({ startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY });
  const project = (body: Record<string, unknown>, token = a.token) =>
    t.api.addProject({ pName: 'Canteen', leader: '王经理', phone: '13800005555', ...window(), ...body }, token);
  const resident = (body: Record<string, unknown>, token = a.token) =>
    t.api.addResidentVisitor({ pid, company: 'Clean Co', name: '赵常驻', phone: '13922220001', ...window(), ...body }, token);
  const approve = (rids: number[]) => t.api.updateRvPermission({ rids, rstatus: 1 }, a.token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    pid = (await project({})).result.pid;
  });
  afterAll(() => t.close());

  it('no token 28; an employee, a desk (for writes) and a kiosk (for lists) are refused 610', async () => {
    expect((await t.api.getProject({})).status).toBe(Status.TOKEN_MISSING);
    const emp = await seedEmployee(t, a.id);
    const login = await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD });
    for (const name of ['getProject', 'getResidentVisitor', 'getAllResidentVisitor', 'ResidentVisitorSignIn'])
      expect((await t.call(name, { phone: '13922220001' }, login.result.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getProject({}, desk.token)).status).toBe(0);
    expect((await project({ pName: 'Desk project' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getResidentVisitor({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.updateRvPermission({ rids: [1], rstatus: 1 }, desk.token)).status).toBe(Status.NO_PERMISSION);
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.getResidentVisitorByName({ name: '赵' }, kiosk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('projects: required fields, phone and dates checked, names unique (33), another company’s ids not found', async () => {
    const missing = await t.call<Errors>('addProject', {}, a.token);
    expect(missing.status).toBe(Status.BAD_PARAMS);
    expect(missing.result.errors.map((e) => e.field).sort()).toEqual(['endDate', 'leader', 'pName', 'phone', 'startDate']);
    expect((await project({ pName: 'Bad phone', phone: '12345' })).result).toMatchObject({ errors: [{ field: 'phone', rule: 'format' }] });
    const backwards = await project({ pName: 'Backwards', startDate: Date.now(), endDate: Date.now() - DAY });
    expect((backwards.result as unknown as Errors).errors).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
    expect((await project({ pName: 'canteen' })).status).toBe(Status.DUPLICATE_PROJECT);
    expect((await project({}, b.token)).status).toBe(0);
    const other = (await t.api.getProject({}, b.token)).result[0]?.pid ?? 0;
    expect((await t.api.updateProject({ pid: other, pName: 'Mine now', leader: '王', phone: '13800005555', ...window() }, a.token)).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect((await t.api.delProject({ pid: other }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const second = (await project({ pName: 'Security', phone: '+86 138 0000 6666' })).result;
    expect(second.phone).toBe('13800006666');
    expect((await project({ pName: 'Security' })).status).toBe(Status.DUPLICATE_PROJECT);
    const renamed = await t.api.updateProject({ pid: second.pid, pName: 'Guards', leader: '李', phone: '13800006666', ...window() }, a.token);
    expect(renamed.result.pName).toBe('Guards');
    expect((await t.api.updateProject({ pid: second.pid, pName: 'Canteen', leader: '李', phone: '13800006666', ...window() }, a.token)).status).toBe(
      Status.DUPLICATE_PROJECT,
    );
    const list = (await t.api.getProject({ pName: 'guard' }, a.token)).result;
    expect(list.map((p) => p.pName)).toEqual(['Guards']);
    expect((await t.api.delProject({ pid: second.pid }, a.token)).result.deleted).toBe(1);
  });

  it('residents: identity checked like visitors’, phone and certificate number unique, the project must be the company’s', async () => {
    const none = await resident({ phone: '' });
    expect((none.result as unknown as Errors).errors).toEqual([{ field: 'phone', rule: 'phoneOrId' }]);
    const badId = await resident({ phone: '', cardid: '110105194912310021' });
    expect((badId.result as unknown as Errors).errors).toEqual([{ field: 'cardid', rule: 'checksum' }]);
    expect((await resident({ company: '' })).result).toMatchObject({ errors: [{ field: 'company', rule: 'required' }] });
    const theirs = (await t.api.getProject({}, b.token)).result[0]?.pid ?? 0;
    expect((await resident({ pid: theirs })).status).toBe(Status.NO_SUCH_RECORD);

    const r = await resident({ phone: '+86 139 2222 0001', cardid: '11010519491231002x', plateNum: '沪a12345' });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ pid, pName: 'Canteen', phone: '13922220001', cardid: '110*************2X', rstatus: 0 });
    expect((await resident({ name: '钱重复' })).status).toBe(Status.PHONE_NOT_UNIQUE);
    expect((await resident({ name: '钱重复', phone: '13922220009', cardid: '11010519491231002X' })).status).toBe(Status.ALREADY_EXISTS);
    // Another company may hold the same person.
    const theirProject = theirs;
    expect(
      (await t.api.addResidentVisitor({ pid: theirProject, company: 'X', name: '赵常驻', phone: '13922220001', ...window() }, b.token)).status,
    ).toBe(0);
    expect((await t.api.getProject({}, a.token)).result.find((p) => p.pid === pid)?.residents).toBe(1);
  });

  it('lists and filters within the company only; another company’s ids are not found or ignored', async () => {
    await resident({ name: '孙常驻', phone: '13922220002', company: 'Guard Ltd' });
    const all = await t.api.getResidentVisitor({}, a.token);
    expect(all.result.count).toBe(2);
    expect((await t.api.getResidentVisitor({ company: 'guard' }, a.token)).result.list.map((r) => r.name)).toEqual(['孙常驻']);
    expect((await t.api.getResidentVisitor({ phone: '0001' }, a.token)).result.count).toBe(1);
    expect((await t.api.getResidentVisitor({ rstatus: 1 }, a.token)).result.count).toBe(0);
    expect((await t.api.getResidentVisitor({ pid, requestedCount: 1 }, a.token)).result).toMatchObject({ count: 2 });
    expect((await t.api.getAllResidentCompany({}, a.token)).result).toEqual([
      { supplierId: null, company: 'Clean Co', count: 1 },
      { supplierId: null, company: 'Guard Ltd', count: 1 },
    ]);
    expect((await t.api.getResidentVisitorByCompany({ company: 'Guard Ltd' }, a.token)).result.map((r) => r.name)).toEqual(['孙常驻']);
    expect((await t.api.getAllResidentVisitor({}, a.token)).result).toHaveLength(2);
    expect((await t.api.getResidentVisitorByName({ name: '孙' }, desk.token)).result).toHaveLength(1);
    expect((await t.api.getAllResidentVisitor({}, b.token)).result).toHaveLength(1);

    const theirs = (await t.api.getAllResidentVisitor({}, b.token)).result.map((r) => r.rid);
    expect(
      (await t.call('updateResidentVisitor', { rid: theirs[0], pid, company: 'X', name: 'Mine', ...window(), phone: '13922220007' }, a.token)).status,
    ).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateRvPermission({ rids: theirs, rstatus: 1 }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delResidentVisitor({ rids: theirs }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getAllResidentVisitor({}, b.token)).result[0]?.rstatus).toBe(0);
  });

  it('approval: approve, refuse with a reason (required), identity changes ask for approval again; logged', async () => {
    const [r] = (await t.api.getResidentVisitorByName({ name: '孙' }, a.token)).result;
    const rid = r?.rid ?? 0;
    expect((await t.call<Errors>('updateRvPermission', { rids: [rid], rstatus: 2 }, a.token)).result.errors).toEqual([
      { field: 'refuseCause', rule: 'required' },
    ]);
    expect((await t.call('updateRvPermission', { rids: [rid], rstatus: 0 }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 2, refuseCause: 'no safety training' }, a.token)).status).toBe(0);
    let now = (await t.api.getResidentVisitorByName({ name: '孙' }, a.token)).result[0];
    expect(now).toMatchObject({ rstatus: 2, refuseCause: 'no safety training', approver: 'Admin Person' });
    expect((await approve([rid])).status).toBe(0);
    now = (await t.api.getResidentVisitorByName({ name: '孙' }, a.token)).result[0];
    expect(now).toMatchObject({ rstatus: 1, refuseCause: '' });
    const body = { rid, pid, company: 'Guard Ltd', name: '孙常驻', phone: '13922220002', startDate: await startOf(rid), endDate: await endOf(rid) };
    // A new job title keeps the approval; a new phone does not.
    const kept = await t.api.updateResidentVisitor({ ...body, job: 'Guard' }, a.token);
    expect(kept.result.rstatus).toBe(1);
    const changed = await t.api.updateResidentVisitor({ ...body, phone: '13922220003' }, a.token);
    expect(changed.result).toMatchObject({ rstatus: 0, phone: '13922220003', approver: '' });
    expect((await t.api.updateResidentVisitor({ ...body, phone: '13922220001' }, a.token)).status).toBe(Status.PHONE_NOT_UNIQUE);
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.descKey, 'residentVisitorReapproval')));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.optDesc).toBe('resident visitor, project Canteen, waiting for approval again');
  });

  async function startOf(rid: number): Promise<number> {
    const all = await t.api.getAllResidentVisitor({}, a.token);
    return all.result.find((r) => r.rid === rid)?.startDate ?? 0;
  }
  async function endOf(rid: number): Promise<number> {
    const all = await t.api.getAllResidentVisitor({}, a.token);
    return all.result.find((r) => r.rid === rid)?.endDate ?? 0;
  }

  it('sign-in at the desk: unknown 1117, not approved 1121, outside the window 1115, then a signed-in resident visit; again the same day repeated', async () => {
    expect((await t.api.ResidentVisitorSignIn({}, desk.token)).result).toMatchObject({ errors: [{ field: 'phone', rule: 'phoneOrId' }] });
    expect((await t.api.ResidentVisitorSignIn({ phone: '13900009999' }, desk.token)).status).toBe(Status.INVALID_VISITOR);
    const zhao = (await t.api.getResidentVisitorByName({ name: '赵' }, a.token)).result[0];
    const rid = zhao?.rid ?? 0;
    expect((await t.api.ResidentVisitorSignIn({ phone: '13922220001' }, desk.token)).status).toBe(Status.VISITOR_UNAUTHORIZED);
    await approve([rid]);
    // Another company's desk does not know them by this company's record.
    const otherDesk = await seedStaff(t, b.id, 2);
    expect((await t.api.ResidentVisitorSignIn({ cardid: '11010519491231002x' }, otherDesk.token)).status).toBe(Status.INVALID_VISITOR);

    const first = await t.api.ResidentVisitorSignIn({ cardid: '11010519491231002x' }, desk.token);
    expect(first.status).toBe(0);
    expect(first.result).toMatchObject({
      rid,
      kind: 'resident',
      signinType: 3,
      status: 'signedIn',
      vname: '赵常驻',
      visitReason: 'Canteen',
      // No leader of their own: the project's responsible person is the host.
      empName: '王经理',
      repeated: false,
    });
    const history = await t.db.select().from(visitEvents).where(eq(visitEvents.visitId, first.result.vid));
    expect(history.map((h) => [h.event, h.fromStatus, h.toStatus])).toEqual([
      ['create', null, 'authorized'],
      ['checkIn', 'authorized', 'signedIn'],
    ]);
    const again = await t.api.ResidentVisitorSignIn({ phone: '139 2222 0001' }, desk.token);
    expect(again.result).toMatchObject({ vid: first.result.vid, repeated: true });
    // Both given must be the same person.
    expect((await t.api.ResidentVisitorSignIn({ phone: '13922220003', cardid: '11010519491231002X' }, desk.token)).status).toBe(
      Status.INVALID_VISITOR,
    );

    // The resident visits list shows it; the ordinary visit list does not.
    const residentsList = await t.api.SearchRVisitorByCondition({}, a.token);
    expect(residentsList.result.list.map((v) => v.vid)).toEqual([first.result.vid]);
    expect((await t.api.SearchVisitByConditionPage({}, a.token)).result.count).toBe(0);
    // Who is on site now includes them, as the on-site count does.
    const onSite = await t.api.SearchVisitByConditionPage({ onSite: true }, desk.token);
    expect(onSite.result.list.map((v) => v.vid)).toEqual([first.result.vid]);
    expect((await t.api.getPeopleCounting({}, a.token)).result.byKind.resident).toBe(1);

    // Signed out, a new sign-in the same day is a new visit.
    expect((await t.api.VisitorSignOutByVid({ vid: first.result.vid }, desk.token)).status).toBe(0);
    const next = await t.api.ResidentVisitorSignIn({ phone: '13922220001' }, desk.token);
    expect(next.result).toMatchObject({ repeated: false, status: 'signedIn' });
    expect(next.result.vid).not.toBe(first.result.vid);
    const signIns = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.descKey, 'residentSignedIn')));
    expect(signIns).toHaveLength(2);

    // Outside the validity window.
    const late = await resident({ name: '周过期', phone: '13922220004', startDate: Date.now() - 10 * DAY, endDate: Date.now() - DAY });
    await approve([late.result.rid]);
    expect((await t.api.ResidentVisitorSignIn({ phone: '13922220004' }, desk.token)).status).toBe(Status.OUTSIDE_VALIDITY);
    const early = await resident({ name: '吴未到', phone: '13922220005', startDate: Date.now() + DAY, endDate: Date.now() + 10 * DAY });
    await approve([early.result.rid]);
    expect((await t.api.ResidentVisitorSignIn({ phone: '13922220005' }, desk.token)).status).toBe(Status.OUTSIDE_VALIDITY);
  });

  it('a blacklisted resident is refused with 66, nothing stored, reception alerted', async () => {
    const r = await resident({ name: '郑黑名单', phone: '13922220006' });
    await approve([r.result.rid]);
    await t.api.addBlacklist({ name: '郑黑名单', phone: '13922220006' }, a.token);
    await t.api.updateblackListSwitch({ blackListSwitch: 1 }, a.token);
    const refused = await t.api.ResidentVisitorSignIn({ phone: '13922220006' }, desk.token);
    expect(refused.status).toBe(Status.BLACKLISTED);
    const visits = await t.api.SearchRVisitorByCondition({ name: '郑' }, a.token);
    expect(visits.result.count).toBe(0);
    const alerts = await t.api.getBlacklistAlerts({}, desk.token);
    expect(alerts.result.list.map((x) => x.objName)).toContain('郑黑名单');
  });

  it('a project with residents is kept (58); deleting residents keeps their visits; then the project goes', async () => {
    const del = await t.call<{ residents: number }>('delProject', { pid }, a.token);
    expect(del.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(del.result.residents).toBeGreaterThan(0);
    const mine = (await t.api.getAllResidentVisitor({}, a.token)).result.map((r) => r.rid);
    expect((await t.api.delResidentVisitor({ rids: mine }, a.token)).result.deleted).toBe(mine.length);
    expect((await t.api.SearchRVisitorByCondition({}, a.token)).result.count).toBe(2);
    expect((await t.api.delProject({ pid }, a.token)).result.deleted).toBe(1);
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.descKey, 'residentVisitorsDeleted')));
    // The earlier attempt on another company's ids was refused, so only this deletion is logged.
    expect(logs.map((l) => l.optDesc)).toEqual([`${mine.length} resident visitors`]);
  });
});
