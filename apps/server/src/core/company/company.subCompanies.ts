import { type PadCompany, Status, VaPerm } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { companyRepository, type SubCompanyRow } from './company.repository.js';
import { settingsOf } from './company.settings.js';

/** The day validity is judged by: the same as sign-in's (auth.signin). */
export const today = () => new Date().toISOString().slice(0, 10);

/** One of the company's sub-companies, archived or not; undefined for another company's id. */
export function subCompanyRow(ctx: AuthedContext, id: number): Promise<SubCompanyRow | undefined> {
  return companyRepository(ctx.tenant).subCompany(id);
}

/** The sub-companies not archived, by name (in use only, when asked): pickers. */
export function activeSubCompanies(ctx: AuthedContext, inUseOnly: boolean): Promise<SubCompanyRow[]> {
  return companyRepository(ctx.tenant).subCompanies(inUseOnly);
}

const inUseOn = (r: SubCompanyRow, day: string) =>
  r.isUse === 1 && !r.archivedAt && !(r.endDate && r.endDate < day) && !(r.startDate && r.startDate > day);

/** Floors as a person reads them ('2' before '10'), then names. */
const byFloor = new Intl.Collator('zh-CN', { numeric: true });

/**
 * The building's directory for its desk and kiosk: the sub-companies in use today, by floor then name, when
 * multi-company mode is on; none otherwise (the walk-in's host is then searched across the company).
 */
export async function directory(ctx: AuthedContext): Promise<PadCompany[]> {
  if (!ctx.config.features.subCompanies || (await settingsOf(ctx)).subAccount !== 1) return [];
  const day = today();
  return (await activeSubCompanies(ctx, true))
    .filter((r) => inUseOn(r, day))
    .sort((a, b) => byFloor.compare(a.floor, b.floor) || byFloor.compare(a.companyName, b.companyName))
    .map((r) => ({
      id: r.id,
      companyName: r.companyName,
      shortName: r.shortName,
      floor: r.floor,
      roomNumbers: r.roomNumbers,
      logo: r.logo,
      vaPerm: r.vaPerm,
    }));
}

/** A sub-company a walk-in may visit today (94 for one stopped, archived, outside its dates or not this company's). */
export async function visitable(ctx: AuthedContext, id: number): Promise<SubCompanyRow> {
  const row = await subCompanyRow(ctx, id);
  if (!row || !inUseOn(row, today())) throw new AppError(Status.SUB_ACCOUNT_INVALID);
  return row;
}

/** Whether a host's sub-company may invite (vaPerm bit 1); the head office's own employees always may. */
export async function mayInvite(ctx: AuthedContext, subAccountId: number | null): Promise<boolean> {
  if (!subAccountId) return true;
  const row = await subCompanyRow(ctx, subAccountId);
  return !row || (row.vaPerm & VaPerm.INVITATION) !== 0;
}

/** Whether the visits of a host's sub-company wait for the host's authorisation (vaPerm bit 4). */
export async function needsAuthorisation(ctx: AuthedContext, subAccountId: number | null): Promise<boolean> {
  if (!subAccountId) return false;
  const row = await subCompanyRow(ctx, subAccountId);
  return !!row && (row.vaPerm & VaPerm.AUTHORISATION) !== 0;
}
