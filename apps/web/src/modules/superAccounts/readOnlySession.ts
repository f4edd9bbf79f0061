import type { CallOutput, LoginResult, superAccountEnterCompany } from '@openvisit/contract';
import { getSession, SESSION_KEYS, saveLogin } from '../../platform/session';

/**
 * A super account's read-only look into one of its companies is a second session in this tab: the company's
 * administrator console. The super account's own session waits in session storage under this key, so going back
 * needs no new sign-in; signing out (which clears session storage) forgets it too.
 */
export const SUPER_STASH_KEY = 'openvisit.superSession';

type Entered = CallOutput<typeof superAccountEnterCompany>;
const STASHED = [SESSION_KEYS.token, SESSION_KEYS.role, SESSION_KEYS.loginAccount, SESSION_KEYS.project] as const;

/** Keeps the super account's session aside and makes the read-only one this tab's session. */
export function startReadOnly(entered: Entered): void {
  const stash = Object.fromEntries(STASHED.map((k) => [k, sessionStorage.getItem(k)]));
  sessionStorage.setItem(SUPER_STASH_KEY, JSON.stringify(stash));
  saveLogin(entered as LoginResult & Entered, 'manager');
}

/** The company looked into, when this tab's session is a read-only one; else null. */
export function readOnlyCompany(): string | null {
  const project = getSession().project as (LoginResult & { readOnly?: boolean }) | null;
  return project?.readOnly ? project.company : null;
}

/** Puts the super account's session back (the read-only one has been ended); false when none was kept. */
export function restoreSuper(): boolean {
  const raw = sessionStorage.getItem(SUPER_STASH_KEY);
  if (!raw) return false;
  sessionStorage.removeItem(SUPER_STASH_KEY);
  const stash = JSON.parse(raw) as Record<string, string | null>;
  for (const k of STASHED) {
    const v = stash[k];
    if (v == null) sessionStorage.removeItem(k);
    else sessionStorage.setItem(k, v);
  }
  sessionStorage.removeItem(SESSION_KEYS.subaccountId);
  return true;
}
