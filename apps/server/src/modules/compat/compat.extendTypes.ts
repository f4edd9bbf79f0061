import { type LogisticsType, STANDARD_FIELDS, type VisitorField, type VisitorType } from '@openvisit/contract';
import { listTypes } from '../../core/sites/sites.public.js';
import type { AuthedContext, DialectContext } from '../../platform/http/calls.js';
import { logisticsTypes as companyLogisticsTypes } from '../logistics/logistics.public.js';
import { logisticsTypes } from './compat.logistics.js';
import { asObject } from './compat.shared.js';

/**
 * `getExtendTypeInfo {eType}`: the form fields of a visitor type (the desk's detail, walk-in and appointment screens)
 * or of a logistics type (the truck detail screen), named by their name, in the original's list shape (frontdesk-app.md
 * §2): `isDisplay` and `required` are bitmasks of the screens (1 detail, 2 office appointment, 8 walk-in), `inputValue`
 * the options comma-joined.
 */

/** Every screen the desk has: a field a type shows or requires, it shows or requires on each. */
const ALL_SCREENS = 1 | 2 | 8;

/** Our standard fields under the original's names, which the app maps to its own form (`name` → its vname…). */
const ORIGINAL_NAMES: Record<string, string> = { vname: 'name', vphone: 'phone', visitReason: 'visitType', vemail: 'email' };
/** Standard fields the app's forms have no use for as fields of their own. */
const NOT_ON_THE_DESK = new Set(['photo', 'followers']);

interface OriginalField {
  fieldName: string;
  displayName: string;
  inputType: string;
  inputValue: string;
  isDisplay: number;
  required: number;
  placeholder: string;
}

/** A type named as the app names it: the whole '中文#English' label, or either half. */
const named = (label: string, asked: string) => label === asked || label.split('#').includes(asked);

function visitorFields(type: VisitorType, fields: VisitorField[]): OriginalField[] {
  const out: OriginalField[] = [];
  for (const f of fields) {
    if (NOT_ON_THE_DESK.has(f.fieldName)) continue;
    const setting = f.types.find((x) => x.tid === type.tid);
    const fieldName = ORIGINAL_NAMES[f.fieldName] ?? f.fieldName;
    // The walk-in form reads the visit reasons from the visitType field and cannot work without it: always there.
    if (!setting && fieldName !== 'visitType') continue;
    const standard = STANDARD_FIELDS.some((s) => s.fieldName === f.fieldName);
    out.push({
      fieldName,
      displayName: f.displayName,
      inputType: fieldName === 'visitType' ? 'select' : standard ? 'text' : f.inputType,
      inputValue: (fieldName === 'visitType' ? type.reasons : f.inputValue).join(','),
      isDisplay: setting ? ALL_SCREENS : 8,
      required: setting?.required ? ALL_SCREENS : 0,
      placeholder: f.placeholder,
    });
  }
  return out;
}

function logisticsFields(type: LogisticsType): OriginalField[] {
  return [...type.driverExtend, ...type.vehicleExtend, ...type.goodsExtend, ...type.logExtend].map((f) => ({
    fieldName: f.fieldName,
    displayName: f.displayName,
    inputType: f.inputType,
    inputValue: f.inputValue.join(','),
    isDisplay: f.shown ? ALL_SCREENS : 0,
    required: f.required ? ALL_SCREENS : 0,
    placeholder: '',
  }));
}

/** The fields of the type the desk names (`eType`): a visitor type's, else a logistics type's (by name or tid), else none. */
export async function extendTypeInfo(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  if (!Array.isArray(result) || !('eType' in sent)) return logisticsTypes(result, sent);
  if (!ctx.session || !ctx.tenant) return [];
  const authed = ctx as AuthedContext;
  const asked = String(sent.eType ?? '').trim();
  const type = (await listTypes(authed, {})).find((t) => named(t.vType, asked));
  if (type) return visitorFields(type, result as VisitorField[]);
  if (!ctx.config.features.logistics) return [];
  const truck = (await companyLogisticsTypes(authed)).find((t) => named(t.name, asked) || String(t.tid) === asked);
  return truck ? logisticsFields(truck) : [];
}

/** Which of our calls answers the body: the public booking page by its link `token`, the desk by `eType` or by `tid`. */
export function extendTypeCall(raw: unknown): string | undefined {
  const body = asObject(raw);
  if ('token' in body) return undefined;
  return 'eType' in body ? 'GetExtendVisitor' : 'getExtendType';
}
