import { CREDENTIAL_MAX, CREDENTIAL_PATTERN, checkIdNumber, LISTED_REMARK_MAX } from '@openvisit/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildRules } from '../../platform/formRules';
import { ruleMessage } from '../../platform/validationText';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The add dialog's rules, the same as the server's (`addBlacklist` input): a name; a phone or a certificate
 * number or both (the phone is checked by the contract's phone validator); a certificate number of letters and
 * digits, checked as a mainland ID card when it has 18 characters.
 */
export function buildListRules(t: TFunction) {
  const shared = buildRules(t);
  return {
    name: shared.personName,
    phone: (): FormRule[] => [
      ...shared.phone({ optional: true }),
      ({ getFieldValue }) => ({
        validator: async (_r, v: unknown) => {
          if (text(v) === '' && text(getFieldValue('credentialNo')) === '') throw new Error(t('validation.phoneOrId'));
        },
      }),
    ],
    credentialNo: (): FormRule[] => [
      {
        validator: async (_r, v: unknown) => {
          const s = text(v);
          if (s.length > CREDENTIAL_MAX) throw new Error(t('validation.tooLong', { max: CREDENTIAL_MAX }));
          if (!CREDENTIAL_PATTERN.test(s)) throw new Error(t('blacklist.credentialFormat'));
          const id = s.length === 18 ? checkIdNumber(s) : null;
          if (id) throw new Error(ruleMessage(t, id));
        },
      },
    ],
    remark: (): FormRule[] => [
      {
        validator: async (_r, v: unknown) => {
          if (text(v).length > LISTED_REMARK_MAX) throw new Error(t('validation.tooLong', { max: LISTED_REMARK_MAX }));
        },
      },
    ],
  };
}

export function useListRules() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildListRules(t), [t, i18n.language]);
}
