import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { sampleBooking } from '../../../testing/sampleBooking';
import { stubServer } from '../../../testing/stubServer';
import { ApprovePage } from './ApprovePage';

const booking = sampleBooking();

/** As the server answers: a manager decides a waiting booking, a specialist only reads the queue. */
const canFor = (role: number) => (role === Role.LOGISTICS_SPECIALIST ? { ...booking.can, approve: false, refuse: false } : booking.can);

function setup(role: number) {
  saveLogin({ token: 'tok', tokenExpire: 0, role, sType: role, userid: 1, company: 'ACME' }, 'logic');
  const server = stubServer({
    config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { logistics: true } } }),
    getLogisticsInfo: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [{ ...booking, can: canFor(role) }] } }),
    getExtendType: () => ({ status: 0, result: [] }),
    approveLogistics: () => ({ status: 0, result: { ...booking, pstatus: 2, can: { ...canFor(role), edit: false, approve: false, refuse: false } } }),
  });
  const router = createMemoryRouter([{ path: '/logic/approve', element: <ApprovePage /> }], { initialEntries: ['/logic/approve'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

describe('ApprovePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  it('lists the waiting bookings; the manager refuses one with a reason', async () => {
    const server = setup(Role.LOGISTICS);
    expect(await screen.findByText('Swift Haulage')).toBeTruthy();
    expect(server.bodies('getLogisticsInfo')[0]).toEqual({ startIndex: 0, requestedCount: 20, psList: [0] });
    fireEvent.click(await screen.findByLabelText('Refuse 粤B12345'));
    const reason = await screen.findByLabelText('Reason (the carrier is told)');
    fireEvent.click(screen.getByText('Refuse', { selector: '.ant-modal-footer button span' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    fireEvent.change(reason, { target: { value: ' Wrong day ' } });
    fireEvent.click(screen.getByText('Refuse', { selector: '.ant-modal-footer button span' }));
    await waitFor(() => expect(server.bodies('approveLogistics')).toEqual([{ sid: 5, pstatus: 2, reason: 'Wrong day' }]));
  });

  it('shows the specialist the queue without the decisions (the server would refuse them: 610)', async () => {
    setup(Role.LOGISTICS_SPECIALIST);
    expect(await screen.findByText('Swift Haulage')).toBeTruthy();
    expect(screen.getByText('Only a logistics manager or an administrator approves bookings; you can read the queue.')).toBeTruthy();
    expect(screen.queryByLabelText('Approve 粤B12345')).toBeNull();
    expect(screen.queryByLabelText('Refuse 粤B12345')).toBeNull();
  });
});
