import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { sampleBooking } from '../../../testing/sampleBooking';
import { stubServer } from '../../../testing/stubServer';
import { DeskPage } from './DeskPage';

const today = dayjs().format('YYYY-MM-DD');
/** On site since 08:00, not yet released: the desk signs it out; releasing it is the logistics staff's call. */
const arrived = sampleBooking({ pstatus: 1, appointmentDate: today, visitdate: dayjs().startOf('day').add(8, 'hour').valueOf() });
const onSiteCan = (role: number) => ({ edit: false, approve: false, refuse: false, arrive: false, release: role !== Role.GATE, leave: true });

function setup(role: number) {
  // A sub-administrator acts within its grants: this one was granted logistics.
  const modules = role === Role.SUBADMIN ? { modules: ['logistics'] } : {};
  saveLogin({ token: 'tok', tokenExpire: 0, role, sType: role, userid: 1, company: 'ACME', ...modules }, 'reception');
  const server = stubServer({
    config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { logistics: true } } }),
    getLogisticsInfo: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [{ ...arrived, can: onSiteCan(role) }] } }),
    getExtendType: () => ({ status: 0, result: [] }),
    logisticsRelease: () => ({ status: 0, result: { ...arrived, exitTime: Date.now(), can: { ...onSiteCan(role), release: false } } }),
  });
  const router = createMemoryRouter([{ path: '/reception/logistics', element: <DeskPage /> }], { initialEntries: ['/reception/logistics'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

const row = async () => (await screen.findByText('Dan Driver')).closest('tr') as HTMLElement;

describe('DeskPage (today’s trucks)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  it('lets a desk account sign an arrived truck out but not release it (the logistics staff’s call)', async () => {
    setup(Role.GATE);
    const r = await row();
    // The buttons wait for the runtime configuration (the feature switch).
    expect(await within(r).findByText('Sign out')).toBeTruthy();
    expect(within(r).queryByText('Release for exit')).toBeNull();
    expect(within(r).getByText('On site')).toBeTruthy();
  });

  it('lets a sub-administrator’s desk (granted logistics) release a truck for exit, confirmed, and warns before signing an unreleased truck out', async () => {
    const server = setup(Role.SUBADMIN);
    const r = await row();
    fireEvent.click(await within(r).findByText('Sign out'));
    expect(await screen.findByText('粤B12345 has not been released for exit. Sign it out anyway?')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.click(within(r).getByText('Release for exit'));
    expect(await screen.findByText('Release 粤B12345 for exit?')).toBeTruthy();
    fireEvent.click(screen.getAllByText('OK').at(-1) as HTMLElement);
    await waitFor(() => expect(server.bodies('logisticsRelease')).toEqual([{ sid: 5 }]));
    expect(await screen.findByText('粤B12345 released for exit')).toBeTruthy();
  });
});
