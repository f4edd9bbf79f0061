import { Role, Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { CredentialReport } from './CredentialReport';
import { FaceCredentials } from './FaceCredentials';

const config: StubHandler = () => ({
  status: 0,
  result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { accessControl: true } },
});

const drift = {
  at: Date.now() - 3_600_000,
  expected: 12,
  heldOurs: 11,
  heldSite: 4,
  missing: 1,
  extra: 1,
  changed: 0,
  repaired: 1,
  failed: 1,
  error: '',
  items: [
    {
      personNo: 'OVE7',
      personKind: 'employee',
      personId: 7,
      name: 'Erin Employee',
      kind: 'missing',
      what: ['person', 'face'],
      outcome: 'repaired',
      reason: '',
    },
    {
      personNo: 'OVV9',
      personKind: 'visitor',
      personId: 9,
      name: 'Old Visitor',
      kind: 'extra',
      what: ['person'],
      outcome: 'failed',
      reason: 'device busy',
    },
    { personNo: '1001', personKind: null, personId: null, name: 'Site Guard', kind: 'siteManaged', what: [], outcome: 'left', reason: '' },
  ],
};

const report = {
  link: { state: 'authRefused', reason: 'HTTP 401: the account was refused', holdUntil: null, lastContactAt: Date.now() - 600_000, readbackAt: null },
  states: { pending: 2, live: 9, failed: 1, revoking: 0, revoked: 3 },
  queue: { due: 2, inFlight: 0, waiting: 1 },
  drift,
};

function renderReport(element = <CredentialReport eid={12} driver="hikvision" />) {
  const router = createMemoryRouter([{ path: '/key/listd/:eid', element }], { initialEntries: ['/key/listd/12'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('device credential report', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: 0, userid: 1, company: 'ACME' }, 'manager');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the link, why it is held, the counts per state, the queue and the last readback’s differences', async () => {
    stubServer({ config, getDeviceCredentialReport: () => ({ status: 0, result: report }) });
    renderReport();
    const panel = await screen.findByTestId('credential-report');
    expect((await within(panel).findByTestId('link-authRefused')).textContent).toBe('Account refused');
    expect(within(panel).getByText('HTTP 401: the account was refused')).toBeTruthy();
    expect(within(panel).getByText('until the address or the account changes')).toBeTruthy();
    expect(within(panel).getByText('On the device: 9')).toBeTruthy();
    expect(within(panel).getByRole('img', { name: /Pending 2, On the device 9, Failed 1, Being removed 0, Removed 3/ })).toBeTruthy();
    expect(within(panel).getByText('Waiting to retry')).toBeTruthy();
    const table = within(screen.getByTestId('drift-report'));
    expect(table.getByText('Erin Employee')).toBeTruthy();
    expect(table.getByText('Person, Face')).toBeTruthy();
    expect(table.getByText('device busy')).toBeTruthy();
    expect(table.getByText('Left alone')).toBeTruthy();
  });

  it('reads the device back after a confirmation, and says clearly when the device cannot be reached', async () => {
    const server = stubServer({
      config,
      getDeviceCredentialReport: () => ({ status: 0, result: { ...report, drift: null } }),
      readbackDevice: () => ({ status: Status.DEVICE_LINK_DOWN, reason: 'connect ECONNREFUSED 10.0.0.9:80' }),
    });
    renderReport();
    expect(await screen.findByText('Not read back yet')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Read back now/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/never touched/)).toBeTruthy();
    expect(server.bodies('readbackDevice')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read back' }));
    await waitFor(() => expect(server.bodies('readbackDevice')).toEqual([{ eid: 12 }]));
    expect(await screen.findByText(/cannot be reached or refused the account: check its address/)).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED 10.0.0.9:80')).toBeTruthy();
  });

  it('lists each credential’s state in words, what it carries and its pass limit', async () => {
    const credential = {
      id: 5,
      state: 'failed',
      hasFace: true,
      hasCard: true,
      hasQr: false,
      passLimit: 2,
      eid: 12,
      personKind: 'visitor',
      personId: 9,
      name: 'Vera Visitor',
      action: 'add',
      status: 'failed',
      seq: 40,
      attempts: 5,
      lastError: 'face not detected',
      nextAttemptAt: null,
      syncedAt: null,
      updatedAt: Date.now(),
      validFrom: null,
      validTo: null,
    };
    stubServer({
      config,
      getDeviceCredentialReport: () => ({ status: 0, result: report }),
      getFaceCredentials: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [credential], counts: { failed: 1 } } }),
    });
    renderReport(<FaceCredentials eid={12} driver="hikvision" />);
    const row = (await screen.findByText('Vera Visitor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Face')).toBeTruthy();
    expect(within(row).getByText('Card')).toBeTruthy();
    expect(within(row).queryByText('QR')).toBeNull();
    expect(within(row).getByText('2 passes')).toBeTruthy();
    expect(within(row).getByText('face not detected')).toBeTruthy();
  });
});
