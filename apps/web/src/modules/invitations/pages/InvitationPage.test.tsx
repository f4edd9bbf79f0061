import type { Invitation } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { formatDateTime } from '../../../platform/format';
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
    permission: 1,
    lang: 'en',
    terms: 'Wear your badge.',
    templateType: 0,
    inviteContent: '',
    address: '',
    traffic: '',
    companyProfile: '',
    longitude: null,
    latitude: null,
    meeting: null,
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

  it('shows the invitation’s letter, address with a map link, directions and company profile as plain text', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: invitation({
          inviteContent: 'Welcome!\n<b>Bring your ID</b>',
          address: '1 Chaoyang Road',
          traffic: 'Metro line 6\nExit B',
          companyProfile: 'Acme makes things.',
          longitude: 116.4,
          latitude: 39.9,
        }),
      }),
    });
    renderPage();
    const letter = await screen.findByTestId('invitation-letter');
    // Shown as text, never as markup.
    expect(letter.textContent).toBe('Welcome!\n<b>Bring your ID</b>');
    expect(letter.querySelector('b')).toBeNull();
    expect(screen.getByText('1 Chaoyang Road')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show on a map' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=39.9&mlon=116.4#map=17/39.9/116.4',
    );
    expect(screen.getByText(/Metro line 6\s+Exit B/)).toBeTruthy();
    fireEvent.click(screen.getByText('About Acme'));
    expect(await screen.findByText('Acme makes things.')).toBeTruthy();
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

  it('says the pass waits for approval, and that a refused visit was not approved (not that the visitor declined)', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 0, result: invitation({ permission: 0 }) }) });
    renderPage();
    expect(await screen.findByText(/Your visit is waiting for approval/)).toBeTruthy();
    expect(screen.getByTestId('invitation-code').textContent).toBe('Code 12345678');
  });

  it('tells a visitor refused by the approvers so', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation({ permission: 2, status: 'refused', code: null, canReply: false }) }),
    });
    renderPage();
    expect(await screen.findByText('Your visit was not approved. Please contact your host.')).toBeTruthy();
    expect(screen.queryByText('You declined the invitation.')).toBeNull();
  });

  it('shows a meeting invitation’s meeting: subject, its whole time and the place', async () => {
    const start = Date.UTC(2026, 4, 4, 1, 0);
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: invitation({
          visitReason: 'Budget review',
          appointmentDate: start,
          meeting: { subject: 'Budget review', address: 'Room 301', startTime: start, endTime: start + 5400_000 },
        }),
      }),
    });
    renderPage();
    expect(await screen.findByText('Budget review')).toBeTruthy();
    expect(screen.getByText('Meeting')).toBeTruthy();
    expect(screen.getByText('Room 301')).toBeTruthy();
    expect(screen.getByText(`${formatDateTime(start)} – ${formatDateTime(start + 5400_000)}`)).toBeTruthy();
    // The purpose is the meeting itself: not shown twice.
    expect(screen.queryByText('Purpose')).toBeNull();
  });

  it('says so, without detail, for a link that names no invitation', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 1117, reason: 'Invalid visitor' }) });
    renderPage();
    expect(await screen.findByText('This invitation link does not work')).toBeTruthy();
  });
});
