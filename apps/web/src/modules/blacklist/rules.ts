import { CREDENTIAL_MAX, CREDENTIAL_PATTERN, checkBirthDate, checkIdNumber, isMaskedIdNumber, LISTED_REMARK_MAX, Status } from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/apiError';
import { DAY_FORMAT } from '../../platform/format';
import { buildRules } from '../../platform/formRules';
import { FIELD_MAX, ruleMessage } from '../../platform/validationText';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** In an edit, a number may stand masked as the entry showed it (the server keeps the one held under that mask). */
const CREDENTIAL_OR_MASK = /^[A-Za-z0-9*]*$/;

/** The end of a chosen expiry day: the entry matches through that whole day. */
export const expiryOf = (day: Dayjs): number => day.endOf('day').valueOf();

/** Days a date of birth cannot be (after today). */
export const afterToday = (d: Dayjs): boolean => d.isAfter(dayjs(), 'day');
/** Days an expiry cannot be (before today). */
export const beforeToday = (d: Dayjs): boolean => d.isBefore(dayjs(), 'day');

/**
 * The entry dialog's rules, the same as the server's (`addBlacklist` / `updateBlacklist` input): a name, the only
 * thing required; aliases as names; phones by the contract's phone validator; certificate numbers of letters and
 * digits, 18 characters checked as a mainland ID card; a date of birth not in the future; an expiry not past.
 * `held`: in an edit, the masked numbers the entry showed, which may be sent back as they are (and no other mask).
 */
export function buildListRules(t: TFunction, held: readonly string[] | null = null) {
  const shared = buildRules(t);
  const credential = (required: boolean): FormRule[] => [
    {
      required,
      validator: async (_r, v: unknown) => {
        const s = text(v);
        if (s === '') {
          if (required) throw new Error(t('validation.required'));
          return;
        }
        if (s.length > CREDENTIAL_MAX) throw new Error(t('validation.tooLong', { max: CREDENTIAL_MAX }));
        if (held && isMaskedIdNumber(s)) {
          if (!CREDENTIAL_OR_MASK.test(s) || !held.includes(s)) throw new Error(t('blacklist.rules.masked'));
          return;
        }
        if (!CREDENTIAL_PATTERN.test(s)) throw new Error(t('blacklist.credentialFormat'));
        const id = s.length === 18 ? checkIdNumber(s) : null;
        if (id) throw new Error(ruleMessage(t, id));
      },
    },
  ];
  return {
    name: shared.personName,
    /** An alias row: a name (an empty row is removed with its button, not sent). */
    alias: (): FormRule[] => shared.personName(),
    phone: (): FormRule[] => shared.phone({ optional: true }),
    /** A phone row beside the first phone: filled in. */
    morePhone: (): FormRule[] => shared.phone(),
    credentialNo: (): FormRule[] => credential(false),
    moreCredentialNo: (): FormRule[] => credential(true),
    birthDate: (): FormRule[] => [
      {
        validator: async (_r, v: Dayjs | null | undefined) => {
          const failure = v ? checkBirthDate(v.format(DAY_FORMAT)) : null;
          if (failure) throw new Error(ruleMessage(t, failure));
        },
      },
    ],
    expireTime: (): FormRule[] => [
      {
        validator: async (_r, v: Dayjs | null | undefined) => {
          if (v && expiryOf(v) <= Date.now()) throw new Error(t('blacklist.rules.past'));
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

export function useListRules(held: readonly string[] | null = null) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildListRules(t, held), [t, i18n.language, held]);
}

/** A wire field as the form names it: `credentialNos.0` is row 0 of the form's list. */
export function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The text of a server field failure: the list's own rules ('masked', 'past', a number's format), else the shared ones. */
export function listedRuleText(t: TFunction, field: string, rule: string): string {
  const base = field.split('.')[0] ?? field;
  if (rule === 'masked') return t('blacklist.rules.masked');
  if (rule === 'past') return t('blacklist.rules.past');
  if (rule === 'format' && (base === 'credentialNo' || base === 'credentialNos')) return t('blacklist.credentialFormat');
  const named = base === 'phones' ? 'phone' : base;
  return ruleMessage(t, rule, { max: base === 'remark' ? LISTED_REMARK_MAX : FIELD_MAX[named], field: named });
}

/**
 * Puts the field failures of a 400 on the form's fields, rows of its lists included (`credentialNos.1`); a failure on a
 * field the form has not is left out. Answers whether any landed.
 */
export function placeListedErrors(form: FormInstance, err: unknown, t: TFunction): boolean {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.BAD_PARAMS) return false;
  const placed = err.fieldErrors.flatMap((e) => {
    const name = fieldPath(e.field);
    if (form.getFieldValue(name) === undefined) return [];
    return [{ name, errors: [listedRuleText(t, e.field, e.rule)] }];
  });
  if (placed.length) form.setFields(placed);
  return placed.length > 0;
}
