import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { mails, operationLogs } from '../../db/schema/index.js';

interface Area {
  aid: number;
  aName: string;
  gids: number[];
  levels: { level: number; approvers: { rType: number; id: number; name: string }[] }[];
  waiting: number;
}
interface Rec {
  rid: number;
  vid: number;
  level: number;
  levels: number;
  status: string;
  approver: string;
  remark: string;
  vname: string;
  canDecide: boolean;
  can: { approve: boolean; refuse: boolean; return: boolean };
}
interface V {
  vid: number;
  status: string;
  permission: number;
  code: string | null;
  inviteLink: string;
}
type Errors = { errors: { field: string; rule: string }[] };

describe('approval flows', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  let hostToken: string;
  let first: { id: number; token: string };
  let second: { id: number; token: string };
  let outsider: { id: number; token: string };
  let kiosk: string;
  let roleId: number;
  let area: Area;

  const login = async (phone: string) => (await t.api.empLogin({ phone, empPwd: PASSWORD })).result.token;
  const employee = async (phone: string) => {
    const e = await seedEmployee(t, a.id, phone);
    return { id: e.id, token: await login(phone) };
  };
  const invite = async (
    visitors: Record<string, unknown>[] = [{ name: '审批访客', phone: '13977770000', email: 'guest@example.com', lang: 'en' }],
    gid: number | null = null,
  ) => t.call<V[]>('addAppointment', { appointmentDate: Date.now() + 60_000, visitors, gid }, hostToken);
  const queue = (token: string, body: Record<string, unknown> = {}) => t.api.getNoApproveRecords(body, token);
  const decide = (token: string, rid: number, result: string, remark = '') => t.call<Rec>('completeProcessRecord', { rid, result, remark }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const h = await seedEmployee(t, a.id, '13800002222');
    host = h.id;
    hostToken = await login('13800002222');
    first = await employee('13800003333');
    second = await employee('13800004444');
    outsider = await employee('13800005555');
    kiosk = (await seedStaff(t, a.id, 4)).token;
    // Employees may invite; level 1 is a role (holding the first approver), level 2 one named employee.
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1}'::jsonb WHERE id = ${a.id}`);
    const group = (await t.api.addRARG({ rgName: 'Guards' }, a.token)).result.rid;
    roleId = (await t.api.addRARG({ rgName: 'Security', parentId: group }, a.token)).result.rid;
    expect((await t.api.addEmpRole({ rid: roleId, empids: [first.id] }, a.token)).status).toBe(0);
  });
  afterAll(() => t.close());

  it('an administrator sets up an area with two levels; bad levels and approvers are refused field by field', async () => {
    const added = await t.api.addProcessArea({ aName: 'Head office', address: '1 Main St' }, a.token);
    expect(added.status).toBe(0);
    expect(added.result).toMatchObject({ aName: 'Head office', gids: [], levels: [], waiting: 0 });
    expect((await t.api.addProcessArea({ aName: 'HEAD OFFICE' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addProcessArea({ aName: '  ' }, a.token)).status).toBe(Status.BAD_PARAMS);
    const aid = added.result.aid;

    const six = Array.from({ length: 6 }, (_, i) => ({ level: i + 1, approvers: [{ rType: 3 }] }));
    expect((await t.call('addProcessRule', { aid, levels: six }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.addProcessRule({ aid, levels: [] }, a.token)).status).toBe(Status.BAD_PARAMS);
    const gap = await t.call<Errors>('addProcessRule', { aid, levels: [{ level: 2, approvers: [{ rType: 3 }] }] }, a.token);
    expect(gap.result.errors).toContainEqual({ field: 'levels.0.level', rule: 'sequence' });
    const empty = await t.api.addProcessRule({ aid, levels: [{ level: 1, approvers: [] }] }, a.token);
    expect(empty.status).toBe(Status.BAD_PARAMS);
    // Another company's employee is not an approver here.
    const foreign = await seedEmployee(t, b.id);
    const wrong = await t.call<Errors>('addProcessRule', { aid, levels: [{ level: 1, approvers: [{ rType: 1, id: foreign.id }] }] }, a.token);
    expect(wrong.result.errors).toEqual([{ field: 'levels.0.approvers.0.id', rule: 'notFound' }]);

    const set = await t.api.addProcessRule(
      {
        aid,
        levels: [
          { level: 1, approvers: [{ rType: 0, id: roleId }] },
          { level: 2, approvers: [{ rType: 1, id: second.id }] },
        ],
      },
      a.token,
    );
    expect(set.status).toBe(0);
    area = set.result;
    expect(area.levels).toEqual([
      { level: 1, approvers: [{ rType: 0, id: roleId, name: 'Security' }] },
      { level: 2, approvers: [{ rType: 1, id: second.id, name: '张三' }] },
    ]);
    // Another company sees none of it and cannot touch it.
    expect((await t.api.getProcessArea({}, b.token)).result.areas).toEqual([]);
    expect((await t.api.delProcessArea({ aid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.addProcessRule({ aid, levels: [{ level: 1, approvers: [{ rType: 3 }] }] }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    // Employees do not configure flows.
    expect((await t.api.getProcessArea({}, hostToken)).status).toBe(Status.NO_PERMISSION);
    // The role now approves: it cannot be deleted.
    expect((await t.api.delRARG({ rid: roleId }, a.token)).status).toBe(Status.ROLE_IN_USE);
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, a.token)).result).toEqual({ processSwitch: 1 });
  });

  it('an invitation waits at each level in turn; only that level’s approvers decide; the visitor checks in after the last', async () => {
    const sent = await invite();
    expect(sent.status).toBe(0);
    const v = sent.result[0] as V;
    expect(v).toMatchObject({ status: 'sent', permission: 0 });
    // The visitor got the invitation anyway, and the level-1 approver was asked.
    const asked = await t.db.select().from(mails).where(eq(mails.to, 'zhang@example.com'));
    expect(asked.map((m) => m.subject)).toContainEqual(expect.stringContaining('审批访客'));
    // The page says the pass waits for approval; the kiosk refuses it.
    const token = new URL(v.inviteLink).searchParams.get('token');
    const page = await t.call<{ permission: number; code: string | null }>('getAppointmentbySecId', { secid: token });
    expect(page.result).toMatchObject({ permission: 0, code: v.code });
    expect((await t.call('AppClientSignin', { verifyCode: v.code }, kiosk)).status).toBe(Status.VISITOR_UNAUTHORIZED);

    const mine = await queue(first.token);
    expect(mine.result.count).toBe(1);
    const rec = mine.result.list[0] as Rec;
    expect(rec).toMatchObject({ vid: v.vid, level: 1, levels: 2, status: 'pending', vname: '审批访客', canDecide: true });
    expect(rec.can).toEqual({ approve: true, refuse: true, return: true });
    // Level 2's approver, the host and an outsider see nothing to decide and cannot decide it.
    expect((await queue(second.token)).result.count).toBe(0);
    expect((await queue(outsider.token)).result.count).toBe(0);
    expect((await decide(second.token, rec.rid, 'approve')).status).toBe(Status.NOT_APPROVER);
    expect((await decide(hostToken, rec.rid, 'approve')).status).toBe(Status.NOT_APPROVER);
    expect((await decide(b.token, rec.rid, 'approve')).status).toBe(Status.NO_SUCH_RECORD);
    // The administrator sees it in the company-wide view but is not an approver of this flow.
    const all = await queue(a.token, { all: true });
    expect(all.result.list.map((r) => [r.vid, r.canDecide])).toEqual([[v.vid, false]]);
    expect(all.result.list[0]?.can).toEqual({ approve: false, refuse: false, return: false });
    expect((await decide(a.token, rec.rid, 'approve')).status).toBe(Status.NOT_APPROVER);
    // Nor does the console's direct approval bypass the flow.
    expect((await t.api.updateVisitStatus({ vid: v.vid, event: 'approve' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const one = await decide(first.token, rec.rid, 'approve', 'ok by security');
    expect(one.result).toMatchObject({ status: 'approved', approver: '张三', remark: 'ok by security' });
    expect((await decide(first.token, rec.rid, 'approve')).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await queue(first.token)).result.count).toBe(0);
    const next = (await queue(second.token)).result.list[0] as Rec;
    expect(next).toMatchObject({ vid: v.vid, level: 2, status: 'pending', canDecide: true });
    expect((await t.call('AppClientSignin', { verifyCode: v.code }, kiosk)).status).toBe(Status.VISITOR_UNAUTHORIZED);

    expect((await decide(second.token, next.rid, 'approve')).result).toMatchObject({ status: 'agreed' });
    // Host and visitor are told; the visitor in their language.
    const told = await t.db.select().from(mails).where(eq(mails.to, 'guest@example.com'));
    expect(told.map((m) => m.subject)).toContainEqual(expect.stringMatching(/has been approved$/));
    const history = await t.api.getProcessRecords({ vid: v.vid }, hostToken);
    // Decided levels offer nothing, whoever looks.
    expect(history.result.map((r) => r.can)).toEqual([0, 1].map(() => ({ approve: false, refuse: false, return: false })));
    expect(history.result.map((r) => [r.level, r.status])).toEqual([
      [1, 'approved'],
      [2, 'agreed'],
    ]);
    expect((await t.api.getProcessRecords({ vid: v.vid }, outsider.token)).status).toBe(Status.NO_SUCH_RECORD);
    const done = await t.api.getApproveRecords({}, second.token);
    expect(done.result.list.map((r) => r.status)).toEqual(['agreed']);

    expect((await t.call<V>('AppClientSignin', { verifyCode: v.code }, kiosk)).result).toMatchObject({ vid: v.vid, status: 'signedIn' });
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.objId, String(v.vid)))
      .orderBy(operationLogs.id);
    expect(logs.map((l) => l.optDesc)).toEqual(expect.arrayContaining(['level 1 of 2 approved', 'level 2 of 2 approved']));
  });

  it('a refusal ends the visit: the visitor is told and cannot check in; a reason is required', async () => {
    const v = (await invite([{ name: 'Refused Guest', phone: '13977771111', email: 'no@example.com', lang: 'en' }])).result[0] as V;
    const rec = (await queue(first.token)).result.list.find((r) => r.vid === v.vid) as Rec;
    expect((await decide(first.token, rec.rid, 'refuse')).status).toBe(Status.BAD_PARAMS);
    expect((await decide(first.token, rec.rid, 'refuse', 'no escort available')).result).toMatchObject({ status: 'refused' });
    const visit = await t.api.GetVisitorByVid({ vid: v.vid }, a.token);
    expect(visit.result).toMatchObject({ status: 'refused', permission: 2 });
    expect((await t.call('AppClientSignin', { verifyCode: v.code }, kiosk)).status).toBe(Status.VISITOR_UNAUTHORIZED);
    const [mail] = await t.db.select().from(mails).where(eq(mails.to, 'no@example.com')).orderBy(sql`${mails.id} desc`).limit(1);
    expect(mail?.subject).toMatch(/has not been approved$/);
    expect(mail?.text).toContain("Approver's note: no escort available");
    expect(mail?.text).toContain(`/my-data?c=${a.id}.`);
    // Level 2 never hears of it.
    expect((await queue(second.token)).result.list.some((r) => r.vid === v.vid)).toBe(false);
  });

  it('a returned visit goes back to the host, who submits it again from level 1', async () => {
    const v = (await invite([{ name: '退回访客', phone: '13977772222' }])).result[0] as V;
    const rec = (await queue(first.token)).result.list.find((r) => r.vid === v.vid) as Rec;
    expect((await decide(first.token, rec.rid, 'return', 'add the company name')).result).toMatchObject({ status: 'returned' });
    expect((await queue(first.token)).result.list.some((r) => r.vid === v.vid)).toBe(false);
    // Another employee cannot resubmit the host's visit.
    expect((await t.api.resubmitProcess({ vid: v.vid }, outsider.token)).status).toBe(Status.NO_SUCH_RECORD);
    const again = await t.api.resubmitProcess({ vid: v.vid, remark: 'fixed' }, hostToken);
    expect(again.result).toMatchObject({ level: 1, status: 'pending' });
    expect((await t.api.resubmitProcess({ vid: v.vid }, hostToken)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await queue(first.token)).result.list.some((r) => r.vid === v.vid)).toBe(true);
  });

  it('a cancelled invitation leaves its waiting decision not handled, out of every queue', async () => {
    const v = (await invite([{ name: '取消访客', phone: '13977773333' }])).result[0] as V;
    expect((await t.api.setCancelStatusForWeb({ vid: v.vid }, hostToken)).status).toBe(0);
    expect((await queue(first.token)).result.list.some((r) => r.vid === v.vid)).toBe(false);
    const history = await t.api.getProcessRecords({ vid: v.vid }, a.token);
    expect(history.result.map((r) => r.status)).toEqual(['notHandled']);
    const rid = history.result[0]?.rid ?? 0;
    expect((await decide(first.token, rid, 'approve')).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // At the kiosk it is called off (58 with its status), not "waiting for approval".
    const refused = await t.call('AppClientSignin', { verifyCode: v.code }, kiosk);
    expect(refused).toMatchObject({ status: Status.UPDATE_NOT_ALLOWED, result: { status: 'ended' } });
  });

  it('a gate with its own area follows that flow; HSE accounts and the administrator can be approvers', async () => {
    const gid = (await t.api.addGate({ gname: 'Plant gate' }, a.token)).result.gid;
    const plant = await t.api.addProcessArea({ aName: 'Plant', gids: [gid] }, a.token);
    await t.api.addProcessRule({ aid: plant.result.aid, levels: [{ level: 1, approvers: [{ rType: 2 }, { rType: 3 }] }] }, a.token);
    const hse = await seedStaff(t, a.id, 0);
    const v = (await invite([{ name: '工厂访客', phone: '13977774444' }], gid)).result[0] as V;
    expect((await queue(first.token)).result.list.some((r) => r.vid === v.vid)).toBe(false);
    const rec = (await queue(hse.token)).result.list.find((r) => r.vid === v.vid) as Rec;
    expect(rec).toMatchObject({ level: 1, levels: 1, canDecide: true });
    expect((await queue(a.token)).result.list.map((r) => r.vid)).toContain(v.vid);
    // An area with visits waiting cannot be removed.
    expect((await t.api.delProcessArea({ aid: plant.result.aid }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await decide(hse.token, rec.rid, 'approve')).result).toMatchObject({ status: 'agreed', approver: 'Staff 0' });
    expect((await t.api.delProcessArea({ aid: plant.result.aid }, a.token)).status).toBe(0);
  });

  it('a walk-in waits for the flow too, and moves on to authorised once agreed', async () => {
    const desk = await seedStaff(t, a.id, 2);
    const w = await t.api.UpdatePhoto({ vname: '现场访客', vphone: '13977775555', empid: host }, desk.token);
    expect(w.result).toMatchObject({ status: 'unauthorized', permission: 0 });
    const rec = (await queue(first.token)).result.list.find((r) => r.vid === w.result.vid) as Rec;
    await decide(first.token, rec.rid, 'approve');
    const rec2 = (await queue(second.token)).result.list.find((r) => r.vid === w.result.vid) as Rec;
    await decide(second.token, rec2.rid, 'approve');
    const v = await t.api.GetVisitorByVid({ vid: w.result.vid }, a.token);
    expect(v.result).toMatchObject({ status: 'authorized', permission: 1 });
    expect((await t.call<V>('AppClientSignin', { verifyCode: v.result.code }, kiosk)).result).toMatchObject({ status: 'signedIn' });
  });

  it('switched off, new visits need no approval; visits not covered by an area wait for the desk', async () => {
    expect((await t.api.updateProcessSwitch({ processSwitch: 0 }, a.token)).status).toBe(0);
    const v = (await invite([{ name: '无需审批', phone: '13977776666' }])).result[0] as V;
    expect(v.permission).toBe(1);
  });
});
