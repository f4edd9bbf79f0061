import { formatDateTime } from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import type { VisitRow } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { privacyPageUrl } from '../../platform/privacyLink.js';
import { linkOf, linkToken, linkUrl } from './approvals.linkTokens.js';
import { approvalRequestMail, approvalResultMail } from './approvals.mails.js';
import type { RequestRow, SeatRow } from './approvals.repository.js';

// Mails: approvers when a visit reaches their level; host and visitor when it is decided.

async function companyLang(ctx: AuthedContext): Promise<'zh' | 'en'> {
  const company = await companyRow(ctx.tenant);
  return company?.lang === 'en' ? 'en' : 'zh';
}

function approvalsLink(ctx: AuthedContext, employee: boolean): string {
  return `${ctx.config.publicUrl}${employee ? '/emporder/approve' : '/setting/approve?tab=records'}`;
}

/** Failing to queue a notice never undoes a decision: it is logged and the queue shows the visit anyway. */
async function safely(ctx: AuthedContext, what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    ctx.log.warn({ err }, `approval notice (${what}) not queued`);
  }
}

/** What an approver is asked about: a visit, or a truck booking or temporary card as its request recorded it. */
export interface Asked {
  name: string;
  company: string;
  host: string;
  at: Date;
  reason: string;
  visitId: number | null;
}

export function askedOf(v: VisitRow): Asked {
  return { name: v.name, company: v.company, host: v.empName, at: v.appointmentAt ?? v.createdAt, reason: v.visitReason, visitId: v.id };
}

export function askedFrom(summary: NonNullable<RequestRow['summary']>, createdAt: Date): Asked {
  const at = summary.at !== null ? new Date(summary.at) : createdAt;
  return { name: summary.name, company: summary.company, host: summary.host, at, reason: summary.reason, visitId: null };
}

/** A card's buttons in the approver's language (work apps send the request as a card: modules/im). */
const CARD_LABELS = {
  zh: { approve: '同意', refuse: '拒绝', reason: '原因（拒绝时必填）', open: '在浏览器中打开' },
  en: { approve: 'Approve', refuse: 'Refuse', reason: 'Reason (needed to refuse)', open: 'Open in the browser' },
} as const;

/**
 * Who hears that a request's seats changed (a decision, a deadline): the work apps' cards update (modules/im, handed in
 * by app.ts). One listener, replaced, not added to: every app built in a process registers again.
 */
type SettledListener = (ctx: AuthedContext, ref: string) => Promise<void>;
let settledListener: SettledListener | undefined;

export function onApprovalSettled(fn: SettledListener): void {
  settledListener = fn;
}

/** The reference a request's notices carry (a card's `ref`), by which they are found again when it changes. */
export const requestRef = (requestId: number) => `approval:${requestId}`;

/** Tells the listeners; a listener failing never undoes the decision (it is logged). */
export async function tellSettled(ctx: AuthedContext, requestId: number): Promise<void> {
  const fn = settledListener;
  if (fn) await safely(ctx, 'settled', () => fn(ctx, requestRef(requestId)));
}

/** The people of newly opened seats hear of the request on their channels; seats of the administrator, by the company's email. */
export async function tellSeats(ctx: AuthedContext, v: Asked, seats: SeatRow[], levels: number): Promise<void> {
  await safely(ctx, 'request', async () => {
    const lang = await companyLang(ctx);
    // The mail's button opens the decision page of that person's seat, signed, no sign-in needed (approvals.links.ts).
    const request = (approver: string, employee: boolean, level: number, decision: string) => {
      const mail = approvalRequestMail(lang, {
        approver,
        visitor: v.name,
        company: v.company,
        host: v.host,
        at: v.at,
        reason: v.reason,
        level,
        levels,
        link: decision,
      });
      const wechat = {
        kind: 'approval' as const,
        params: { visitor: v.name, company: v.company, time: formatDateTime(v.at, lang) },
        link: approvalsLink(ctx, employee),
      };
      return { ...mail, short: mail.subject, wechat };
    };
    const told = new Set<number>();
    const empIds = [...new Set(seats.flatMap((s) => s.empIds))];
    const names = empIds.length ? await employees.namesOf(ctx, empIds) : new Map<number, string>();
    // Employees hear on the channels they chose, once however many seats they fill; the administrator by the company's email.
    for (const s of seats)
      for (const id of s.empIds) {
        if (told.has(id)) continue;
        told.add(id);
        const token = linkToken(ctx, s.id, id);
        const decision = { token, link: linkUrl(ctx, token), ref: requestRef(s.requestId), lang, labels: CARD_LABELS[lang] };
        await ctx.services.notifier.tellEmployee(
          ctx.session.companyId,
          id,
          { ...request(names.get(id) ?? '', true, s.step + 1, decision.link), decision },
          { visitId: v.visitId ?? undefined },
        );
      }
    const adminSeat = seats.find((s) => s.admin);
    if (adminSeat) {
      const company = await companyRow(ctx.tenant);
      if (company?.email)
        await ctx.services.mailer.send({
          companyId: ctx.session.companyId,
          to: company.email,
          ...request(company.username, false, adminSeat.step + 1, linkOf(ctx, adminSeat.id, 0)),
          visitId: v.visitId ?? undefined,
        });
    }
  });
}

export async function tellOutcome(ctx: AuthedContext, v: VisitRow, outcome: 'agreed' | 'refused' | 'returned', remark: string): Promise<void> {
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
        ...approvalResultMail(vlang, {
          ...base,
          recipient: v.name,
          forHost: false,
          company: ctx.session.companyName,
          privacyLink: privacyPageUrl(ctx.config, ctx.services.secrets, ctx.session.companyId),
        }),
      });
    }
  });
}
