import { exportEmployeeList, getUserInfo, Status, visitPdf } from '@openvisit/contract';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, downloadUrl } from './api';
import { ApiError } from './apiError';
import { i18n } from './i18n';
import { LANG_STORAGE_KEY } from './language';
import { setMessageApi, setNavigator } from './notify';
import { getSession, saveLogin } from './session';

function answer(body: unknown, status = 200) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('api client', () => {
  const open = vi.fn();
  const navigate = vi.fn();

  beforeEach(async () => {
    setMessageApi({ open } as unknown as MessageInstance);
    setNavigator(navigate);
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    open.mockReset();
    navigate.mockReset();
    setMessageApi(null);
  });

  it('POSTs JSON to /api/<name> with the stored token and answers the result', async () => {
    saveLogin({ token: 'tok-1', tokenExpire: 0, role: 6, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    const fetchMock = answer({ status: 0, reason: 'success', result: { company: 'ACME' } });
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.call(getUserInfo, {});
    expect(result).toEqual({ company: 'ACME' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/GetUserInfo');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-COOLVISIT-TOKEN')).toBe('tok-1');
    expect(open).not.toHaveBeenCalled();
  });

  it('uses GET with a query string for GET calls', async () => {
    const fetchMock = answer({ status: 0, reason: 'success', result: {} });
    vi.stubGlobal('fetch', fetchMock);
    await api['user/info']({ token: 'abc' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/info?token=abc');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('throws ApiError and toasts 3 s with the server reason in English', async () => {
    vi.stubGlobal('fetch', answer({ status: Status.EMAIL_TAKEN, reason: 'That email is taken', result: null }));
    const err = await api.GetUserInfo({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(4);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'That email is taken', duration: 3 });
  });

  it('toasts the catalogue Chinese in Chinese', async () => {
    await i18n.changeLanguage('zh');
    vi.stubGlobal('fetch', answer({ status: Status.EMAIL_TAKEN, reason: 'That email is taken', result: null }));
    await api.GetUserInfo({}).catch(() => undefined);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: '邮箱已被占用', duration: 3 });
  });

  it('stays quiet for silent statuses and exposes field errors', async () => {
    vi.stubGlobal('fetch', answer({ status: 400, reason: 'bad', result: { errors: [{ field: 'password', rule: 'tooWeak' }] } }));
    const err = (await api.ModifyUserInfo({}, { silent: [Status.BAD_PARAMS] }).catch((e: unknown) => e)) as ApiError;
    expect(err.fieldErrors).toEqual([{ field: 'password', rule: 'tooWeak' }]);
    expect(open).not.toHaveBeenCalled();
  });

  it("with silent 'form' stays quiet for 400 and the call's field statuses only", async () => {
    vi.stubGlobal('fetch', answer({ status: Status.WORK_NUMBER_NOT_UNIQUE, reason: 'taken', result: null }));
    await api.addEmployee({ employee_name: 'A', phone: '13900000000' }, { silent: 'form' }).catch(() => undefined);
    expect(open).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', answer({ status: Status.WORK_NUMBER_NOT_UNIQUE, reason: 'taken', result: null }));
    await api.ModifyUserInfo({}, { silent: 'form' }).catch(() => undefined);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('shows HTTP errors for 5 s with a translated text', async () => {
    vi.stubGlobal('fetch', answer({ status: 429, reason: 'Too many requests', result: null }, 429));
    const err = (await api.GetUserInfo({}).catch((e: unknown) => e)) as ApiError;
    expect(err.http).toBe(429);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'Too many requests, please try again later', duration: 5 });
  });

  it('reports "failed to connect" when no response arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    const err = (await api.GetUserInfo({}).catch((e: unknown) => e)) as ApiError;
    expect(err.http).toBe(0);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'Failed to connect to the server', duration: 5 });
  });

  it('on 27 shows the message, signs out (keeping the language) and goes to sign-in with redirect, role and sType', async () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    localStorage.setItem('other', 'x');
    saveLogin({ token: 'tok-2', tokenExpire: 0, role: 2, sType: 2, userid: 1, company: 'ACME', account: 'desk1' }, 'reception');
    window.history.pushState({}, '', '/reception/password?x=1');
    vi.stubGlobal('fetch', answer({ status: Status.TOKEN_INVALID, reason: 'Invalid token', result: null }));
    await expect(api.GetUserInfo({}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'Invalid token', duration: 3 });
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('other')).toBeNull();
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
    expect(navigate).toHaveBeenCalledWith(`/signin?redirect=${encodeURIComponent('/reception/password?x=1')}&role=reception&sType=2`);
    window.history.pushState({}, '', '/');
  });

  it('on 303 shows the message once, keeps the session and goes to the password page, even for a silent call', async () => {
    // The one-move latch is released by a timer: run it here so the next test starts unlatched.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    saveLogin({ token: 'tok-3', tokenExpire: 0, role: 5, sType: 5, userid: 1, company: 'ACME', account: 'sub1' }, 'manager');
    window.history.pushState({}, '', '/visitors');
    vi.stubGlobal('fetch', answer({ status: Status.PASSWORD_CHANGE_REQUIRED, reason: 'Change your password first', result: null }));
    // Several calls of one screen answer 303 together: one message, one move.
    const calls = [api.GetUserInfo({}, { silent: true }), api.GetUserInfo({}), api.GetUserInfo({})];
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'Change your password first', duration: 3 });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/update');
    expect(getSession().token).toBe('tok-3');
    // The password page then says why the user is there.
    expect(getSession().project?.mustChangePassword).toBe(true);
    vi.runOnlyPendingTimers();
    window.history.pushState({}, '', '/');
  });

  it('on 303 while on the password page stays there', async () => {
    saveLogin({ token: 'tok-4', tokenExpire: 0, role: 5, sType: 5, userid: 1, company: 'ACME', account: 'sub2' }, 'manager');
    window.history.pushState({}, '', '/update');
    vi.stubGlobal('fetch', answer({ status: Status.PASSWORD_CHANGE_REQUIRED, reason: 'Change your password first', result: null }));
    await api.GetUserInfo({}).catch(() => undefined);
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'Change your password first', duration: 3 });
    expect(navigate).not.toHaveBeenCalled();
    window.history.pushState({}, '', '/');
  });
});

describe('downloadUrl', () => {
  it('puts the input in the query, or fills a download’s own path', () => {
    expect(downloadUrl(exportEmployeeList, { name: '王', lang: 'zh' })).toBe('/api/ExportEmployeeList?name=%E7%8E%8B&lang=zh');
    expect(downloadUrl(visitPdf, { file: '2026-11-22_42.pdf' })).toBe('/pdf/2026-11-22_42.pdf');
  });
});
