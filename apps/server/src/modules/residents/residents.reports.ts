import { type In, type Out, RV_OPEN_MAX_OFFSET, type RvOpenRecord } from '@openvisit/contract';
import { supplierById } from '../../core/people/people.public.js';
import { dayOf, dayStart, periodBounds } from '../../platform/formats/days.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { badParams } from '../../platform/http/errors.js';
import { residentPasses } from '../passRecords/passRecords.public.js';
import { residentSignIns, residentVisitPage } from '../visits/visits.public.js';
import { residentsRepository } from './residents.repository.js';

/*
 * Traffic statistics (sign-ins per supplier company and day) and pass records (desk sign-ins and door passes) of
 * resident visitors. Both read the visits and pass records through their modules; which workers count is decided
 * here (a supplier company, a name, a server company's scope).
 */

/** The most sign-ins one statistics answer reads. */
const REPORT_MAX_VISITS = 200_000;
/** The most workers a filter by supplier company or scope may name. */
const WORKERS_MAX = 20_000;

/** The workers a filter names (undefined: every resident, no narrowing needed). */
async function workersOf(ctx: AuthedContext, f: { supplierId?: number; rid?: number }): Promise<number[] | undefined> {
  if (f.rid) return [f.rid];
  if (f.supplierId) await supplierById(ctx, f.supplierId);
  if (!f.supplierId && ctx.tenant.supplierId === null) return undefined;
  return residentsRepository(ctx.tenant).idsWhere({ supplierId: f.supplierId }, WORKERS_MAX);
}

function daysOf(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let i = 0; ; i++) {
    const d = dayOf(dayStart(startDate, i));
    if (d > endDate) return days;
    days.push(d);
  }
}

/** Sign-ins per supplier company (its current name; a worker without one by the name the visit recorded) and day. */
export async function report(ctx: AuthedContext, input: In<'getRvReport'>): Promise<Out<'getRvReport'>> {
  const ids = await workersOf(ctx, input);
  const { from, until } = periodBounds(input.startDate, input.endDate);
  const signIns = await residentSignIns(ctx, { from, until, residentIds: ids }, REPORT_MAX_VISITS);
  const rids = [...new Set(signIns.map((s) => s.residentId).filter((r): r is number => r !== null))];
  const workers = new Map((await residentsRepository(ctx.tenant).suppliersOf(rids)).map((w) => [w.id, w]));
  const days = daysOf(input.startDate, input.endDate);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const groups = new Map<string, { supplierId: number | null; company: string; counts: number[]; total: number }>();
  for (const s of signIns) {
    const w = s.residentId === null ? undefined : workers.get(s.residentId);
    const supplierId = w?.supplierId ?? null;
    const company = w?.company ?? s.company;
    const key = supplierId !== null ? `#${supplierId}` : `=${company}`;
    const g = groups.get(key) ?? { supplierId, company, counts: days.map(() => 0), total: 0 };
    const i = dayIndex.get(dayOf(s.at));
    if (i === undefined) continue;
    g.counts[i] = (g.counts[i] ?? 0) + 1;
    g.total++;
    groups.set(key, g);
  }
  const companies = [...groups.values()].sort((a, b) => b.total - a.total || a.company.localeCompare(b.company));
  return { days, companies, total: companies.reduce((n, c) => n + c.total, 0) };
}

type OpenFilter = Pick<In<'getRvOpenInfo'>, 'date' | 'endDate' | 'name' | 'supplierId' | 'rid'>;
type SignInRow = Awaited<ReturnType<typeof residentVisitPage>>['rows'][number];
type DoorRow = Awaited<ReturnType<typeof residentPasses>>['rows'][number];

/** What the pass records' filters ask of the two sources (the workers they name resolved within the scope). */
export async function openFilterOf(ctx: AuthedContext, input: OpenFilter) {
  return {
    from: input.date ? dayStart(input.date) : undefined,
    until: input.endDate ? dayStart(input.endDate, 1) : undefined,
    text: input.name || undefined,
    residentIds: await workersOf(ctx, input),
  };
}

export const signInRecord = (v: SignInRow): RvOpenRecord => ({
  kind: 'signIn',
  id: v.id,
  at: (v.visitAt ?? v.createdAt).getTime(),
  rid: v.residentId,
  name: v.name,
  phone: v.phone,
  company: v.company,
  place: v.signInGate,
  direction: 1,
  result: 1,
});

export const doorRecord = (p: DoorRow): RvOpenRecord => ({
  kind: 'door',
  id: p.id,
  at: p.at.getTime(),
  rid: p.personId,
  name: p.name,
  phone: p.phone,
  company: p.company,
  place: p.deviceName,
  direction: p.direction,
  result: p.result,
});

/** The merged list's order: newest first, then the higher id. */
export const newestFirst = (a: RvOpenRecord, b: RvOpenRecord) => b.at - a.at || b.id - a.id;

/**
 * Sign-ins and door passes merged newest first: each source is read down to the page's end and the two are merged,
 * so a page is exact; hence the depth limit (RV_OPEN_MAX_OFFSET).
 */
export async function openInfo(ctx: AuthedContext, input: In<'getRvOpenInfo'>): Promise<Out<'getRvOpenInfo'>> {
  if (input.startIndex > RV_OPEN_MAX_OFFSET) throw badParams([{ field: 'startIndex', rule: 'max' }]);
  const f = await openFilterOf(ctx, input);
  const depth = input.startIndex + input.requestedCount;
  const none = { rows: [], count: 0 };
  const [signIns, doors] = await Promise.all([
    input.kind === 'door' ? none : residentVisitPage(ctx, f, 0, depth),
    input.kind === 'signIn' ? none : residentPasses(ctx, f, 0, depth),
  ]);
  const merged = [...signIns.rows.map(signInRecord), ...doors.rows.map(doorRecord)].sort(newestFirst);
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: signIns.count + doors.count,
    list: merged.slice(input.startIndex, depth),
  };
}
