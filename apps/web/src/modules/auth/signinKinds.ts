import type { Lang, LoginResult } from '@openvisit/contract';
import { api } from '../../platform/api';
import { isConsoleRole, SIGNIN_MEMORY_KEY } from '../../platform/session';

/** The five login kinds of the sign-in screen (spec section 1), in display order. */
export const SIGNIN_TABS = ['admin', 'super', 'sub', 'employee', 'desk'] as const;
export type SignInTab = (typeof SIGNIN_TABS)[number];

export function isSignInTab(v: unknown): v is SignInTab {
  return typeof v === 'string' && (SIGNIN_TABS as readonly string[]).includes(v);
}

/** The tab for the `role` query value the guards put in the sign-in link (a tab name is accepted too). */
export function tabOfRole(role: string | null | undefined): SignInTab | null {
  if (!role) return null;
  if (isSignInTab(role)) return role;
  if (!isConsoleRole(role)) return null;
  switch (role) {
    case 'manager':
      return 'admin';
    case 'super':
      return 'super';
    case 'subcom':
      return 'sub';
    case 'emporder':
      return 'employee';
    default:
      return 'desk';
  }
}

export interface SignInValues {
  identifier: string;
  password: string;
  vcode?: string;
}

/** Which contract call each tab makes; server field names are mapped back onto the form's fields. */
export function signInCall(tab: SignInTab, v: SignInValues, digest: string | undefined, lang: Lang): Promise<LoginResult> {
  const opts = { silent: true } as const;
  const identifier = v.identifier.trim();
  switch (tab) {
    case 'super':
      return api.superAccountLogin({ account: identifier, password: v.password, digest, lang }, opts);
    case 'sub':
      return api.subAccountLogin({ email: identifier, password: v.password, digest, lang }, opts);
    case 'employee':
      return api.empLogin({ phone: identifier, empPwd: v.password, digest, lang }, opts);
    default:
      return api.Login({ email: identifier, password: v.password, digest, lang }, opts);
  }
}

export const SIGNIN_FIELD_MAP: Readonly<Record<string, string>> = {
  email: 'identifier',
  account: 'identifier',
  phone: 'identifier',
  empPwd: 'password',
  vcode: 'vcode',
  digest: 'vcode',
};

interface SignInMemory {
  tab?: SignInTab;
  ids?: Partial<Record<SignInTab, string>>;
}

/** The last tab and the identifier typed on each tab (never the password), kept in localStorage. */
export function readSignInMemory(): SignInMemory {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(SIGNIN_MEMORY_KEY) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    const m = raw as SignInMemory;
    return { tab: isSignInTab(m.tab) ? m.tab : undefined, ids: m.ids && typeof m.ids === 'object' ? m.ids : {} };
  } catch {
    return {};
  }
}

export function rememberSignIn(tab: SignInTab, identifier: string): void {
  const m = readSignInMemory();
  try {
    localStorage.setItem(SIGNIN_MEMORY_KEY, JSON.stringify({ tab, ids: { ...m.ids, [tab]: identifier.trim() } }));
  } catch {
    // storage unavailable: nothing remembered
  }
}
