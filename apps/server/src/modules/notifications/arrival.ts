import { NotifyChannel } from '@openvisit/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { employees, visitProxies } from '../../db/schema/index.js';
import type { AuthedContext } from '../../platform/calls.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import type { VisitRow } from '../visits/visits.repository.js';
import { arrivalMail } from './arrival.mails.js';

/** An employee takes notices by email when they chose email, or chose nothing (email is the company default). */
function wantsEmail(e: { email: string; defaultNotify: number }): boolean {
  return e.email !== '' && (e.defaultNotify === 0 || (e.defaultNotify & NotifyChannel.EMAIL) !== 0);
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The visitor has checked in: the host is told, and so is the host's proxy while the delegation runs (spec: arrival
 * notice to the host and the host's proxy). Mails go through the mails table and its delivery job, so a check-in never
 * waits on SMTP; a failure to queue is logged and does not undo the check-in.
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
    const ids = [v.empId, ...(proxy ? [proxy.proxyId] : [])];
    const people = await ctx.db
      .select({ id: employees.id, name: employees.name, email: employees.email, defaultNotify: employees.defaultNotify, status: employees.status })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids)));
    const company = await accountsRepository(ctx.db, { companyId }).company();
    const lang = company?.lang === 'zh' ? 'zh' : 'en';
    for (const p of people) {
      if (p.status !== 0 || !wantsEmail(p)) continue;
      const mail = arrivalMail(lang, {
        recipient: p.name,
        host: v.empName,
        visitor: v.name,
        company: v.company,
        people: 1 + v.followers.length,
        gate: v.signInGate,
        at: v.visitAt,
        proxy: p.id !== v.empId,
      });
      await ctx.services.mailer.send({ companyId, to: p.email, ...mail });
    }
  } catch (err) {
    ctx.log.warn({ err, vid: v.id }, 'arrival notice not queued');
  }
}
