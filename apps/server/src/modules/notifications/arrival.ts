import { company as companyRow } from '../../core/company/company.public.js';
import { namesOf as employeeNames, runningProxyOf } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { arrivalMail } from './arrival.mails.js';

/** What the arrival notice reads of a visit (a visit row fits): declared here, so notifications need not import visits. */
export interface ArrivedVisit {
  id: number;
  empId: number | null;
  empName: string;
  name: string;
  company: string;
  followers: readonly unknown[];
  signInGate: string;
  visitAt: Date | null;
}

/**
 * The visitor has checked in: the host is told, and so is the host's proxy while the delegation runs (spec: arrival
 * notice to the host and the host's proxy), each on the channels they chose (the Notifier: email by default, SMS,
 * WeChat, DingTalk, RTX, voice). Messages are delivery records sent by a job, so a check-in never waits on a provider;
 * a failure to queue is logged and does not undo the check-in.
 */
export async function notifyArrival(ctx: AuthedContext, v: ArrivedVisit): Promise<void> {
  if (!v.empId || !v.visitAt) return;
  try {
    const companyId = ctx.session.companyId;
    const proxyId = await runningProxyOf(ctx, v.empId);
    const proxy = proxyId === undefined ? undefined : { proxyId };
    const company = await companyRow(ctx.tenant);
    const lang = company?.lang === 'zh' ? 'zh' : 'en';
    // The host's name is on the visit as it was just recorded; only a proxy's is read.
    const names = proxy ? await employeeNames(ctx, [proxy.proxyId]) : new Map<number, string>();
    names.set(v.empId, v.empName);
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
