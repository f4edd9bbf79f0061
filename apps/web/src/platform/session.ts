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

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseProject(raw: string | null): LoginResult | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as LoginResult) : null;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(SESSION_KEYS.token);
}

export function getSession(): StoredSession {
  const role = read(SESSION_KEYS.role);
  const sub = read(SESSION_KEYS.subaccountId);
  return {
    token: getToken(),
    role: isConsoleRole(role) ? role : null,
    loginAccount: read(SESSION_KEYS.loginAccount),
    subaccountId: sub && /^\d+$/.test(sub) ? Number(sub) : null,
    project: parseProject(read(SESSION_KEYS.project)),
    language: read(SESSION_KEYS.language),
  };
}

export function saveLogin(result: LoginResult, roleName: ConsoleRole): void {
  sessionStorage.setItem(SESSION_KEYS.token, result.token);
  sessionStorage.setItem(SESSION_KEYS.role, roleName);
  sessionStorage.setItem(SESSION_KEYS.loginAccount, result.account ?? result.email ?? result.empPhone ?? '');
  if (result.subaccountId !== undefined) sessionStorage.setItem(SESSION_KEYS.subaccountId, String(result.subaccountId));
  else sessionStorage.removeItem(SESSION_KEYS.subaccountId);
  sessionStorage.setItem(SESSION_KEYS.project, JSON.stringify(result));
}

/** Merges fields into the stored login result (e.g. after the forced password change). */
export function updateStoredProject(patch: Partial<LoginResult>): void {
  const project = getSession().project;
  if (project) sessionStorage.setItem(SESSION_KEYS.project, JSON.stringify({ ...project, ...patch }));
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
 * Sign-out on this browser (spec section 4): clears cookies, session storage (the token with it) and
 * local storage, then puts back the user's preferences — the language and the remembered sign-in tab.
 */
export function signOutLocal(): void {
  const kept: [string, string][] = [];
  try {
    for (const key of KEPT_LOCAL_KEYS) {
      const v = localStorage.getItem(key);
      if (v !== null) kept.push([key, v]);
    }
    localStorage.clear();
    for (const [key, v] of kept) localStorage.setItem(key, v);
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
