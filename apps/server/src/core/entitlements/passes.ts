import type { TenantScope } from '../../platform/identity/tenancy.js';
import { type PassRecordInsert, passesRepository, type VehicleRecordInsert } from './passes.repository.js';

/**
 * The device side's records: every decision of a door (a refusal too), every pass a face terminal reports, every plate
 * a barrier reads. Each id in a row is already resolved within the scope's company.
 */

export type { PassRecordInsert, VehicleRecordInsert };

/** Plates are kept upper case without spaces, so '粤b 12345' finds '粤B12345'. */
export function normalizePlate(plate: string): string {
  return plate.replace(/\s+/g, '').toUpperCase();
}

/** One door decision's record; answers its id. */
export async function recordPass(scope: TenantScope, row: PassRecordInsert): Promise<number> {
  return (await passesRepository(scope).addPass(row)).id;
}

export function recordPasses(scope: TenantScope, rows: PassRecordInsert[]) {
  return passesRepository(scope).addPasses(rows);
}

export function recordVehicles(scope: TenantScope, rows: VehicleRecordInsert[]) {
  return passesRepository(scope).addVehicles(rows.map((r) => ({ ...r, plate: normalizePlate(r.plate) })));
}

/** A visit's successful entries through the doors (what the pass limits count), `dayFrom` the start of today. */
export function visitEntries(scope: TenantScope, visitId: number, dayFrom: Date): Promise<{ total: number; today: number; first: Date | null }> {
  return passesRepository(scope).visitEntries(visitId, dayFrom);
}

/** The retention sweep's and an erasure's part: these visits' door and vehicle records without the person (files: the caller's). */
export function forgetVisitPasses(scope: TenantScope, visitIds: readonly number[]) {
  return passesRepository(scope).forgetVisits(visitIds);
}
