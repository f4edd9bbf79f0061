import type { ConsoleRole } from './session';

/** `/signin?redirect=<path>&role=<role>&sType=<sType>` — where an unauthenticated visit is sent (spec section 2). */
export function signInUrl(redirect: string | null, role: ConsoleRole | null, sType?: number | null): string {
  const q = new URLSearchParams();
  if (redirect) q.set('redirect', redirect);
  if (role) q.set('role', role);
  if (sType !== undefined && sType !== null) q.set('sType', String(sType));
  const s = q.toString();
  return s ? `/signin?${s}` : '/signin';
}

/** The password page: where a sign-in with a first password lands, and where a 303 answer sends the user. */
export const PASSWORD_CHANGE_PATH = '/update';

/** Path, query and hash of the page being shown. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search + window.location.hash;
}
