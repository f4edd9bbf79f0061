import {
  appointmentWindowFailure,
  companySettings,
  INVITE_COMPANIONS_MAX,
  type Invitation,
  initialStatus,
  logDesc,
  nextStatus,
  normalizePhone,
  Role,
  Status,
  VISIT_MOVES,
  type Visit,
  type VisitEvent,
  type VisitorStatus,
  visitTypeText,
} from '@openvisit/contract';
import type { AuthedContext, CallContext } from '../../platform/calls.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { AppError, badParams } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { settingsOf } from '../accounts/accounts.service.js';
import * as employees from '../employees/employees.service.js';
import { gatesNamed } from '../registration/registration.gates.js';
import { registrationRepository } from '../registration/registration.repository.js';
import * as registration from '../registration/registration.service.js';
import { type VisitRow, visitByInviteToken, visitsRepository } from '../visits/visits.repository.js';
import { createVisit, hostSnapshot, move, searchPage, toVisit, type VisitQuery } from '../visits/visits.service.js';
import { invitationMail } from './invitations.mails.js';

export interface InviteInput {
  empid?: number;
  visitors: { name: string; phone: string; email: string; company: string; lang: 'zh' | 'en' }[];
  appointmentDate: number;
  tid: number | null;
  visitType: string;
  visitReason: string;
  gid: number | null;
}

/** The host of an invitation: an employee invites as themselves, and only when the company and their record allow it. */
export async function hostFor(ctx: AuthedContext, empid: number | undefined) {
  if (ctx.session.role === Role.EMPLOYEE) {
    if ((await settingsOf(ctx)).permissionSwitch !== 1)
      throw new AppError(Status.INVITE_FEATURE_OFF, 'The company has not opened invitations to employees');
    const host = await employees.hostOf(ctx, ctx.session.accountId);
    if (host.forbidInvite) throw new AppError(Status.INVITE_FEATURE_OFF, 'You may not invite visitors; ask the administrator');
    return host;
  }
  if (!empid) throw badParams([{ field: 'empid', rule: 'required' }]);
  return employees.hostOf(ctx, empid);
}

/** The same day in server time. */
function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Whether this (normalised) phone already has an invitation or booking still to come on that day. */
export async function invitedThatDay(ctx: AuthedContext, phone: string, at: Date): Promise<boolean> {
  const open = await visitsRepository(ctx.db, { companyId: ctx.session.companyId }).byPhone(phone, VISIT_MOVES.checkIn.from);
  return open.some((o) => o.appointmentAt && sameDay(o.appointmentAt, at));
}

/** What the visitors of one invitation share, checked: the host, the visitor type (its label) and the gate. */
export interface InviteCommon {
  host: Awaited<ReturnType<typeof hostFor>>;
  tid: number | null;
  visitType: string;
  visitReason: string;
  gid: number | null;
  gate: string;
}

/** Checks what an invitation's visitors share (host 116/55/1119, type 104, gate 125); the time is checked per visitor. */
export async function checkCommon(
  ctx: AuthedContext,
  input: { empid?: number; tid: number | null; visitType: string; visitReason: string; gid: number | null },
): Promise<InviteCommon> {
  const host = await hostFor(ctx, input.empid);
  let visitType = input.visitType;
  if (input.tid !== null) {
    const type = await registration.typeById(ctx, input.tid);
    if (!type) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
    if (input.gid && type.gids.length && !type.gids.includes(input.gid)) throw badParams([{ field: 'tid', rule: 'notAtGate' }]);
    visitType = type.vType;
  }
  const gate = input.gid ? (await gatesNamed(ctx, [input.gid]))[0] : undefined;
  if (input.gid && !gate) throw new AppError(Status.GATE_NOT_FOUND);
  return { host, tid: input.tid, visitType, visitReason: input.visitReason, gid: input.gid, gate: gate?.gname ?? '' };
}

/** One invited visitor, with the expected time of their own visit. */
export interface Invitee {
  name: string;
  phone: string;
  email: string;
  company: string;
  lang: 'zh' | 'en';
  at: Date;
}

/**
 * Invitations (reference `addAppointment`): every check first, then one record per visitor in one transaction, each
 * starting as 'sent' with its own code and link; then the invitation mail to each visitor who gave an email.
 */
export async function invite(ctx: AuthedContext, input: InviteInput): Promise<(Visit & { inviteLink: string })[]> {
  const common = await checkCommon(ctx, input);
  const at = new Date(input.appointmentDate);
  const rule = appointmentWindowFailure(at.getTime(), Date.now());
  if (rule) throw badParams([{ field: 'appointmentDate', rule }]);
  const people = input.visitors.map((v) => ({ ...v, phone: v.phone ? (normalizePhone(v.phone) ?? v.phone) : '', at }));
  for (const [i, p] of people.entries()) {
    if (p.phone && (await invitedThatDay(ctx, p.phone, at)))
      throw new AppError(Status.SAME_PHONE_APPOINTMENT, undefined, { errors: [{ field: `visitors.${i}.phone`, rule: 'invited' }] });
  }
  const rows = await createInvitations(ctx, common, people);
  ctx.audit.desc = logDesc('visitorsInvited', { count: rows.length, day: at.toISOString().slice(0, 10), host: common.host.name });
  return rows;
}

/**
 * Writes checked invitations: one record per visitor in one transaction (all or none), each 'sent' with its own code
 * and link; then the invitation mail to each visitor who gave an email. The single and the batch invite both end here.
 */
export async function createInvitations(ctx: AuthedContext, common: InviteCommon, people: Invitee[]): Promise<(Visit & { inviteLink: string })[]> {
  const { host } = common;
  const status = initialStatus('invite', { approval: false });
  const rows = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const out: { row: VisitRow; token: string }[] = [];
    for (const p of people) {
      // The link's token goes to the visitor only; the database keeps its hash.
      const token = randomToken(32);
      out.push({
        token,
        row: await createVisit(txCtx, {
          kind: 'invite',
          status,
          permission: 1,
          name: p.name,
          phone: p.phone,
          email: p.email,
          company: p.company,
          ...hostSnapshot(host),
          tid: common.tid,
          visitType: common.visitType,
          visitReason: common.visitReason,
          gid: common.gid,
          appointmentAt: p.at,
          lang: p.lang,
          inviteTokenHash: sha256(token),
        }),
      });
    }
    return out;
  });
  // The invitation goes by email to those who gave one (recorded in mails and delivered by a job, with retries).
  for (const { row, token } of rows) await mailInvitation(ctx, row, token, common.gate);
  ctx.audit.objId = rows.map((r) => r.row.id).join(',');
  ctx.audit.objName = rows
    .map((r) => r.row.name)
    .join(', ')
    .slice(0, 200);
  return rows.map((r) => ({ ...toVisit(r.row), inviteLink: inviteLink(ctx, r.token) }));
}

/** The invitation mail with this link, in the visitor's language, when the visitor gave an email. */
export async function mailInvitation(ctx: AuthedContext, row: VisitRow, token: string, gate: string): Promise<void> {
  if (!row.email || !row.appointmentAt) return;
  const mail = invitationMail(row.lang === 'en' ? 'en' : 'zh', {
    visitor: row.name,
    company: ctx.session.companyName,
    host: row.empName,
    at: row.appointmentAt,
    gate,
    reason: row.visitReason,
    link: inviteLink(ctx, token),
  });
  await ctx.services.mailer.send({ companyId: ctx.session.companyId, to: row.email, ...mail });
}

export function inviteLink(ctx: CallContext, token: string): string {
  return `${ctx.config.publicUrl}/invite?token=${token}`;
}

// ---------------------------------------------------------------------------------------------
// The visitor's invitation page: no session, the link's token names the visit (and so its company).
// ---------------------------------------------------------------------------------------------

const REPLY_FROM: readonly VisitorStatus[] = VISIT_MOVES.accept.from;
/** Companions and a photo come once the visitor accepted (the approval, if any, may be under way or done). */
export const SUPPLEMENT_FROM: readonly VisitorStatus[] = ['accepted', 'unauthorized', 'authorized'];

export async function byToken(ctx: CallContext, token: string): Promise<VisitRow> {
  const row = await visitByInviteToken(ctx.db, sha256(token));
  if (row?.kind !== 'invite') throw new AppError(Status.INVALID_VISITOR);
  return row;
}

export async function pageOf(ctx: CallContext, v: VisitRow): Promise<Invitation> {
  const company = await accountsRepository(ctx.db, { companyId: v.companyId }).company();
  const settings = companySettings.parse(company?.settings ?? {});
  const lang = v.lang === 'en' ? 'en' : 'zh';
  const at = v.appointmentAt?.getTime() ?? null;
  const opensAt = at === null ? null : at - settings.preExtendTime * 60_000;
  const closesAt = at === null ? null : at + settings.latExtendTime * 60_000;
  const usable = (VISIT_MOVES.checkIn.from as readonly string[]).includes(v.status) && (closesAt === null || Date.now() <= closesAt);
  const [gate] = v.gid ? await registrationRepository(ctx.db, { companyId: v.companyId }).gatesByIds([v.gid]) : [];
  return {
    company: company?.name ?? '',
    shortName: company?.shortName ?? '',
    vname: v.name,
    empName: v.empName,
    appointmentDate: at,
    opensAt,
    closesAt,
    visitType: visitTypeText(v.visitType, lang),
    visitReason: v.visitReason,
    gate: gate?.name ?? '',
    status: v.status as VisitorStatus,
    code: usable ? v.code : null,
    canReply: REPLY_FROM.includes(v.status as VisitorStatus) && (closesAt === null || Date.now() <= closesAt),
    lang,
    terms: lang === 'en' && settings.secureProtocolEn.trim() ? settings.secureProtocolEn : settings.secureProtocol,
    followers: v.followers,
    followersMax: INVITE_COMPANIONS_MAX,
    hasPhoto: v.photo !== '',
    canSupplement: SUPPLEMENT_FROM.includes(v.status as VisitorStatus) && (closesAt === null || Date.now() <= closesAt),
  };
}

/** A move made by the visitor from the page: conditional on the status, with a history row in the visitor's name. */
async function visitorMove(ctx: CallContext, v: VisitRow, event: VisitEvent): Promise<VisitRow> {
  const to = nextStatus(v.status as VisitorStatus, event);
  if (!to) throw new AppError(Status.UPDATE_NOT_ALLOWED, `A ${v.status} invitation cannot take "${event}"`, { status: v.status });
  const moved = await ctx.db.transaction(async (tx) => {
    const repo = visitsRepository(tx, { companyId: v.companyId });
    const row = await repo.move(v.id, VISIT_MOVES[event].from, to);
    if (row)
      await repo.addEvent({ visitId: v.id, event, fromStatus: v.status as VisitorStatus, toStatus: to, actor: v.name, note: 'invitation page' });
    return row;
  });
  if (!moved) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The invitation changed meanwhile; reload it');
  return moved;
}

export async function invitationPage(ctx: CallContext, input: { secid: string }): Promise<Invitation> {
  return pageOf(ctx, await byToken(ctx, input.secid));
}

/** The visitor opened the page: 'sent' becomes 'viewed' (once; later opens change nothing). */
export async function preview(ctx: CallContext, input: { secid: string }): Promise<Invitation> {
  const v = await byToken(ctx, input.secid);
  if (v.status !== 'sent') return pageOf(ctx, v);
  const moved = await visitorMove(ctx, v, 'view').catch(async (err: unknown) => {
    // Opened twice at once: the other request moved it.
    if (err instanceof AppError && err.status === Status.UPDATE_NOT_ALLOWED) return byToken(ctx, input.secid);
    throw err;
  });
  return pageOf(ctx, moved);
}

/** Accept (3) or decline (4), as the original's reply codes; refused once the invitation cannot be answered. */
export async function reply(ctx: CallContext, input: { id: string; status: 3 | 4 }): Promise<Invitation> {
  const v = await byToken(ctx, input.id);
  const page = await pageOf(ctx, v);
  if (!page.canReply) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This invitation can no longer be answered', { status: v.status });
  const event = input.status === 3 ? 'accept' : 'decline';
  const moved = await visitorMove(ctx, v, event);
  ctx.audit.actor = { companyId: v.companyId, account: v.phone || v.email, name: v.name, role: Role.VISITOR };
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc(event === 'accept' ? 'visitAccepted' : 'visitDeclined');
  return pageOf(ctx, moved);
}

// ---------------------------------------------------------------------------------------------
// The inviter's list and cancellation.
// ---------------------------------------------------------------------------------------------

/** Employees see the invitations they host; managers and desks all of the company's. */
export function ownOnly(ctx: AuthedContext): { empId?: number } {
  return ctx.session.role === Role.EMPLOYEE ? { empId: ctx.session.accountId } : {};
}

export async function searchInvites(ctx: AuthedContext, q: VisitQuery & { startIndex: number; requestedCount: number }) {
  return searchPage(ctx, q, { kind: 'invite', ...ownOnly(ctx) });
}

/** Calls an invitation off (ended: its link and code stop working; a new invitation is needed to come). */
export async function cancel(ctx: AuthedContext, input: { vid: number }): Promise<Visit> {
  const v = await visitsRepository(ctx.db, { companyId: ctx.session.companyId }).byId(input.vid);
  const own = ownOnly(ctx).empId;
  if (v?.kind !== 'invite' || (own !== undefined && v.empId !== own)) throw new AppError(Status.INVALID_VISITOR);
  const row = await move(ctx, v, 'cancel');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('visitCancelled');
  return toVisit(row);
}
