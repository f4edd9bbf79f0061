import type { TenantScope } from '../../platform/identity/tenancy.js';
import type { VisitRow } from './visits.kernel.js';
import { visitsRepository } from './visits.repository.js';

// How door devices find a visit: by the code of its pass, the card the desk handed out, its plate, or the resident
// worker it is (their visit signed in today at a desk, which the residents' desk also asks before a second sign-in).

/** The visits not over whose plate is this one (upper case, no spaces), the most likely first. */
export function visitsByPlate(scope: TenantScope, plate: string): Promise<VisitRow[]> {
  return visitsRepository(scope).byPlate(plate, ['sent', 'viewed', 'accepted', 'reserved', 'authorized', 'unauthorized', 'refused', 'signedIn']);
}

export function visitByCode(scope: TenantScope, code: string): Promise<VisitRow | undefined> {
  return visitsRepository(scope).byCode(code);
}

/** The visit holding a card the desk handed out (stored upper case): on site first, else the last to hold it. */
export function visitByCard(scope: TenantScope, cardNo: string): Promise<VisitRow | undefined> {
  return visitsRepository(scope).byCard(cardNo.toUpperCase());
}

function startOfToday(now = new Date()): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** The resident's visit signed in today (server time) and still on site, if any. */
export async function residentOnSiteToday(ctx: { tenant: TenantScope }, rid: number): Promise<VisitRow | undefined> {
  const repo = visitsRepository(ctx.tenant);
  const { rows } = await repo.page({ residentId: rid, kind: 'resident', statuses: ['signedIn'], from: startOfToday() }, 0, 1);
  return rows[0];
}
