import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { i18n } from '../../../platform/i18n';
import { configStub, sampleVisit } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { InviteListPage } from './InviteListPage';

function renderPage() {
  const router = createMemoryRouter([{ path: '/emporder/orderlist', element: <InviteListPage /> }], { initialEntries: ['/emporder/orderlist'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** A button by its text (role queries are slow on antd tables in jsdom). */
function buttonWith(text: string): HTMLElement {
  const b = screen
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find((e) => e !== null);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}

describe('InviteListPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists the employee’s invitations with their status and calls one off after confirmation', async () => {
    let ended = false;
    const invites = () => [
      sampleVisit(1, {
        kind: 'invite',
        status: ended ? 'ended' : 'sent',
        vname: 'Ivy Guest',
        vemail: 'ivy@example.com',
        appointmentDate: Date.now() + 3600_000,
      }),
      sampleVisit(2, { kind: 'invite', status: 'signedIn', vname: 'Sam Here' }),
    ];
    const server = stubServer({
      config: configStub,
      searchInviteByCondition: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 2, countCapped: false, list: invites() } }),
      setCancelStatusForWeb: (b) => {
        ended = true;
        return { status: 0, result: sampleVisit(Number(b.vid), { kind: 'invite', status: 'ended', vname: 'Ivy Guest' }) };
      },
    });
    renderPage();
    expect(await screen.findByText('Ivy Guest')).toBeTruthy();
    expect(screen.getByText('13800138000 · ivy@example.com')).toBeTruthy();
    // Only the invitation still to come can be called off.
    expect(screen.getAllByText('Call off')).toHaveLength(1);
    fireEvent.click(buttonWith('Call off'));
    fireEvent.click(buttonWith('OK'));
    await waitFor(() => expect(server.bodies('setCancelStatusForWeb')).toEqual([{ vid: 1 }]));
    expect(await screen.findByText('The invitation of Ivy Guest is called off')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByText('Call off')).toHaveLength(0));
    expect(server.bodies('searchInviteByCondition')[0]).toEqual({ startIndex: 0, requestedCount: 20 });
  });
});
