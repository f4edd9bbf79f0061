import { randomInt } from 'node:crypto';
import {
  maskIdNumber,
  nextStatus,
  SIGNIN_TYPE,
  Status,
  VISIT_MOVES,
  type Visit,
  type VisitEvent,
  type VisitKind,
  type VisitorStatus,
} from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import { issueVisitPass, type PassVisit } from '../../platform/formats/passes.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { inTransaction, type SystemScope, type TenantScope } from '../../platform/identity/tenancy.js';
import { emitEvents } from '../../platform/jobs/eventOutbox.js';
import { eventOfMove, eventsOfCreate } from './visits.events.js';
import { type VisitFilter, type VisitInsert, type VisitRow, visitsRepository } from './visits.repository.js';
import { visitsSystemRepository } from './visits.system.repository.js';

/**
 * The visits kernel: visit records and their state machine. Every write to `visits` goes through here (walk-ins,
 * check-in, approvals, invitations, meetings, residents); it imports no module above it (approvals, registration).
 */
export type { VisitFilter, VisitInsert, VisitRow };

export const noSuchVisit = () => new AppError(Status.INVALID_VISITOR);

/** What a visit's pass is made of: it holds from the expected time, else from when the visit was made. */
export function passVisit(r: VisitRow, code: string): PassVisit {
  return { code, phone: r.phone, kind: r.kind, at: (r.appointmentAt ?? r.createdAt).getTime() };
}

/**
 * A visit with the signed pass its badge prints (the answers that print one): in the original's format where the
 * company switched original clients compatibility on (the old readers read nothing else).
 */
export function withPass(ctx: AuthedContext, r: VisitRow, settings: { originalCompat: number }): Visit {
  const original = settings.originalCompat === 1;
  return {
    ...toVisit(r),
    pass: r.code ? issueVisitPass(ctx.services.secrets, ctx.tenant.companyId, passVisit(r, r.code), { original, badge: true }) : null,
  };
}

export function toVisit(r: VisitRow): Visit {
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    vid: r.id,
    kind: r.kind as VisitKind,
    signinType: SIGNIN_TYPE[r.kind as VisitKind] ?? 0,
    status: r.status as VisitorStatus,
    permission: r.permission,
    vname: r.name,
    vphone: r.phone,
    vemail: r.email,
    vcompany: r.company,
    certificateType: r.certificateType,
    // Whole only through revealIdNumber (docs/modules/privacy.md, "ID numbers").
    cardId: maskIdNumber(r.idNumber),
    vphoto: r.photo !== '',
    empid: r.empId,
    empName: r.empName,
    empPhone: r.empPhone,
    tid: r.tid,
    visitType: r.visitType,
    visitReason: r.visitReason,
    followers: r.followers,
    peopleCount: 1 + r.followers.length,
    plateNum: r.plateNum,
    belongings: r.belongings,
    temperature: r.temperature,
    extendCol: r.extend,
    gid: r.gid,
    signInGate: r.signInGate,
    signOutGate: r.signOutGate,
    signInOpName: r.signInOp,
    signOutOpName: r.signOutOp,
    cardNo: r.cardNo,
    code: r.code,
    appointmentDate: ms(r.appointmentAt),
    visitdate: ms(r.visitAt),
    signOutDate: ms(r.signOutAt),
    leaveTime: ms(r.leaveAt),
    signPdf: r.pdf !== '',
    lang: r.lang === 'en' ? 'en' : 'zh',
    subaccountId: r.subAccountId,
    mid: r.meetingId,
    createTime: r.createdAt.getTime(),
  };
}

/**
 * Stores a new visit with a fresh code and its first history row, in one transaction. For every kind of visit
 * (walk-ins here, invitations, residents' sign-ins): the record starts in `values.status`.
 */
export async function createVisit(ctx: AuthedContext, values: VisitInsert, attempt = 0): Promise<VisitRow> {
  try {
    return await inTransaction(ctx.tenant, async (tx) => {
      const txRepo = visitsRepository(tx);
      const created = await txRepo.insert({ ...values, code: newVisitCode() });
      await txRepo.addEvent({
        visitId: created.id,
        event: 'create',
        fromStatus: null,
        toStatus: values.status as VisitorStatus,
        actor: ctx.session.name,
      });
      await emitEvents(tx, created.companyId, eventsOfCreate(created, ctx.session.name));
      return created;
    });
  } catch (err) {
    // A code already in use (1 in 10^8 per visit): draw again.
    if (attempt < 5 && uniqueViolation(err) === 'visits_code_uq') return createVisit(ctx, values, attempt + 1);
    throw err;
  }
}

/** The host as a visit records them (kept as they were when the employee changes or leaves), and their sub-company. */
export function hostSnapshot(host: { id: number; name: string; phone: string; subAccountId: number | null }) {
  return { empId: host.id, empName: host.name, empPhone: host.phone, subAccountId: host.subAccountId };
}

/** The visit code: 8 digits, unique in the company while the record keeps it. */
function newVisitCode(): string {
  return String(randomInt(100_000_000)).padStart(8, '0');
}

/** Who a move is recorded as: the signed-in account, or the visitor on an invitation page. */
interface MoveBy {
  actor: string;
  note?: string;
  /** What the refusals call the record ('visit'; the invitation page says 'invitation'). */
  what?: string;
}

/** Applies a move from the record's current status, or refuses with 58 and the moves it allows. */
export async function move(ctx: AuthedContext, v: VisitRow, event: VisitEvent, set: Partial<VisitInsert> = {}, note = ''): Promise<VisitRow> {
  return moveIn(ctx.tenant, v, event, set, { actor: ctx.session.name, note });
}

/** `move` for callers without a session (the invitation page acts as the visitor). */
export async function moveIn(scope: TenantScope, v: VisitRow, event: VisitEvent, set: Partial<VisitInsert>, by: MoveBy): Promise<VisitRow> {
  const to = nextStatus(v.status as VisitorStatus, event);
  const what = by.what ?? 'visit';
  if (!to) throw new AppError(Status.UPDATE_NOT_ALLOWED, `A ${v.status} ${what} cannot take "${event}"`, { status: v.status });
  const row = await inTransaction(scope, async (tx) => {
    const txRepo = visitsRepository(tx);
    const moved = await txRepo.move(v.id, VISIT_MOVES[event].from, to, set);
    if (moved) {
      await txRepo.addEvent({ visitId: v.id, event, fromStatus: v.status as VisitorStatus, toStatus: to, actor: by.actor, note: by.note ?? '' });
      await emitEvents(tx, moved.companyId, [eventOfMove(event, moved, v.status, by.actor)]);
    }
    return moved;
  });
  // Someone else moved it first: answer from its new status.
  if (!row) throw new AppError(Status.UPDATE_NOT_ALLOWED, `The ${what} changed meanwhile; reload it`);
  return row;
}

/**
 * The same move for several visits in one conditional UPDATE and one insert of their history rows; those no longer
 * in the move's `from` statuses are skipped. `status`: what the caller read (else the move's first `from`).
 */
export async function moveMany(
  ctx: AuthedContext,
  targets: { id: number; status?: string }[],
  event: VisitEvent,
  set: Partial<VisitInsert> = {},
  note = '',
): Promise<VisitRow[]> {
  const { from, to } = VISIT_MOVES[event];
  const was = new Map(targets.map((t) => [t.id, t.status]));
  return inTransaction(ctx.tenant, async (tx) => {
    const repo = visitsRepository(tx);
    const rows = await repo.moveMany([...was.keys()], from, to, set);
    await repo.addEvents(
      rows.map((r) => ({
        visitId: r.id,
        event,
        fromStatus: (was.get(r.id) ?? from[0]) as VisitorStatus,
        toStatus: to,
        actor: ctx.session.name,
        note,
      })),
    );
    await emitEvents(
      tx,
      ctx.tenant.companyId,
      rows.map((r) => eventOfMove(event, r, was.get(r.id) ?? from[0], ctx.session.name)),
    );
    return rows;
  });
}

/**
 * Approval decides an invitation's permission while the invitation keeps its status (the visitor may still accept):
 * no move, but a history row.
 */
export async function setPermission(ctx: AuthedContext, v: VisitRow, permission: number, event: 'approve' | 'reject', note: string): Promise<void> {
  await inTransaction(ctx.tenant, async (tx) => {
    const repo = visitsRepository(tx);
    await repo.setPermission(v.id, permission);
    await repo.addEvent({
      visitId: v.id,
      event,
      fromStatus: v.status as VisitorStatus,
      toStatus: v.status as VisitorStatus,
      actor: ctx.session.name,
      note,
    });
    await emitEvents(tx, v.companyId, [eventOfMove(event, { ...v, permission }, v.status, ctx.session.name)]);
  });
}

/** An approved visit edited in a way that needs approval again: back to waiting (permission 0), with a history row saying why. */
export async function needsApprovalAgain(ctx: AuthedContext, v: VisitRow, note: string): Promise<VisitRow> {
  return inTransaction(ctx.tenant, async (tx) => {
    const repo = visitsRepository(tx);
    await repo.setPermission(v.id, 0);
    await repo.addEvents([
      { visitId: v.id, event: 'edit', fromStatus: v.status as VisitorStatus, toStatus: v.status as VisitorStatus, actor: ctx.session.name, note },
    ]);
    const waiting = { ...v, permission: 0 };
    await emitEvents(tx, v.companyId, [eventOfMove('await', waiting, v.status, ctx.session.name)]);
    return waiting;
  });
}

export function visitById(ctx: AuthedContext, id: number): Promise<VisitRow | undefined> {
  return visitsRepository(ctx.tenant).byId(id);
}

/** A visit the caller may see (a sub-company only its own), or 58 as if there were none. */
export async function visibleVisit(ctx: AuthedContext, vid: number): Promise<VisitRow> {
  const v = await visitsRepository(ctx.tenant).visibleById(vid);
  if (!v) throw noSuchVisit();
  return v;
}

/** The visit an invitation link opens (across companies: the link's token is what names the company). */
export function visitByInviteToken(system: SystemScope, tokenHash: string): Promise<VisitRow | undefined> {
  return visitsSystemRepository(system).byInviteToken(tokenHash);
}

/** The automatic sign-out job's sweep over every company. */
export function signOutOverdue(system: SystemScope, now: Date): Promise<Map<number, number>> {
  return inTransaction(system, async (tx) => {
    const moved = await visitsSystemRepository(tx).signOutOverdue(now);
    const byCompany = new Map<number, VisitRow[]>();
    for (const r of moved) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
    // One insert of events per company, not one per visit.
    for (const [companyId, rows] of byCompany)
      await emitEvents(
        tx,
        companyId,
        rows.map((r) => eventOfMove('signOut', r, 'signedIn', 'auto')),
      );
    return new Map([...byCompany].map(([companyId, rows]) => [companyId, rows.length]));
  });
}

/**
 * Edits that are not moves (photo, badge card, expected time or gate) write an `edit` row too, with the note saying
 * what changed: `visit_events` is also the change feed the face terminals' sync reads, so they reach the terminals at
 * its next run. The visit's history answer leaves these rows out.
 */
function edited(repo: ReturnType<typeof visitsRepository>, rows: { id: number; status: string }[], what: string, actor = '') {
  return repo.addEvents(
    rows.map((r) => ({
      visitId: r.id,
      event: 'edit' as const,
      fromStatus: r.status as VisitorStatus,
      toStatus: r.status as VisitorStatus,
      actor,
      note: what,
    })),
  );
}

/** The desk's badge card of a visitor on site ('' to take it back); undefined when the visit is no longer on site. */
export function setVisitCard(ctx: AuthedContext, id: number, cardNo: string): Promise<VisitRow | undefined> {
  return inTransaction(ctx.tenant, async (tx) => {
    const repo = visitsRepository(tx);
    const [row] = await repo.setCard(id, cardNo);
    if (row) await edited(repo, [row], 'card', ctx.session.name);
    return row;
  });
}

/** The reads and non-life-cycle writes other modules make of visits, bound to one company. */
export function visitsOf(scope: TenantScope) {
  const repo = visitsRepository(scope);
  return {
    byId: repo.byId,
    byPhone: repo.byPhone,
    byMeeting: repo.byMeeting,
    meetingCounts: repo.meetingCounts,
    page: repo.page,
    /** File keys; a new photo is an edit the face terminals must see. */
    setFiles: (id: number, set: { photo?: string; signature?: string; pdf?: string }) =>
      inTransaction(scope, async (tx) => {
        const txRepo = visitsRepository(tx);
        const rows = await txRepo.setFiles(id, set);
        if (set.photo !== undefined) await edited(txRepo, rows, 'photo');
      }),
    setFollowers: repo.setFollowers,
    setInviteToken: repo.setInviteToken,
    recentByPhone: repo.recentByPhone,
    /** A meeting's invitations not yet checked in take its new time, gate or subject (an edit of each). */
    updateByMeeting: (...args: Parameters<typeof repo.updateByMeeting>) =>
      inTransaction(scope, async (tx) => {
        const txRepo = visitsRepository(tx);
        const rows = await txRepo.updateByMeeting(...args);
        await edited(txRepo, rows, 'meeting');
        return rows;
      }),
  };
}

/**
 * The stored photo keys of these visits, by vid, in one read: those the caller may see (a sub-company only its own)
 * and only keys in this company's visit folder, so a link signed from them names one of its visits' photos.
 */
export async function photoKeysOf(ctx: AuthedContext, vids: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(vids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!ids.length) return new Map();
  const folder = `visits/${ctx.tenant.companyId}/`;
  const rows = await visitsRepository(ctx.tenant).photoKeys(ids);
  return new Map(rows.filter((r) => r.photo.startsWith(folder)).map((r) => [r.id, r.photo]));
}
