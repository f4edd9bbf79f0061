import { createRequire } from 'node:module';
import { HOLIDAY_NAME_MAX, type HolidayImportResult, type In, type Lang } from '@openvisit/contract';
import Holidays from 'date-holidays';
import { company } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { badParams } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { passRulesRepository } from './passRules.repository.js';

/**
 * The calendar's holidays loaded from maintained packages (docs/modules/passRules.md "Holidays"): `chinese-days` for
 * the mainland (days off and make-up working days, from the State Council's yearly notice), `date-holidays` for a
 * country's public holidays. A day the company already set the same way is left; one set differently is kept and
 * reported unless the caller asked to replace it, so a reload never silently undoes an edit.
 */

/** chinese-days' data: `{ holidays, workdays }`, each day `"English,中文,length"`. Read once, as the package ships it. */
interface ChineseDays {
  holidays: Record<string, string>;
  workdays: Record<string, string>;
}
let chineseDays: ChineseDays | undefined;
function chineseData(): ChineseDays {
  chineseDays ??= createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as ChineseDays;
  return chineseDays;
}

/** A day the package sets: its name in the company's language and kind (1 a day off, 2 a make-up working day). */
export interface PackageDay {
  day: string;
  name: string;
  kind: 1 | 2;
}

const cut = (s: string) => [...s.trim()].slice(0, HOLIDAY_NAME_MAX).join('');

/** The mainland's statutory days off and make-up working days of `year`; empty when the package has no notice for it. */
export function mainlandDays(year: number, lang: Lang): PackageDay[] {
  const data = chineseData();
  const prefix = `${String(year).padStart(4, '0')}-`;
  const of = (days: Record<string, string>, kind: 1 | 2) =>
    Object.entries(days)
      .filter(([day]) => day.startsWith(prefix))
      .map(([day, v]) => {
        const [en = '', zh = ''] = v.split(',');
        return { day, name: cut(lang === 'zh' ? zh || en : en || zh), kind };
      });
  return [...of(data.holidays, 1), ...of(data.workdays, 2)].sort((a, b) => a.day.localeCompare(b.day));
}

/** A country's (and region's) public holidays of `year` (date-holidays' type `public`); null for an unknown place. */
export function countryDays(year: number, country: string, region: string | undefined, lang: Lang): PackageDay[] | null {
  const hd = new Holidays();
  if (!Object.hasOwn(hd.getCountries() ?? {}, country.toUpperCase())) return null;
  if (region) hd.init(country.toUpperCase(), region.toUpperCase());
  else hd.init(country.toUpperCase());
  const seen = new Map<string, PackageDay>();
  for (const h of hd.getHolidays(year, lang)) {
    const day = h.date.slice(0, 10);
    // A day named twice (two observances falling together) is one day off.
    if (h.type === 'public' && !seen.has(day)) seen.set(day, { day, name: cut(h.name), kind: 1 });
  }
  return [...seen.values()];
}

function knownRegion(country: string, region: string): boolean {
  const states = new Holidays().getStates(country.toUpperCase());
  return !!states && Object.keys(states).includes(region.toUpperCase());
}

async function companyLang(ctx: AuthedContext): Promise<Lang> {
  return (await company(ctx.tenant))?.lang === 'zh' ? 'zh' : 'en';
}

export async function importHolidays(ctx: AuthedContext, input: In<'importHolidays'>): Promise<HolidayImportResult> {
  const lang = await companyLang(ctx);
  let days: PackageDay[] | null;
  if (input.source === 'cn') days = mainlandDays(input.year, lang);
  else {
    const country = input.country ?? '';
    if (input.region && !knownRegion(country, input.region)) throw badParams([{ field: 'region', rule: 'format' }]);
    days = countryDays(input.year, country, input.region, lang);
    if (!days) throw badParams([{ field: 'country', rule: 'format' }]);
  }
  if (!days.length) throw badParams([{ field: 'year', rule: 'noData' }]);
  const year = String(input.year).padStart(4, '0');
  const result: HolidayImportResult = { added: 0, replaced: 0, unchanged: 0, kept: [] };
  await inTransaction(ctx.tenant, async (tx) => {
    const repo = passRulesRepository(tx);
    const current = new Map((await repo.holidaysBetween(`${year}-01-01`, `${year}-12-31`)).map((r) => [r.day, r]));
    for (const d of days) {
      const had = current.get(d.day);
      if (!had) {
        await repo.insertHoliday({ day: d.day, name: d.name, kind: d.kind });
        result.added++;
      } else if (had.name === d.name && had.kind === d.kind) result.unchanged++;
      else if (input.replace) {
        await repo.updateHoliday(had.id, { day: d.day, name: d.name, kind: d.kind });
        result.replaced++;
      } else result.kept.push({ hdate: had.day, hname: had.name, passFlag: had.kind === 2 ? 2 : 1, importedName: d.name, importedFlag: d.kind });
    }
  });
  ctx.audit.objName =
    input.source === 'cn' ? `${year} CN` : `${year} ${(input.country ?? '').toUpperCase()}${input.region ? `-${input.region.toUpperCase()}` : ''}`;
  return result;
}

/** The countries date-holidays knows, and the regions of one, named in `lang`. */
export function holidayCountries(input: In<'getHolidayCountries'>): {
  countries: { code: string; name: string }[];
  regions: { code: string; name: string }[];
} {
  const hd = new Holidays();
  const list = (m: Record<string, string> | undefined) =>
    Object.entries(m ?? {})
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, input.lang));
  return { countries: list(hd.getCountries(input.lang)), regions: input.country ? list(hd.getStates(input.country.toUpperCase(), input.lang)) : [] };
}
