import { Status } from '@openvisit/contract';
import type { FormInstance } from 'antd';
import { ApiError } from './apiError';
import { i18n } from './i18n';
import { displayError } from './notify';
import { FIELD_MAX, ruleMessage } from './validationText';

/**
 * Puts the field failures of a BAD_PARAMS answer (`result.errors: [{field, rule}]`) on the form's
 * fields, translated through `validation.<rule>`. `fieldMap` renames server fields to form fields.
 * Answers true when at least one failure landed on a field of the form.
 */
export function applyFieldErrors(form: FormInstance, err: unknown, fieldMap: Readonly<Record<string, string>> = {}): boolean {
  if (!(err instanceof ApiError) || err.status !== Status.BAD_PARAMS || err.http !== undefined) return false;
  const registered = new Set(Object.keys(form.getFieldsValue()));
  const byField = new Map<string, string[]>();
  for (const { field, rule } of err.fieldErrors) {
    const name = fieldMap[field] ?? field;
    if (!registered.has(name)) continue;
    const list = byField.get(name) ?? [];
    list.push(ruleMessage(i18n.t, rule, { max: FIELD_MAX[field], field }));
    byField.set(name, list);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return true;
}

/** For calls made with `silent: 'form'`: field errors go on the form, anything else to the global policy. */
export function handleFormError(form: FormInstance, err: unknown, fieldMap?: Readonly<Record<string, string>>): void {
  if (applyFieldErrors(form, err, fieldMap)) return;
  if (err instanceof ApiError) displayError(err);
}
