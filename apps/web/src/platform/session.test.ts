import { beforeEach, describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY } from './language';
import {
  adoptSharedSession,
  consoleRoleOf,
  followSharedSession,
  getSession,
  getToken,
  grantsOf,
  joinSharedSession,
  keepSessionInTab,
  rejoinSharedSession,
  SESSION_KEYS,
  SHARED_SESSION_KEY,
  SIGNIN_MEMORY_KEY,
  saveLogin,
  signOutLocal,
} from './session';

describe('consoleRoleOf', () => {
  it('maps login results to console areas', () => {
    expect(consoleRoleOf({ role: 6, sType: -1 })).toBe('manager');
    expect(consoleRoleOf({ role: 0, sType: 0 })).toBe('hse');
    expect(consoleRoleOf({ role: 1, sType: 1 })).toBe('servercom');
    expect(consoleRoleOf({ role: 3, sType: 3 })).toBe('logic');
    expect(consoleRoleOf({ role: 12, sType: 12 })).toBe('logic');
    for (const s of [2, 4]) expect(consoleRoleOf({ role: s, sType: s })).toBe('reception');
    // A sub-administrator: the administrator's area, limited to its grants.
    expect(consoleRoleOf({ role: 5, sType: 5 })).toBe('manager');
    expect(consoleRoleOf({ role: 10 })).toBe('subcom');
    expect(consoleRoleOf({ role: 7 })).toBe('emporder');
    expect(consoleRoleOf({ role: 20 })).toBe('super');
  });
});

describe('grantsOf', () => {
  it('is the grants of a sub-administrator or a sub-company of adminType other than 0, null for the rest', () => {
    expect(grantsOf({ role: 5, sType: 5, modules: ['employees'] })).toEqual(['employees']);
    expect(grantsOf({ role: 5, sType: 5 })).toEqual([]);
    expect(grantsOf({ role: 10, adminType: 1, modules: ['reports'] })).toEqual(['reports']);
    expect(grantsOf({ role: 10, adminType: 0, modules: ['reports'] })).toBeNull();
    expect(grantsOf({ role: 6, sType: -1, modules: [] })).toBeNull();
    expect(grantsOf({ role: 2, sType: 2, modules: ['visitors'] })).toBeNull();
    expect(grantsOf(null)).toBeNull();
  });
});

describe('session storage', () => {
  it('saves the login under the original keys', () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 10, userid: 3, company: 'Tenant', email: 'a@b.cn', subaccountId: 9 }, 'subcom');
    expect(sessionStorage.getItem('X-COOLVISIT-TOKEN')).toBe('t');
    expect(sessionStorage.getItem(SESSION_KEYS.role)).toBe('subcom');
    expect(sessionStorage.getItem(SESSION_KEYS.loginAccount)).toBe('a@b.cn');
    expect(sessionStorage.getItem(SESSION_KEYS.subaccountId)).toBe('9');
    expect(getSession().project?.company).toBe('Tenant');
  });

  it('signOutLocal clears storage and cookies but keeps the language and remembered sign-in tab', () => {
    saveLogin({ token: 't', tokenExpire: 1, role: 6, sType: -1, userid: 3, company: 'C' }, 'manager');
    localStorage.setItem(LANG_STORAGE_KEY, 'zh');
    localStorage.setItem(SIGNIN_MEMORY_KEY, '{"tab":"admin"}');
    localStorage.setItem('cache', '1');
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie left by an older console, to be cleared
    document.cookie = 'legacy=1; path=/';
    signOutLocal();
    expect(getSession().token).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('cache')).toBeNull();
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('zh');
    expect(localStorage.getItem(SIGNIN_MEMORY_KEY)).toBe('{"tab":"admin"}');
    expect(document.cookie).not.toContain('legacy=1');
  });
});

const admin = { token: 'a1', tokenExpire: 1, role: 6, sType: -1, userid: 3, id: 1, company: 'C', email: 'admin@c.cn' };
const desk = { token: 'd1', tokenExpire: 1, role: 2, sType: 2, userid: 3, id: 2, company: 'C', account: 'desk' };
/** Another tab of the same browser: the same localStorage, its own (empty) session storage. */
const openAnotherTab = () => sessionStorage.clear();
const shared = () => JSON.parse(localStorage.getItem(SHARED_SESSION_KEY) ?? 'null') as Record<string, string> | null;

describe('the session the tabs share (issue 35)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    keepSessionInTab(false);
  });

  it('a sign-in is every tab’s: a new tab opens signed in, with the spec keys in its session storage', () => {
    saveLogin(admin, 'manager');
    expect(shared()?.['X-COOLVISIT-TOKEN']).toBe('a1');
    openAnotherTab();
    expect(getSession().token).toBeNull();
    joinSharedSession();
    expect(sessionStorage.getItem('X-COOLVISIT-TOKEN')).toBe('a1');
    expect(sessionStorage.getItem(SESSION_KEYS.role)).toBe('manager');
    expect(getSession().project?.email).toBe('admin@c.cn');
  });

  it('a tab signed in before the tabs shared (or by the original’s keys) offers its session to the others', () => {
    sessionStorage.setItem('X-COOLVISIT-TOKEN', 'old');
    sessionStorage.setItem(SESSION_KEYS.role, 'reception');
    joinSharedSession();
    expect(shared()?.['X-COOLVISIT-TOKEN']).toBe('old');
  });

  it('signing out in one tab signs the others out; the sign-out there keeps the preferences', () => {
    saveLogin(admin, 'manager');
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    signOutLocal();
    expect(shared()).toBeNull();
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
    // The other tab still holds the spec keys until it follows.
    saveLogin(admin, 'manager');
    localStorage.removeItem(SHARED_SESSION_KEY);
    const { change, before } = followSharedSession();
    expect(change).toBe('signedOut');
    expect(before.role).toBe('manager');
    expect(getSession().token).toBeNull();
    expect(sessionStorage.getItem('X-COOLVISIT-TOKEN')).toBeNull();
  });

  it('another account signed in elsewhere switches the tab; a new token of the same account only refreshes it', () => {
    saveLogin(admin, 'manager');
    writeSharedAs({ ...admin, token: 'a2' }, 'manager');
    expect(followSharedSession().change).toBe('refreshed');
    expect(getToken()).toBe('a2');
    writeSharedAs(desk, 'reception');
    expect(followSharedSession().change).toBe('switched');
    expect(getSession().role).toBe('reception');
    expect(getSession().loginAccount).toBe('desk');
    expect(followSharedSession().change).toBe('none');
  });

  it('a session expiring in a stale tab does not end another account’s session signed in meanwhile', () => {
    saveLogin(admin, 'manager');
    writeSharedAs(desk, 'reception');
    signOutLocal();
    expect(shared()?.['X-COOLVISIT-TOKEN']).toBe('d1');
  });

  it('a read-only look stays in its tab, follows a sign-out elsewhere, and gives the shared session back', () => {
    saveLogin(admin, 'manager');
    saveLogin({ ...desk, token: 'ro' }, 'manager', { tabOnly: true });
    expect(shared()?.['X-COOLVISIT-TOKEN']).toBe('a1');
    writeSharedAs({ ...admin, token: 'a2' }, 'manager');
    expect(followSharedSession().change).toBe('none');
    expect(getToken()).toBe('ro');
    rejoinSharedSession({ 'X-COOLVISIT-TOKEN': 'a1' });
    expect(getToken()).toBe('a2');
    saveLogin({ ...desk, token: 'ro' }, 'manager', { tabOnly: true });
    localStorage.removeItem(SHARED_SESSION_KEY);
    expect(followSharedSession().change).toBe('signedOut');
  });

  it('the kiosk keeps its session to its tab and takes a shared one only when it is a kiosk’s', () => {
    keepSessionInTab();
    saveLogin(desk, 'reception');
    expect(shared()).toBeNull();
    writeSharedAs(admin, 'manager');
    expect(followSharedSession().change).toBe('none');
    signOutLocal();
    expect(shared()?.['X-COOLVISIT-TOKEN']).toBe('a1');
    adoptSharedSession((s) => s.project?.sType === 2);
    expect(getToken()).toBeNull();
    adoptSharedSession((s) => s.project?.sType === -1);
    expect(getToken()).toBe('a1');
    // Signing out the very session it took from the console ends it in the console's tabs too (the token is revoked).
    signOutLocal();
    expect(shared()).toBeNull();
    keepSessionInTab(false);
  });
});

/** What another tab's saveLogin leaves in localStorage. */
function writeSharedAs(result: typeof admin | typeof desk, role: 'manager' | 'reception') {
  localStorage.setItem(
    SHARED_SESSION_KEY,
    JSON.stringify({
      'X-COOLVISIT-TOKEN': result.token,
      role,
      loginAccount: 'account' in result ? result.account : result.email,
      visitor_project: JSON.stringify(result),
    }),
  );
}
