import { INVITE_REMINDER_HOURS, type Lang, VISIT_MOVES, type VisitorStatus } from '@openvisit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { company as companyRow } from '../../core/company/company.public.js';
import { gateNameIn } from '../../core/sites/sites.public.js';
import { type VisitRow, visitsOf } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/messages/mail.js';
import { privacyPageUrl } from '../../platform/privacyLink.js';
import {
  cancellationMail,
  cancellationSms,
  type InvitationTexts,
  invitationMail,
  invitationSms,
  passAttachment,
  reminderMail,
} from './invitations.mails.js';
import { invitationsRepository } from './invitations.repository.js';

/**
 * Messages to invited visitors (invitation, reminder, cancellation), each a delivery record sent by its job: by email
 * when the visitor gave one; else by SMS to their phone when the company's SMS channel can carry it.
 */

export const REMINDER_JOB = 'invitations.reminder';
const REMIND_BEFORE_MS = INVITE_REMINDER_HOURS * 3_600_000;
/** Reminders go only to visitors who can still come: not cancelled, declined, expired or already checked in. */
const REMIND_FROM: readonly VisitorStatus[] = VISIT_MOVES.checkIn.from;

const langOf = (v: VisitRow): Lang => (v.lang === 'en' ? 'en' : 'zh');
const EMPTY_TEXTS: InvitationTexts = { inviteContent: '', address: '', traffic: '', companyProfile: '' };

async function textsOf(scope: TenantScope, v: VisitRow): Promise<InvitationTexts> {
  return (await invitationsRepository(scope).snapshot(v.id)) ?? EMPTY_TEXTS;
}

/** Whether a visitor without an email hears by SMS: a phone, and the company's SMS on with quota left. */
async function bySms(ctx: AuthedContext, v: VisitRow): Promise<boolean> {
  return !v.email && !!v.phone && (await ctx.services.notifier.available(v.companyId)).includes('sms');
}

/**
 * The invitation: by email with the QR pass inline, then the reminder job; or by SMS with the link and code. The
 * caller's request never waits on SMTP or the SMS provider.
 */
export async function sendInvitation(
  ctx: AuthedContext,
  v: VisitRow,
  o: { link: string; host: string; gate: string; texts: InvitationTexts },
): Promise<void> {
  if (!v.appointmentAt) return;
  if (await bySms(ctx, v)) {
    const sms = invitationSms(langOf(v), {
      visitor: v.name,
      company: ctx.session.companyName,
      host: o.host,
      at: v.appointmentAt,
      link: o.link,
      code: v.code ?? '',
    });
    await ctx.services.notifier.tell(v.companyId, { channel: 'sms', to: v.phone, toName: v.name }, sms, { visitId: v.id });
    return;
  }
  if (!v.email) return;
  const mail = invitationMail(langOf(v), {
    visitor: v.name,
    company: ctx.session.companyName,
    host: o.host,
    at: v.appointmentAt,
    gate: o.gate,
    reason: v.visitReason,
    link: o.link,
    code: v.code ?? '',
    texts: o.texts,
    privacyLink: privacyPageUrl(ctx.config, ctx.services.secrets, v.companyId),
  });
  await ctx.services.mailer.send({
    companyId: v.companyId,
    to: v.email,
    ...mail,
    attachments: v.code ? [await passAttachment(ctx.services.secrets, ctx.tenant, { ...v, code: v.code })] : [],
  });
  await scheduleReminder(ctx.services.jobs, v);
}

/**
 * One reminder job per invitation, keyed by the visit, due INVITE_REMINDER_HOURS before the visit; none when that
 * moment has passed already (the invitation itself has just been sent).
 */
export async function scheduleReminder(jobs: JobQueue, v: VisitRow, now = new Date()): Promise<void> {
  if (!v.email || !v.appointmentAt) return;
  const runAt = new Date(v.appointmentAt.getTime() - REMIND_BEFORE_MS);
  if (runAt <= now) return;
  await jobs.enqueue(REMINDER_JOB, { companyId: v.companyId, visitId: v.id }, { runAt, key: `${REMINDER_JOB}:${v.id}`, maxAttempts: 3 });
}

/** The visitor is told that the invitation was called off. A failure to queue is logged; the cancellation stays. */
export async function sendCancellation(ctx: AuthedContext, v: VisitRow): Promise<void> {
  try {
    if (await bySms(ctx, v)) {
      const sms = cancellationSms(langOf(v), {
        visitor: v.name,
        company: ctx.session.companyName,
        host: v.empName,
        at: v.appointmentAt ?? v.createdAt,
      });
      await ctx.services.notifier.tell(v.companyId, { channel: 'sms', to: v.phone, toName: v.name }, sms, { visitId: v.id });
      return;
    }
    if (!v.email) return;
    const mail = cancellationMail(langOf(v), {
      visitor: v.name,
      company: ctx.session.companyName,
      host: v.empName,
      at: v.appointmentAt ?? v.createdAt,
      gate: await gateNameIn(ctx.tenant, v.gid),
      privacyLink: privacyPageUrl(ctx.config, ctx.services.secrets, v.companyId),
    });
    await ctx.services.mailer.send({ companyId: v.companyId, to: v.email, ...mail });
  } catch (err) {
    ctx.log.warn({ err, vid: v.id }, 'cancellation mail not queued');
  }
}

/** The reminder, when it falls due: skipped unless the visitor can still come (checked at that moment, not when queued). */
export async function remind(
  deps: { system: SystemScope; config: Pick<Config, 'publicUrl'>; mailer: Mailer; secrets: SecretBox },
  payload: { companyId: number; visitId: number },
  now = new Date(),
): Promise<boolean> {
  // A job acts for the company it was queued for.
  const scope = scopeForCompany(deps.system, payload.companyId);
  const v = await visitsOf(scope).byId(payload.visitId);
  if (v?.kind !== 'invite' || !v.email || !v.appointmentAt || v.appointmentAt <= now) return false;
  if (!REMIND_FROM.includes(v.status as VisitorStatus)) return false;
  const company = await companyRow(scope);
  const mail = reminderMail(langOf(v), {
    visitor: v.name,
    company: company?.name ?? '',
    host: v.empName,
    at: v.appointmentAt,
    gate: await gateNameIn(scope, v.gid),
    code: v.code ?? '',
    texts: await textsOf(scope, v),
    privacyLink: privacyPageUrl(deps.config, deps.secrets, v.companyId),
  });
  await deps.mailer.send({
    companyId: v.companyId,
    to: v.email,
    ...mail,
    attachments: v.code ? [await passAttachment(deps.secrets, scope, { ...v, code: v.code })] : [],
  });
  return true;
}

export function registerInvitationJobs(deps: {
  system: SystemScope;
  config: Pick<Config, 'publicUrl'>;
  jobs: JobQueue;
  mailer: Mailer;
  secrets: SecretBox;
  log: FastifyBaseLogger;
}): void {
  deps.jobs.register(REMINDER_JOB, async (payload) => {
    const sent = await remind(deps, payload as { companyId: number; visitId: number });
    if (!sent) deps.log.debug({ payload }, 'invitation reminder skipped');
  });
}
