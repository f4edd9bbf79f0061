import { Status } from '@openvisit/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../platform/apiError';
import { i18n } from '../../platform/i18n';
import { displayError } from '../../platform/notify';
import { ruleMessage } from '../../platform/validationText';

/** The words for a rule of the bank (`questionnaires.rules.<rule>`: moreThanQuestions, aboveTotal…), else the console's. */
export function bankRuleText(t: TFunction, rule: string, field?: string): string {
  const key = `questionnaires.rules.${rule}`;
  return i18n.exists(key) ? t(key as 'questionnaires.rules.required') : ruleMessage(t, rule, { field });
}

/** 'options.1.zh' → ['options', 1, 'zh'] (the form's name path of a server field). */
const namePath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Puts a refusal of a bank form's call on its fields: a 400's field errors, and the statuses `statusFields` names
 * (3 a title taken, 104 a visitor type gone). Answers the messages that belong to no field of the form (shown as the
 * form's notice), or null when the refusal is not the form's (then the error policy has shown it).
 */
export function applyBankErrors(
  form: FormInstance,
  err: unknown,
  t: TFunction,
  statusFields: Readonly<Record<number, { field: string; text: string }>> = {},
): string[] | null {
  if (!(err instanceof ApiError) || err.isTransport) {
    if (err instanceof ApiError) displayError(err);
    return null;
  }
  const own = statusFields[err.status];
  if (own) {
    form.setFields([{ name: own.field, errors: [own.text] }]);
    return [];
  }
  if (err.status !== Status.BAD_PARAMS) {
    displayError(err);
    return null;
  }
  const registered = new Set(Object.keys(form.getFieldsValue()));
  const notices: string[] = [];
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const { field, rule } of err.fieldErrors) {
    const name = namePath(field);
    // Two options alike is worded as such (the contract's rule is the general 'duplicate').
    const text = bankRuleText(t, rule === 'duplicate' && name[0] === 'options' ? 'duplicateOption' : rule, String(name.at(-1)));
    if (!registered.has(String(name[0]))) {
      notices.push(text);
      continue;
    }
    const entry = byField.get(field) ?? { name, errors: [] };
    entry.errors.push(text);
    byField.set(field, entry);
  }
  form.setFields([...byField.values()]);
  if (byField.size === 0 && notices.length === 0) notices.push(err.reason);
  return notices;
}
