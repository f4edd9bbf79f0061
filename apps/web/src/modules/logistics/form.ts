import {
  checkPersonId,
  checkPlateIn,
  isMainland,
  isMaskedIdNumber,
  LOGISTICS_FIELD_GROUPS,
  type LogisticsBooking,
  type LogisticsField,
  type LogisticsFieldGroup,
  type LogisticsType,
  Status,
} from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomFieldValue, customFieldControls, customFieldText } from '../../core/customFields/public';
import { ApiError } from '../../platform/apiError';
import { DAY_FORMAT } from '../../platform/format';
import { buildRules } from '../../platform/formRules';
import { displayError } from '../../platform/notify';
import { ruleMessage } from '../../platform/validationText';
import type { BookingBody } from './api';

type ExtendValues = Record<string, CustomFieldValue>;

/** A booking as its form holds it: the loading window one range, dates as days, the type's fields by group. */
export interface BookingValues {
  logType?: number;
  companyId?: number | null;
  companyPhone: string;
  sname: string;
  smobile: string;
  scardId: string;
  dname: string;
  dmobile: string;
  dcardId: string;
  plateNum: string;
  goods: string;
  load: [Dayjs | null, Dayjs | null] | null;
  appointmentDate: Dayjs | null;
  memberInfo: { name: string; phone: string }[];
  /** Keys of uploaded photos. */
  photoInfo: string[];
  remark: string;
  driverExtend: ExtendValues;
  vehicleExtend: ExtendValues;
  goodsExtend: ExtendValues;
  logExtend: ExtendValues;
}

const ms = (v: number | null) => (v === null ? null : dayjs(v));

/** A booking as its form holds it; `type` (the booking's) turns its date fields' days into the picker's values. */
export function bookingValues(b: LogisticsBooking | null, type?: Pick<LogisticsType, LogisticsFieldGroup>): BookingValues {
  const extend = (g: LogisticsFieldGroup): ExtendValues => customFieldControls(type?.[g] ?? [], b?.[g]);
  return {
    logType: b?.logType ?? undefined,
    companyId: b?.companyId ?? undefined,
    companyPhone: b?.companyPhone ?? '',
    sname: b?.sname ?? '',
    smobile: b?.smobile ?? '',
    scardId: b?.scardId ?? '',
    dname: b?.dname ?? '',
    dmobile: b?.dmobile ?? '',
    dcardId: b?.dcardId ?? '',
    plateNum: b?.plateNum ?? '',
    goods: b?.goods ?? '',
    load: b?.loadStart != null || b?.loadEnd != null ? [ms(b?.loadStart ?? null), ms(b?.loadEnd ?? null)] : null,
    appointmentDate: b ? dayjs(b.appointmentDate) : dayjs(),
    memberInfo: b?.memberInfo ?? [],
    photoInfo: b?.photoInfo ?? [],
    remark: b?.remark ?? '',
    driverExtend: extend('driverExtend'),
    vehicleExtend: extend('vehicleExtend'),
    goodsExtend: extend('goodsExtend'),
    logExtend: extend('logExtend'),
  };
}

/** The values of one group the type shows, as the call takes them: text trimmed, dates as days, blanks left out. */
function extendBody(fields: readonly LogisticsField[], values: ExtendValues | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (!f.shown) continue;
    const s = customFieldText(values?.[f.fieldName]);
    if (s) out[f.fieldName] = s;
  }
  return out;
}

const trim = (s: string | undefined) => (s ?? '').trim();

/** The call's input of a checked form. */
export function bookingBody(v: BookingValues, type: Pick<LogisticsType, LogisticsFieldGroup> | undefined): BookingBody {
  const groups = Object.fromEntries(LOGISTICS_FIELD_GROUPS.map((g) => [g, extendBody(type?.[g] ?? [], v[g])])) as Record<
    LogisticsFieldGroup,
    Record<string, string>
  >;
  return {
    logType: v.logType ?? 0,
    companyId: v.companyId ?? null,
    companyPhone: trim(v.companyPhone),
    sname: trim(v.sname),
    smobile: trim(v.smobile),
    scardId: trim(v.scardId).toUpperCase(),
    dname: trim(v.dname),
    dmobile: trim(v.dmobile),
    dcardId: trim(v.dcardId).toUpperCase(),
    plateNum: trim(v.plateNum),
    goods: trim(v.goods),
    loadStart: v.load?.[0]?.valueOf() ?? null,
    loadEnd: v.load?.[1]?.valueOf() ?? null,
    appointmentDate: (v.appointmentDate ?? dayjs()).format(DAY_FORMAT),
    memberInfo: (v.memberInfo ?? []).map((m) => ({ name: trim(m.name), phone: trim(m.phone) })).filter((m) => m.name),
    photoInfo: v.photoInfo ?? [],
    remark: trim(v.remark),
    ...groups,
  };
}

/**
 * The form's rules, the contract's checks: names and phones, ID numbers and plates by the company's country (as the
 * server checks them), the window and the day.
 */
export function buildBookingRules(t: TFunction, country: string | undefined) {
  const shared = buildRules(t);
  const check =
    (fn: (s: string) => string | null, optional = false): FormRule =>
    () => ({
      required: !optional,
      validator: async (_r, value: unknown) => {
        const s = typeof value === 'string' ? value.trim() : '';
        if (optional && s === '') return;
        const failure = fn(s);
        if (failure) throw new Error(ruleMessage(t, failure));
      },
    });
  return {
    required: (): FormRule[] => [{ required: true, message: t('validation.required') }],
    personName: shared.personName,
    phone: shared.phone,
    optionalPhone: () => shared.phone({ optional: true }),
    // A masked number is the one the list showed: a change keeps it (the server refuses it on a booking).
    idNumber: (): FormRule[] => [check((s) => (isMaskedIdNumber(s) ? null : checkPersonId(country, s)))],
    optionalIdNumber: (): FormRule[] => [check((s) => (isMaskedIdNumber(s) ? null : checkPersonId(country, s)), true)],
    plate: (): FormRule[] => [check((s) => checkPlateIn(country, s))],
    /** The plate's and ID number's help: the mainland's forms, or those of anywhere else. */
    plateHelp: isMainland(country) ? t('logistics.form.plateHelp') : t('logistics.form.plateHelpAbroad'),
    idHelp: isMainland(country) ? undefined : t('logistics.form.idHelpAbroad'),
    idMax: isMainland(country) ? 18 : 32,
    day: (): FormRule[] => [
      {
        validator: async (_r, v: Dayjs | null | undefined) => {
          if (!v) throw new Error(t('validation.required'));
          if (v.isBefore(dayjs(), 'day')) throw new Error(t('logistics.form.past'));
        },
      },
    ],
    load: (): FormRule[] => [
      {
        validator: async (_r, v: [Dayjs | null, Dayjs | null] | null | undefined) => {
          if (v?.[0] && v[1] && !v[1].isAfter(v[0])) throw new Error(t('validation.beforeStart'));
        },
      },
    ],
    text: (max: number): FormRule[] => [{ max, whitespace: false, message: t('validation.tooLong', { max }) }],
  };
}

export function useBookingRules(country: string | undefined) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes
  return useMemo(() => buildBookingRules(t, country), [t, i18n.language, country]);
}

/** A server field name as the form's name path: the window is one range, a group's field sits under its group. */
export function formPath(field: string): (string | number)[] {
  if (field === 'loadStart' || field === 'loadEnd') return ['load'];
  return field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Field failures of a refused booking on their fields ('past' worded for the day); anything else to the global policy. */
export function placeBookingErrors(form: FormInstance<BookingValues>, err: unknown, t: TFunction): void {
  if (!(err instanceof ApiError)) return;
  if (err.status === Status.BAD_PARAMS && err.http === undefined && err.fieldErrors.length) {
    form.setFields(
      err.fieldErrors.map(({ field, rule }) => ({
        name: formPath(field) as never,
        errors: [rule === 'past' ? t('logistics.form.past') : ruleMessage(t, rule, { field: field.endsWith('mobile') ? 'phone' : field })],
      })),
    );
    return;
  }
  displayError(err);
}
