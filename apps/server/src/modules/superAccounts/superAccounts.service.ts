import { type In, Status } from '@openvisit/contract';
import { peopleCounting } from '../../core/visits/visits.public.js';
import { dayOf } from '../../platform/formats/days.js';
import { type AuthedContext, jobContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { accounts } from '../accounts/accounts.public.js';
import { reports } from '../reports/reports.public.js';

interface Period {
  startDate: string;
  endDate: string;
}

/** A company of the super account: its id and name, as the accounts module reads them from the super account's row. */
export interface RelatedCompany {
  userid: number;
  company: string;
  status: number;
}

/**
 * The super account's companies: from its own row (the session names it), never from the body. The accounts module
 * reads them (its system repository: a super account belongs to no company, so its companies are read across them).
 */
export async function relatedCompanies(ctx: AuthedContext): Promise<RelatedCompany[]> {
  return (await accounts.relatedCompanies(ctx)).map((c) => ({ userid: c.userid, company: c.company, status: c.status }));
}

/** One of the super account's companies; 602 for any other id, as another company's ids answer everywhere. */
export async function relatedCompany(ctx: AuthedContext, companyId: number): Promise<RelatedCompany> {
  const found = (await relatedCompanies(ctx)).find((c) => c.userid === companyId);
  if (!found) throw new AppError(Status.NO_SUCH_RECORD, 'No such company among the super account’s');
  return found;
}

/**
 * A context acting in one company's scope, to count with the reports' and visits' own services: every query stays
 * inside that company (its TenantScope), so nothing here crosses companies. Only the super account's companies get one.
 */
function inCompany(ctx: AuthedContext, companyId: number): AuthedContext {
  return jobContext(ctx, companyId, { job: 'super-account', account: ctx.session.account, name: ctx.session.name });
}

async function figuresOf(ctx: AuthedContext, company: RelatedCompany, p: Period, today: string) {
  const c = inCompany(ctx, company.userid);
  const line = await reports.lineChart(c, p);
  const todayLine = today >= p.startDate && today <= p.endDate ? line : await reports.lineChart(c, { startDate: today, endDate: today });
  const { onSite } = await peopleCounting(c);
  return {
    userid: company.userid,
    company: company.company,
    today: todayLine.find((d) => d.date === today)?.total ?? 0,
    onSite,
    total: line.reduce((n, d) => n + d.total, 0),
    days: line.map((d) => ({ date: d.date, count: d.total })),
  };
}

export async function allFigures(ctx: AuthedContext, input: In<'getAllSuperAccountVCount'>) {
  const today = dayOf(new Date());
  const list = [];
  // One company after another: a super account oversees a handful, and each count is a few indexed queries.
  for (const company of await relatedCompanies(ctx)) list.push(await figuresOf(ctx, company, input, today));
  return { today, list };
}

export async function oneFigures(ctx: AuthedContext, input: In<'getSupAccVCount'>) {
  const company = await relatedCompany(ctx, input.companyId);
  const today = dayOf(new Date());
  return { ...(await figuresOf(ctx, company, input, today)), date: today };
}
