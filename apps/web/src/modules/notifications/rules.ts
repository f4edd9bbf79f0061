import { type FieldError, type NotifyFieldFailure, Status } from '@openvisit/contract';
import type { FormInstance, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/apiError';
import { displayError } from '../../platform/notify';

/** The message of a notification-settings failure on `field` (a contract check's key or a cross-field rule). */
export function useNotifyRuleText() {
  const { t } = useTranslation();
  return (rule: string, field = ''): string => {
    // The server's "required" comes from the switched-on channel's rules.
    if (rule === 'required') return t('notifications.notice.rules.requiredOn');
    if (rule === 'tooLong' || rule === 'range') return t(`notifications.notice.rules.${rule}`);
    if (field === 'endpoint') return t('notifications.notice.rules.endpoint');
    if (field === 'smtp') return t('notifications.notice.rules.host');
    if (field === 'sender' || field === 'to') return t('notifications.notice.rules.email');
    return t('notifications.notice.rules.format');
  };
}

/** A rule from a contract check; empty is refused only when `needed()` says so (a switched-on channel). */
export function checkedRule(
  check: (v: string) => NotifyFieldFailure | null,
  needed: () => boolean,
  text: (rule: string, field?: string) => string,
  field: string,
): FormRule {
  return {
    validator: async (_r, value: unknown) => {
      const v = value == null ? '' : String(value).trim();
      const failure = v === '' ? (needed() ? 'required' : null) : check(v);
      if (failure) throw new Error(text(failure, field));
    },
  };
}

/** Puts a 400's field errors on the form; answers whether any landed (else the error goes to the error policy). */
export function showConfError(form: FormInstance, err: unknown, text: (rule: string, field?: string) => string): void {
  if (err instanceof ApiError && !err.isTransport && err.status === Status.BAD_PARAMS) {
    const names = new Set(Object.keys(form.getFieldsValue()));
    const mine = (err.fieldErrors as FieldError[]).filter((e) => names.has(e.field));
    if (mine.length) {
      form.setFields(mine.map((e) => ({ name: e.field, errors: [text(e.rule, e.field)] })));
      return;
    }
  }
  if (err instanceof ApiError) displayError(err);
}
