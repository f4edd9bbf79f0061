import { QUESTIONNAIRE_LIMITS } from '@openvisit/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

type Ranged = {
  [K in keyof typeof QUESTIONNAIRE_LIMITS]: (typeof QUESTIONNAIRE_LIMITS)[K] extends { min: number; max: number } ? K : never;
}[keyof typeof QUESTIONNAIRE_LIMITS];

/** A whole number within the contract's limits for `k` (the server's 'range'), required. */
export function rangeRules(t: TFunction, k: Ranged): FormRule[] {
  const { min, max } = QUESTIONNAIRE_LIMITS[k];
  return [
    {
      required: true,
      validator: async (_r, value: unknown) => {
        if (value === null || value === undefined || value === '') throw new Error(t('validation.required'));
        if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
          throw new Error(t('questionnaires.rules.between', { min, max }));
      },
    },
  ];
}

/** Text required (unless `optional`) and at most `max` characters, as the contract's schema takes it. */
export function textRules(t: TFunction, max: number, optional = false): FormRule[] {
  return [
    ...(optional ? [] : [{ required: true, whitespace: true, message: t('validation.required') }]),
    { max, message: t('validation.tooLong', { max }) },
  ];
}
