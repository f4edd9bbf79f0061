import {
  type CallDef,
  checkDeviceCode,
  checkDeviceIp,
  checkDeviceName,
  DEVICE_CODE_MAX,
  DEVICE_NAME_MAX,
  statusField,
  statusInfo,
} from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../platform/apiError';
import { handleFormError } from '../../platform/fieldErrors';
import { currentLang } from '../../platform/i18n';
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
