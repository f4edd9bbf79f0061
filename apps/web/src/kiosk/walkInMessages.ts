import { TEMPERATURE_RANGE } from '@openvisit/contract';
import type { TFunction } from 'i18next';
import { walkInMaxLength } from '../core/walkIn/public';
import { ruleMessage } from '../platform/validationText';

/** The message of a failure, in the kiosk's language. */
export function errorMessage(t: TFunction, kt: TFunction<'kiosk'>, field: string, rule: string): string {
  if (rule === 'phoneOrId') return kt('register.phoneOrId');
  if (rule === 'range') return kt('register.temperatureRange', { min: TEMPERATURE_RANGE.min, max: TEMPERATURE_RANGE.max });
  if (rule === 'plate') return kt('register.plateFormat');
  if (rule === 'reuseFailed') return kt('returning.reuseFailed');
  const base = field.split('.').pop() ?? field;
  const max = walkInMaxLength(field);
  return ruleMessage(t, rule, { max, field: base === 'vphone' || base === 'phone' ? 'phone' : base === 'vemail' ? 'email' : base });
}
