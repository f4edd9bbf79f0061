import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, SHARED_SESSION_KEY, saveLogin, signOutLocal } from './session';
import { shareSessionAcrossTabs } from './sessionTabs';

const admin = { token: 'a1', tokenExpire: 1, role: 6, sType: -1, userid: 3, id: 1, company: 'C', email: 'admin@c.cn' };
const desk = { token: 'd1', tokenExpire: 1, role: 2, sType: 2, userid: 3, id: 2, company: 'C', account: 'desk' };

/** Another tab's change of localStorage, as the browser reports it to this one. */
function fromAnotherTab(change: () => void) {
  const before = sessionStorage.getItem('X-COOLVISIT-TOKEN');
  const tab = Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k) ?? '']));
  change();
  // The other tab's writes went to its own session storage: this tab's is as it was.
  sessionStorage.clear();
  for (const [k, v] of Object.entries(tab)) sessionStorage.setItem(k, v);
  expect(sessionStorage.getItem('X-COOLVISIT-TOKEN')).toBe(before);
  window.dispatchEvent(new StorageEvent('storage', { key: SHARED_SESSION_KEY, storageArea: localStorage }));
}

describe('a console tab follows the session its browser’s tabs share', () => {
  const actions = { assign: vi.fn(), reload: vi.fn() };
  let stop = () => {};
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    actions.assign.mockReset();
    actions.reload.mockReset();
    window.history.replaceState(null, '', '/visitor/vlist?page=2');
  });
  afterEach(() => stop());

  it('opens signed in when another tab is', () => {
    saveLogin(admin, 'manager');
    sessionStorage.clear();
    stop = shareSessionAcrossTabs(actions);
    expect(getToken()).toBe('a1');
  });

  it('goes to sign-in, and back here afterwards, when another tab signs out', () => {
    saveLogin(admin, 'manager');
    stop = shareSessionAcrossTabs(actions);
    fromAnotherTab(() => signOutLocal());
    expect(getToken()).toBeNull();
    expect(actions.assign).toHaveBeenCalledWith('/signin?redirect=%2Fvisitor%2Fvlist%3Fpage%3D2&role=manager&sType=-1');
    expect(actions.reload).not.toHaveBeenCalled();
  });

  it('reloads as the new account when another tab signs in as someone else, and stays put for its own account', () => {
    saveLogin(admin, 'manager');
    stop = shareSessionAcrossTabs(actions);
    fromAnotherTab(() => saveLogin({ ...admin, token: 'a2' }, 'manager'));
    expect(actions.reload).not.toHaveBeenCalled();
    expect(getToken()).toBe('a2');
    fromAnotherTab(() => saveLogin(desk, 'reception'));
    expect(actions.reload).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('d1');
    expect(actions.assign).not.toHaveBeenCalled();
  });

  it('ignores the storage of other keys and stops listening when asked', () => {
    saveLogin(admin, 'manager');
    stop = shareSessionAcrossTabs(actions);
    localStorage.removeItem(SHARED_SESSION_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: 'openvisit.lang', storageArea: localStorage }));
    expect(actions.assign).not.toHaveBeenCalled();
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: SHARED_SESSION_KEY, storageArea: localStorage }));
    expect(actions.assign).not.toHaveBeenCalled();
    expect(getToken()).toBe('a1');
  });
});
