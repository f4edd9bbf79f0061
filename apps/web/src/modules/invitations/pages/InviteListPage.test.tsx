import type { Visit } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { pickDateTime } from '../../../testing/dateTime';
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

/** What the server's policy answers for an invitation in this status: sent again unless it took place, called off before check-in. */
function canFor(status: string) {
  return {
    resend: status !== 'signedIn' && status !== 'signedOut',
    cancel: ['sent', 'viewed', 'accepted', 'unauthorized', 'authorized'].includes(status),
  };
}

/** An invitation as the list answers it, with its row abilities. */
function invite(vid: number, extra: Partial<Visit> & Pick<Visit, 'status'>) {
  return { ...sampleVisit(vid, { kind: 'invite', ...extra }), can: canFor(extra.status) };
}

describe('InviteListPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists the employee’s invitations with their status and calls one off after confirmation', async () => {
    let ended = false;
    const invites = () => [
      invite(1, {
        status: ended ? 'ended' : 'sent',
        vname: 'Ivy Guest',
        vemail: 'ivy@example.com',
        appointmentDate: Date.now() + 3600_000,
      }),
      invite(2, { status: 'signedIn', vname: 'Sam Here' }),
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
    expect(server.bodies('searchInviteByCondition')[0]).toEqual({ startIndex: 0, requestedCount: 20, withCount: true });
  });

  it('sends one still to come again after asking (a new link to copy), and one that ended as a new invitation at a chosen time', async () => {
    const later = dayjs().add(2, 'day').hour(14).minute(0).second(0).millisecond(0);
    const server = stubServer({
      config: configStub,
      searchInviteByCondition: () => ({
        status: 0,
        result: {
          pageNo: 1,
          pageSize: 20,
          count: 3,
          countCapped: false,
          list: [
            invite(1, { status: 'viewed', vname: 'Open One', appointmentDate: Date.now() + 3600_000 }),
            invite(2, { status: 'ended', vname: 'Called Off', appointmentDate: Date.now() - 86_400_000 }),
            invite(3, { status: 'signedOut', vname: 'Came Already' }),
          ],
        },
      }),
      resendInvitation: (b) => ({
        status: 0,
        result: {
          ...sampleVisit(b.vid === 1 ? 1 : 9, { kind: 'invite', status: 'sent' }),
          inviteLink: `http://x.test/invite?token=new${b.vid}`,
          renewed: b.vid !== 1,
        },
      }),
    });
    renderPage();
    expect(await screen.findByText('Open One')).toBeTruthy();
    // A visit that took place is not sent again.
    expect(screen.getAllByText('Send again')).toHaveLength(2);

    fireEvent.click(screen.getAllByText('Send again')[0]?.closest('button') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/the earlier link stops working/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Send').closest('button') as HTMLElement);
    expect(await within(dialog).findByText('Sent again with a new link')).toBeTruthy();
    expect(within(dialog).getByTestId('resend-link').textContent).toContain('http://x.test/invite?token=new1');
    expect(server.bodies('resendInvitation')).toEqual([{ vid: 1 }]);
    fireEvent.click(within(dialog).getByText('OK').closest('button') as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getAllByText('Send again')[1]?.closest('button') as HTMLElement);
    const renew = await screen.findByRole('dialog');
    expect(within(renew).getByText(/a new one is sent to the same visitor/)).toBeTruthy();
    // Its old time has passed: a time must be chosen.
    fireEvent.click(within(renew).getByText('Send').closest('button') as HTMLElement);
    expect(await within(renew).findByText('Required')).toBeTruthy();
    await pickDateTime('Visit time', later, renew);
    fireEvent.click(within(renew).getByText('Send').closest('button') as HTMLElement);
    expect(await within(renew).findByText('A new invitation was sent')).toBeTruthy();
    expect(server.bodies('resendInvitation')[1]).toEqual({ vid: 2, appointmentDate: later.valueOf() });
  });
});
