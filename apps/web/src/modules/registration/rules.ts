import {
  CARD_TEXT_MAX,
  CUSTOM_TEXT_MAX,
  checkGateName,
  checkLabelPart,
  checkThemeColor,
  GATE_NAME_MAX,
  LABEL_PART_MAX,
  NAME_PART_MAX,
  Status,
} from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/apiError';
import { ruleMessage } from '../../platform/validationText';

type Check = (value: string) => string | null;

/** The words of a registration failure key: ours first, then the shared validation texts. */
export function registrationRuleText(t: TFunction, rule: string, max?: number): string {
  switch (rule) {
    case 'bothNames':
      return t('registration.errors.bothNames');
    case 'duplicate':
      return t('registration.errors.duplicate');
    case 'reserved':
      return t('registration.errors.reserved');
    case 'notFound':
      return t('registration.errors.notFound');
    case 'tooMany':
      return t('registration.errors.tooMany');
    case 'illegalChars':
      return t('registration.errors.illegalChars');
    default:
      return ruleMessage(t, rule, { max });
  }
}

function fromCheck(t: TFunction, check: Check, opts: { optional?: boolean; max?: number } = {}): FormRule {
  return {
    required: !opts.optional,
    validator: async (_rule, value: unknown) => {
      const v = typeof value === 'string' ? value : value == null ? '' : String(value);
      if (opts.optional && v.trim() === '') return;
      const failure = check(v);
      if (failure) throw new Error(registrationRuleText(t, failure, opts.max));
    },
  };
}

/**
 * Form rules from the contract's checks, so each form refuses what the server refuses, as it is typed: the two
 * parts of a visitor type or field name, the parts of a reason, sub-type, option or placeholder, gate names,
 * the theme colour and the badge texts.
 */
export function buildRegistrationRules(t: TFunction) {
  return {
    namePart: (): FormRule[] => [fromCheck(t, (s) => checkLabelPart(s, { max: NAME_PART_MAX, noComma: true }), { max: NAME_PART_MAX })],
    labelPart: (o: { optional?: boolean } = {}): FormRule[] => [
      fromCheck(t, (s) => checkLabelPart(s, { max: LABEL_PART_MAX }), { max: LABEL_PART_MAX, optional: o.optional }),
    ],
    /** One name of an optional pair: nothing to check while both are empty; once either is typed, both are names. */
    namePartOfPair: (other: string): FormRule[] => [
      ({ getFieldValue }) => ({
        validator: async (_rule, value: unknown) => {
          const v = typeof value === 'string' ? value.trim() : '';
          const o = getFieldValue(other) as unknown;
          if (v === '' && (typeof o !== 'string' || o.trim() === '')) return;
          if (v === '') throw new Error(t('registration.errors.bothNames'));
          const failure = checkLabelPart(v, { max: NAME_PART_MAX, noComma: true });
          if (failure) throw new Error(registrationRuleText(t, failure, NAME_PART_MAX));
        },
      }),
    ],
    gateName: (): FormRule[] => [fromCheck(t, checkGateName, { max: GATE_NAME_MAX })],
    themeColor: (): FormRule[] => [fromCheck(t, checkThemeColor, { optional: true })],
    oneLine: (max: number): FormRule[] => [
      fromCheck(t, (s) => (s.length > max ? 'tooLong' : s.includes('\n') ? 'format' : null), { max, optional: true }),
    ],
    customText: (): FormRule[] => buildRegistrationRules(t).oneLine(CUSTOM_TEXT_MAX),
    cardText: (): FormRule[] => buildRegistrationRules(t).oneLine(CARD_TEXT_MAX),
  };
}

export type RegistrationRules = ReturnType<typeof buildRegistrationRules>;

export function useRegistrationRules(): RegistrationRules {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildRegistrationRules(t), [t, i18n.language]);
}

/**
 * Puts the 400 field errors of a refused save on the form's fields: `where` names the form field of a wire field
 * (null: not on this form). Answers whether any landed.
 */
export function placeFieldErrors(form: FormInstance, err: unknown, t: TFunction, where: (field: string) => (string | number)[] | null): boolean {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.BAD_PARAMS) return false;
  const placed = err.fieldErrors.flatMap((e) => {
    const name = where(e.field);
    return name ? [{ name, errors: [registrationRuleText(t, e.rule)] }] : [];
  });
  if (placed.length) form.setFields(placed);
  return placed.length > 0;
}
