import {
  appointmentWindowFailure,
  type In,
  initialStatus,
  logDesc,
  normalizePhone,
  type Out,
  Status,
  VISIT_MOVES,
  type Visit,
} from '@openvisit/contract';
import { company, mayInvite, settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { gatesNamed, registration } from '../../core/sites/sites.public.js';
import { createVisit, hostSnapshot, move, searchPage, toVisit, type VisitQuery, type VisitRow, visitsOf } from '../../core/visits/visits.public.js';
import { type AuthedContext, type CallContext, inTx } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { randomToken, sha256 } from '../../platform/identity/crypto.js';
import { abilitiesOf, assertMay } from '../../platform/identity/policy.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { canSee } from '../../platform/identity/visibility.js';
import { sealedInMessage } from '../../platform/messages/messages.js';
import { needsApproval, submit } from '../approvals/approvals.public.js';
import { type Screened, withdrawReviews } from '../blacklist/blacklist.public.js';
import { holdVisit, screenTogether } from '../visits/visits.public.js';
import { passAttachment } from './invitations.mails.js';
import { sendCancellation, sendInvitation } from './invitations.notices.js';
import { invitationActions } from './invitations.policy.js';
import { invitationsRepository } from './invitations.repository.js';
import { resolveTemplate, textsIn } from './invitations.templates.js';

/** What an invitation asks for (`addAppointment`), as the contract parses it; meetings send the same. */
export type InviteInput = In<'addAppointment'>;

/** Why the signed-in employee may not invite (null: they may), and their host record. */
async function employeeInviting(ctx: AuthedContext) {
  const [settings, host] = await Promise.all([settingsOf(ctx), employees.hostOf(ctx, ctx.session.accountId)]);
  let reason: 'companyOff' | 'subCompanyOff' | 'forbidden' | null = null;
  if (settings.permissionSwitch !== 1) reason = 'companyOff';
  else if (!(await mayInvite(ctx, host.subAccountId))) reason = 'subCompanyOff';
  else if (host.forbidInvite) reason = 'forbidden';
  return { host, reason };
}

const SUB_COMPANY_OFF = 'The head office has not opened invitations to this sub-company';

/**
 * A sub-company invites on behalf of one of its own employees (another's or the head office's: 55), under the rules an
 * employee inviting is held to: the company has opened invitations (permissionSwitch) and the host may invite.
 */
async function subCompanyHost(ctx: AuthedContext, empid: number) {
  const [settings, host] = await Promise.all([settingsOf(ctx), employees.hostOf(ctx, empid)]);
  if (host.subAccountId === null || !canSee(ctx.tenant, { subCompany: host.subAccountId })) throw employees.notFound();
  if (settings.permissionSwitch !== 1) throw new AppError(Status.INVITE_FEATURE_OFF, 'The company has not opened invitations to employees');
  if (!(await mayInvite(ctx, host.subAccountId))) throw new AppError(Status.INVITE_FEATURE_OFF, SUB_COMPANY_OFF);
  if (host.forbidInvite) throw new AppError(Status.INVITE_FEATURE_OFF, 'This employee may not invite visitors; ask the head office');
  return host;
}

/** The host of an invitation: an employee invites as themselves, and only when the company and their record allow it. */
export async function hostFor(ctx: AuthedContext, empid: number | undefined) {
  if (ctx.tenant.visibility.employee !== null) {
    const { host, reason } = await employeeInviting(ctx);
    if (reason === 'companyOff') throw new AppError(Status.INVITE_FEATURE_OFF, 'The company has not opened invitations to employees');
    if (reason === 'subCompanyOff') throw new AppError(Status.INVITE_FEATURE_OFF, SUB_COMPANY_OFF);
    if (reason === 'forbidden') throw new AppError(Status.INVITE_FEATURE_OFF, 'You may not invite visitors; ask the administrator');
    return host;
  }
  if (!empid) throw badParams([{ field: 'empid', rule: 'required' }]);
  if (ctx.tenant.visibility.subCompany !== null) return subCompanyHost(ctx, empid);
  return employees.hostOf(ctx, empid);
}

/** What the employee portal says before its invite form: may this employee invite, and if not why and whom to ask. */
export async function inviteAccess(ctx: AuthedContext): Promise<Out<'getInviteAccess'>> {
  const [{ reason }, owner] = await Promise.all([employeeInviting(ctx), company(ctx.tenant)]);
  return { canInvite: reason === null, reason, admin: { name: owner?.username ?? '', email: owner?.email ?? '', phone: owner?.phone ?? '' } };
}

/** The same day in server time. */
function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Whether this (normalised) phone already has an invitation or booking still to come on that day. */
export async function invitedThatDay(ctx: AuthedContext, phone: string, at: Date): Promise<boolean> {
  const open = await visitsOf(ctx.tenant).byPhone(phone, VISIT_MOVES.checkIn.from);
  return open.some((o) => o.appointmentAt && sameDay(o.appointmentAt, at));
}

const NO_TEXTS = { inviteContent: '', address: '', traffic: '', companyProfile: '', longitude: null, latitude: null };

/**
 * What the visitors of one invitation share, checked: the host, the visitor type (its label), the gate, and the
 * template chosen at send time (none: the standard text) with its texts in a language.
 */
export interface InviteCommon {
  host: Awaited<ReturnType<typeof hostFor>>;
  tid: number | null;
  visitType: string;
  visitReason: string;
  gid: number | null;
  gate: string;
  templateType: number;
  template: Awaited<ReturnType<typeof resolveTemplate>>;
  textsFor: (lang: 'zh' | 'en') => ReturnType<typeof textsIn>;
}

/**
 * The visitor type and gate of an expected visit (an invitation, a booking), checked: the type the company's (104) and
 * offered at that gate, the gate the company's (125). Answers the type's label and the gate's name.
 */
export async function typeAndGate(ctx: AuthedContext, input: { tid: number | null; visitType: string; gid: number | null }) {
  let visitType = input.visitType;
  if (input.tid !== null) {
    const type = await registration.typeById(ctx, input.tid);
    if (!type) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
    if (input.gid && type.gids.length && !type.gids.includes(input.gid)) throw badParams([{ field: 'tid', rule: 'notAtGate' }]);
    visitType = type.vType;
  }
  const gate = input.gid ? (await gatesNamed(ctx, [input.gid]))[0] : undefined;
  if (input.gid && !gate) throw new AppError(Status.GATE_NOT_FOUND);
  return { visitType, gate };
}

/** Checks what an invitation's visitors share (host 116/55/1119, type 104, gate 125); the time is checked per visitor. */
export async function checkCommon(
  ctx: AuthedContext,
  input: { empid?: number; tid: number | null; visitType: string; visitReason: string; gid: number | null; templateType?: number },
): Promise<InviteCommon> {
  const host = await hostFor(ctx, input.empid);
  const { visitType, gate } = await typeAndGate(ctx, input);
  const templateType = input.templateType ?? 0;
  // The template is chosen once, at send time; each visitor's record keeps its texts in their language.
  const template = await resolveTemplate(ctx.tenant, await settingsOf(ctx), {
    empId: host.id,
    subAccountId: host.subAccountId,
    templateType,
    gid: input.gid,
  });
  const textsFor = (lang: 'zh' | 'en'): ReturnType<typeof textsIn> => (template ? textsIn(template.row, lang) : NO_TEXTS);
  return {
    host,
    tid: input.tid,
    visitType,
    visitReason: input.visitReason,
    gid: input.gid,
    gate: gate?.gname ?? '',
    templateType,
    template,
    textsFor,
  };
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

/** A stored invitation and the token of its link (the token goes to the visitor only; the database keeps its hash). */
export interface Invited {
  row: VisitRow;
  token: string;
  /** Held by the screening for a reviewer (with whether its approval policy asks anyone once allowed). */
  held?: { screened: Screened; approval: boolean };
}

/** An invitation checked and ready to store: what its visitors share, the time and the visitors. */
export type InvitePlan = InviteCommon & { at: Date; people: Invitee[] };

/**
 * Every check of an invitation for one time before anything is stored: what the visitors share, the time within the
 * visit-days window, and no phone invited twice for one day (112).
 */
export async function planInvitations(ctx: AuthedContext, input: InviteInput): Promise<InvitePlan> {
  const common = await checkCommon(ctx, input);
  const at = new Date(input.appointmentDate);
  const rule = appointmentWindowFailure(at.getTime(), Date.now());
  if (rule) throw badParams([{ field: 'appointmentDate', rule }]);
  const people = input.visitors.map((v) => ({ ...v, phone: v.phone ? (normalizePhone(v.phone) ?? v.phone) : '', at }));
  for (const [i, p] of people.entries())
    if (p.phone && (await invitedThatDay(ctx, p.phone, at)))
      throw new AppError(Status.SAME_PHONE_APPOINTMENT, undefined, { errors: [{ field: `visitors.${i}.phone`, rule: 'invited' }] });
  return { ...common, at, people };
}

/**
 * One record per visitor, each starting as 'sent' with its own code, link and kept template texts, in one transaction
 * (the caller's, if any: a meeting stores itself and its invitations together).
 */
export async function storeInvitations(
  ctx: AuthedContext,
  plan: InviteCommon & { people: Invitee[] },
  link: { meetingId?: number } = {},
): Promise<Invited[]> {
  const status = initialStatus('invite', { approval: false });
  // With approval on, the visitor still gets the invitation (and may accept it) but cannot check in until approved.
  const switchOn = (await settingsOf(ctx)).processSwitch === 1;
  // Asked before the transaction: the policies read the directory (the embedded database has one connection).
  const approval: boolean[] = [];
  // Each visitor screened first: a refusing match stops the whole invitation (66, naming whom), a review holds that visitor.
  const screened = await screenTogether(
    ctx,
    plan.people.map((p) => ({ name: p.name, phone: p.phone, idNumber: '' })),
  );
  for (const p of plan.people)
    approval.push(
      switchOn &&
        (await needsApproval(ctx, {
          kind: 'invitation',
          tid: plan.tid,
          gid: plan.gid,
          hostId: plan.host.id,
          start: p.at.getTime(),
          end: null,
          companions: 0,
          idType: '',
          visitorName: p.name,
          fields: {},
        })),
    );
  return inTransaction(ctx.tenant, async (tx) => {
    const txCtx = inTx(ctx, tx);
    const out: Invited[] = [];
    for (const [i, p] of plan.people.entries()) {
      const token = randomToken(32);
      const row = await createVisit(txCtx, {
        kind: 'invite',
        status,
        permission: approval[i] || screened[i]?.decision === 'review' ? 0 : 1,
        name: p.name,
        phone: p.phone,
        email: p.email,
        company: p.company,
        ...hostSnapshot(plan.host),
        tid: plan.tid,
        visitType: plan.visitType,
        visitReason: plan.visitReason,
        gid: plan.gid,
        appointmentAt: p.at,
        lang: p.lang,
        inviteTokenHash: sha256(token),
        meetingId: link.meetingId ?? null,
      });
      await invitationsRepository(tx).insertSnapshots([
        {
          visitId: row.id,
          templateType: plan.templateType,
          templateId: plan.template?.row.id ?? null,
          source: plan.template?.source ?? '',
          ...plan.textsFor(p.lang),
        },
      ]);
      const s = screened[i];
      out.push({ token, row, ...(s?.decision === 'review' && { held: { screened: s, approval: approval[i] ?? false } }) });
    }
    return out;
  });
}

/** Invitations stored waiting for approval (the switch was on) enter their area's flow; call it once committed. */
export async function submitForApproval(
  ctx: AuthedContext,
  invited: Invited[],
  submitter: string,
  kind: 'invitation' | 'appointment' | 'publicBooking' = 'invitation',
): Promise<void> {
  for (const { row, held } of invited) {
    if (held) await holdVisit(ctx, row, held.screened, 'invitation', { approval: held.approval, kind, submitter });
    else if (row.permission === 0) await submit(ctx, row, submitter, kind);
  }
}

/** The mail of one invitation in the visitor's language: subject, text and HTML. */
export type InvitationComposer = (
  lang: 'zh' | 'en',
  v: { visitor: string; link: string; code: string },
) => { subject: string; text: string; html: string };

/** A meeting's invitations, mailed with the meeting's own text and the QR pass inline to those who gave an email, once committed. */
export async function mailInvitations(ctx: AuthedContext, invited: Invited[], compose: InvitationComposer): Promise<void> {
  for (const { row, token } of invited) {
    if (!row.email) continue;
    const mail = compose(row.lang === 'en' ? 'en' : 'zh', { visitor: row.name, link: messageInviteLink(ctx, token), code: row.code ?? '' });
    const attachments = row.code ? [await passAttachment(ctx.services.secrets, ctx.tenant, { ...row, code: row.code })] : [];
    await ctx.services.mailer.send({ companyId: ctx.session.companyId, to: row.email, toName: row.name, visitId: row.id, ...mail, attachments });
  }
}

/** The invitation's answer: the record and the link to send or share. */
export function invitedVisit(ctx: CallContext, i: Invited): Visit & { inviteLink: string } {
  return { ...toVisit(i.row), inviteLink: inviteLink(ctx, i.token) };
}

/**
 * Writes checked invitations (single, batch, a re-sent cancelled one): stored all or none, submitted for approval
 * when it is on, then each visitor's invitation mail with the QR pass inline and a reminder queued.
 */
export async function createInvitations(ctx: AuthedContext, common: InviteCommon, people: Invitee[]): Promise<(Visit & { inviteLink: string })[]> {
  const rows = await storeInvitations(ctx, { ...common, people });
  await submitForApproval(ctx, rows, common.host.name);
  for (const { row, token } of rows)
    await sendInvitation(ctx, row, {
      link: messageInviteLink(ctx, token),
      host: common.host.name,
      gate: common.gate,
      texts: common.textsFor(row.lang === 'en' ? 'en' : 'zh'),
    });
  ctx.audit.objId = rows.map((r) => r.row.id).join(',');
  ctx.audit.objName = rows
    .map((r) => r.row.name)
    .join(', ')
    .slice(0, 200);
  return rows.map((r) => invitedVisit(ctx, r));
}

/** Invitations (reference `addAppointment`): every check first, then the records, approval and mails. */
export async function invite(ctx: AuthedContext, input: InviteInput): Promise<(Visit & { inviteLink: string })[]> {
  const plan = await planInvitations(ctx, input);
  const out = await createInvitations(ctx, plan, plan.people);
  ctx.audit.desc = logDesc('visitorsInvited', { count: out.length, day: plan.at.toISOString().slice(0, 10), host: plan.host.name });
  return out;
}

/** The invitation mail again with a new link (a re-send), with the texts it was first sent with. */
export async function mailInvitation(ctx: AuthedContext, row: VisitRow, token: string, gate: string): Promise<void> {
  const texts = await invitationsRepository(ctx.tenant).snapshot(row.id);
  await sendInvitation(ctx, row, { link: messageInviteLink(ctx, token), host: row.empName, gate, texts: texts ?? NO_TEXTS });
}

export function inviteLink(ctx: CallContext, token: string): string {
  return `${ctx.config.publicUrl}/invite?token=${token}`;
}

/** The link as a message carries it: its token sealed in the delivery record, opened as the message is sent. */
export function messageInviteLink(ctx: CallContext, token: string): string {
  return inviteLink(ctx, sealedInMessage(ctx.services.secrets, token));
}

// ---------------------------------------------------------------------------------------------
// The inviter's list and cancellation.
// ---------------------------------------------------------------------------------------------

/**
 * Whether the caller may act on this invitation: those it sees (an employee their own, a sub-company its employees',
 * managers any; the visit search applies the same rule to lists).
 */
export function mayTouch(ctx: AuthedContext, v: { empId: number | null; subAccountId: number | null }): boolean {
  return canSee(ctx.tenant, { subCompany: v.subAccountId, employee: v.empId });
}

/** A page of visits as the inviter's lists answer it: each with what the caller may do to it now (invitations.policy.ts). */
export function withAbilities<P extends { list: Visit[] }>(ctx: AuthedContext, page: P) {
  return { ...page, list: page.list.map((v) => ({ ...v, can: abilitiesOf(invitationActions, ctx, v) })) };
}

export async function searchInvites(ctx: AuthedContext, q: VisitQuery & { startIndex: number; requestedCount: number; withCount?: boolean }) {
  return withAbilities(ctx, await searchPage(ctx, q, { kind: 'invite' }));
}

/** Calls an invitation off (ended: its link and code stop working; a new invitation is needed to come). */
export async function cancel(ctx: AuthedContext, input: In<'setCancelStatusForWeb'>): Promise<Visit> {
  const v = await visitsOf(ctx.tenant).byId(input.vid);
  if (v?.kind !== 'invite' || !mayTouch(ctx, v)) throw new AppError(Status.INVALID_VISITOR);
  assertMay(invitationActions.cancel, v, { why: `A ${v.status} invitation cannot be called off`, result: { status: v.status } });
  const row = await move(ctx, v, 'cancel');
  // Called off, nobody needs to decide whether it may come in.
  await withdrawReviews(ctx, 'visit', [row.id]);
  await sendCancellation(ctx, row);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('visitCancelled');
  return toVisit(row);
}
