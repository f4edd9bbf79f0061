import type { CustomInputType } from '@openvisit/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT } from '../../platform/format';

/**
 * A custom field as its renderer needs it: a visitor type's custom field (walk-in) and a logistics type's field have
 * this shape, so both forms draw and read their fields the same way.
 */
export interface CustomFieldDefinition {
  /** The key of the value (in `extendCol` or a booking's group). */
  fieldName: string;
  /** '中文#English'. */
  displayName: string;
  /** `button` is a choice among `inputValue`; a walk-in's standard field never reaches the renderer. */
  inputType: CustomInputType | 'standard';
  /** The options of a choice, '中文#English' each; the value kept is the option as configured. */
  inputValue: readonly string[];
  required: boolean;
  /** '中文#English' (visitor fields have one; logistics fields do not). */
  placeholder?: string;
}

/** What a custom field's control holds: text, a chosen option, or a day (the date picker's Dayjs). */
export type CustomFieldValue = string | Dayjs | null | undefined;

/** A control's value as the calls take it: text trimmed, a day as YYYY-MM-DD, nothing as ''. */
export function customFieldText(v: CustomFieldValue): string {
  if (v == null) return '';
  return typeof v === 'string' ? v.trim() : v.format(DAY_FORMAT);
}

/**
 * The controls' values of stored ones (reading a booking back for editing): a date field's day becomes the picker's
 * Dayjs, a day that is no calendar day is left empty rather than shown wrong; other values stay as stored.
 */
export function customFieldControls(
  fields: readonly Pick<CustomFieldDefinition, 'fieldName' | 'inputType'>[],
  stored: Readonly<Record<string, string>> | null | undefined,
): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = { ...(stored ?? {}) };
  for (const f of fields) {
    const v = stored?.[f.fieldName];
    if (f.inputType !== 'date' || v === undefined) continue;
    const day = dayjs(v);
    out[f.fieldName] = day.isValid() && day.format(DAY_FORMAT) === v ? day : undefined;
  }
  return out;
}
