import type { FieldError } from './call.js';
import type { CustomInputType } from './calls/registration.js';
import { dayNumber } from './period.js';

/**
 * The one check of custom field values (a visit's `extendCol`, a logistics booking's driver, vehicle, goods and other
 * information) against the fields that apply: a required field must be filled, a key must be one of the fields, a
 * choice one of its options, a date a real calendar day (YYYY-MM-DD). Free of zod, so forms can run it too.
 */
export interface CustomFieldRule {
  fieldName: string;
  inputType: CustomInputType;
  /** The options of a choice ('button'). */
  inputValue: readonly string[];
  required: boolean;
}

/** The failures of `values`, each on `<prefix>.<fieldName>` ('required', 'unrecognized_keys', 'invalid_value', 'format'). */
export function extendValueErrors(fields: readonly CustomFieldRule[], values: Readonly<Record<string, string>>, prefix: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of fields) {
    const value = values[f.fieldName];
    if (f.required && (value === undefined || value.trim() === '')) errors.push({ field: `${prefix}.${f.fieldName}`, rule: 'required' });
  }
  for (const [name, value] of Object.entries(values)) {
    const f = fields.find((x) => x.fieldName === name);
    const field = `${prefix}.${name}`;
    if (!f) errors.push({ field, rule: 'unrecognized_keys' });
    else if (value && f.inputType === 'button' && !f.inputValue.includes(value)) errors.push({ field, rule: 'invalid_value' });
    else if (value && f.inputType === 'date' && dayNumber(value) === null) errors.push({ field, rule: 'format' });
  }
  return errors;
}
