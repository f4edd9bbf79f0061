import { describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY } from './language';
import { consoleRoleOf, getSession, grantsOf, SESSION_KEYS, SIGNIN_MEMORY_KEY, saveLogin, signOutLocal } from './session';

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
