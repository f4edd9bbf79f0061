import type { PostLoginInput } from '../platform/landing';
import type { Features, SType } from '../platform/routes';
import { type ConsoleRole, getSession, grantsOf } from '../platform/session';
import { PASSWORD_CHANGE_PATH } from '../platform/signinUrl';
import { AREAS, areaOfRole } from './routes/areas';
import { areaHome, areaOfPath, type Grants } from './routes/derive';

const ORIGIN = 'http://openvisit.invalid';
/** Screens a redirect must never lead back to. */
const NO_RETURN = ['/signin', '/signup', '/active', '/forgot', '/reset', '/update', '/guide'];

/**
 * A `redirect` value we may follow: a same-origin absolute path ('/x'), never '//host', '/\host',
 * a scheme ('https:', 'javascript:'), control characters, or a sign-in/recovery screen.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (NO_RETURN.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return url.pathname + url.search + url.hash;
}

/** The home of a role: the first screen of its area's table it may open (for the signed-in sub-type by default). */
export function homePath(
  role: ConsoleRole,
  features?: Features,
  sType: SType = getSession().project?.sType,
  grants: Grants = grantsOf(getSession().project),
): string {
  return areaHome(areaOfRole(role), features, sType, grants);
}

/**
 * Where a successful sign-in goes (spec section 2): a forced password change first, then the
 * administrator's onboarding wizard, then the saved redirect when it is safe and inside the role's
 * own area, else the role's home (first screen of its area).
 */
export function postLoginPath({ result, role, redirect, features }: PostLoginInput): string {
  if (result.mustChangePassword) return PASSWORD_CHANGE_PATH;
  if (role === 'manager' && result.guidePending) return '/guide';
  const back = safeRedirect(redirect);
  if (back) {
    const pathname = new URL(back, ORIGIN).pathname;
    if (areaOfPath(pathname, AREAS)?.role === role) return back;
  }
  return homePath(role, features, result.sType, grantsOf(result));
}
