import { autoGetEmployeeFromCT, batchSignOut, getUserInfo, Role } from '@openvisit/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { canCall } from './access';
import { getSession, saveLogin, signOutLocal } from './session';

describe('canCall', () => {
  afterEach(() => signOutLocal());

  it("reads the call's access roles for the session's role", () => {
    saveLogin({ token: 't', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    expect(canCall(autoGetEmployeeFromCT)).toBe(true);
    // A sub-administrator: its role admits the call, its grants decide (contacts is the directory sync's module).
    const subAdmin = { token: 't', tokenExpire: 0, role: Role.SUBADMIN, sType: Role.SUBADMIN, userid: 1, company: 'ACME' };
    saveLogin({ ...subAdmin, modules: ['contacts'] }, 'manager');
    expect(canCall(autoGetEmployeeFromCT)).toBe(true);
    saveLogin({ ...subAdmin, modules: ['employees'] }, 'manager');
    expect(canCall(autoGetEmployeeFromCT)).toBe(false);
    expect(canCall(getUserInfo)).toBe(true);
    saveLogin({ token: 't', tokenExpire: 0, role: Role.GATE, sType: Role.GATE, userid: 1, company: 'ACME' }, 'reception');
    expect(canCall(autoGetEmployeeFromCT)).toBe(false);
    expect(canCall(batchSignOut)).toBe(true);
    saveLogin({ token: 't', tokenExpire: 0, role: Role.SUB_COMPANY, userid: 1, company: 'ACME' }, 'subcom');
    expect(canCall(batchSignOut)).toBe(false);
  });

  it('answers false without a session, true for public calls', () => {
    expect(getSession().project).toBeNull();
    expect(canCall(batchSignOut)).toBe(false);
    expect(canCall({ access: 'public' })).toBe(true);
  });
});
