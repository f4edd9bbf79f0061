import { Status } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { HTTP_TOAST_SECONDS, httpMessageKey, isSuppressed, planErrorDisplay, STATUS_TOAST_SECONDS, statusDisplay, statusText } from './errorPolicy';

describe('statusDisplay (spec section 8)', () => {
  it('passes 0 and 66 silently', () => {
    expect(statusDisplay(0)).toBe('silent');
    expect(statusDisplay(Status.BLACKLISTED)).toBe('silent');
  });
  it('passes 119, 1301 and 1311 with a message', () => {
    for (const code of [119, 1301, 1311]) expect(statusDisplay(code)).toBe('passMessage');
  });
  it('signs out on 27, 28 and 29', () => {
    for (const code of [27, 28, 29]) expect(statusDisplay(code)).toBe('signOut');
  });
  it('sends 303 (password change required) to the password page', () => {
    expect(statusDisplay(Status.PASSWORD_CHANGE_REQUIRED)).toBe('changePassword');
  });
  it('toasts every other code', () => {
    for (const code of [1, 2, 4, 46, 67, 75, 302, 400, 610, 613, 99999]) expect(statusDisplay(code)).toBe('toast');
  });
});

describe('statusText', () => {
  it('uses the catalogue Chinese in zh and the server reason in en', () => {
    expect(statusText(Status.EMAIL_TAKEN, 'Email is taken (server)', 'zh')).toBe('邮箱已被占用');
    expect(statusText(Status.EMAIL_TAKEN, 'Email is taken (server)', 'en')).toBe('Email is taken (server)');
  });
  it('falls back to the catalogue English when the reason is empty, and to null for unknown codes', () => {
    expect(statusText(Status.EMAIL_TAKEN, '', 'en')).toBe('This email address is already in use');
    expect(statusText(4242, '', 'zh')).toBeNull();
  });
});

describe('httpMessageKey', () => {
  it('maps known HTTP codes, others to link error, no response to failed to connect', () => {
    expect(httpMessageKey(404)).toBe('404');
    expect(httpMessageKey(429)).toBe('429');
    expect(httpMessageKey(503)).toBe('503');
    expect(httpMessageKey(418)).toBe('linkError');
    expect(httpMessageKey(-1)).toBe('linkError');
    expect(httpMessageKey(0)).toBe('noResponse');
  });
});

describe('planErrorDisplay', () => {
  const err = (status: number, reason = 'reason', http?: number) => new ApiError({ status, reason, http });

  it('toasts business errors for 3 s, HTTP errors for 5 s', () => {
    expect(planErrorDisplay(err(Status.WRONG_CREDENTIALS, 'Invalid username or password'), 'en')).toEqual({
      kind: 'message',
      level: 'error',
      seconds: STATUS_TOAST_SECONDS,
      text: { text: 'Invalid username or password' },
    });
    expect(planErrorDisplay(err(500, 'Server error', 500), 'zh')).toEqual({
      kind: 'message',
      level: 'error',
      seconds: HTTP_TOAST_SECONDS,
      text: { key: 'http.500' },
    });
    expect(planErrorDisplay(err(0, 'no response', 0), 'en')).toMatchObject({ seconds: 5, text: { key: 'http.noResponse' } });
  });
  it('shows nothing for 66, a warning for 119, and ends the session for 28', () => {
    expect(planErrorDisplay(err(Status.BLACKLISTED), 'zh')).toEqual({ kind: 'none' });
    expect(planErrorDisplay(err(Status.CAPTCHA_INVALID), 'zh')).toMatchObject({ kind: 'message', level: 'warning', text: { text: '验证码无效' } });
    expect(planErrorDisplay(err(Status.TOKEN_MISSING, 'No token'), 'en')).toEqual({ kind: 'signOut', seconds: 3, text: { text: 'No token' } });
  });
  it('goes to the password page for 303, with its text in the console language', () => {
    expect(planErrorDisplay(err(Status.PASSWORD_CHANGE_REQUIRED, 'Change it first'), 'en')).toEqual({
      kind: 'changePassword',
      seconds: 3,
      text: { text: 'Change it first' },
    });
    expect(planErrorDisplay(err(Status.PASSWORD_CHANGE_REQUIRED, 'Change it first'), 'zh')).toMatchObject({ text: { text: '请先修改密码' } });
  });
  it('uses a generic text with the code for an uncatalogued status in Chinese', () => {
    expect(planErrorDisplay(err(4242, 'Something'), 'zh')).toMatchObject({ text: { key: 'errors.unknown', code: 4242 } });
  });
});

describe('isSuppressed', () => {
  it('honours silent lists for business statuses only, and never hides a session end or a required password change', () => {
    expect(isSuppressed(new ApiError({ status: 400, reason: '' }), [400])).toBe(true);
    expect(isSuppressed(new ApiError({ status: 400, reason: '', http: 400 }), [400])).toBe(false);
    expect(isSuppressed(new ApiError({ status: 75, reason: '' }), true)).toBe(true);
    expect(isSuppressed(new ApiError({ status: 75, reason: '' }), undefined)).toBe(false);
    expect(isSuppressed(new ApiError({ status: 27, reason: '' }), true)).toBe(false);
    expect(isSuppressed(new ApiError({ status: Status.PASSWORD_CHANGE_REQUIRED, reason: '' }), true)).toBe(false);
  });
});
