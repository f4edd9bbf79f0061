import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { MyTempCardsPage, TempCardsPage } from './TempCardsPage';

const base = {
  empid: 5,
  deptName: 'Sales',
  empNo: 'E005',
  cardNo: '',
  phone: '13900001111',
  email: '',
  office: '',
  submitTime: Date.parse('2026-11-28T08:00:00'),
  lendTime: null,
  returnDue: null,
  returnTime: null,
  refuseReason: '',
  overdue: false,
};
const applied = { ...base, cid: 1, name: 'Zhang San', icStatus: 0, can: { lend: true, refuse: true, giveBack: false } };
const mayNothing = { lend: false, refuse: false, giveBack: false };
const late = {
  ...base,
  cid: 2,
  name: 'Li Si',
  icStatus: 1,
  cardNo: 'T9',
  lendTime: 1,
  returnDue: 2,
  overdue: true,
  can: { lend: false, refuse: false, giveBack: true },
};

function setup(lend: () => { status: number; reason?: string; result?: unknown }) {
  saveLogin({ token: 'tok', tokenExpire: 0, role: Role.GATE, sType: 2, userid: 1, company: 'ACME' }, 'reception');
  const server = stubServer({
    config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { tempCard: true } } }),
    getInterimCard: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 2, list: [applied, late] } }),
    updateInterimCard: lend,
    refuseInterimCard: () => ({ status: 0, result: { ...applied, icStatus: 3 } }),
  });
  const router = createMemoryRouter([{ path: '/reception/tempcard', element: <TempCardsPage /> }], {
    initialEntries: ['/reception/tempcard?status=0&cardNo=T'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

async function openDialog(action: string, title: string) {
  fireEvent.click(await screen.findByRole('button', { name: `${action} Zhang San` }));
  const dialog = (await screen.findByText(title)).closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error('no dialog');
  return dialog;
}

describe('TempCardsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  it('lists by the URL filters with status and overdue tags; lends with a card number checked as typed', async () => {
    const server = setup(() => ({ status: 0, result: { ...applied, icStatus: 1, cardNo: 'T0001' } }));
    expect(await screen.findByText('Zhang San')).toBeTruthy();
    expect(server.bodies('getInterimCard')[0]).toEqual({ startIndex: 0, requestedCount: 20, icStatus: 0, cardNo: 'T' });
    expect(screen.getByText('Overdue')).toBeTruthy();
    // Only a submitted application can be lent or refused; only a lent card can be taken back.
    expect(screen.queryByRole('button', { name: 'Lend Li Si' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record the return Li Si' })).toBeTruthy();
    const dialog = await openDialog('Lend', 'Lend a card to Zhang San');
    const input = within(dialog).getByLabelText('Card number');
    fireEvent.change(input, { target: { value: 'T-01' } });
    expect(await within(dialog).findByText('Letters and digits only')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' T0001 ' } });
    await waitFor(() => expect(within(dialog).queryByText('Letters and digits only')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lend' }));
    await waitFor(() => expect(server.bodies('updateInterimCard')).toEqual([{ cid: 1, cardNo: 'T0001' }]));
  });

  it('says a card already lent on the card number field (3)', async () => {
    setup(() => ({ status: 3, reason: 'lent' }));
    const dialog = await openDialog('Lend', 'Lend a card to Zhang San');
    fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: 'T9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lend' }));
    expect(await within(dialog).findByText('This card is already lent to someone else')).toBeTruthy();
  });

  it('refuses with a reason of at most 50 characters, nothing sent before', async () => {
    const server = setup(() => ({ status: 0 }));
    const dialog = await openDialog('Refuse', 'Refuse the application of Zhang San');
    const reason = within(dialog).getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Too long: at most 50 characters')).toBeTruthy();
    expect(server.bodies('refuseInterimCard')).toEqual([]);
    fireEvent.change(reason, { target: { value: 'No cards left' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(server.bodies('refuseInterimCard')).toEqual([{ cid: 1, refuseReason: 'No cards left' }]));
  });

  it('an employee applies for themself and gets no desk actions', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.EMPLOYEE, userid: 1, company: 'ACME' }, 'emporder');
    const server = stubServer({
      config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { tempCard: true } } }),
      // As the server answers an employee: their card, and none of the desk's actions on it.
      getInterimCard: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [{ ...applied, can: mayNothing }] } }),
      addInterimCard: () => ({ status: 0, result: { ...applied, cid: 9, can: mayNothing } }),
    });
    const router = createMemoryRouter([{ path: '/emporder/tcard', element: <MyTempCardsPage /> }], { initialEntries: ['/emporder/tcard'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Zhang San')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lend Zhang San' })).toBeNull();
    expect(screen.queryByTestId('interim-export')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Apply for a card/ }));
    const dialog = (await screen.findByText('Apply for a temporary card')).closest<HTMLElement>('.ant-modal');
    if (!dialog) throw new Error('no dialog');
    expect(within(dialog).queryByText('A visitor')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Office'), { target: { value: 'B2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.bodies('addInterimCard')).toEqual([{ office: 'B2' }]));
  });
});
