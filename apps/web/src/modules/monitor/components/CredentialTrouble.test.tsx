import { Role } from '@openvisit/contract';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { CredentialTrouble } from './CredentialTrouble';

const config: StubHandler = () => ({
  status: 0,
  result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { accessControl: true, monitor: true } },
});

function renderCard() {
  const router = createMemoryRouter([{ path: '/monitor', element: <CredentialTrouble /> }], { initialEntries: ['/monitor'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('monitor: devices whose credentials do not get through', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: 0, userid: 1, company: 'ACME' }, 'manager');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each device with its driver, link and reason, its failed and pending counts, linking to its detail', async () => {
    const link = { state: 'unreachable', reason: 'connect ETIMEDOUT', holdUntil: null, lastContactAt: null, readbackAt: null };
    const row = { eid: 12, deviceName: 'Lobby face', driver: 'hikvision', link, failed: 3, pending: 7, oldestPendingAt: Date.now() - 125 * 60_000 };
    stubServer({ config, getCredentialTrouble: () => ({ status: 0, result: [row] }) });
    renderCard();
    const card = within(await screen.findByTestId('credential-trouble'));
    expect((await card.findByRole('link', { name: 'Lobby face' })).getAttribute('href')).toBe('/key/listd/12');
    expect(card.getByText('Hikvision ISAPI')).toBeTruthy();
    expect(card.getByText('Unreachable')).toBeTruthy();
    expect(card.getByText('connect ETIMEDOUT')).toBeTruthy();
    expect(card.getByText('3')).toBeTruthy();
    expect(card.getByText('7')).toBeTruthy();
    expect(card.getByText('2 h 5 min')).toBeTruthy();
  });

  it('says all devices are up to date when none is in trouble', async () => {
    stubServer({ config, getCredentialTrouble: () => ({ status: 0, result: [] }) });
    renderCard();
    expect(await screen.findByText('All devices up to date')).toBeTruthy();
  });
});
