import {
  PROJECT_NAME_MAX,
  RESIDENT_LONG_TEXT_MAX,
  RESIDENT_PLATE_PATTERN,
  RESIDENT_TEXT_MAX,
  residentIdentityFailures,
  windowFailure,
} from '@openvisit/contract';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildRules } from '../../platform/formRules';
import { ruleMessage } from '../../platform/validationText';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A date range as the contract sends it: from the start of the first day to the end of the last. */
export function rangeMs(range: [Dayjs | null, Dayjs | null] | null | undefined): { startDate?: number; endDate?: number } {
  return { startDate: range?.[0]?.startOf('day').valueOf(), endDate: range?.[1]?.endOf('day').valueOf() };
}

/**
 * The forms' rules, the contract's: a resident's phone and certificate number through `residentIdentityFailures`
 * (either one, a phone's format, an ID card number in full), dates through `windowFailure`, lengths as the server's.
 */
export function buildResidentRules(t: TFunction) {
  const shared = buildRules(t);
  const maxLen = (max: number): FormRule => ({
    validator: async (_r, v: unknown) => {
      if (text(v).length > max) throw new Error(t('validation.tooLong', { max }));
    },
  });
  const identity =
    (field: 'phone' | 'cardid'): FormRule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const failure = residentIdentityFailures(
          {
            phone: text(getFieldValue('phone')),
            certificateType: String(getFieldValue('certificateType') ?? 'idCard'),
            cardid: text(getFieldValue('cardid')).toUpperCase(),
            // A masked number is the one the list showed: a change keeps it (the server refuses it on an add).
          },
          true,
        ).find((f) => f.field === field);
        if (failure) throw new Error(ruleMessage(t, failure.rule, { field }));
      },
    });
  const range: FormRule = {
    validator: async (_r, v: [Dayjs | null, Dayjs | null] | null | undefined) => {
      const { startDate, endDate } = rangeMs(v);
      if (startDate === undefined || endDate === undefined) throw new Error(t('validation.required'));
      const f = windowFailure({ startDate, endDate });
      if (f) throw new Error(ruleMessage(t, f));
    },
  };
  return {
    required: shared.required,
    personName: shared.personName,
    projectName: (): FormRule[] => [...shared.required(), maxLen(PROJECT_NAME_MAX)],
    projectPhone: (): FormRule[] => [...shared.required(), ...shared.phone()],
    company: (): FormRule[] => [...shared.required(), maxLen(RESIDENT_TEXT_MAX)],
    text: (): FormRule[] => [maxLen(RESIDENT_TEXT_MAX)],
    longText: (): FormRule[] => [maxLen(RESIDENT_LONG_TEXT_MAX)],
    phone: (): FormRule[] => [identity('phone')],
    cardid: (): FormRule[] => [identity('cardid')],
    plate: (): FormRule[] => [
      maxLen(16),
      {
        validator: async (_r, v: unknown) => {
          if (!RESIDENT_PLATE_PATTERN.test(text(v))) throw new Error(t('validation.format'));
        },
      },
    ],
    range: (): FormRule[] => [range],
    project: (): FormRule[] => [{ required: true, message: t('validation.required') }],
  };
}

export function useResidentRules() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildResidentRules(t), [t, i18n.language]);
}
