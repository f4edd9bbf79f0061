import { z } from 'zod';
import { GRANT_AREAS, type GrantArea } from './grants.js';
import { checkReportPeriod, dayNumber } from './period.js';
import {
  checkAccountName,
  checkCompanyName,
  checkCompanyShortName,
  checkEmail,
  checkIdNumber,
  checkPassword,
  checkPersonName,
  checkPhone,
  checkSuperAccount,
  type ValidationFailure,
} from './validators.js';

/**
 * The zod schemas of shared fields, built from the checks of validators.ts and period.ts. Apart from those checks, so
 * a screen that only validates as you type (the console's forms) does not load zod: a module holding both would go
 * wherever its first user goes, schemas and all.
 */

function refineWith(check: (s: string) => ValidationFailure | null) {
  return (value: string, ctx: z.RefinementCtx<string>): void => {
    const key = check(value);
    if (key !== null) ctx.addIssue({ code: 'custom', message: key });
  };
}

/**
 * Not trimmed on purpose: trimming would silently change the secret and hide the 'whitespace'
 * failure. 'sameAsOld' / 'mismatch' need the other values; use `checkPassword` with `opts` for those.
 */
export const zPassword = z.string().superRefine(refineWith((s) => checkPassword(s)));
export const zEmail = z.string().trim().superRefine(refineWith(checkEmail));
export const zPhone = z.string().trim().superRefine(refineWith(checkPhone));
export const zPersonName = z
  .string()
  .trim()
  .superRefine(refineWith((s) => checkPersonName(s)));
export const zAccountName = z.string().trim().superRefine(refineWith(checkAccountName));
export const zCompanyName = z.string().trim().superRefine(refineWith(checkCompanyName));
export const zCompanyShortName = z.string().trim().superRefine(refineWith(checkCompanyShortName));
export const zIdNumber = z
  .string()
  .trim()
  .superRefine(refineWith((s) => checkIdNumber(s)));
export const zSuperAccount = z.string().trim().superRefine(refineWith(checkSuperAccount));

/** A calendar day, checked for real (the `format` rule). */
export const zCalendarDay = z.string().refine((d) => dayNumber(d) !== null, 'format');

/** The period fields of a report call's input, to spread into its object. */
export const reportPeriodFields = { startDate: zCalendarDay, endDate: zCalendarDay };

/** The input of a report call over a period: `z.object({...}).superRefine(checkReportPeriod)`. */
export const reportPeriod = z.object(reportPeriodFields).superRefine(checkReportPeriod);

/** A module-driven account's grants (lookups' GRANT_AREAS): each at most once; an unknown name is refused on its item. */
export const zModuleGrants = z
  .array(z.enum(GRANT_AREAS as [GrantArea, ...GrantArea[]]))
  .max(GRANT_AREAS.length)
  .refine((list) => new Set(list).size === list.length, 'duplicate');
