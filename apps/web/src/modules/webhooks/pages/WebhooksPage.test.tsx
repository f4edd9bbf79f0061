import { Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { WebhooksPage } from './WebhooksPage';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const config = ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} });
const endpoint = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  url: `https://hooks.example.com/${id}`,
  description: 'Security operations',
  events: ['*'],
  enabled: true,
  disabledReason: '',
  failingSince: null,
  lastSuccessAt: null,
  day: { succeeded: 12, failed: 1, pending: 0 },
  createTime: Date.now() - 86_400_000,
  ...extra,
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/integrations/webhooks', element: <WebhooksPage /> }], { initialEntries: ['/integrations/webhooks'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('WebhooksPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists endpoints with their state and the last day; one switched off by the server says why', async () => {
    stubServer({
      config,
      getWebhooks: ok([
        endpoint(1),
        endpoint(2, { enabled: false, disabledReason: 'failing since 2026-12-04', events: ['visit.checked_in', 'visit.checked_out'] }),
      ]),
    });
    renderPage();
    const first = (await screen.findByText('https://hooks.example.com/1')).closest('tr') as HTMLElement;
    expect(first.textContent).toContain('All events');
    expect(first.textContent).toContain('On');
    expect(first.textContent).toContain('12 delivered, 1 failed, 0 waiting');
    const second = screen.getByText('https://hooks.example.com/2').closest('tr') as HTMLElement;
    expect(second.textContent).toContain('2 events');
    expect(second.textContent).toContain('Off');
    expect(within(second).getByRole('button', { name: 'Send test' })).toHaveProperty('disabled', true);
  });

  it('adds an endpoint: the address checked as typed, the server’s refusal on the field, the secret shown once', async () => {
    let refuse = true;
    const server = stubServer({
      config,
      getWebhooks: ok([]),
      addWebhook: () =>
        refuse
          ? { status: Status.WEBHOOK_URL_REFUSED, reason: 'refused', result: { why: 'private' } }
          : { status: 0, result: { id: 7, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' } },
    });
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: /Add endpoint/ }))[0] as HTMLElement);
    type('Address (URL)', 'ftp://example.com');
    expect(await within(dialog()).findByText('The address must start with https:// or http://')).toBeTruthy();
    type('Address (URL)', 'https://user:pw@example.com/x');
    expect(await within(dialog()).findByText('Leave the user name and password out of the address')).toBeTruthy();
    type('Address (URL)', 'https://10.0.0.8/hooks');
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Only these events' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /Save/ }));
    expect(await within(dialog()).findByText('Choose at least one event')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Every event, also those added later' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /Save/ }));
    expect(await within(dialog()).findByText('This address is in a private or local network, which the server does not send to')).toBeTruthy();
    refuse = false;
    type('Address (URL)', 'https://hooks.example.com/in');
    fireEvent.click(within(dialog()).getByRole('button', { name: /Save/ }));
    const secret = await screen.findByTestId('shown-secret');
    expect((secret as HTMLInputElement).value).toBe('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0');
    expect(server.bodies('addWebhook').at(-1)).toEqual({ url: 'https://hooks.example.com/in', description: '', events: ['*'] });
    // The list is read again with the new endpoint.
    await waitFor(() => expect(server.bodies('getWebhooks').length).toBeGreaterThan(1));
  });
});
