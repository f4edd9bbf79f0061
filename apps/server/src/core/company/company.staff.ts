import type { AuthedContext } from '../../platform/http/calls.js';
import { companyRepository } from './company.repository.js';

/** How many staff accounts name each gate (a gate in use is kept from being deleted). */
export async function staffPerGate(ctx: AuthedContext): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const s of await companyRepository(ctx.tenant).staffScopes()) for (const g of new Set(s.gids)) counts.set(g, (counts.get(g) ?? 0) + 1);
  return counts;
}

/** How many server-company accounts act for each supplier company (such a company is kept from being deleted). */
export async function staffPerSupplier(ctx: AuthedContext): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const s of await companyRepository(ctx.tenant).staffScopes())
    if (s.sType === 1 && s.supplierId) counts.set(s.supplierId, (counts.get(s.supplierId) ?? 0) + 1);
  return counts;
}
