import { followSharedSession, joinSharedSession, SHARED_SESSION_KEY } from './session';
import { currentPath, signInUrl } from './signinUrl';

/** What a tab does when the shared session changes under it: full page loads, so no former account's data stays. */
export interface TabActions {
  assign: (url: string) => void;
  reload: () => void;
}

const browserActions: TabActions = {
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
};

/** Follows the shared session once: signed out elsewhere → sign-in (back here afterwards); another account → reload. */
export function applySharedSession(actions: TabActions = browserActions): void {
  const { change, before } = followSharedSession();
  if (change === 'signedOut') {
    const path = currentPath();
    actions.assign(signInUrl(path.startsWith('/signin') ? null : path, before.role, before.project?.sType));
  } else if (change === 'switched') actions.reload();
}

/**
 * A console tab joins the session its browser's tabs share and follows it from then on (issue 35): another tab's
 * sign-in, sign-out or session end (27/28/29 sign out there) reaches this one through the storage event; a page
 * restored from the back-forward cache missed those events and looks again. Returns the unsubscribe.
 */
export function shareSessionAcrossTabs(actions: TabActions = browserActions): () => void {
  joinSharedSession();
  return followOtherTabs(actions);
}

/**
 * The following half alone, for a tab that joined already (main.tsx loads this file after the first screen's code, so
 * it stays out of the sign-in page's download): what changed between the joining and now is caught up at once.
 */
export function followOtherTabs(actions: TabActions = browserActions): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.storageArea === localStorage && (e.key === null || e.key === SHARED_SESSION_KEY)) applySharedSession(actions);
  };
  const onShow = (e: PageTransitionEvent) => {
    if (e.persisted) applySharedSession(actions);
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('pageshow', onShow);
  applySharedSession(actions);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pageshow', onShow);
  };
}
