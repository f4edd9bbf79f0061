import { CODE_PATTERN, DEPT_NAME_MAX, DEPT_NO_MAX, WORK_NUMBER_MAX } from '@openvisit/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The contract's limits for the employee and department fields the shared validators do not cover (zod `max`, `format`). */
export function buildPeopleRules(t: TFunction) {
  const maxLength = (max: number): FormRule[] => [
    {
      validator: async (_r, v: unknown) => {
        if (text(v).length > max) throw new Error(t('validation.tooLong', { max }));
      },
    },
  ];
  /** A work or department number: optional unless `required`, letters, digits and _ . -. */
  const code = (max: number, required = false): FormRule[] => [
    {
      required,
      validator: async (_r, v: unknown) => {
        const s = text(v);
        if (required && s === '') throw new Error(t('validation.required'));
        if (s.length > max) throw new Error(t('validation.tooLong', { max }));
        if (!CODE_PATTERN.test(s)) throw new Error(t('employees.codeFormat'));
      },
    },
  ];
  return {
    maxLength,
    workNumber: (required = false) => code(WORK_NUMBER_MAX, required),
    deptNumber: () => code(DEPT_NO_MAX),
    deptName: (): FormRule[] => [
      {
        required: true,
        validator: async (_r, v: unknown) => {
          const s = text(v);
          if (s === '') throw new Error(t('validation.required'));
          if (s.length > DEPT_NAME_MAX) throw new Error(t('validation.tooLong', { max: DEPT_NAME_MAX }));
        },
      },
    ],
  };
}

export function usePeopleRules() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildPeopleRules(t), [t, i18n.language]);
}
