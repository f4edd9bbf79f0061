import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../platform/i18n';
import { i18n } from '../../platform/i18n';
import { stubServer } from '../../testing/stubServer';
import { defaultConfig } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { StaffPanel } from './StaffPanel';

function renderPanel() {
  const onExit = vi.fn();
  const kiosk = testKiosk({ session: { sName: 'Gate kiosk' }, config: defaultConfig('Acme') });
  render(
    <KioskContext.Provider value={kiosk}>
      <StaffPanel counts={{ pending: 0, matched: [], refused: [] }} onClose={vi.fn()} onExit={onExit} />
    </KioskContext.Provider>,
  );
  return { onExit };
}

const counting = () => ({ status: 0, result: { onSite: 0, people: 0, byKind: {}, byGate: [] } });

/** Opens the exit confirmation and sends this password. */
function exitWith(password: string) {
  const form = screen.getByText(/^(Sign this kiosk out\?|确定退出访客机)/).closest('form') as HTMLFormElement;
  fireEvent.change(within(form).getByLabelText(/^(Password of the kiosk account|访客机账号的密码)/), { target: { value: password } });
  fireEvent.submit(form);
}

describe('kiosk staff panel: signing the kiosk out takes its password', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('a wrong password keeps the kiosk signed in with a message; the right one signs it out', async () => {
    const server = stubServer({
      getPeopleCounting: counting,
      verifyPassword: (b) => (b.password === 'Right#2026' ? { status: 0 } : { status: 75 }),
    });
    const { onExit } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Sign the kiosk out' }));
    exitWith('guess');
    await waitFor(() => expect(screen.getByTestId('exit-error').textContent).toBe('Wrong password.'));
    expect(onExit).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Password of the kiosk account/) as HTMLInputElement).value).toBe('');
    exitWith('Right#2026');
    await waitFor(() => expect(onExit).toHaveBeenCalledTimes(1));
    expect(server.bodies('verifyPassword')).toEqual([{ password: 'guess' }, { password: 'Right#2026' }]);
  });

  it('nothing is sent without a password; cancel closes the confirmation', async () => {
    const server = stubServer({ getPeopleCounting: counting });
    const { onExit } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Sign the kiosk out' }));
    exitWith('');
    expect(screen.getByTestId('exit-error').textContent).toBe('Wrong password.');
    expect(server.bodies('verifyPassword')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/^Password of the kiosk account/)).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
  });

  it('a locked account is told in the kiosk language (Chinese here)', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ getPeopleCounting: counting, verifyPassword: () => ({ status: 67 }) });
    const { onExit } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '退出访客机' }));
    exitWith('guess');
    await waitFor(() => expect(screen.getByTestId('exit-error').textContent).toContain('账号已锁定'));
    expect(onExit).not.toHaveBeenCalled();
  });

  it('a wrong password in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ getPeopleCounting: counting, verifyPassword: () => ({ status: 75 }) });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: '退出访客机' }));
    exitWith('guess');
    await waitFor(() => expect(screen.getByTestId('exit-error').textContent).toBe('密码错误。'));
  });
});
