import { HolidayKind, type RequestFacts, type RequestKind } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { employeesRepository } from '../../core/people/people.public.js';
import { type VisitRow, visitsRepository } from '../../core/visits/visits.public.js';
import { dayOf } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { companyWide } from '../../platform/identity/tenancy.js';
import { blacklist } from '../blacklist/blacklist.public.js';
import { holidaysIn } from '../passRules/passRules.public.js';
import type { FactsView } from './approvals.match.js';
import type { Directory } from './approvals.resolve.js';

/** A visit as a request: what the policies' conditions read of it. */
export function factsOfVisit(v: VisitRow, kind: RequestKind): RequestFacts {
  const start = v.appointmentAt ?? v.visitAt ?? v.createdAt;
  return {
    kind,
    tid: v.tid ?? null,
    gid: v.gid ?? null,
    hostId: v.empId ?? null,
    start: start.getTime(),
    end: v.leaveAt ? v.leaveAt.getTime() : null,
    companions: v.followers.length,
    idType: v.certificateType,
    visitorName: v.name,
    fields: v.extend ?? {},
  };
}

/** The kind of request a visit is, from how it was made (the caller's role tells a kiosk from a desk). */
export function kindOfVisit(v: VisitRow, channel: 'kiosk' | 'desk' | 'booking' | null = null): RequestKind {
  if (v.kind === 'invite') return 'invitation';
  if (v.kind === 'appointment') return channel === 'booking' ? 'publicBooking' : 'appointment';
  if (v.kind === 'resident') return 'resident';
  return channel === 'kiosk' ? 'walkInKiosk' : 'walkInDesk';
}

const minutesOf = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** People on site now across the company (whoever asks: the site's head count, not the caller's share of it). */
async function onSiteNow(ctx: AuthedContext): Promise<number> {
  const rows = await visitsRepository(companyWide(ctx.tenant)).onSiteCounts();
  return rows.reduce((n, r) => n + r.people, 0);
}

/**
 * The facts with what the conditions need looked up: the host's sub-company and departments, hours, holidays,
 * watchlist, and the head count when a policy asks it (`headCount`).
 */
export async function viewOf(ctx: AuthedContext, f: RequestFacts, dir: Directory, headCount = true): Promise<FactsView> {
  const host = f.hostId ? await employeesRepository(ctx.tenant).byId(f.hostId) : undefined;
  const start = f.start !== null ? new Date(f.start) : new Date();
  const day = dayOf(start);
  const [settings, days, hostDeptIds, watchlist, onSite] = await Promise.all([
    settingsOf(ctx),
    holidaysIn(ctx.tenant, day, day),
    host ? dir.deptChainOf(host.id) : Promise.resolve([]),
    f.visitorName ? blacklist.nameListed(ctx, f.visitorName) : Promise.resolve(false),
    headCount ? onSiteNow(ctx) : Promise.resolve(0),
  ]);
  const up = minutesOf(settings.upDuty);
  const off = minutesOf(settings.offDuty);
  const at = start.getHours() * 60 + start.getMinutes();
  const kind = days.find((d) => d.day === day)?.kind;
  const weekendDay = start.getDay() === 0 || start.getDay() === 6;
  return {
    kind: f.kind,
    tid: f.tid,
    gid: f.gid,
    subCompanyId: host?.subAccountId ?? 0,
    hostDeptIds,
    stayHours: f.end !== null && f.start !== null ? Math.max(0, (f.end - f.start) / 3_600_000) : 0,
    companions: f.companions,
    onSite,
    idType: f.idType,
    watchlist,
    outsideHours: up !== null && off !== null && (at < up || at >= off),
    // A make-up working day (调休上班) on a weekend is a working day.
    weekend: weekendDay && kind !== HolidayKind.WORKDAY,
    holiday: kind === HolidayKind.DAY_OFF,
    fields: f.fields,
  };
}
