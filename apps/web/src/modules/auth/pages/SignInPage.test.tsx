import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Where sign-in lands is the shell's route tables' answer: this test checks the page against the real one.
// biome-ignore lint/style/noRestrictedImports: the shell's start-up, as main.tsx runs it before the first render
import '../../../app/start';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { getSession } from '../../../platform/session';
import { SignInPage } from './SignInPage';

type Handler = (body: Record<string, unknown>) => { status: number; reason?: string; result: unknown };

function stubServer(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0] ?? '';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body });
    const handler = handlers[path];
    const answer = handler ? handler(body) : { status: 404, reason: 'unknown', result: null };
    return new Response(JSON.stringify({ reason: 'x', ...answer }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const config =
  (captcha: boolean): Handler =>
  () => ({
    status: 0,
    result: { version: 'v2.4.8', siteLabel: 'OpenVisit', captcha, features: { blacklist: true } },
  });
let captchaCount = 0;
const captchaHandler: Handler = () => {
  captchaCount += 1;
  return { status: 0, result: { base64Str: `data:image/png;base64,${captchaCount}`, digest: `digest-${captchaCount}`, expiresIn: 300 } };
};

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '*', element: <div data-testid="landed">landed</div> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const TABS = ['admin', 'super', 'sub', 'employee', 'desk'] as const;

describe('SignInPage', () => {
  beforeEach(() => {
    captchaCount = 0;
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['en', ['Administrator', 'Headquarters', 'Tenant company', 'Employee', 'Front desk']],
    ['zh', ['管理员', '总部管理员', '入驻企业', '员工', '前台']],
  ] as const)('shows the five login kinds in %s', async (lang, labels) => {
    await act(() => i18n.changeLanguage(lang));
    stubServer({ '/api/config': config(true), '/api/getValidationCode': captchaHandler });
    renderAt('/signin');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(5);
    TABS.forEach((key, i) => {
      const tab = screen.getByTestId(`signin-tab-${key}`);
      expect(tab.textContent).toBe(labels[i]);
    });
    expect(await screen.findByTestId('captcha-img')).toBeTruthy();
  });

  it('pre-selects the tab from the role query value', async () => {
    stubServer({ '/api/config': config(false) });
    renderAt('/signin?role=emporder&redirect=/emporder');
    expect(await screen.findByLabelText('Mobile phone')).toBeTruthy();
    // The first field to fill has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mobile phone')));
    const selected = screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');
    expect(selected && within(selected).getByTestId('signin-tab-employee')).toBeTruthy();
  });

  it('checks the captcha first, signs in with its digest and lands on the role home', async () => {
    const calls = stubServer({
      '/api/config': config(true),
      '/api/getValidationCode': captchaHandler,
      '/api/validationCode': () => ({ status: 0, result: null }),
      '/api/Login': () => ({ status: 0, result: { token: 'tok', tokenExpire: 1, role: 2, sType: 2, userid: 1, company: 'ACME', account: 'desk1' } }),
    });
    const router = renderAt('/signin?role=reception');
    fireEvent.change(await screen.findByLabelText('Account name'), { target: { value: 'desk1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    await screen.findByTestId('captcha-img');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('landed');
    const paths = calls.map((c) => c.path).filter((p) => p !== '/api/config' && p !== '/api/getValidationCode');
    expect(paths).toEqual(['/api/validationCode', '/api/Login']);
    expect(calls.find((c) => c.path === '/api/validationCode')?.body).toMatchObject({ digest: 'digest-1', vcode: 'ab12' });
    expect(calls.find((c) => c.path === '/api/Login')?.body).toMatchObject({ email: 'desk1', password: 'secret12', digest: 'digest-1' });
    expect(router.state.location.pathname).toBe('/reception');
    expect(getSession()).toMatchObject({ token: 'tok', role: 'reception', loginAccount: 'desk1' });
  });

  it('asks for the second step when the password answers 1421, and finishes it with a recovery code', async () => {
    const calls = stubServer({
      '/api/config': config(false),
      '/api/Login': () => ({ status: 1421, reason: 'passkey', result: { ceremony: 'c'.repeat(43), options: { rpId: 'x', challenge: 'y' } } }),
      '/api/passkeySecondStep': (body) =>
        body.recoveryCode === 'ABCDE-12345'
          ? { status: 0, result: { token: 'tok2', tokenExpire: 1, role: 6, sType: -1, userid: 1, company: 'ACME', email: 'boss@acme.cn' } }
          : { status: 1426, reason: 'The recovery code is wrong or was already used', result: null },
    });
    renderAt('/signin?role=manager');
    fireEvent.change(await screen.findByLabelText('Email or account name'), { target: { value: 'boss@acme.cn' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // No passkeys in this browser (jsdom): the step opens on the recovery code.
    const step = await screen.findByTestId('second-step');
    expect(step.textContent).toContain('Confirm with your passkey');
    fireEvent.change(within(step).getByLabelText('Recovery code'), { target: { value: 'WRONG-00000' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('second-step-error')).textContent).toContain('The recovery code is wrong or was already used');
    fireEvent.change(within(step).getByLabelText('Recovery code'), { target: { value: 'ABCDE-12345' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('landed');
    expect(calls.filter((c) => c.path === '/api/passkeySecondStep').map((c) => c.body)).toEqual([
      expect.objectContaining({ ceremony: 'c'.repeat(43), recoveryCode: 'WRONG-00000' }),
      expect.objectContaining({ ceremony: 'c'.repeat(43), recoveryCode: 'ABCDE-12345' }),
    ]);
    expect(getSession()).toMatchObject({ token: 'tok2', role: 'manager' });
  });

  it('shows tries left (302) inline, clears the code and refreshes the captcha', async () => {
    stubServer({
      '/api/config': config(true),
      '/api/getValidationCode': captchaHandler,
      '/api/validationCode': () => ({ status: 0, result: null }),
      '/api/Login': () => ({ status: 302, reason: 'Invalid username or password', result: { remaining: 2 } }),
    });
    renderAt('/signin?role=manager');
    fireEvent.change(await screen.findByLabelText('Email or account name'), { target: { value: 'boss@acme.cn' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass1' } });
    await screen.findByTestId('captcha-img');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'zz99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent).toContain('2 more failed attempts will lock the account');
    await waitFor(() => expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(captchaCount).toBeGreaterThanOrEqual(2));
  });

  it('shows a wait of seconds (67 that ends within two minutes) as a wait, not a lock', async () => {
    stubServer({
      '/api/config': config(false),
      '/api/subAccountLogin': () => ({ status: 67, reason: 'wait', result: { lockedUntil: Date.now() + 30_000 } }),
    });
    renderAt('/signin?role=subcom');
    fireEvent.change(await screen.findByLabelText('Tenant company email'), { target: { value: 'tenant@acme.cn' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent).toMatch(/Too many failed sign-ins to this account\. Try again in (29|30) s\./);
  });

  it('shows a lock-out (67) with its end time, in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubServer({
      '/api/config': config(false),
      '/api/subAccountLogin': () => ({ status: 67, reason: 'Account locked', result: { lockedUntil: Date.UTC(2030, 0, 2, 3, 4) } }),
    });
    renderAt('/signin?role=subcom');
    fireEvent.change(await screen.findByLabelText('入驻企业邮箱'), { target: { value: 'tenant@acme.cn' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent).toContain('该账号已锁定');
    expect(alert.textContent).toContain('2030');
  });
});
