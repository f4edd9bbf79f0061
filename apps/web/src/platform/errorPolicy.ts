import { type Lang, PASS_WITH_MESSAGE_STATUSES, SESSION_END_STATUSES, SILENT_STATUSES, Status, statusInfo } from '@openvisit/contract';
import type { ApiError } from './apiError';

/** How long messages stay, in seconds (spec section 8). */
export const STATUS_TOAST_SECONDS = 3;
export const HTTP_TOAST_SECONDS = 5;

/**
 * What the console does with a business status (spec section 8, DESIGN 6):
 * - 'silent': 0 and 66 pass without a word (the caller decides what to show);
 * - 'passMessage': 119, 1301, 1311 pass to the caller and their message is shown;
 * - 'signOut': 27, 28, 29 show the message, sign out and go to the sign-in screen;
 * - 'changePassword': 303 (a first password not yet changed) shows the message and goes to the password page;
 * - 'toast': everything else is an error toast for 3 s.
 */
export type StatusDisplay = 'silent' | 'passMessage' | 'toast' | 'signOut' | 'changePassword';

export function statusDisplay(status: number): StatusDisplay {
  if (SILENT_STATUSES.includes(status)) return 'silent';
  if (PASS_WITH_MESSAGE_STATUSES.includes(status)) return 'passMessage';
  if (SESSION_END_STATUSES.includes(status)) return 'signOut';
  if (status === Status.PASSWORD_CHANGE_REQUIRED) return 'changePassword';
  return 'toast';
}

export const HTTP_MESSAGE_CODES = ['400', '401', '403', '404', '405', '408', '413', '429', '500', '501', '502', '503', '504', '505'] as const;
export type HttpMessageKey = (typeof HTTP_MESSAGE_CODES)[number] | 'linkError' | 'noResponse';

/** The `http.*` key for a transport failure: listed codes have their own text, others 'link error'. */
export function httpMessageKey(http: number): HttpMessageKey {
  if (http === 0) return 'noResponse';
  const code = String(http);
  return (HTTP_MESSAGE_CODES as readonly string[]).includes(code) ? (code as HttpMessageKey) : 'linkError';
}

/**
 * The text of a business status: the catalogue's Chinese when the console is in Chinese, the server's
 * `reason` in English (each falling back to the other source, then to a generic text).
 */
export function statusText(status: number, reason: string, lang: Lang): string | null {
  const info = statusInfo(status);
  if (lang === 'zh') return info?.zh ?? null;
  return reason || info?.en || null;
}

export type ErrorPlan =
  | { kind: 'none' }
  | { kind: 'message'; level: 'error' | 'warning'; seconds: number; text: MessageText }
  | { kind: 'signOut' | 'changePassword'; seconds: number; text: MessageText };

/** Either ready text, or an i18n key with its values, resolved by whoever shows it. */
export type MessageText =
  | { text: string }
  | { key: `http.${HttpMessageKey}` }
  | { key: 'errors.unknown'; code: number }
  | { key: 'errors.sessionEnded' };

function statusMessage(err: Pick<ApiError, 'status' | 'reason'>, lang: Lang): MessageText {
  const text = statusText(err.status, err.reason, lang);
  return text ? { text } : { key: 'errors.unknown', code: err.status };
}

/** The whole policy as data: what to show for an error, for how long, and whether the session ends. */
export function planErrorDisplay(err: Pick<ApiError, 'status' | 'reason' | 'http'>, lang: Lang): ErrorPlan {
  if (err.http !== undefined)
    return { kind: 'message', level: 'error', seconds: HTTP_TOAST_SECONDS, text: { key: `http.${httpMessageKey(err.http)}` } };
  switch (statusDisplay(err.status)) {
    case 'silent':
      return { kind: 'none' };
    case 'passMessage':
      return { kind: 'message', level: 'warning', seconds: STATUS_TOAST_SECONDS, text: statusMessage(err, lang) };
    case 'signOut': {
      const text = statusText(err.status, err.reason, lang);
      return { kind: 'signOut', seconds: STATUS_TOAST_SECONDS, text: text ? { text } : { key: 'errors.sessionEnded' } };
    }
    case 'changePassword':
      return { kind: 'changePassword', seconds: STATUS_TOAST_SECONDS, text: statusMessage(err, lang) };
    default:
      return { kind: 'message', level: 'error', seconds: STATUS_TOAST_SECONDS, text: statusMessage(err, lang) };
  }
}

/**
 * Whether `silent` (true, or a list of statuses) suppresses the display of this error. A session end or a required
 * password change is never suppressed: every screen would fail until the user is moved.
 */
export function isSuppressed(err: Pick<ApiError, 'status' | 'http'>, silent: boolean | readonly number[] | undefined): boolean {
  const display = statusDisplay(err.status);
  if ((display === 'signOut' || display === 'changePassword') && err.http === undefined) return false;
  if (silent === true) return true;
  if (!silent) return false;
  return err.http === undefined && silent.includes(err.status);
}
