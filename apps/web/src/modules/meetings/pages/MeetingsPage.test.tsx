import { type Meeting, MeetingStatus } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub, sampleMeeting } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { AdminMeetingsPage, EmployeeMeetingsPage } from './MeetingsPage';

const page = (list: Meeting[]) => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: list.length, list } });

function renderAt(path: string, element: React.ReactNode, url = path) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A button by its text (role queries are slow on antd tables in jsdom). */
function buttonWith(text: string, within: HTMLElement = document.body): HTMLElement {
  const b = [...within.querySelectorAll('button')].find((e) => e.textContent?.trim() === text);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}

describe('MeetingsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists meetings with their status, filters them through the URL, and cancels one not started after confirmation', async () => {
    let cancelled = false;
    const meetings = () => [
      sampleMeeting(1, {
        subject: 'Budget review',
        meetingStatus: cancelled ? MeetingStatus.CANCELLED : MeetingStatus.NOT_STARTED,
        gname: 'East gate',
      }),
      sampleMeeting(2, { subject: 'Daily sync', meetingStatus: MeetingStatus.IN_PROGRESS, visitorCount: 3, signedInCount: 1 }),
    ];
    const server = stubServer({
      config: configStub,
      getMeeting: () => page(meetings()),
      delMeeting: (b) => {
        cancelled = true;
        return { status: 0, result: sampleMeeting(Number(b.mid), { meetingStatus: MeetingStatus.CANCELLED }) };
      },
    });
    const router = renderAt('/meeting', <AdminMeetingsPage />);
    expect(await screen.findByText('Budget review')).toBeTruthy();
    expect(screen.getByText('Not started')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText('Room 301 · East gate')).toBeTruthy();
    expect(screen.getByText('3 (1)')).toBeTruthy();
    expect((screen.getByText('Budget review').closest('a') as HTMLAnchorElement).getAttribute('href')).toBe('/mdetail/1');
    expect(server.bodies('getMeeting')[0]).toEqual({ startIndex: 0, requestedCount: 20 });

    // Only the meeting that has not started can be cancelled, and only after confirming.
    expect(screen.getAllByText('Cancel meeting')).toHaveLength(1);
    fireEvent.click(buttonWith('Cancel meeting'));
    expect(await screen.findByText(/Cancel "Budget review"\? Its invitations are called off/)).toBeTruthy();
    const pop = document.querySelector('.ant-popover') as HTMLElement;
    fireEvent.click(buttonWith('Cancel meeting', pop));
    await waitFor(() => expect(server.bodies('delMeeting')).toEqual([{ mid: 1 }]));
    expect(await screen.findByText('The meeting is cancelled')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeTruthy());

    // Filters go into the URL and the request.
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'budget' } });
    fireEvent.keyDown(screen.getByLabelText('Subject'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?subject=budget'));
    await waitFor(() => expect(server.bodies('getMeeting').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, subject: 'budget' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Ended'));
    await waitFor(() => expect(router.state.location.search).toBe('?subject=budget&status=2'));
    expect(server.bodies('getMeeting').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, subject: 'budget', meetingStatus: 2 });
  });

  it('reads its filters from the URL and offers a new meeting when there are none', async () => {
    const server = stubServer({ config: configStub, getMeeting: () => page([]) });
    renderAt('/emporder/empmeeting', <EmployeeMeetingsPage />, '/emporder/empmeeting?status=1&from=2026-05-01&to=2026-05-31');
    expect(await screen.findByText('No meetings match these filters')).toBeTruthy();
    expect(server.bodies('getMeeting')[0]).toEqual({
      startIndex: 0,
      requestedCount: 20,
      date: '2026-05-01',
      endDate: '2026-05-31',
      meetingStatus: 1,
    });
    fireEvent.click(buttonWith('Reset', screen.getByText('No meetings match these filters').closest('.ant-empty') as HTMLElement));
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
    fireEvent.click(buttonWith('New meeting', screen.getByText('No meetings yet').closest('.ant-empty') as HTMLElement));
    const drawer = await screen.findByRole('dialog');
    // An employee organises as themselves: no organiser to pick.
    expect(within(drawer).queryByText('Organiser')).toBeNull();
    expect(within(drawer).getByText('Create and send invitations')).toBeTruthy();
  });
});
