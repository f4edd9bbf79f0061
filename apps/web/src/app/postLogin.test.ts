import { describe, expect, it } from 'vitest';
import { homePath, postLoginPath, safeRedirect } from './postLogin';
import { adminArea } from './routes/areas';
import { firstScreenPath } from './routes/derive';

const plain = {};

describe('safeRedirect', () => {
  it('accepts same-origin absolute paths with query and hash', () => {
    expect(safeRedirect('/setting/account/safe')).toBe('/setting/account/safe');
    expect(safeRedirect('/setting/account/stage?type=2#top')).toBe('/setting/account/stage?type=2#top');
  });
  it('rejects other origins, schemes and tricks', () => {
    for (const bad of [
      '//evil.com',
      '//evil.com/path',
      'https://evil',
      'https://evil.com/x',
      'javascript:alert(1)',
      '/\\evil.com',
      '\\\\evil.com',
      'evil.com',
      '\t//evil.com',
      ' /x',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad), String(bad)).toBeNull();
    }
  });
  it('rejects control characters and the sign-in screens themselves', () => {
    expect(safeRedirect('/a\nb')).toBeNull();
    expect(safeRedirect('/signin?redirect=/x')).toBeNull();
    expect(safeRedirect('/update')).toBeNull();
  });
});

describe('post-login redirect derived from the route tables', () => {
  it('sends a manager to the first admin screen (the report center statistics)', () => {
    expect(firstScreenPath(adminArea.routes, '/', 'manager', undefined)).toBe('/visitor');
    expect(postLoginPath({ result: plain, role: 'manager' })).toBe('/visitor');
  });
  it('follows a safe redirect inside the admin area', () => {
    expect(postLoginPath({ result: plain, role: 'manager', redirect: '/setting/account/stage' })).toBe('/setting/account/stage');
  });
  it('ignores unsafe redirects', () => {
    for (const redirect of ['//evil.com', 'https://evil', '/\\evil.com', 'javascript:alert(1)']) {
      expect(postLoginPath({ result: plain, role: 'manager', redirect })).toBe('/visitor');
    }
  });
  it('ignores a redirect into another role’s area', () => {
    expect(postLoginPath({ result: plain, role: 'manager', redirect: '/super' })).toBe('/visitor');
    expect(postLoginPath({ result: { sType: 2 }, role: 'reception', redirect: '/setting/account' })).toBe('/reception');
    expect(postLoginPath({ result: plain, role: 'reception', redirect: '/reception/password' })).toBe('/reception/password');
  });
  it('sends a pending onboarding to /guide and a forced password change to /update first', () => {
    expect(postLoginPath({ result: { guidePending: true }, role: 'manager', redirect: '/setting/account/safe' })).toBe('/guide');
    expect(postLoginPath({ result: { mustChangePassword: true, guidePending: true }, role: 'manager' })).toBe('/update');
    expect(postLoginPath({ result: { mustChangePassword: true }, role: 'logic' })).toBe('/update');
    expect(postLoginPath({ result: { guidePending: true, sType: 2 }, role: 'reception' })).toBe('/reception');
    // A visitor-machine account's console is the way to its kiosk.
    expect(postLoginPath({ result: { sType: 4 }, role: 'reception' })).toBe('/reception/kiosk');
  });
  it('sends every other role to its area home', () => {
    expect(homePath('emporder')).toBe('/emporder/sigleorder');
    expect(homePath('subcom')).toBe('/subcom/visitors');
    // Spec section 2: logistics staff open on the carrier companies (the screens need the logistics switch).
    expect(homePath('logic', { logistics: true })).toBe('/logic/logicSupplierCom');
    expect(homePath('logic', { logistics: false })).toBe('/logic/password');
    // Spec section 2: server type 0 (HSE) opens on /hsehome/hseemplist.
    expect(homePath('hse')).toBe('/hsehome/hseemplist');
    expect(homePath('servercom')).toBe('/servercom/server');
    expect(homePath('reception', undefined, 2)).toBe('/reception');
    expect(homePath('super')).toBe('/super');
  });
});
