import { Status } from '@openvisit/contract';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { approvalSeats, employees, mails, operationLogs, visitEvents, visits } from '../../db/schema/index.js';
import { jobContext } from '../../platform/http/calls.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { applyDeadline, sweepDeadlines } from './approvals.deadlines.js';

type Errors = { errors: { field: string; rule: string }[] };
interface V {
  vid: number;
  status: string;
  permission: number;
  inviteLink: string;
}

describe('approval policies', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let gid: number;
  let otherGid: number;
  const people: Record<string, { id: number; token: string }> = {};

  const login = async (phone: string) => (await t.api.empLogin({ phone, empPwd: PASSWORD })).result.token;
  const person = async (key: string, phone: string, set: { name: string; empNo?: string; superiorNo?: string }) => {
    const e = await seedEmployee(t, a.id, phone);
    await t.db.update(employees).set(set).where(eq(employees.id, e.id));
    people[key] = { id: e.id, token: await login(phone) };
    return people[key];
  };
  const id = (key: string) => people[key]?.id ?? 0;
  const token = (key: string) => people[key]?.token ?? '';
  const invite = async (gate: number | null, name = 'Policy Guest') => {
    const r = await t.call<V[]>(
      'addAppointment',
      { appointmentDate: Date.now() + 3_600_000, visitors: [{ name, phone: '', email: 'guest@example.com', lang: 'en' }], gid: gate },
      token('host'),
    );
    expect(r.status).toBe(0);
    return r.result[0] as V;
  };
  const queue = async (who: string) => (await t.api.getNoApproveRecords({}, token(who))).result.list;
  const visit = async (vid: number) => (await t.db.select().from(visits).where(eq(visits.id, vid)))[0];
  const decide = (who: string, rid: number, result: 'approve' | 'refuse', extra: Record<string, unknown> = {}) =>
    t.call<Record<string, unknown>>('completeProcessRecord', { rid, result, remark: result === 'refuse' ? 'no' : '', ...extra }, token(who));
  const jobCtx = () =>
    jobContext({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, a.id, {
      job: 'test',
      account: 'test',
      name: 'test',
    });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1,"processSwitch":1}'::jsonb WHERE id = ${a.id}`);
    await person('manager', '13810000001', { name: 'Mia Manager', empNo: 'M1' });
    await person('host', '13810000002', { name: 'Hal Host', empNo: 'H1', superiorNo: 'M1' });
    await person('x', '13810000003', { name: 'Xu' });
    await person('y', '13810000004', { name: 'Yan' });
    await person('z', '13810000005', { name: 'Zoe' });
    await person('standIn', '13810000006', { name: 'Sam Standin' });
    gid = (await t.api.addGate({ gname: 'Lab gate' }, a.token)).result.gid;
    otherGid = (await t.api.addGate({ gname: 'Main gate' }, a.token)).result.gid;
  });
  afterAll(() => t.close());

  it('refuses a policy that can never complete, field by field', async () => {
    const twoOfOne = await t.call<Errors>(
      'addApprovalPolicy',
      { name: 'Bad', steps: [{ approvers: [{ kind: 'host' }], quorum: { mode: 'count', count: 2 } }] },
      a.token,
    );
    expect(twoOfOne.status).toBe(Status.BAD_PARAMS);
    expect(twoOfOne.result.errors).toContainEqual({ field: 'steps.0.quorum.count', rule: 'moreThanApprovers' });
    const emptyRole = (await t.api.addRARG({ rgName: 'Empty' }, a.token)).result.rid;
    const nobody = (await t.api.addRARG({ rgName: 'Nobody', parentId: emptyRole }, a.token)).result.rid;
    const foreign = await seedEmployee(t, b.id);
    const bad = await t.call<Errors>(
      'addApprovalPolicy',
      {
        name: 'Bad',
        conditions: [{ field: 'gate', in: [999_999] }],
        steps: [
          {
            approvers: [
              { kind: 'role', id: nobody },
              { kind: 'employee', id: foreign.id },
              { kind: 'roleGroup', id: nobody },
            ],
          },
        ],
      },
      a.token,
    );
    expect(bad.result.errors).toEqual(
      expect.arrayContaining([
        { field: 'conditions.0.in', rule: 'notFound' },
        { field: 'steps.0.approvers.0.id', rule: 'noMembers' },
        { field: 'steps.0.approvers.1.id', rule: 'notFound' },
        // A role is not a group.
        { field: 'steps.0.approvers.2.id', rule: 'notFound' },
      ]),
    );
    expect((await t.call('addApprovalPolicy', { name: 'No steps', steps: [] }, a.token)).status).toBe(Status.BAD_PARAMS);
    // The default policy exists, last, and cannot be removed or given conditions.
    const list = (await t.api.getApprovalPolicies({}, a.token)).result;
    const fallback = list.policies.at(-1);
    expect(fallback).toMatchObject({ isDefault: true, mode: 'desk' });
    expect((await t.api.delApprovalPolicy({ pid: fallback?.pid ?? 0 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const withCondition = await t.call<Errors>(
      'updateApprovalPolicy',
      { pid: fallback?.pid, name: 'Default', mode: 'desk', conditions: [{ field: 'gate', in: [gid] }] },
      a.token,
    );
    expect(withCondition.result.errors).toContainEqual({ field: 'conditions', rule: 'defaultHasNone' });
    // Another company sees none of it.
    expect((await t.api.getApprovalPolicies({}, b.token)).result.policies.every((p) => p.isDefault)).toBe(true);
  });

  it('routes by a condition; a parallel 2-of-3 step waits for two; the visit is approved once', async () => {
    const added = await t.api.addApprovalPolicy(
      {
        name: 'Lab visits',
        conditions: [{ field: 'gate', not: false, in: [gid] }],
        steps: [
          { approvers: [{ kind: 'hostManager' }] },
          {
            name: 'Safety',
            parallel: true,
            approvers: [
              { kind: 'employee', id: id('x') },
              { kind: 'employee', id: id('y') },
              { kind: 'employee', id: id('z') },
            ],
            quorum: { mode: 'count', count: 2 },
            fields: [{ name: 'Escort', required: true }],
          },
        ],
      },
      a.token,
    );
    expect(added.status).toBe(0);
    // Another gate does not match: the default leaves it to the desk, nobody is asked.
    const elsewhere = await invite(otherGid);
    expect(elsewhere.permission).toBe(0);
    expect((await queue('manager')).some((r) => r.vid === elsewhere.vid)).toBe(false);

    const v = await invite(gid);
    // Both steps run at once: the manager and the three seats of Safety.
    const mine = (await queue('manager')).find((r) => r.vid === v.vid);
    expect(mine).toMatchObject({ why: { kind: 'hostManager', name: '' }, level: 1, levels: 2, canDecide: true });
    const xs = (await queue('x')).find((r) => r.vid === v.vid);
    expect(xs).toMatchObject({ why: { kind: 'employee', name: 'Xu' }, quorum: { mode: 'count', count: 2, seats: 3 }, gname: 'Lab gate' });
    expect(xs?.others.map((o) => o.why.name).sort()).toEqual(['Yan', 'Zoe']);
    // The step's field is required to approve.
    const missing = await t.call<Errors>('completeProcessRecord', { rid: xs?.rid, result: 'approve', remark: '' }, token('x'));
    expect(missing.result.errors).toContainEqual({ field: 'fields.Escort', rule: 'required' });
    // Nobody else decides a seat that is not theirs.
    expect((await decide('host', xs?.rid ?? 0, 'approve', { fields: { Escort: 'me' } })).status).toBe(Status.NOT_APPROVER);

    expect((await decide('x', xs?.rid ?? 0, 'approve', { fields: { Escort: 'Xu' } })).status).toBe(0);
    expect((await visit(v.vid))?.permission).toBe(0);
    expect((await decide('manager', mine?.rid ?? 0, 'approve')).status).toBe(0);
    expect((await visit(v.vid))?.permission).toBe(0);
    const ys = (await queue('y')).find((r) => r.vid === v.vid);
    const done = await decide('y', ys?.rid ?? 0, 'approve', { fields: { Escort: 'Yan' } });
    expect(done.result).toMatchObject({ status: 'agreed' });
    expect((await visit(v.vid))?.permission).toBe(1);
    // Zoe's seat is no longer needed; the history says so.
    expect((await queue('z')).some((r) => r.vid === v.vid)).toBe(false);
    const history = (await t.api.getProcessRecords({ vid: v.vid }, a.token)).result;
    expect(history.map((r) => [r.why.name || r.why.kind, r.status])).toEqual([
      ['hostManager', 'approved'],
      ['Xu', 'approved'],
      ['Yan', 'agreed'],
      ['Zoe', 'notHandled'],
    ]);
    expect(history.find((r) => r.why.name === 'Xu')?.fields).toEqual([{ name: 'Escort', required: true, value: 'Xu' }]);
    const approvals = await t.db.select().from(visitEvents).where(eq(visitEvents.visitId, v.vid));
    expect(approvals.filter((e) => e.event === 'approve')).toHaveLength(1);
  });

  it('two approvers deciding at once settle to one outcome', async () => {
    const v = await invite(gid, 'Race Guest');
    const manager = (await queue('manager')).find((r) => r.vid === v.vid);
    await decide('manager', manager?.rid ?? 0, 'approve');
    const [xs, ys, zs] = await Promise.all(['x', 'y', 'z'].map(async (k) => (await queue(k)).find((r) => r.vid === v.vid)));
    const answers = await Promise.all([
      decide('x', xs?.rid ?? 0, 'approve', { fields: { Escort: 'a' } }),
      decide('y', ys?.rid ?? 0, 'approve', { fields: { Escort: 'b' } }),
      decide('z', zs?.rid ?? 0, 'refuse'),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    // Two of the three land; the third finds the request decided (58), whichever came last.
    expect(statuses.filter((s) => s === 0).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 0 || s === Status.UPDATE_NOT_ALLOWED)).toBe(true);
    const row = await visit(v.vid);
    const events = (await t.db.select().from(visitEvents).where(eq(visitEvents.visitId, v.vid))).filter(
      (e) => e.event === 'approve' || e.event === 'reject',
    );
    expect(events).toHaveLength(1);
    expect(row?.permission).toBe(events[0]?.event === 'approve' ? 1 : 2);
  });

  it('deadlines escalate to the administrator, or decide, and the record says so', async () => {
    const pid = (
      await t.api.addApprovalPolicy(
        {
          name: 'Night',
          conditions: [{ field: 'gate', not: false, in: [otherGid] }],
          steps: [
            { approvers: [{ kind: 'employee', id: id('z') }], deadline: { minutes: 60, action: 'escalate', to: 'admin', roleId: null } },
            { approvers: [{ kind: 'host' }], deadline: { minutes: 30, action: 'approve', to: 'admin', roleId: null } },
          ],
        },
        a.token,
      )
    ).result.pid;
    const v = await invite(otherGid, 'Late Guest');
    const zs = (await queue('z')).find((r) => r.vid === v.vid);
    expect(zs?.dueAt).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(zs?.deadlineAction).toBe('escalate');
    // Not yet due: nothing moves.
    expect(await sweepDeadlines({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, new Date())).toBe(0);
    const later = new Date(Date.now() + 61 * 60_000);
    await sweepDeadlines({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, later);
    expect((await queue('z')).some((r) => r.vid === v.vid)).toBe(false);
    const admins = (await t.api.getNoApproveRecords({}, a.token)).result.list.find((r) => r.vid === v.vid);
    expect(admins).toMatchObject({ note: 'escalated', why: { kind: 'admin' } });
    expect((await decide('admin', 0, 'approve')).status).not.toBe(0);
    expect((await t.call('completeProcessRecord', { rid: admins?.rid, result: 'approve', remark: '' }, a.token)).status).toBe(0);
    // The host's step decides itself after 30 minutes.
    const hosts = (await queue('host')).find((r) => r.vid === v.vid);
    expect(hosts?.deadlineAction).toBe('approve');
    const seat = (
      await t.db
        .select()
        .from(approvalSeats)
        .where(eq(approvalSeats.id, hosts?.rid ?? 0))
    )[0];
    await applyDeadline(jobCtx(), seat?.requestId ?? 0, 1, new Date(Date.now() + 31 * 60_000));
    expect((await visit(v.vid))?.permission).toBe(1);
    const history = (await t.api.getProcessRecords({ vid: v.vid }, a.token)).result;
    expect(history.at(-1)).toMatchObject({ status: 'approved', note: 'deadlineApproved' });
    // A visit called off before its deadline: the deadline decides nothing and tells nobody.
    const off = await invite(otherGid, 'Cancelled Guest');
    expect((await t.api.setCancelStatusForWeb({ vid: off.vid }, token('host'))).status).toBe(0);
    const before = (await t.db.select().from(mails)).length;
    await sweepDeadlines({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, new Date(Date.now() + 2 * 3_600_000));
    expect((await visit(off.vid))?.permission).toBe(0);
    expect((await t.db.select().from(mails)).length).toBe(before);
    expect((await t.api.getProcessRecords({ vid: off.vid }, a.token)).result.map((r) => r.status)).toEqual(['notHandled']);
    await t.api.delApprovalPolicy({ pid }, a.token);
  });

  it('stand-ins: an approver on leave is replaced by their stand-in, a proxy, or their superior; a cycle is refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const leave = await t.api.addApproverLeave({ empId: id('manager'), startDate: today, endDate: today, standInId: id('standIn') }, a.token);
    expect(leave.status).toBe(0);
    // A stand-in chain that comes back is refused.
    const back = await t.call<Errors>(
      'addApproverLeave',
      { empId: id('standIn'), startDate: today, endDate: today, standInId: id('manager') },
      a.token,
    );
    expect(back.result.errors).toEqual([{ field: 'standInId', rule: 'cycle' }]);
    // An employee records only their own leave.
    expect((await t.api.addApproverLeave({ empId: id('x'), startDate: today, endDate: today }, token('y'))).status).toBe(Status.NO_PERMISSION);
    const v = await invite(gid, 'Leave Guest');
    expect((await queue('manager')).some((r) => r.vid === v.vid)).toBe(false);
    const stood = (await queue('standIn')).find((r) => r.vid === v.vid);
    expect(stood).toMatchObject({ standInFor: 'Mia Manager', standInWhy: 'leave', why: { kind: 'hostManager' } });
    // The dry run shows the same before anything is saved.
    const dry = await t.api.dryRunApproval({ vid: v.vid }, a.token);
    expect(dry.result.policy).toMatchObject({ name: 'Lab visits' });
    expect(dry.result.steps[0]?.seats[0]?.people).toEqual([
      { empId: id('standIn'), name: 'Sam Standin', standsInFor: { empId: id('manager'), name: 'Mia Manager', why: 'leave' } },
    ]);
    await t.api.delApproverLeave({ lid: leave.result.lid }, a.token);
  });

  it('a dry run of a draft shows where it would sit and whom it would ask, with the failed conditions of those passed over', async () => {
    const dry = await t.api.dryRunApproval(
      {
        facts: { kind: 'walkInKiosk', gid: otherGid, hostId: id('host'), companions: 6 },
        draft: {
          name: 'Groups',
          conditions: [{ field: 'companions', not: false, atLeast: 5 }],
          steps: [{ approvers: [{ kind: 'deptManager' }, { kind: 'admin' }], quorum: { mode: 'all', count: 1 } }],
        },
      },
      a.token,
    );
    expect(dry.status).toBe(0);
    expect(dry.result.policy).toMatchObject({ name: 'Groups', draft: true, mode: 'steps' });
    expect(dry.result.skipped.map((s) => [s.name, s.failed])).toEqual([['Lab visits', 0]]);
    expect(dry.result.steps[0]?.seats.map((s) => [s.spec.kind, s.unresolved, s.admin])).toEqual([
      ['deptManager', 'noDeptManager', true],
      ['admin', null, true],
    ]);
  });

  it('an approved invitation whose companions change waits for approval again, when the policy counts them', async () => {
    const pid = (
      await t.api.addApprovalPolicy(
        {
          name: 'Groups at the lab',
          conditions: [{ field: 'gate', not: false, in: [gid] }],
          steps: [{ approvers: [{ kind: 'employee', id: id('z') }] }],
          material: ['companions'],
        },
        a.token,
      )
    ).result.pid;
    const order = (await t.api.getApprovalPolicies({}, a.token)).result.policies.filter((p) => !p.isDefault).map((p) => p.pid);
    await t.api.orderApprovalPolicies({ pids: [pid, ...order.filter((p) => p !== pid)] }, a.token);
    const v = await invite(gid, 'Group Guest');
    const zs = (await queue('z')).find((r) => r.vid === v.vid);
    expect(zs?.aName).toBe('Groups at the lab');
    await decide('z', zs?.rid ?? 0, 'approve');
    expect((await visit(v.vid))?.permission).toBe(1);
    const secid = new URL(v.inviteLink).searchParams.get('token') ?? '';
    expect((await t.api.updateAppointmentReply({ id: secid, status: 3 })).status).toBe(0);
    const page = await t.api.updateSupplementAppointment({ secid, followers: [{ name: 'Colleague', phone: '' }] });
    expect(page.status).toBe(0);
    expect((await visit(v.vid))?.permission).toBe(0);
    const again = (await queue('z')).find((r) => r.vid === v.vid);
    expect(again).toMatchObject({ status: 'pending', aName: 'Groups at the lab' });
    const events = await t.db.select().from(visitEvents).where(eq(visitEvents.visitId, v.vid));
    expect(events.at(-1)).toMatchObject({ event: 'edit', note: 'approval again: companions' });
    await t.api.delApprovalPolicy({ pid }, a.token);
  });

  it('an approver decides from the link in their mail, without signing in; the link works once and cannot be forged', async () => {
    const v = await invite(gid, 'Link Guest');
    const ms = (await queue('manager')).find((r) => r.vid === v.vid);
    const sent = await t.db
      .select()
      .from(mails)
      .where(like(mails.text, `%/approval/${a.id}~${ms?.rid}~${id('manager')}~%`));
    expect(sent).toHaveLength(1);
    const link = /\/approval\/([\w~-]+)/.exec(sent[0]?.text ?? '')?.[1] ?? '';
    const page = await t.api.getApprovalByLink({ token: link });
    expect(page.result).toMatchObject({ approver: 'Mia Manager', open: true, record: { vid: v.vid, why: { kind: 'hostManager' } } });
    // Forged or altered: another seat, another person, another expiry.
    const [c, seat, who, exp, mac] = link.split('~');
    for (const forged of [
      `${c}.${Number(seat) + 1}.${who}.${exp}.${mac}`,
      `${c}.${seat}.${id('x')}.${exp}.${mac}`,
      `${c}.${seat}.${who}.${Number(exp) + 9}.${mac}`,
      'x.y',
    ])
      expect((await t.call('getApprovalByLink', { token: forged })).status).toBe(forged === 'x.y' ? Status.BAD_PARAMS : Status.APPROVAL_LINK_INVALID);
    expect((await t.call<Errors>('decideApprovalByLink', { token: link, result: 'refuse' })).result.errors).toContainEqual({
      field: 'remark',
      rule: 'required',
    });
    const done = await t.api.decideApprovalByLink({ token: link, result: 'approve' });
    expect(done.result).toMatchObject({ open: false, record: { status: 'approved', approver: 'Mia Manager' } });
    // Spent: the page shows the decision and decides nothing more.
    expect((await t.api.getApprovalByLink({ token: link })).result).toMatchObject({ open: false, record: { status: 'approved' } });
    expect((await t.api.decideApprovalByLink({ token: link, result: 'approve' })).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const logged = await t.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.objId, String(v.vid)));
    expect(logged.map((l) => l.optName)).toContain('Mia Manager');
  });

  it('a sub-company’s own policy is tried first for its hosts; it sees only its own; others’ visits never match it', async () => {
    const sub = await seedSubAccount(t, a.id);
    const subToken = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    // It names only its own people: the head office's employees, departments and roles are not its to see.
    const headEmployee = await t.call<Errors>(
      'addApprovalPolicy',
      { name: 'Tenant rule', steps: [{ approvers: [{ kind: 'employee', id: id('y') }] }] },
      subToken,
    );
    expect(headEmployee.status).toBe(Status.BAD_PARAMS);
    expect(headEmployee.result.errors).toContainEqual({ field: 'steps.0.approvers.0.id', rule: 'notFound' });
    const roles = await t.call<Errors>(
      'addApprovalPolicy',
      { name: 'Tenant rule', conditions: [{ field: 'hostDepartment', in: [1] }], steps: [{ approvers: [{ kind: 'role', id: 1 }] }] },
      subToken,
    );
    expect(roles.result.errors).toEqual(
      expect.arrayContaining([
        { field: 'conditions.0.field', rule: 'notForSubCompany' },
        { field: 'steps.0.approvers.0', rule: 'notForSubCompany' },
      ]),
    );
    await t.db
      .update(employees)
      .set({ subAccountId: sub.id })
      .where(eq(employees.id, id('y')));
    const own = await t.api.addApprovalPolicy({ name: 'Tenant rule', steps: [{ approvers: [{ kind: 'employee', id: id('y') }] }] }, subToken);
    expect(own.result).toMatchObject({ subCompanyId: sub.id });
    expect((await t.api.getApprovalPolicies({}, subToken)).result.policies.map((p) => p.name)).toEqual(['Tenant rule']);
    expect((await t.api.getApprovalPolicies({}, a.token)).result.policies.map((p) => p.name)).toContain('Tenant rule');
    // The company's policy is not the tenant's to change.
    const company = (await t.api.getApprovalPolicies({}, a.token)).result.policies.find((p) => p.name === 'Lab visits');
    expect((await t.api.delApprovalPolicy({ pid: company?.pid ?? 0 }, subToken)).status).toBe(Status.NO_SUCH_RECORD);
    // The head office's host at the lab gate still follows the company's policy.
    const head = await t.api.dryRunApproval({ facts: { kind: 'invitation', gid, hostId: id('host') } }, a.token);
    expect(head.result.policy?.name).toBe('Lab visits');
    await t.db
      .update(employees)
      .set({ subAccountId: sub.id })
      .where(eq(employees.id, id('x')));
    const tenant = await t.api.dryRunApproval({ facts: { kind: 'invitation', gid, hostId: id('x') } }, subToken);
    expect(tenant.result.policy?.name).toBe('Tenant rule');
    await t.db
      .update(employees)
      .set({ subAccountId: null })
      .where(inArray(employees.id, [id('x'), id('y')]));
    await t.api.delApprovalPolicy({ pid: own.result.pid }, subToken);
  });

  it('keeps the original’s area calls working on area-shaped policies only', async () => {
    const areas = (await t.api.getProcessArea({}, a.token)).result.areas;
    // "Lab visits" runs steps in parallel: no area shows it.
    expect(areas.map((x) => x.aName)).not.toContain('Lab visits');
    const area = await t.api.addProcessArea({ aName: 'Warehouse', gids: [otherGid] }, a.token);
    expect(area.status).toBe(0);
    const set = await t.api.addProcessRule({ aid: area.result.aid, levels: [{ level: 1, approvers: [{ rType: 3, id: 0 }] }] }, a.token);
    expect(set.result.levels).toEqual([{ level: 1, approvers: [{ rType: 3, id: 0, name: '' }] }]);
    const policy = (await t.api.getApprovalPolicies({}, a.token)).result.policies.find((p) => p.pid === area.result.aid);
    expect(policy).toMatchObject({ area: true, conditions: [{ field: 'gate', in: [otherGid] }], steps: [{ approvers: [{ kind: 'admin' }] }] });
  });
});
