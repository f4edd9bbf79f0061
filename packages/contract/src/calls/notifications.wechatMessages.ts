import { z } from 'zod';
import type { FieldError } from '../call.js';

/**
 * WeChat official-account template messages (the platform's `message/template/send`): employees who follow the
 * company's official account get their notices as template messages at their openid (kept as the employee's `wechat`
 * link beside the DingTalk and RTX ones). Each kind of notice names its template; a kind without one goes out by the
 * `notice` template.
 */
export const WX_KINDS = ['arrival', 'approval', 'appointment', 'notice'] as const;
export type WxKind = (typeof WX_KINDS)[number];
export const zWxKind = z.enum(WX_KINDS);

/**
 * Each kind's values, in this order: they fill the template's `keyword1`, `keyword2`… (the template library's classic
 * fields), with the notice's subject as `first` and its text as `remark`.
 */
export const WX_KIND_PARAMS = {
  arrival: ['visitor', 'company', 'time', 'gate'],
  approval: ['visitor', 'company', 'time'],
  appointment: ['visitor', 'company', 'time'],
  notice: ['content'],
} as const satisfies Record<WxKind, readonly string[]>;

/** What a notice fills its WeChat template with; `link` (when given) is the message's `url`. */
export interface WxTemplate {
  kind: WxKind;
  params: Record<string, string>;
  link?: string;
}

export type WxTemplates = Record<WxKind, string>;
export const EMPTY_WX_TEMPLATES: WxTemplates = { arrival: '', approval: '', appointment: '', notice: '' };
export const zWxTemplates = z.object({ arrival: z.string(), approval: z.string(), appointment: z.string(), notice: z.string() });

/** A template id as the platform shows it: letters, digits, '_' and '-'. */
export const checkWxTemplateId = (s: string): 'format' | null => (/^[A-Za-z0-9_-]{1,64}$/.test(s.trim()) ? null : 'format');
/** An official account's AppID: `wx` and 16 hex digits. */
export const checkWxAppId = (s: string): 'format' | null => (/^wx[0-9a-f]{16}$/.test(s.trim()) ? null : 'format');
/** An openid: what the platform gives per follower (28 characters today; letters, digits, '_' and '-'). */
export const checkOpenid = (s: string): 'format' | null => (/^[A-Za-z0-9_-]{6,64}$/.test(s.trim()) ? null : 'format');

/** A test message's outcome, for the form to word in the reader's language. */
export const WX_TEST_PROBLEMS = ['refused', 'unreachable', 'secret', 'noTemplate', 'noOpenid'] as const;
export const wxTestResult = z.object({
  sent: z.boolean(),
  /** refused: the platform said no (its errcode and errmsg); noOpenid: the chosen employee has none. */
  problem: z.enum(WX_TEST_PROBLEMS).nullable(),
  /** The platform's errcode (e.g. 43004 not a follower, 40037 invalid template_id). */
  code: z.string(),
  /** The platform's errmsg. */
  detail: z.string(),
});
export type WxTestResult = z.infer<typeof wxTestResult>;

export const wxConf = z.object({
  wxNotify: z.union([z.literal(0), z.literal(1)]),
  /** The official account's AppID (the AppSecret beside it is write-only). */
  appId: z.string(),
  /** The template id per kind of notice (wechat.ts). */
  templates: zWxTemplates,
  hasSecret: z.boolean(),
});
export type WxConf = z.infer<typeof wxConf>;
export const DEFAULT_WX_CONF: WxConf = { wxNotify: 0, appId: '', templates: EMPTY_WX_TEMPLATES, hasSecret: false };

/** What the platform needs: the AppID, its secret and the `notice` template (other kinds fall back to it). */
export function wxVendorErrors(next: Omit<WxConf, 'wxNotify'>): FieldError[] {
  const errors: FieldError[] = [];
  if (!next.appId) errors.push({ field: 'appId', rule: 'required' });
  if (!next.hasSecret) errors.push({ field: 'appSecret', rule: 'required' });
  if (!next.templates.notice) errors.push({ field: 'templates.notice', rule: 'required' });
  return errors;
}

export function wxConfigErrors(next: WxConf): FieldError[] {
  return next.wxNotify === 1 ? wxVendorErrors(next) : [];
}
