import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { emitEvents } from '../../platform/jobs/eventOutbox.js';
import { eventOfPass } from './passes.events.js';
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

/** One door decision's record, with its door event (passes.events.ts) in one transaction; answers its id. */
export async function recordPass(scope: TenantScope, row: PassRecordInsert): Promise<number> {
  return inTransaction(scope, async (tx) => {
    const { id } = await passesRepository(tx).addPass(row);
    const event = eventOfPass(id, row);
    if (event) await emitEvents(tx, tx.companyId, [event]);
    return id;
  });
}

/** A device's reported passes (the caller's transaction: its cursor moves with them), with their door events. */
export async function recordPasses(scope: TenantScope, rows: PassRecordInsert[]) {
  const saved = await passesRepository(scope).addPasses(rows);
  const events = saved.flatMap((r) => eventOfPass(r.id, r) ?? []);
  await emitEvents(scope, scope.companyId, events);
  return saved;
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
