import type { CallOutput, LoginResult, superAccountEnterCompany } from '@openvisit/contract';
import { getSession, rejoinSharedSession, type SessionRecord, saveLogin, tabSessionRecord } from '../../platform/session';

/**
 * A super account's read-only look into one of its companies is a second session in this tab only: the company's
 * administrator console, while the super account's other tabs stay its own. The super account's session waits in
 * session storage under this key, so going back needs no new sign-in; signing out (which clears session storage)
 * forgets it too, and the super account's signing out in another tab ends the look as well.
 */
export const SUPER_STASH_KEY = 'openvisit.superSession';

type Entered = CallOutput<typeof superAccountEnterCompany>;

/** Keeps the super account's session aside and makes the read-only one this tab's session. */
export function startReadOnly(entered: Entered): void {
  sessionStorage.setItem(SUPER_STASH_KEY, JSON.stringify(tabSessionRecord()));
  saveLogin(entered as LoginResult & Entered, 'manager', { tabOnly: true });
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
  rejoinSharedSession(JSON.parse(raw) as SessionRecord);
  return true;
}
