import { ADMIN_STYPE, type LoginResult, Role } from '@openvisit/contract';
import { LANG_STORAGE_KEY } from './language';

/** Session-storage keys, exactly as the original console used them (spec section 3). */
export const TOKEN_KEY = 'X-COOLVISIT-TOKEN';
export const SESSION_KEYS = {
  token: TOKEN_KEY,
  role: 'role',
  loginAccount: 'loginAccount',
  subaccountId: 'subaccountId',
  project: 'visitor_project',
  language: 'language',
} as const;
/** localStorage key of the remembered sign-in tab and identifiers (never a password). */
export const SIGNIN_MEMORY_KEY = 'openvisit.signin';
/** localStorage key of this installation's identifier, which a kiosk reports to the device monitor. */
export const DEVICE_ID_KEY = 'openvisit.device';
/** localStorage keys that are user preferences or the device's identity, not session data: they survive sign-out. */
const KEPT_LOCAL_KEYS = [LANG_STORAGE_KEY, SIGNIN_MEMORY_KEY, DEVICE_ID_KEY] as const;

/**
 * The console areas a signed-in account lands in. Mapping from the login result:
 *
 * | login kind / result                        | console role |
 * |--------------------------------------------|--------------|
 * | Login, company administrator (sType -1)    | manager      |
 * | Login, staff sType 0 (HSE, "server type 0")| hse          |
 * | Login, staff sType 1 (server company)      | servercom    |
 * | Login, staff sType 3 or 12 (logistics)     | logic        |
 * | Login, staff sType 5 (sub-administrator)   | manager      |
 * | Login, staff sType 2, 4 and any other      | reception    |
 * | subAccountLogin (tenant company)           | subcom       |
 * | empLogin (employee)                        | emporder     |
 * | superAccountLogin (LFT_ account)           | super        |
 *
 * The original stored 'reception' for sType 0 too but routed HSE accounts to /hsehome by sType;
 * we store the area they really use, so guards and redirects need only the role. A sub-administrator shares the
 * administrator's area and table, limited to its granted modules (`grantsOf`), as a sub-company of adminType
 * other than 0 is limited within its own.
 */
export const CONSOLE_ROLES = ['manager', 'reception', 'logic', 'hse', 'servercom', 'subcom', 'emporder', 'super'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export function isConsoleRole(v: unknown): v is ConsoleRole {
  return typeof v === 'string' && (CONSOLE_ROLES as readonly string[]).includes(v);
}

export function consoleRoleOfStaff(sType: number): ConsoleRole {
  if (sType === ADMIN_STYPE || sType === Role.SUBADMIN) return 'manager';
  if (sType === Role.HSE) return 'hse';
  if (sType === Role.SERVER_COMPANY) return 'servercom';
  if (sType === Role.LOGISTICS || sType === Role.LOGISTICS_SPECIALIST) return 'logic';
  return 'reception';
}

export function consoleRoleOf(result: Pick<LoginResult, 'role' | 'sType'>): ConsoleRole {
  if (result.role === Role.SUPER) return 'super';
  if (result.role === Role.SUB_COMPANY) return 'subcom';
  if (result.role === Role.EMPLOYEE) return 'emporder';
  if (result.role === Role.ADMIN) return 'manager';
  return consoleRoleOfStaff(result.sType ?? result.role);
}

/**
 * A module-driven account's granted modules, from its login result (kept current by GetUserInfo): a sub-administrator
 * (sType 5), or a sub-company of adminType other than 0; null for every other account. The server refuses the calls
 * of other modules (610) whatever the console shows.
 */
export function grantsOf(
  project: Partial<Pick<LoginResult, 'role' | 'sType' | 'adminType' | 'modules'>> | null | undefined,
): readonly string[] | null {
  if (!project) return null;
  if (project.sType === Role.SUBADMIN) return project.modules ?? [];
  if (project.role === Role.SUB_COMPANY && (project.adminType ?? 0) !== 0) return project.modules ?? [];
  return null;
}

/** The signed-in account's grants (`grantsOf` its stored login result). */
export function sessionGrants(): readonly string[] | null {
  return grantsOf(getSession().project);
}

export interface StoredSession {
  token: string | null;
  role: ConsoleRole | null;
  loginAccount: string | null;
  subaccountId: number | null;
  /** The full login result. */
  project: LoginResult | null;
  language: string | null;
}

/**
 * The session is shared by the console's tabs of one origin (issue 35): a new tab, a bookmark or a mailed link opens
 * signed in, and signing out in one tab signs every tab out. Its one copy lives in localStorage under this key (one
 * JSON record, so another tab sees a sign-in or sign-out as one change); each tab also keeps the spec's keys in its
 * session storage (spec section 3), where the original's pages look for them and where this module reads them. The
 * token in localStorage outlives a closed browser until the server's expiry (12 or 24 hours) or a sign-out; scripts
 * can read session storage just as well, so the copy widens nothing else.
 */
export const SHARED_SESSION_KEY = 'openvisit.session';
/** Session-storage marker of a tab whose session is its own, not the shared one (a super account's read-only look). */
const TAB_ONLY_KEY = 'openvisit.tabOnly';
/** The spec keys a session consists of (the language is a preference, kept apart). */
const RECORD_KEYS = [SESSION_KEYS.token, SESSION_KEYS.role, SESSION_KEYS.loginAccount, SESSION_KEYS.subaccountId, SESSION_KEYS.project] as const;
export type SessionRecord = Partial<Record<(typeof RECORD_KEYS)[number], string>>;

/** Set by the kiosk: a device keeps its session to its tab (kiosk/main.tsx). */
let tabScoped = false;

/** Keeps this page's session to its own tab: neither shared with the console's tabs nor following them. */
export function keepSessionInTab(on = true): void {
  tabScoped = on;
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function tabRecord(): SessionRecord {
  const rec: SessionRecord = {};
  for (const key of RECORD_KEYS) {
    const v = read(key);
    if (v !== null) rec[key] = v;
  }
  return rec;
}

function writeTabRecord(rec: SessionRecord): void {
  for (const key of RECORD_KEYS) {
    const v = rec[key];
    if (v === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, v);
  }
}

/** The session the console's tabs share, or null (none, or not one this module wrote). */
function sharedRecord(): SessionRecord | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHARED_SESSION_KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const rec: SessionRecord = {};
    for (const key of RECORD_KEYS) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'string') rec[key] = v;
    }
    return rec[SESSION_KEYS.token] ? rec : null;
  } catch {
    return null;
  }
}

function writeShared(rec: SessionRecord): void {
  try {
    localStorage.setItem(SHARED_SESSION_KEY, JSON.stringify(rec));
  } catch {
    // storage unavailable or full: this tab keeps its session all the same
  }
}

/** Whether this tab's session is the shared one (not the kiosk's, not a read-only look). */
function sharesSession(): boolean {
  return !tabScoped && read(TAB_ONLY_KEY) !== '1';
}

function parseProject(raw: string | null | undefined): LoginResult | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as LoginResult) : null;
  } catch {
    return null;
  }
}

function sessionOf(rec: SessionRecord): StoredSession {
  const role = rec[SESSION_KEYS.role] ?? null;
  const sub = rec[SESSION_KEYS.subaccountId];
  return {
    token: rec[SESSION_KEYS.token] ?? null,
    role: isConsoleRole(role) ? role : null,
    loginAccount: rec[SESSION_KEYS.loginAccount] ?? null,
    subaccountId: sub && /^\d+$/.test(sub) ? Number(sub) : null,
    project: parseProject(rec[SESSION_KEYS.project]),
    language: read(SESSION_KEYS.language),
  };
}

export function getToken(): string | null {
  return read(SESSION_KEYS.token);
}

/** This tab's session (its session storage, kept in step with the shared one by `followSharedSession`). */
export function getSession(): StoredSession {
  return sessionOf(tabRecord());
}

/**
 * Saves a sign-in in this tab and, unless `tabOnly` (or on the kiosk), as the session of every tab: the other tabs
 * then follow it (`followSharedSession`).
 */
export function saveLogin(result: LoginResult, roleName: ConsoleRole, opts: { tabOnly?: boolean } = {}): void {
  const rec: SessionRecord = {
    [SESSION_KEYS.token]: result.token,
    [SESSION_KEYS.role]: roleName,
    [SESSION_KEYS.loginAccount]: result.account ?? result.email ?? result.empPhone ?? '',
    [SESSION_KEYS.project]: JSON.stringify(result),
  };
  if (result.subaccountId !== undefined) rec[SESSION_KEYS.subaccountId] = String(result.subaccountId);
  writeTabRecord(rec);
  if (opts.tabOnly) sessionStorage.setItem(TAB_ONLY_KEY, '1');
  else sessionStorage.removeItem(TAB_ONLY_KEY);
  if (sharesSession()) writeShared(rec);
}

/** Merges fields into the stored login result (e.g. after the forced password change), in every tab sharing it. */
export function updateStoredProject(patch: Partial<LoginResult>): void {
  const project = getSession().project;
  if (!project) return;
  const value = JSON.stringify({ ...project, ...patch });
  sessionStorage.setItem(SESSION_KEYS.project, value);
  const shared = sharedRecord();
  if (sharesSession() && shared?.[SESSION_KEYS.token] === getToken()) writeShared({ ...shared, [SESSION_KEYS.project]: value });
}

/**
 * Ends this tab's read-only look: `rec` (the session it had before) is this tab's again, and the shared one when
 * there still is one (signed in elsewhere meanwhile: that one).
 */
export function rejoinSharedSession(rec: SessionRecord): void {
  sessionStorage.removeItem(TAB_ONLY_KEY);
  writeTabRecord(sharedRecord() ?? rec);
}

/** The spec keys of this tab's session, as a record (what a read-only look puts aside). */
export function tabSessionRecord(): SessionRecord {
  return tabRecord();
}

/** Who a session is: a new token of the same account changes nothing on screen, another account does. */
function identity(rec: SessionRecord): string {
  const p = parseProject(rec[SESSION_KEYS.project]);
  return JSON.stringify([
    rec[SESSION_KEYS.role],
    rec[SESSION_KEYS.loginAccount],
    rec[SESSION_KEYS.subaccountId],
    p?.userid,
    p?.id,
    p?.sType,
    p?.role,
  ]);
}

/** What following the shared session did to this tab; `before` is the tab's session until then. */
export type TabFollow = { change: 'none' | 'signedIn' | 'refreshed' | 'switched' | 'signedOut'; before: StoredSession };

/**
 * Brings this tab in step with the session the tabs share, after another tab changed it (a storage event) or when the
 * page comes back from the back-forward cache: signed out there → signed out here ('signedOut'); another account
 * signed in → 'switched' (the page must reload: nothing of the former account may stay on screen); the same account
 * with a new token or login result → 'refreshed'. A tab with a session of its own follows only a sign-out.
 */
export function followSharedSession(): TabFollow {
  const tab = tabRecord();
  const before = sessionOf(tab);
  if (tabScoped) return { change: 'none', before };
  const shared = sharedRecord();
  if (!shared) {
    if (!tab[SESSION_KEYS.token]) return { change: 'none', before };
    sessionStorage.clear();
    return { change: 'signedOut', before };
  }
  if (!sharesSession()) return { change: 'none', before };
  if (JSON.stringify(shared) === JSON.stringify(tab)) return { change: 'none', before };
  writeTabRecord(shared);
  if (!tab[SESSION_KEYS.token]) return { change: 'signedIn', before };
  return { change: identity(shared) === identity(tab) ? 'refreshed' : 'switched', before };
}

/**
 * A console tab's start: it takes the shared session. A tab that has a session and finds none shared (signed in
 * before the tabs shared one, or its keys written by the original's pages) offers its own to the other tabs.
 */
export function joinSharedSession(): void {
  if (!sharesSession()) {
    followSharedSession();
    return;
  }
  const tab = tabRecord();
  if (!sharedRecord() && tab[SESSION_KEYS.token]) writeShared(tab);
  else followSharedSession();
}

/** The kiosk's start on a tab without a session: it takes the shared one when `accept` says it is a kiosk's. */
export function adoptSharedSession(accept: (session: StoredSession) => boolean): void {
  if (getToken()) return;
  const shared = sharedRecord();
  if (shared && accept(sessionOf(shared))) writeTabRecord(shared);
}

function clearCookies(): void {
  if (typeof document === 'undefined') return;
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring every cookie is what sign-out must do (spec section 4)
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Sign-out on this browser (spec section 4): clears cookies, session storage (the token with it) and local storage,
 * then puts back the user's preferences — the language and the remembered sign-in tab. The shared session goes with
 * it, so every tab signs out, unless it is another session than this tab's (another account signed in elsewhere
 * meanwhile, or this tab's own read-only look or kiosk): that one is not this tab's to end.
 */
export function signOutLocal(): void {
  const shared = sharedRecord();
  const keepShared = shared !== null && shared[SESSION_KEYS.token] !== getToken();
  // Key by key, not clear(): the other tabs see the shared session go once, never a kept one vanish and come back.
  const kept = new Set<string>([...KEPT_LOCAL_KEYS, ...(keepShared ? [SHARED_SESSION_KEY] : [])]);
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key !== null && !kept.has(key)) localStorage.removeItem(key);
  } catch {
    // storage unavailable
  }
  try {
    sessionStorage.clear();
  } catch {
    // storage unavailable
  }
  clearCookies();
}
