import {
  type CallDef,
  checkDeviceCode,
  checkDeviceIp,
  checkDeviceName,
  DEVICE_CODE_MAX,
  DEVICE_NAME_MAX,
  driverNeeds,
  statusField,
  statusInfo,
} from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../platform/apiError';
import { handleFormError } from '../../platform/fieldErrors';
import { currentLang, i18n } from '../../platform/i18n';
import { ruleMessage } from '../../platform/validationText';

/**
 * A refused save: field errors (400) and the call's field statuses (70–73, 731: a name or identifier taken) go on
 * the field the contract names, anything else to the error policy.
 */
export function showSaveError(form: FormInstance, call: CallDef, err: unknown): void {
  if (err instanceof ApiError && !err.isTransport) {
    const field = statusField(call, err.status);
    if (typeof field === 'string') {
      form.setFields([{ name: field, errors: [statusInfo(err.status)?.[currentLang()] ?? err.reason] }]);
      return;
    }
  }
  handleFormError(form, err);
  // The kind a driver does not take has its own words (the generic rule text would say nothing useful).
  if (err instanceof ApiError && err.fieldErrors.some((e) => e.field === 'eType' && e.rule === 'unsupported'))
    form.setFields([{ name: 'eType', errors: [i18n.t('devices.drivers.kindUnsupported')] }]);
}

function rule(t: TFunction, check: (s: string) => string | null, max: number, required: boolean): FormRule {
  return {
    required,
    validator: async (_r, value: unknown) => {
      const failure = check(typeof value === 'string' ? value : '');
      if (failure) throw new Error(ruleMessage(t, failure, { max }));
    },
  };
}

/** The contract's checks of device fields as antd rules, so the form refuses as the server does. */
export function deviceRules(t: TFunction) {
  return {
    name: [rule(t, checkDeviceName, DEVICE_NAME_MAX, true)],
    code: [rule(t, (s) => checkDeviceCode(s), DEVICE_CODE_MAX, true)],
    optionalCode: [rule(t, (s) => checkDeviceCode(s, true), DEVICE_CODE_MAX, false)],
    ip: [rule(t, checkDeviceIp, 45, false)],
  };
}

type DriverCheck = ReturnType<typeof driverNeeds>;
export type DriverValues = Parameters<DriverCheck>[0];

/** The contract's driver rules (driverNeeds) on these values: the failure ('required', 'unsupported') of one field. */
export function driverIssue(values: DriverValues, adding: boolean, field: string): string | null {
  const found: string[] = [];
  const ctx = {
    addIssue: (issue: { message?: string; path?: PropertyKey[] }) => {
      if (issue.path?.[0] === field) found.push(issue.message ?? 'custom');
    },
  };
  driverNeeds(adding)(values, ctx as unknown as Parameters<DriverCheck>[1]);
  return found[0] ?? null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * An antd rule checking one field with the driver rules against the form's current values, so the form refuses as the
 * server does (the field must list the fields it reads in `dependencies`: driver, eType, deviceIp, driverUser).
 */
export function driverRule(t: TFunction, field: 'eType' | 'deviceIp' | 'driverUser' | 'driverPassword', adding: boolean): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const password = getFieldValue('driverPassword') as unknown;
      const values: DriverValues = {
        driver: (getFieldValue('driver') as DriverValues['driver'] | undefined) ?? 'openvisit',
        eType: str(getFieldValue('eType')),
        deviceIp: str(getFieldValue('deviceIp')),
        driverUser: str(getFieldValue('driverUser')),
        driverPassword: typeof password === 'string' && password !== '' ? password : undefined,
      };
      const failure = driverIssue(values, adding, field);
      if (failure) throw new Error(failure === 'unsupported' ? t('devices.drivers.kindUnsupported') : ruleMessage(t, failure));
    },
  });
}
