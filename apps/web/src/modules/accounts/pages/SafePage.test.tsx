import { Role, UNSUBSCRIBE_GRACE_DAYS } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { ClosingBanner } from '../components/ClosingBanner';
import { SafePage } from './SafePage';

const DAY = 86_400_000;

/** The user info as the server keeps it: what the calls below change. */
function account(initial: { closingDue: number | null; dataExportedAt: number | null }) {
  const state = { ...initial };
  const handlers: Record<string, StubHandler> = {
    config: configStub,
    GetUserInfo: () => ({ status: 0, result: { userid: 1, company: 'ACME', unsubscribe: state.closingDue ? 1 : 0, ...state } }),
    ExportAccountData: () => {
      state.dataExportedAt = Date.now();
      return new Response(new Uint8Array([0x50, 0x4b, 5, 6]), {
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="account-data.zip"' },
      });
    },
    updateUnSubscribe: (b) => {
      if (b.unsubscribe === 0) state.closingDue = null;
      else if (b.password !== 'Right#2026') return { status: 75, reason: 'Invalid username or password' };
      else state.closingDue = Date.now() + UNSUBSCRIBE_GRACE_DAYS * DAY;
      return { status: 0, result: { unsubscribe: state.closingDue ? 1 : 0, ...state } };
    },
  };
  return { state, handlers };
}

function show(node: React.ReactNode) {
  render(<AppProviders queryClient={createQueryClient()}>{node}</AppProviders>);
}

describe('closing the account (security page and banner)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the download first, then the password (a wrong one on the field), and shows the date', async () => {
    const { state, handlers } = account({ closingDue: null, dataExportedAt: null });
    const server = stubServer(handlers);
    show(<SafePage />);
    expect(await screen.findByText('Not downloaded yet')).toBeTruthy();
    const close = screen.getByTestId('closing-close');
    expect((close as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('closing-download'));
    await waitFor(() => expect(server.paths()).toContain('ExportAccountData'));
    expect(server.queries('ExportAccountData')[0]).toContain('lang=en');
    await waitFor(() => expect((screen.getByTestId('closing-close') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText(/^Last downloaded/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('closing-close'));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } });
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Close the account' }));
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
    expect(state.closingDue).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Right#2026' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Close the account' }));
    await waitFor(() => expect(state.closingDue).not.toBeNull());
    expect(server.bodies('updateUnSubscribe').at(-1)).toEqual({ unsubscribe: 1, password: 'Right#2026' });
    expect(await screen.findByText(/^This account is being closed: all its data will be deleted on/)).toBeTruthy();
  });

  it('the banner shows the date while closing and cancels it after a confirmation', async () => {
    const due = Date.UTC(2026, 11, 28, 12);
    const { state, handlers } = account({ closingDue: due, dataExportedAt: due - 30 * DAY });
    const server = stubServer(handlers);
    show(<ClosingBanner />);
    const banner = await screen.findByTestId('closing-banner');
    expect(banner.textContent).toContain('deleted on 28 Dec 2026.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel closing' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('updateUnSubscribe')).toEqual([{ unsubscribe: 0 }]));
    expect(state.closingDue).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('closing-banner')).toBeNull());
  });
});
