import type { PassRule } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { ScheduleEditPage } from './ScheduleEditPage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const RULE: PassRule = {
  rid: 4,
  rname: 'Office',
  startDate: '',
  endDate: '',
  mon: ['08:00-12:00'],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
  hol: [],
  holMode: 0,
  daysOff: [],
  daysOffMode: 0,
  configs: 0,
};

function open() {
  const router = createMemoryRouter(
    [
      { path: '/strategic/tsdetail/:id?', element: <ScheduleEditPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/strategic/tsdetail/4'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('ScheduleEditPage', () => {
  it('checks slots as typed (overlap, end after start), draws the week and saves the sorted slots', async () => {
    const server = stubServer({
      getPassRuleList: () => ({ status: 0, result: [RULE] }),
      updatePassRule: (b) => ({ status: 0, result: { ...RULE, ...b } }),
    });
    const router = open();
    const monday = await screen.findByTestId('slots-mon');
    expect((within(monday).getByTestId('slot-mon-0-from') as HTMLInputElement).value).toBe('08:00');
    fireEvent.click(screen.getByTestId('slot-add-mon'));
    fireEvent.change(await screen.findByTestId('slot-mon-1-from'), { target: { value: '11:00' } });
    fireEvent.change(screen.getByTestId('slot-mon-1-to'), { target: { value: '13:00' } });
    expect(await within(monday).findByText('Overlaps another time slot')).toBeTruthy();
    fireEvent.change(screen.getByTestId('slot-mon-1-from'), { target: { value: '14:00' } });
    expect(await within(monday).findByText('The end must be after the start')).toBeTruthy();
    fireEvent.change(screen.getByTestId('slot-mon-1-to'), { target: { value: '18:00' } });
    await waitFor(() => expect(within(monday).queryByText('The end must be after the start')).toBeNull());
    expect(within(screen.getByTestId('week-mon')).getByRole('img').getAttribute('aria-label')).toBe('Mon: 08:00-12:00, 14:00-18:00');

    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategic/tschedule'));
    const [body] = server.bodies('updatePassRule');
    expect(body).toMatchObject({ rid: 4, rname: 'Office', mon: ['08:00-12:00', '14:00-18:00'], tue: [], holMode: 0, startDate: '' });
  });
});
