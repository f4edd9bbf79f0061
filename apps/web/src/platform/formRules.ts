import {
  ACCOUNT_NAME_MAX,
  CARD_NO_MAX,
  COMPANY_NAME_MAX,
  COMPANY_SHORT_NAME_MAX,
  checkAccountName,
  checkCardNo,
  checkCompanyName,
  checkCompanyShortName,
  checkEmail,
  checkPassword,
  checkPersonName,
  checkPhone,
  checkSuperAccount,
  EMAIL_MAX,
  PASSWORD_MAX,
  PERSON_NAME_MAX,
} from '@openvisit/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleMessage } from './validationText';

type Check = (value: string) => string | null;
/** A rule object (not a function of the form). */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

function fromCheck(t: TFunction, check: Check, opts: { optional?: boolean; max?: number; field?: string } = {}): RuleObject {
  return {
    required: !opts.optional,
    validator: async (_rule, value: unknown) => {
      const v = typeof value === 'string' ? value : value == null ? '' : String(value);
      if (opts.optional && v.trim() === '') return;
      const failure = check(v);
      if (failure) throw new Error(ruleMessage(t, failure, { max: opts.max, field: opts.field }));
    },
  };
}

export interface RuleOptions {
  optional?: boolean;
}

/**
 * antd Form rules built from the contract's validators, so a form refuses exactly what the server
 * refuses, as the user types, with messages from `validation.<key>`.
 */
export function buildRules(t: TFunction) {
  return {
    required: (): FormRule[] => [{ required: true, whitespace: true, message: t('validation.required') }],
    /** The captcha's answer (spec section 5: "Verification code must be filled"). */
    captcha: (): FormRule[] => [{ required: true, whitespace: true, message: t('validation.captchaRequired') }],
    email: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, checkEmail, { ...o, max: EMAIL_MAX, field: 'email' })],
    phone: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, checkPhone, { ...o, field: 'phone' })],
    personName: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, (s) => checkPersonName(s), { ...o, max: PERSON_NAME_MAX })],
    accountName: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, checkAccountName, { ...o, max: ACCOUNT_NAME_MAX, field: 'account' })],
    companyName: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, checkCompanyName, { ...o, max: COMPANY_NAME_MAX })],
    companyShortName: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, checkCompanyShortName, { ...o, max: COMPANY_SHORT_NAME_MAX })],
    cardNo: (o: RuleOptions = {}): FormRule[] => [fromCheck(t, checkCardNo, { ...o, max: CARD_NO_MAX })],
    superAccount: (): FormRule[] => [fromCheck(t, checkSuperAccount, { max: ACCOUNT_NAME_MAX })],
    /** A new password; with `oldField`, also refused when equal to that field's value ('sameAsOld'). */
    password: (o: RuleOptions & { oldField?: string } = {}): FormRule[] => [
      ({ getFieldValue }): RuleObject =>
        fromCheck(
          t,
          (s) => {
            const old: unknown = o.oldField ? getFieldValue(o.oldField) : undefined;
            return checkPassword(s, typeof old === 'string' && old !== '' ? { old } : {});
          },
          { ...o, max: PASSWORD_MAX },
        ),
    ],
    /** The confirmation of `field`: required and equal ('mismatch'). */
    confirm: (field: string): FormRule[] => [
      ({ getFieldValue }): RuleObject => ({
        required: true,
        validator: async (_rule, value: unknown) => {
          const v = typeof value === 'string' ? value : '';
          if (v === '') throw new Error(t('validation.confirmRequired'));
          if (v !== getFieldValue(field)) throw new Error(t('validation.mismatch'));
        },
      }),
    ],
  };
}

export type Rules = ReturnType<typeof buildRules>;

export function useRules(): Rules {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildRules(t), [t, i18n.language]);
}
