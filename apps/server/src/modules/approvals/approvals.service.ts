import {
  APPROVAL_STATUSES,
  type ApproverType,
  logDesc,
  nextStatus,
  type ProcessArea,
  type ProcessRecord,
  Role,
  Status,
  type VisitorStatus,
} from '@openvisit/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { employees, roles, visits } from '../../db/schema/index.js';
import type { AuthedContext } from '../../platform/calls.js';
import { AppError, badParams, notFound } from '../../platform/errors.js';
import { company as companyRow, patchSettings, settingsOf } from '../accounts/accounts.service.js';
import { assertGates } from '../registration/registration.gates.js';
import { type VisitRow, visitsRepository } from '../visits/visits.repository.js';
import { move } from '../visits/visits.service.js';
import { approvalRequestMail, approvalResultMail } from './approvals.mails.js';
import { type AreaRow, approvalsRepository, CLOSED_VISIT_STATUSES, type RecordWithVisit, type RuleRow } from './approvals.repository.js';

const PENDING = 0;
const APPROVED = 1;
const AGREED = 2;
const REFUSED = 3;
const RETURNED = 4;

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.db, { companyId: ctx.session.companyId });
}

/** The levels an area's rules define, 1…n. */
function levelCount(rules: RuleRow[], areaId: number): number {
  return rules.filter((r) => r.areaId === areaId).reduce((n, r) => Math.max(n, r.level), 0);
}

async function toAreas(ctx: AuthedContext, areas: AreaRow[]): Promise<ProcessArea[]> {
  const repo = repoOf(ctx);
  const [rules, waiting] = await Promise.all([repo.rules(areas.map((a) => a.id)), repo.waitingByArea()]);
  const roleIds = rules.filter((r) => r.rType === 0).map((r) => r.refId);
  const empIds = rules.filter((r) => r.rType === 1).map((r) => r.refId);
  const [roleRows, empRows] = await Promise.all([
    roleIds.length
      ? ctx.db
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(and(eq(roles.companyId, ctx.session.companyId), inArray(roles.id, roleIds)))
      : [],
    empIds.length
      ? ctx.db
          .select({ id: employees.id, name: employees.name })
          .from(employees)
          .where(and(eq(employees.companyId, ctx.session.companyId), inArray(employees.id, empIds)))
      : [],
  ]);
  const roleName = new Map(roleRows.map((r) => [r.id, r.name]));
  const empName = new Map(empRows.map((r) => [r.id, r.name]));
  const waitingIn = new Map(waiting.map((w) => [w.areaId, w.n]));
  return areas.map((a) => {
    const mine = rules.filter((r) => r.areaId === a.id);
    const levels = Array.from({ length: levelCount(rules, a.id) }, (_, i) => ({
      level: i + 1,
      approvers: mine
        .filter((r) => r.level === i + 1)
        .map((r) => ({
          rType: r.rType as ApproverType,
          id: r.refId,
          // A role or employee removed since: the approver shows empty, and the level still has its others.
          name: r.rType === 0 ? (roleName.get(r.refId) ?? '') : r.rType === 1 ? (empName.get(r.refId) ?? '') : '',
        })),
    }));
    return { aid: a.id, aName: a.name, address: a.address, gids: a.gids, levels, waiting: waitingIn.get(a.id) ?? 0 };
  });
}

/** Whether any approval flow names one of these roles as approvers (a role in use cannot be deleted). */
export function roleInUse(ctx: AuthedContext, roleIds: number[]): Promise<boolean> {
  return repoOf(ctx).roleInUse(roleIds);
}

export async function areas(ctx: AuthedContext): Promise<{ processSwitch: number; areas: ProcessArea[] }> {
  const [settings, rows] = await Promise.all([settingsOf(ctx), repoOf(ctx).areas()]);
  return { processSwitch: settings.processSwitch, areas: await toAreas(ctx, rows) };
}

async function areaOrFail(ctx: AuthedContext, aid: number): Promise<AreaRow> {
  const area = await repoOf(ctx).area(aid);
  if (!area) throw notFound('approval area');
  return area;
}

async function oneArea(ctx: AuthedContext, area: AreaRow): Promise<ProcessArea> {
  const [out] = await toAreas(ctx, [area]);
  if (!out) throw notFound('approval area');
  return out;
}

function auditArea(ctx: AuthedContext, a: ProcessArea): void {
  ctx.audit.objId = a.aid;
  ctx.audit.objName = a.aName;
  ctx.audit.desc = logDesc('processArea', { levels: a.levels.length });
}

export async function addArea(ctx: AuthedContext, input: { aName: string; address: string; gids: number[] }): Promise<ProcessArea> {
  const repo = repoOf(ctx);
  if (await repo.nameTaken(input.aName)) throw new AppError(Status.ALREADY_EXISTS, 'An approval area with this name exists');
  await assertGates(ctx, input.gids, 'gids');
  const out = await oneArea(ctx, await repo.insertArea({ name: input.aName, address: input.address, gids: [...new Set(input.gids)] }));
  auditArea(ctx, out);
  return out;
}

export async function updateArea(ctx: AuthedContext, input: { aid: number; aName: string; address: string; gids: number[] }): Promise<ProcessArea> {
  const repo = repoOf(ctx);
  const area = await areaOrFail(ctx, input.aid);
  if (await repo.nameTaken(input.aName, area.id)) throw new AppError(Status.ALREADY_EXISTS, 'An approval area with this name exists');
  await assertGates(ctx, input.gids, 'gids');
  const gids = [...new Set(input.gids)];
  const updated = await repo.updateArea(area.id, { name: input.aName, address: input.address, gids });
  if (!updated) throw notFound('approval area');
  const out = await oneArea(ctx, updated);
  auditArea(ctx, out);
  return out;
}

export async function setRules(
  ctx: AuthedContext,
  input: { aid: number; levels: { level: number; approvers: { rType: number; id: number }[] }[] },
): Promise<ProcessArea> {
  const area = await areaOrFail(ctx, input.aid);
  const roleIds = new Set<number>();
  const empIds = new Set<number>();
  for (const l of input.levels)
    for (const a of l.approvers) {
      if (a.rType === 0) roleIds.add(a.id);
      if (a.rType === 1) empIds.add(a.id);
    }
  const [roleRows, empRows] = await Promise.all([
    roleIds.size
      ? ctx.db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.companyId, ctx.session.companyId), inArray(roles.id, [...roleIds])))
      : [],
    empIds.size
      ? ctx.db
          .select({ id: employees.id, status: employees.status })
          .from(employees)
          .where(and(eq(employees.companyId, ctx.session.companyId), inArray(employees.id, [...empIds])))
      : [],
  ]);
  const knownRoles = new Set(roleRows.map((r) => r.id));
  const enabled = new Set(empRows.filter((e) => e.status === 0).map((e) => e.id));
  const errors: { field: string; rule: string }[] = [];
  for (const [i, l] of input.levels.entries())
    for (const [j, a] of l.approvers.entries()) {
      const unknown = (a.rType === 0 && !knownRoles.has(a.id)) || (a.rType === 1 && !enabled.has(a.id));
      if (unknown) errors.push({ field: `levels.${i}.approvers.${j}.id`, rule: 'notFound' });
    }
  if (errors.length) throw badParams(errors);
  await ctx.db.transaction(async (tx) =>
    approvalsRepository(tx, { companyId: ctx.session.companyId }).replaceRules(
      area.id,
      input.levels.flatMap((l) => l.approvers.map((a) => ({ level: l.level, rType: a.rType, refId: a.rType < 2 ? a.id : 0 }))),
    ),
  );
  const out = await oneArea(ctx, area);
  auditArea(ctx, out);
  return out;
}

export async function removeArea(ctx: AuthedContext, input: { aid: number }): Promise<null> {
  const area = await areaOrFail(ctx, input.aid);
  const waiting = (await repoOf(ctx).waitingByArea()).find((w) => w.areaId === area.id)?.n ?? 0;
  if (waiting) throw new AppError(Status.UPDATE_NOT_ALLOWED, `${waiting} visits are waiting for approval in this area`, { waiting });
  await repoOf(ctx).deleteArea(area.id);
  ctx.audit.objId = area.id;
  ctx.audit.objName = area.name;
  return null;
}

export async function setSwitch(ctx: AuthedContext, input: { processSwitch: 0 | 1 }): Promise<{ processSwitch: number }> {
  await patchSettings(ctx, { processSwitch: input.processSwitch });
  ctx.audit.desc = logDesc(input.processSwitch === 1 ? 'processSwitchOn' : 'processSwitchOff');
  return { processSwitch: input.processSwitch };
}

// ---------------------------------------------------------------------------------------------
// The flow: submission, queues and decisions.
// ---------------------------------------------------------------------------------------------

/** The area whose flow a visit at this gate follows: one naming the gate, else the default; only areas with levels. */
async function areaFor(ctx: AuthedContext, gid: number | null): Promise<{ area: AreaRow; levels: number } | undefined> {
  const repo = repoOf(ctx);
  const [all, rules] = await Promise.all([repo.areas(), repo.rules()]);
  const usable = all.filter((a) => levelCount(rules, a.id) > 0);
  const area = (gid !== null && usable.find((a) => a.gids.includes(gid))) || usable.find((a) => a.gids.length === 0);
  return area ? { area, levels: levelCount(rules, area.id) } : undefined;
}

/**
 * Puts a new visit (walk-in or invitation, stored with permission 0) at level 1 of its area's flow and tells that
 * level's approvers. A visit no area covers waits for the desk or an administrator to authorise it directly
 * (updateVisitStatus), as the original's single-step approval did.
 */
export async function submit(ctx: AuthedContext, v: VisitRow, submitter: string): Promise<void> {
  const flow = await areaFor(ctx, v.gid);
  if (!flow) return;
  await repoOf(ctx).insert({ visitId: v.id, areaId: flow.area.id, areaName: flow.area.name, level: 1, levels: flow.levels, submitter });
  await tellApprovers(ctx, v, flow.area.id, 1, flow.levels);
}

/** The visit may now check in: permission 1, and a waiting walk-in moves on to authorised. */
async function authorise(ctx: AuthedContext, v: VisitRow, note: string): Promise<void> {
  if (nextStatus(v.status as VisitorStatus, 'approve')) {
    await move(ctx, v, 'approve', { permission: 1 }, note);
    return;
  }
  await setPermission(ctx, v, 1, 'approve', note);
}

/** An invitation keeps its own status (the visitor may still accept) while approval decides only its permission. */
async function setPermission(ctx: AuthedContext, v: VisitRow, permission: number, event: 'approve' | 'reject', note: string): Promise<void> {
  const vrepo = visitsRepository(ctx.db, { companyId: ctx.session.companyId });
  await ctx.db
    .update(visits)
    .set({ permission })
    .where(and(eq(visits.companyId, ctx.session.companyId), eq(visits.id, v.id)));
  await vrepo.addEvent({
    visitId: v.id,
    event,
    fromStatus: v.status as VisitorStatus,
    toStatus: v.status as VisitorStatus,
    actor: ctx.session.name,
    note,
  });
}

interface Approver {
  kind: 'admin' | 'staff' | 'employee';
  id: number;
}

/** The area/level pairs the signed-in account approves at. */
async function myLevels(ctx: AuthedContext): Promise<{ areaId: number; level: number }[]> {
  const repo = repoOf(ctx);
  const rules = await repo.rules();
  const { role, accountId } = ctx.session;
  const myRoles = role === Role.EMPLOYEE ? new Set(await repo.roleIdsOf(accountId)) : new Set<number>();
  const mine = rules.filter((r) => matches(r, role, accountId, myRoles));
  const seen = new Set<string>();
  return mine
    .map((r) => ({ areaId: r.areaId, level: r.level }))
    .filter((l) => {
      const k = `${l.areaId}:${l.level}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

function matches(r: RuleRow, role: number, accountId: number, myRoles: Set<number>): boolean {
  if (r.rType === 0) return role === Role.EMPLOYEE && myRoles.has(r.refId);
  if (r.rType === 1) return role === Role.EMPLOYEE && r.refId === accountId;
  if (r.rType === 2) return role === Role.HSE;
  return role === Role.ADMIN;
}

function me(ctx: AuthedContext): Approver {
  const kind = ctx.session.accountKind;
  return { kind: kind === 'employee' ? 'employee' : kind === 'staff' ? 'staff' : 'admin', id: ctx.session.accountId };
}

function toRecord(r: RecordWithVisit, canDecide: boolean): ProcessRecord {
  const closed = (CLOSED_VISIT_STATUSES as readonly string[]).includes(r.visitStatus);
  const status = r.record.status === PENDING && closed ? 'notHandled' : (APPROVAL_STATUSES[r.record.status] ?? 'pending');
  return {
    rid: r.record.id,
    vid: r.record.visitId,
    aid: r.record.areaId,
    aName: r.record.areaName,
    level: r.record.level,
    levels: r.record.levels,
    status,
    submitter: r.record.submitter,
    submitTime: r.record.createdAt.getTime(),
    approver: r.record.deciderName,
    approveTime: r.record.decidedAt?.getTime() ?? null,
    remark: r.record.remark,
    vname: r.vname,
    vphone: r.vphone,
    vcompany: r.vcompany,
    empName: r.empName,
    visitType: r.visitType,
    visitReason: r.visitReason,
    appointmentDate: r.appointmentAt?.getTime() ?? null,
    gname: r.gname,
    kind: r.kind,
    canDecide: canDecide && status === 'pending',
  };
}

function pageOf<T>(list: T[], total: number, input: { startIndex: number; requestedCount: number }) {
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count: total, list };
}

const isAdmin = (ctx: AuthedContext) => ctx.session.role === Role.ADMIN || ctx.session.role === Role.SUBADMIN;

export async function waitingQueue(ctx: AuthedContext, input: { startIndex: number; requestedCount: number; all: boolean; name: string }) {
  const levels = await myLevels(ctx);
  const everything = input.all && isAdmin(ctx);
  const { rows, total } = await repoOf(ctx).waiting(everything ? undefined : levels, input.name, input.startIndex, input.requestedCount);
  const can = new Set(levels.map((l) => `${l.areaId}:${l.level}`));
  return pageOf(
    rows.map((r) => toRecord(r, can.has(`${r.record.areaId}:${r.record.level}`))),
    total,
    input,
  );
}

export async function decidedList(ctx: AuthedContext, input: { startIndex: number; requestedCount: number; all: boolean; name: string }) {
  const everything = input.all && isAdmin(ctx);
  const { rows, total } = await repoOf(ctx).decided(everything ? undefined : me(ctx), input.name, input.startIndex, input.requestedCount);
  return pageOf(
    rows.map((r) => toRecord(r, false)),
    total,
    input,
  );
}

/** A visit's approval history: for administrators and the desk, the host, and anyone approving in that visit's flow. */
export async function history(ctx: AuthedContext, input: { vid: number }): Promise<ProcessRecord[]> {
  const rows = await repoOf(ctx).ofVisit(input.vid);
  const levels = await myLevels(ctx);
  const can = new Set(levels.map((l) => `${l.areaId}:${l.level}`));
  const { role, accountId } = ctx.session;
  if (role === Role.EMPLOYEE || role === Role.HSE) {
    const [visit] = await ctx.db
      .select({ empId: visits.empId })
      .from(visits)
      .where(and(eq(visits.companyId, ctx.session.companyId), eq(visits.id, input.vid)));
    const host = role === Role.EMPLOYEE && visit?.empId === accountId;
    const approver = rows.some(
      (r) => can.has(`${r.record.areaId}:${r.record.level}`) || (r.record.deciderKind === me(ctx).kind && r.record.deciderId === accountId),
    );
    if (!visit || (!host && !approver)) throw notFound('visit');
  }
  return rows.map((r) => toRecord(r, can.has(`${r.record.areaId}:${r.record.level}`)));
}

const RESULT = { approve: APPROVED, refuse: REFUSED, return: RETURNED } as const;

export async function decide(
  ctx: AuthedContext,
  input: { rid: number; result: 'approve' | 'refuse' | 'return'; remark: string },
): Promise<ProcessRecord> {
  const repo = repoOf(ctx);
  const r = await repo.record(input.rid);
  if (!r) throw notFound('approval record');
  const closed = (CLOSED_VISIT_STATUSES as readonly string[]).includes(r.visitStatus);
  if (r.record.status !== PENDING || closed)
    throw new AppError(
      Status.UPDATE_NOT_ALLOWED,
      closed ? 'The visit is no longer waiting (called off, declined or expired)' : 'This level was already decided',
    );
  const levels = await myLevels(ctx);
  if (!levels.some((l) => l.areaId === r.record.areaId && l.level === r.record.level)) throw new AppError(Status.NOT_APPROVER);

  // The flow as configured now decides what comes after this level (areas with waiting visits cannot be removed).
  const areaId = r.record.areaId ?? 0;
  const flow = levelCount(await repo.rules([areaId]), areaId);
  const last = input.result === 'approve' && r.record.level >= flow;
  const status = input.result === 'approve' ? (last ? AGREED : APPROVED) : RESULT[input.result];
  const who = me(ctx);
  let visit: VisitRow | undefined;
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const txRepo = approvalsRepository(tx, { companyId: ctx.session.companyId });
    const decided = await txRepo.decide(r.record.id, {
      status,
      deciderKind: who.kind,
      deciderId: who.id,
      deciderName: ctx.session.name,
      remark: input.remark,
    });
    if (!decided) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This level was already decided');
    const v = await visitsRepository(tx, { companyId: ctx.session.companyId }).byId(r.record.visitId);
    if (!v) throw notFound('visit');
    visit = v;
    const note = input.remark;
    if (status === APPROVED)
      await txRepo.insert({
        visitId: v.id,
        areaId: r.record.areaId,
        areaName: r.record.areaName,
        level: r.record.level + 1,
        levels: flow,
        submitter: r.record.submitter,
      });
    else if (status === AGREED) await authorise(txCtx, v, note);
    else if (status === REFUSED) {
      if (nextStatus(v.status as VisitorStatus, 'reject')) await move(txCtx, v, 'reject', { permission: 2 }, note);
      else await setPermission(txCtx, v, 2, 'reject', note);
    }
  });
  if (!visit) throw notFound('visit');
  const v: VisitRow = visit;
  if (status === APPROVED) await tellApprovers(ctx, v, areaId, r.record.level + 1, flow);
  else await tellOutcome(ctx, v, input.result === 'approve' ? 'agreed' : input.result === 'refuse' ? 'refused' : 'returned', input.remark);

  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  const params = { level: r.record.level, levels: flow, remark: input.remark };
  ctx.audit.desc = logDesc(input.result === 'approve' ? 'processApproved' : input.result === 'refuse' ? 'processRefused' : 'processReturned', params);
  const after = await repo.record(r.record.id);
  if (!after) throw notFound('approval record');
  return toRecord(after, false);
}

/** A returned visit (or one whose submission failed) goes back to level 1 of its flow as configured now. */
export async function resubmit(ctx: AuthedContext, input: { vid: number; remark: string }): Promise<ProcessRecord> {
  const vrepo = visitsRepository(ctx.db, { companyId: ctx.session.companyId });
  const v = await vrepo.byId(input.vid);
  if (!v || (ctx.session.role === Role.EMPLOYEE && v.empId !== ctx.session.accountId)) throw notFound('visit');
  if (v.permission !== 0 || (CLOSED_VISIT_STATUSES as readonly string[]).includes(v.status))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Only a visit still waiting for approval can be submitted again');
  if (await repoOf(ctx).waitingOf(v.id)) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The visit is already waiting for a decision');
  await submit(ctx, v, ctx.session.name);
  const waiting = await repoOf(ctx).waitingOf(v.id);
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc('processResubmitted');
  const rows = await repoOf(ctx).ofVisit(v.id);
  const out = rows.find((r) => r.record.id === waiting?.id) ?? rows.at(-1);
  if (!out) throw notFound('approval record');
  return toRecord(out, false);
}

/** Whether a visit has a decision waiting (the console's direct approve/refuse then defers to the flow). */
export async function isWaiting(ctx: AuthedContext, vid: number): Promise<boolean> {
  return Boolean(await repoOf(ctx).waitingOf(vid));
}

// ---------------------------------------------------------------------------------------------
// Mails: approvers when a visit reaches their level; host and visitor when it is decided.
// ---------------------------------------------------------------------------------------------

async function companyLang(ctx: AuthedContext): Promise<'zh' | 'en'> {
  const company = await companyRow(ctx.tenant);
  return company?.lang === 'en' ? 'en' : 'zh';
}

function approvalsLink(ctx: AuthedContext, employee: boolean): string {
  return `${ctx.config.publicUrl}${employee ? '/emporder/approve' : '/setting/approve?tab=records'}`;
}

/** Failing to queue a mail never undoes a decision: it is logged and the queue shows the visit anyway. */
async function safely(ctx: AuthedContext, what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    ctx.log.warn({ err }, `approval mail (${what}) not queued`);
  }
}

async function tellApprovers(ctx: AuthedContext, v: VisitRow, areaId: number, level: number, levels: number): Promise<void> {
  await safely(ctx, 'request', async () => {
    const repo = repoOf(ctx);
    const rules = (await repo.rules([areaId])).filter((r) => r.level === level);
    const empIds = new Set(rules.filter((r) => r.rType === 1).map((r) => r.refId));
    for (const id of await repo.membersOf(rules.filter((r) => r.rType === 0).map((r) => r.refId))) empIds.add(id);
    const lang = await companyLang(ctx);
    const people = empIds.size
      ? await ctx.db
          .select({ id: employees.id, name: employees.name })
          .from(employees)
          .where(and(eq(employees.companyId, ctx.session.companyId), inArray(employees.id, [...empIds])))
      : [];
    const request = (approver: string, employee: boolean) => {
      const mail = approvalRequestMail(lang, {
        approver,
        visitor: v.name,
        company: v.company,
        host: v.empName,
        at: v.appointmentAt ?? v.createdAt,
        reason: v.visitReason,
        level,
        levels,
        link: approvalsLink(ctx, employee),
      });
      return { ...mail, short: mail.subject };
    };
    // Employees hear on the channels they chose; the administrator by the company's email.
    for (const p of people) await ctx.services.notifier.tellEmployee(ctx.session.companyId, p.id, request(p.name, true), { visitId: v.id });
    if (rules.some((r) => r.rType === 3)) {
      const company = await companyRow(ctx.tenant);
      if (company?.email)
        await ctx.services.mailer.send({ companyId: ctx.session.companyId, to: company.email, ...request(company.username, false), visitId: v.id });
    }
  });
}

async function tellOutcome(ctx: AuthedContext, v: VisitRow, outcome: 'agreed' | 'refused' | 'returned', remark: string): Promise<void> {
  await safely(ctx, 'outcome', async () => {
    const lang = await companyLang(ctx);
    const base = { visitor: v.name, host: v.empName, at: v.appointmentAt ?? v.createdAt, outcome, remark };
    if (v.empId) {
      const mail = approvalResultMail(lang, { ...base, recipient: v.empName, forHost: true, link: `${ctx.config.publicUrl}/emporder/orderlist` });
      await ctx.services.notifier.tellEmployee(ctx.session.companyId, v.empId, { ...mail, short: mail.subject }, { visitId: v.id });
    }
    // The visitor hears only the outcome, never a return (that is between the host and the approvers).
    if (v.email && outcome !== 'returned') {
      const vlang = v.lang === 'en' ? 'en' : 'zh';
      await ctx.services.mailer.send({
        companyId: ctx.session.companyId,
        to: v.email,
        toName: v.name,
        visitId: v.id,
        ...approvalResultMail(vlang, { ...base, recipient: v.name, forHost: false, company: ctx.session.companyName }),
      });
    }
  });
}
