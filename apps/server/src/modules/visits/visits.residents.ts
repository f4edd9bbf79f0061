import { initialStatus, type Visit } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { createVisit, leaveAtFrom, move, type VisitRow, visitsRepository, withPass } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { gateName, gateOf } from './visits.desk.js';

/** The resident as a visit records it (the residents module owns the person, this module the visits). */
export interface ResidentForVisit {
  rid: number;
  name: string;
  phone: string;
  company: string;
  certificateType: string;
  idNumber: string;
  plateNum: string;
  /** The resident's project and responsible person, recorded as the visit's reason and host. */
  projectName: string;
  leader: string;
}

/** Resident visits (sign-ins) newest first, paged, for the residents' pass records. */
export function residentVisitPage(
  ctx: AuthedContext,
  f: { from?: Date; until?: Date; text?: string; residentIds?: number[] },
  offset: number,
  limit: number,
): Promise<{ rows: VisitRow[]; count: number }> {
  return visitsRepository(ctx.tenant).page(
    { kind: 'resident', from: f.from, until: f.until, name: f.text, residentIds: f.residentIds },
    offset,
    limit,
  );
}

/** When each resident visit of the period was signed in (for the traffic statistics), at most `limit`. */
export async function residentSignIns(ctx: AuthedContext, f: { from: Date; until: Date; residentIds?: number[] }, limit: number) {
  const rows = await visitsRepository(ctx.tenant).list({ kind: 'resident', from: f.from, until: f.until, residentIds: f.residentIds }, limit);
  return rows.map((v) => ({ residentId: v.residentId, company: v.company, at: v.visitAt ?? v.createdAt }));
}

/**
 * A resident's sign-in: a visit of kind 'resident' created where the state machine starts it (initialStatus) and
 * moved by `checkIn`, each step a visit_events row. The caller screens the person and holds the transaction.
 */
export async function signInResident(ctx: AuthedContext, r: ResidentForVisit, askedGid: number | null): Promise<Visit> {
  const settings = await settingsOf(ctx);
  const gid = gateOf(ctx, askedGid);
  const status = initialStatus('resident', { approval: false });
  const created = await createVisit(ctx, {
    kind: 'resident',
    status,
    permission: 1,
    residentId: r.rid,
    name: r.name,
    phone: r.phone,
    company: r.company,
    certificateType: r.certificateType,
    idNumber: r.idNumber,
    plateNum: r.plateNum,
    visitReason: r.projectName,
    empName: r.leader,
  });
  const now = new Date();
  const row = await move(ctx, created, 'checkIn', {
    visitAt: now,
    leaveAt: leaveAtFrom(settings, now),
    gid,
    signInGate: await gateName(ctx, gid),
    signInOp: ctx.session.name,
  });
  return withPass(ctx, row, settings);
}
