import { ACCOUNT_NAME_MAX, COMPANY_NAME_MAX, COMPANY_SHORT_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PERSON_NAME_MAX } from '@openvisit/contract';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';
import type { platformEn as en } from './locales/en';

export type ValidationKey = keyof typeof en.validation;

/** Read from the loaded texts (every language has the English keys, checked by tsc), so no language is imported here. */
export function isValidationKey(rule: string): rule is ValidationKey {
  return i18n.exists(`validation.${rule}`);
}

/** Length limits by the field names the contract uses, for the 'tooLong' message of server field errors. */
export const FIELD_MAX: Readonly<Record<string, number>> = {
  password: PASSWORD_MAX,
  newPassword: PASSWORD_MAX,
  email: EMAIL_MAX,
  company: COMPANY_NAME_MAX,
  shortName: COMPANY_SHORT_NAME_MAX,
  username: PERSON_NAME_MAX,
  sName: PERSON_NAME_MAX,
  account: ACCOUNT_NAME_MAX,
};

/** Fields whose 'required' failure has its own message (spec section 5: "Account cannot be empty"). */
const REQUIRED_KEY: Readonly<Record<string, 'accountRequired' | 'captchaRequired'>> = {
  account: 'accountRequired',
  vcode: 'captchaRequired',
};

/** Fields whose 'format' failure has its own, clearer message. */
const FORMAT_KEY: Readonly<Record<string, 'emailFormat' | 'phoneFormat'>> = { email: 'emailFormat', phone: 'phoneFormat', empPhone: 'phoneFormat' };

/**
 * The message of a validator failure key or zod code: `validation.<rule>`; 'tooLong' with the field's
 * limit, 'format' of an email or phone field with its own text.
 */
export function ruleMessage(t: TFunction, rule: string, opts: { max?: number; field?: string } = {}): string {
  const { max, field } = opts;
  if (rule === 'tooLong') return max ? t('validation.tooLong', { max }) : t('validation.tooLongAny');
  const formatKey = field ? FORMAT_KEY[field] : undefined;
  if (rule === 'format' && formatKey) return t(`validation.${formatKey}`);
  const requiredKey = field ? REQUIRED_KEY[field] : undefined;
  if (rule === 'required' && requiredKey) return t(`validation.${requiredKey}`);
  if (isValidationKey(rule)) return t(`validation.${rule}`);
  return t('validation.custom');
}
