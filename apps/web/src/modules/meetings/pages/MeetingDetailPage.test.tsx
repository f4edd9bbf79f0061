import { type Meeting, MeetingStatus, Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub, sampleMeeting, sampleVisit } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { AdminMeetingDetailPage, EmployeeMeetingDetailPage } from './MeetingDetailPage';

function renderAt(path: string, element: React.ReactNode, url: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function buttonWith(text: string, inside: HTMLElement = document.body): HTMLElement {
  const b = [...inside.querySelectorAll('button')].find((e) => e.textContent?.trim() === text);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}
const hasButton = (text: string) => [...document.querySelectorAll('button')].some((e) => e.textContent?.trim() === text);

describe('MeetingDetailPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the meeting and its visitors’ invitation status, and offers only what its status allows: start, then end', async () => {
    let status: number = MeetingStatus.NOT_STARTED;
    const meeting = (): Meeting & { visitors: ReturnType<typeof sampleVisit>[] } => ({
      ...sampleMeeting(7, { subject: 'Budget review', remark: 'Bring the figures', meetingStatus: status, visitorCount: 2, signedInCount: 1 }),
      visitors: [
        sampleVisit(71, { kind: 'invite', status: 'accepted', vname: 'Ann Guest', vphone: '', vemail: 'ann@example.com', visitdate: null, mid: 7 }),
        sampleVisit(72, { kind: 'invite', status: 'signedIn', vname: 'Bo Guest', mid: 7 }),
      ],
    });
    const server = stubServer({
      config: configStub,
      getMeetingById: () => ({ status: 0, result: meeting() }),
      updateMeetingStatus: (b) => {
        status = b.status === 1 ? MeetingStatus.IN_PROGRESS : MeetingStatus.ENDED;
        return { status: 0, result: sampleMeeting(7, { meetingStatus: status }) };
      },
    });
    renderAt('/mdetail/:mid', <AdminMeetingDetailPage />, '/mdetail/7');
    expect(await screen.findByRole('heading', { name: 'Budget review' })).toBeTruthy();
    expect(server.bodies('getMeetingById')[0]).toEqual({ mid: 7 });
    expect(screen.getByText('Not started')).toBeTruthy();
    expect(screen.getByText('Bring the figures')).toBeTruthy();
    expect(screen.getByText('2 invited, 1 checked in')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('Accepted')).toBeTruthy();
    expect(screen.getByText('Signed in')).toBeTruthy();
    expect(['Edit', 'Add visitors', 'Start', 'Cancel meeting'].every(hasButton)).toBe(true);
    expect(hasButton('End')).toBe(false);
    expect((screen.getByText('Back to the meetings').closest('a') as HTMLAnchorElement).getAttribute('href')).toBe('/meeting');

    fireEvent.click(buttonWith('Start'));
    await waitFor(() => expect(server.bodies('updateMeetingStatus')).toEqual([{ mid: 7, status: 1 }]));
    expect(await screen.findByText('In progress')).toBeTruthy();
    expect(hasButton('Start') || hasButton('Add visitors') || hasButton('Cancel meeting')).toBe(false);
    // Ending asks first.
    fireEvent.click(buttonWith('End'));
    expect(await screen.findByText(/End the meeting now\?/)).toBeTruthy();
    expect(server.bodies('updateMeetingStatus')).toHaveLength(1);
    fireEvent.click(buttonWith('End meeting', document.querySelector('.ant-popover') as HTMLElement));
    await waitFor(() => expect(server.bodies('updateMeetingStatus')[1]).toEqual({ mid: 7, status: 2 }));
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(hasButton('Edit')).toBe(false);
  });

  it('adds visitors to a meeting not started: someone already invited is refused on the row, then the links are shown', async () => {
    let answers = 0;
    const server = stubServer({
      config: configStub,
      getMeetingById: () => ({ status: 0, result: { ...sampleMeeting(8), visitors: [] } }),
      syncJoinMeeting: () => {
        answers += 1;
        if (answers === 1) return { status: Status.BAD_PARAMS, reason: 'x', result: { errors: [{ field: 'visitors.0.email', rule: 'invited' }] } };
        return {
          status: 0,
          result: [
            { ...sampleVisit(81, { kind: 'invite', status: 'sent', vname: 'Cy Guest', mid: 8 }), inviteLink: 'http://x.test/invite?token=cy' },
          ],
        };
      },
    });
    renderAt('/emporder/mdetail/:mid', <EmployeeMeetingDetailPage />, '/emporder/mdetail/8');
    expect(await screen.findByText('No visitors')).toBeTruthy();
    fireEvent.click(buttonWith('Add visitors'));
    const modal = (await screen.findByText('Add visitors', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    fireEvent.click(buttonWith('Send invitations', modal));
    await waitFor(() => expect(within(modal).getAllByText('Give a mobile phone or an email')).toHaveLength(2));
    expect(server.bodies('syncJoinMeeting')).toEqual([]);
    fireEvent.change(within(modal).getByLabelText('Visitor name'), { target: { value: 'Cy Guest' } });
    fireEvent.change(within(modal).getByLabelText('Email'), { target: { value: 'cy@example.com' } });
    fireEvent.click(buttonWith('Send invitations', modal));
    expect(await within(modal).findByText('Already invited')).toBeTruthy();
    expect(server.bodies('syncJoinMeeting')[0]).toEqual({
      mid: 8,
      visitors: [{ name: 'Cy Guest', phone: '', email: 'cy@example.com', company: '', lang: 'en' }],
    });
    fireEvent.click(buttonWith('Send invitations', modal));
    expect(await screen.findByText('http://x.test/invite?token=cy')).toBeTruthy();
    expect((screen.getByText('Back to the meetings').closest('a') as HTMLAnchorElement).getAttribute('href')).toBe('/emporder/empmeeting');
  });

  it('says so when the meeting is not the user’s (602), without an error toast', async () => {
    stubServer({ config: configStub, getMeetingById: () => ({ status: Status.NO_SUCH_RECORD, reason: 'No such meeting' }) });
    renderAt('/mdetail/:mid', <AdminMeetingDetailPage />, '/mdetail/99');
    expect(await screen.findByText('This meeting does not exist or is not yours.')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
