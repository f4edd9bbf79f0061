import { formatDateTime } from '@openvisit/contract';
import { company as companyRow } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import type { VisitRow } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { approvalRequestMail, approvalResultMail } from './approvals.mails.js';
import { approvalsRepository } from './approvals.repository.js';

// Mails: approvers when a visit reaches their level; host and visitor when it is decided.

function repoOf(ctx: AuthedContext) {
  return approvalsRepository(ctx.tenant);
}

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

export async function tellApprovers(ctx: AuthedContext, v: VisitRow, areaId: number, level: number, levels: number): Promise<void> {
  await safely(ctx, 'request', async () => {
    const repo = repoOf(ctx);
    const rules = (await repo.rules([areaId])).filter((r) => r.level === level);
    const empIds = new Set(rules.filter((r) => r.rType === 1).map((r) => r.refId));
    for (const id of await repo.membersOf(rules.filter((r) => r.rType === 0).map((r) => r.refId))) empIds.add(id);
    const lang = await companyLang(ctx);
    const names = empIds.size ? await employees.namesOf(ctx, [...empIds]) : new Map<number, string>();
    const people = [...names].map(([id, name]) => ({ id, name }));
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
      const wechat = {
        kind: 'approval' as const,
        params: { visitor: v.name, company: v.company, time: formatDateTime(v.appointmentAt ?? v.createdAt, lang) },
        link: approvalsLink(ctx, employee),
      };
      return { ...mail, short: mail.subject, wechat };
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
        ...approvalResultMail(vlang, { ...base, recipient: v.name, forHost: false, company: ctx.session.companyName }),
      });
    }
  });
}
