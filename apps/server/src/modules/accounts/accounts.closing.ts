import {
  type AccountClosing,
  formatDate,
  type In,
  logDesc,
  Status,
  settingObject,
  UNSUBSCRIBE_EXPORT_FRESH_MS,
  UNSUBSCRIBE_GRACE_DAYS,
} from '@openvisit/contract';
import { type CompanyRow, company as companyRow, patchSettings, updateCompany } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { confirmPassword } from '../auth/auth.public.js';

const DAY_MS = 86_400_000;

/** The badge's card text (UpdateCardText): the line at the foot of every printed badge; the card style edits it too. */
export async function setCardText(ctx: AuthedContext, input: In<'UpdateCardText'>): Promise<{ cardText: string }> {
  await patchSettings(ctx, { cardText: input.cardText });
  ctx.audit.objName = settingObject('cardText');
  ctx.audit.desc = input.cardText ? logDesc('textSet', { length: [...input.cardText].length }) : logDesc('textCleared');
  return { cardText: input.cardText };
}

function closingOf(c: Pick<CompanyRow, 'closingDue' | 'dataExportedAt'>): AccountClosing {
  return { unsubscribe: c.closingDue ? 1 : 0, closingDue: c.closingDue?.getTime() ?? null, dataExportedAt: c.dataExportedAt?.getTime() ?? null };
}

/** The export of everything was downloaded (ExportAccountData): closing the account asks for a recent one. */
export async function markDataExported(ctx: AuthedContext, at = new Date()): Promise<void> {
  await updateCompany(ctx.tenant, { dataExportedAt: at });
}

/**
 * updateUnSubscribe. 1: the administrator, having downloaded the export of everything within a day (else 13) and
 * confirmed its password (checked as a sign-in is), puts the account in its grace period: the data is deleted
 * UNSUBSCRIBE_GRACE_DAYS later by the closing job; asked again meanwhile, the date stays. 0: the closing is cancelled.
 * The `unsubscribe` setting mirrors it for the original's clients of GetUserInfo.
 */
export async function unsubscribe(ctx: AuthedContext, input: In<'updateUnSubscribe'>): Promise<AccountClosing> {
  const now = new Date();
  const company = await companyRow(ctx.tenant);
  if (!company) throw new AppError(Status.INVALID_USER);
  ctx.audit.objId = company.id;
  ctx.audit.objName = company.name;
  if (input.unsubscribe === 0) {
    ctx.audit.desc = logDesc('accountClosingCancelled');
    if (!company.closingDue) return closingOf(company);
    const updated = await updateCompany(ctx.tenant, { closingDue: null });
    await patchSettings(ctx, { unsubscribe: 0 });
    return closingOf(updated ?? company);
  }
  await confirmPassword(ctx, { password: input.password ?? '' });
  const exported = company.dataExportedAt?.getTime() ?? 0;
  if (now.getTime() - exported > UNSUBSCRIBE_EXPORT_FRESH_MS)
    throw new AppError(Status.FORBIDDEN_ACTION, 'Download the export of all data (ExportAccountData) first: closing asks for one of the last day');
  const due = company.closingDue ?? new Date(now.getTime() + UNSUBSCRIBE_GRACE_DAYS * DAY_MS);
  ctx.audit.desc = logDesc('accountClosing', { day: formatDate(due.getTime(), 'en') });
  if (company.closingDue) return closingOf(company);
  // The date is what the deletion reads; the setting only mirrors it, so it is written second.
  const updated = await updateCompany(ctx.tenant, { closingDue: due });
  await patchSettings(ctx, { unsubscribe: 1 });
  return closingOf(updated ?? company);
}
