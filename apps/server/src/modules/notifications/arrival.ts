import { and, eq, sql } from 'drizzle-orm';
import { visitProxies } from '../../db/schema/index.js';
import type { AuthedContext } from '../../platform/calls.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { namesOf as employeeNames } from '../employees/employees.service.js';
import type { VisitRow } from '../visits/visits.repository.js';
import { arrivalMail } from './arrival.mails.js';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The visitor has checked in: the host is told, and so is the host's proxy while the delegation runs (spec: arrival
 * notice to the host and the host's proxy), each on the channels they chose (the Notifier: email by default, SMS,
 * WeChat, DingTalk, RTX, voice). Messages are delivery records sent by a job, so a check-in never waits on a provider;
 * a failure to queue is logged and does not undo the check-in.
 */
export async function notifyArrival(ctx: AuthedContext, v: VisitRow): Promise<void> {
  if (!v.empId || !v.visitAt) return;
  try {
    const companyId = ctx.session.companyId;
    const day = today();
    const [proxy] = await ctx.db
      .select({ proxyId: visitProxies.proxyId })
      .from(visitProxies)
      .where(
        and(
          eq(visitProxies.companyId, companyId),
          eq(visitProxies.empId, v.empId),
          eq(visitProxies.status, 1),
          sql`${visitProxies.startDate} <= ${day}`,
          sql`${visitProxies.endDate} >= ${day}`,
        ),
      )
      .limit(1);
    const company = await accountsRepository(ctx.db, { companyId }).company();
    const lang = company?.lang === 'zh' ? 'zh' : 'en';
    const names = await employeeNames(ctx, [v.empId, ...(proxy ? [proxy.proxyId] : [])]);
    for (const [empId, proxyFor] of [[v.empId, false] as const, ...(proxy ? [[proxy.proxyId, true] as const] : [])]) {
      const notice = arrivalMail(lang, {
        recipient: names.get(empId) ?? '',
        host: v.empName,
        visitor: v.name,
        company: v.company,
        people: 1 + v.followers.length,
        gate: v.signInGate,
        at: v.visitAt,
        proxy: proxyFor,
      });
      await ctx.services.notifier.tellEmployee(companyId, empId, notice, { visitId: v.id });
    }
  } catch (err) {
    ctx.log.warn({ err, vid: v.id }, 'arrival notice not queued');
  }
}
