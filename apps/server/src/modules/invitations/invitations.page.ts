import {
  companySettings,
  INVITE_COMPANIONS_MAX,
  type In,
  type Invitation,
  logDesc,
  Role,
  Status,
  VISIT_MOVES,
  type VisitEvent,
  type VisitorStatus,
  visitTypeText,
} from '@openvisit/contract';
import { currentFaceConsent } from '../../core/agreements/agreements.public.js';
import { company as companyRow, settingsOfRow } from '../../core/company/company.public.js';
import { gateNameIn } from '../../core/sites/sites.public.js';
import { faceConsented, meetingWindow, moveIn, passVisit, type VisitRow, visitByInviteToken } from '../../core/visits/visits.public.js';
import { issueVisitPass } from '../../platform/formats/passes.js';
import type { CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { sha256 } from '../../platform/identity/crypto.js';
import { scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import { privacyPageUrl } from '../../platform/privacyLink.js';
import { replyNotice } from './invitations.mails.js';
import { invitationsRepository } from './invitations.repository.js';

// The visitor's invitation page: no session, the link's token names the visit (and so its company).

const REPLY_FROM: readonly VisitorStatus[] = VISIT_MOVES.accept.from;
/** Companions and a photo come once the visitor accepted (the approval, if any, may be under way or done). */
export const SUPPLEMENT_FROM: readonly VisitorStatus[] = ['accepted', 'unauthorized', 'authorized'];

export async function byToken(ctx: CallContext, token: string): Promise<VisitRow> {
  const row = await visitByInviteToken(ctx.system, sha256(token));
  if (row?.kind !== 'invite') throw new AppError(Status.INVALID_VISITOR);
  return row;
}

/** The company the visit belongs to, resolved from the link's token. */
function scopeOf(ctx: CallContext, v: VisitRow): TenantScope {
  return scopeForCompany(ctx.system, v.companyId);
}

export async function pageOf(ctx: CallContext, v: VisitRow): Promise<Invitation> {
  const scope = scopeOf(ctx, v);
  const company = await companyRow(scope);
  const settings = company ? settingsOfRow(company) : companySettings.parse({});
  const lang = v.lang === 'en' ? 'en' : 'zh';
  const at = v.appointmentAt?.getTime() ?? null;
  // A meeting's invitation checks in within the meeting's window.
  const meeting = v.meetingId ? await meetingWindow(scope, v.meetingId, settings.preExtendTime) : null;
  const opensAt = meeting?.opensAt ?? (at === null ? null : at - settings.preExtendTime * 60_000);
  const closesAt = meeting?.closesAt ?? (at === null ? null : at + settings.latExtendTime * 60_000);
  const usable = (VISIT_MOVES.checkIn.from as readonly string[]).includes(v.status) && (closesAt === null || Date.now() <= closesAt);
  const gate = await gateNameIn(scope, v.gid);
  const rotation = settings.cryptoperiod > 0 ? { minutes: settings.cryptoperiod, at: Date.now() } : undefined;
  // Where the company's doors are the original's readers, the page draws the pass in the original's format.
  const original = settings.originalCompat === 1;
  const sent = await invitationsRepository(scope).snapshot(v.id);
  return {
    company: company?.name ?? '',
    shortName: company?.shortName ?? '',
    vname: v.name,
    empName: v.empName,
    appointmentDate: at,
    opensAt,
    closesAt,
    visitType: visitTypeText(v.visitType, lang),
    visitTypeNames: { zh: visitTypeText(v.visitType, 'zh'), en: visitTypeText(v.visitType, 'en') },
    visitReason: v.visitReason,
    gate,
    status: v.status as VisitorStatus,
    code: usable ? v.code : null,
    pass:
      (usable || v.status === 'signedIn') && v.code
        ? issueVisitPass(ctx.services.secrets, v.companyId, passVisit(v, v.code), { original, rotate: rotation })
        : null,
    passRefreshMs: rotation ? Math.min(rotation.minutes * 60_000, 60_000) : null,
    permission: v.permission,
    canReply: REPLY_FROM.includes(v.status as VisitorStatus) && (closesAt === null || Date.now() <= closesAt),
    lang,
    terms: lang === 'en' && settings.secureProtocolEn.trim() ? settings.secureProtocolEn : settings.secureProtocol,
    templateType: sent?.templateType === 1 ? 1 : 0,
    inviteContent: sent?.inviteContent ?? '',
    address: sent?.address ?? '',
    traffic: sent?.traffic ?? '',
    companyProfile: sent?.companyProfile ?? '',
    longitude: sent?.longitude ?? null,
    latitude: sent?.latitude ?? null,
    meeting: meeting?.meeting ?? null,
    induction: await ctx.services.induction.state(scope, { tid: v.tid, vid: v.id, phone: v.phone, idNumber: v.idNumber, email: v.email }),
    followers: v.followers,
    followersMax: INVITE_COMPANIONS_MAX,
    hasPhoto: v.photo !== '',
    canSupplement: SUPPLEMENT_FROM.includes(v.status as VisitorStatus) && (closesAt === null || Date.now() <= closesAt),
    privacyPage: privacyPageUrl(ctx.config, ctx.services.secrets, v.companyId),
    faceConsent: await currentFaceConsent(scope),
    faceConsented: faceConsented(v),
  };
}

/** A move made by the visitor from the page: conditional on the status, with a history row in the visitor's name. */
async function visitorMove(ctx: CallContext, v: VisitRow, event: VisitEvent): Promise<VisitRow> {
  return moveIn(scopeOf(ctx, v), v, event, {}, { actor: v.name, note: 'invitation page', what: 'invitation' });
}

export async function invitationPage(ctx: CallContext, input: In<'getAppointmentbySecId'>): Promise<Invitation> {
  return pageOf(ctx, await byToken(ctx, input.secid));
}

/** The visitor opened the page: 'sent' becomes 'viewed' (once; later opens change nothing). */
export async function preview(ctx: CallContext, input: In<'updateAppPreview'>): Promise<Invitation> {
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
export async function reply(ctx: CallContext, input: In<'updateAppointmentReply'>): Promise<Invitation> {
  const v = await byToken(ctx, input.id);
  const page = await pageOf(ctx, v);
  if (!page.canReply) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This invitation can no longer be answered', { status: v.status });
  const event = input.status === 3 ? 'accept' : 'decline';
  const moved = await visitorMove(ctx, v, event);
  ctx.audit.actor = { companyId: v.companyId, account: v.phone || v.email, name: v.name, role: Role.VISITOR };
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc(event === 'accept' ? 'visitAccepted' : 'visitDeclined');
  await tellHostOfReply(ctx, moved, event === 'accept');
  return pageOf(ctx, moved);
}

/** The host is told the visitor's answer on the channels they chose; a failure to queue is logged, the answer stays. */
async function tellHostOfReply(ctx: CallContext, v: VisitRow, accepted: boolean): Promise<void> {
  if (!v.empId) return;
  try {
    const company = await companyRow(scopeOf(ctx, v));
    const notice = replyNotice(company?.lang === 'zh' ? 'zh' : 'en', {
      host: v.empName,
      visitor: v.name,
      company: v.company,
      at: v.appointmentAt ?? v.createdAt,
      accepted,
      link: `${ctx.config.publicUrl}/emporder/orderlist`,
    });
    await ctx.services.notifier.tellEmployee(v.companyId, v.empId, notice, { visitId: v.id });
  } catch (err) {
    ctx.log.warn({ err, vid: v.id }, 'reply notice not queued');
  }
}
