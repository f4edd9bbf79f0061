import type { MessageInstance } from 'antd/es/message/interface';
import type { ApiError } from './apiError';
import { type MessageText, planErrorDisplay } from './errorPolicy';
import { currentLang, i18n } from './i18n';
import { getSession, signOutLocal, updateStoredProject } from './session';
import { currentPath, PASSWORD_CHANGE_PATH, signInUrl } from './signinUrl';

/**
 * The bridge from the non-React API client to antd's message API and the router: the providers
 * register both at start-up (antd's message needs the App context to follow the theme and locale).
 */
let messageApi: MessageInstance | null = null;
let navigateTo: (to: string) => void = (to) => window.location.assign(to);
let sessionEnding = false;
let passwordChangeSent = false;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function setNavigator(fn: (to: string) => void): void {
  navigateTo = fn;
}

export function resolveMessage(m: MessageText): string {
  if ('text' in m) return m.text;
  if (m.key === 'errors.unknown') return i18n.t('errors.unknown', { code: m.code });
  return i18n.t(m.key);
}

export function showMessage(level: 'success' | 'info' | 'warning' | 'error', text: string, seconds = 3): void {
  if (messageApi) void messageApi.open({ type: level, content: text, duration: seconds });
  else if (level === 'error') console.error(text);
}

/** Signs out locally and goes to sign-in, coming back to the current page afterwards. */
export function endSession(): void {
  const { role, project } = getSession();
  const path = currentPath();
  signOutLocal();
  const back = path.startsWith('/signin') ? null : path;
  navigateTo(signInUrl(back, role, project?.sType));
}

/** Shows 303's message and opens the password page (unless already there), keeping the session. */
function sendToPasswordChange(text: string, seconds: number): void {
  // Several calls of one screen answer 303 together: one message, one move.
  if (passwordChangeSent) return;
  passwordChangeSent = true;
  showMessage('error', text, seconds);
  // The password page explains why the user is there when the stored sign-in says so.
  updateStoredProject({ mustChangePassword: true });
  if (window.location.pathname !== PASSWORD_CHANGE_PATH) navigateTo(PASSWORD_CHANGE_PATH);
  setTimeout(() => {
    passwordChangeSent = false;
  }, 1000);
}

/** Applies the display policy to an error (once). */
export function displayError(err: ApiError): void {
  if (err.displayed) return;
  err.displayed = true;
  const plan = planErrorDisplay(err, currentLang());
  if (plan.kind === 'none') return;
  if (plan.kind === 'message') {
    showMessage(plan.level, resolveMessage(plan.text), plan.seconds);
    return;
  }
  if (plan.kind === 'changePassword') {
    sendToPasswordChange(resolveMessage(plan.text), plan.seconds);
    return;
  }
  // Several calls in flight may all answer 27: show one message and redirect once.
  if (sessionEnding) return;
  sessionEnding = true;
  showMessage('error', resolveMessage(plan.text), plan.seconds);
  endSession();
  setTimeout(() => {
    sessionEnding = false;
  }, 1000);
}

/** The text the policy would show for an error, for screens that show it inline instead. */
export function errorText(err: ApiError): string {
  const plan = planErrorDisplay(err, currentLang());
  if (plan.kind === 'none') return err.reason;
  return resolveMessage(plan.text);
}
