import type { Invitation } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { i18n } from '../../../platform/i18n';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { InvitationPage } from './InvitationPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const config = configStub;

function invitation(extra: Partial<Invitation> = {}): Invitation {
  const at = Date.now() + 3600_000;
  return {
    company: 'Acme Holdings',
    shortName: 'Acme',
    vname: 'Ivy Guest',
    empName: 'Ada Host',
    appointmentDate: at,
    opensAt: at - 1800_000,
    closesAt: at + 1800_000,
    visitType: 'Business',
    visitReason: 'Audit',
    gate: 'East gate',
    status: 'viewed',
    code: '12345678',
    canReply: true,
    lang: 'en',
    terms: 'Wear your badge.',
    followers: [],
    followersMax: 20,
    hasPhoto: false,
    canSupplement: false,
    ...extra,
  };
}

function renderPage(token = TOKEN) {
  const router = createMemoryRouter([{ path: '/invite', element: <InvitationPage /> }], { initialEntries: [`/invite?token=${token}`] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('InvitationPage', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('opens the invitation (marking it viewed), shows the pass and accepts', async () => {
    const server = stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation() }),
      updateAppointmentReply: (b) => ({ status: 0, result: invitation({ status: b.status === 3 ? 'accepted' : 'refused', canReply: false }) }),
    });
    renderPage();
    expect(await screen.findByText('Acme invites you')).toBeTruthy();
    expect(server.bodies('updateAppPreview')).toEqual([{ secid: TOKEN }]);
    expect(screen.getByText('Ada Host')).toBeTruthy();
    expect(screen.getByText('East gate')).toBeTruthy();
    expect(screen.getByTestId('invitation-code').textContent).toBe('Code 12345678');
    await waitFor(() => expect(screen.getByTestId('invitation-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Thank you, see you soon.')).toBeTruthy();
    expect(server.bodies('updateAppointmentReply')).toEqual([{ id: TOKEN, status: 3 }]);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('speaks the visitor’s language, and shows no pass once the invitation cannot be used', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation({ lang: 'zh', status: 'ended', code: null, canReply: false }) }),
    });
    renderPage();
    expect(await screen.findByText('Acme 诚邀您来访')).toBeTruthy();
    expect(screen.getByText('该邀请已无法用于签到。')).toBeTruthy();
    expect(screen.queryByTestId('invitation-pass')).toBeNull();
  });

  it('says so, without detail, for a link that names no invitation', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 1117, reason: 'Invalid visitor' }) });
    renderPage();
    expect(await screen.findByText('This invitation link does not work')).toBeTruthy();
  });
});
