import { z } from 'zod';
import { defineCall } from '../call.js';
import { LogModule } from '../lookups.js';
import { PASS_RULE_MANAGERS } from './passRules.js';

/**
 * Holidays loaded into the company's calendar from maintained packages: the mainland's statutory holidays and make-up
 * working days (`chinese-days`, refreshed with each year's State Council notice), or a country's (and region's)
 * public holidays (`date-holidays`) for a company abroad. The days stay editable; loading again never overwrites a
 * day the company set differently unless asked to (`replace`), and says which days it kept.
 */
export const HOLIDAY_SOURCES = ['cn', 'country'] as const;
export type HolidaySource = (typeof HOLIDAY_SOURCES)[number];

const userid = z.int32().optional();
const flag = z.union([z.literal(1), z.literal(2)]);

export const holidayImportResult = z.object({
  added: z.int32(),
  /** Days the company had set differently, overwritten because `replace` was asked for. */
  replaced: z.int32(),
  unchanged: z.int32(),
  /** Days the company had set differently, left as they were (`replace` false): the calendar's and the package's. */
  kept: z.array(z.object({ hdate: z.string(), hname: z.string(), passFlag: flag, importedName: z.string(), importedFlag: flag })),
});
export type HolidayImportResult = z.infer<typeof holidayImportResult>;

export const importHolidays = defineCall({
  name: 'importHolidays',
  area: 'pass-rules',
  module: 'passRules',
  summary:
    "Load a year's holidays into the calendar: `cn` the mainland's statutory days off and make-up working days (chinese-days), `country` a country's (ISO 3166 code) and optionally region's public holidays (date-holidays). Adds missing days; a day set differently is kept and listed unless `replace`. 400 `year/noData` when the package has no data for the year, `country/format` or `region/format` for an unknown one",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  log: { module: LogModule.ACCESS_CONTROL, event: 'add' },
  input: z
    .object({
      userid,
      year: z.int32().min(1970).max(9999),
      source: z.enum(HOLIDAY_SOURCES),
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'format')
        .optional(),
      region: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{1,10}$/, 'format')
        .optional(),
      replace: z.boolean().default(false),
    })
    .superRefine((v, ctx) => {
      if (v.source === 'country' && !v.country) ctx.addIssue({ code: 'custom', path: ['country'], message: 'required' });
    }),
  output: holidayImportResult,
});

const named = z.object({ code: z.string(), name: z.string() });

export const getHolidayCountries = defineCall({
  name: 'getHolidayCountries',
  area: 'pass-rules',
  module: 'passRules',
  summary: "The countries whose public holidays can be loaded, and the regions of `country` when given, named in the reader's language",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  input: z.object({
    userid,
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'format')
      .optional(),
    lang: z.enum(['zh', 'en']).default('en'),
  }),
  output: z.object({ countries: z.array(named), regions: z.array(named) }),
});

export const holidayImportCalls = [importHolidays, getHolidayCountries] as const;
