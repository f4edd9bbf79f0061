import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { CompaniesPage } from './CompaniesPage';

const carrier = { id: 2, name: 'Swift Haulage', contact: 'Wang', phone: '13900001111', remark: '', createTime: 1 };

function setup(create: () => { status: number; reason?: string; result?: unknown }) {
  saveLogin({ token: 'tok', tokenExpire: 0, role: Role.LOGISTICS, sType: 3, userid: 1, company: 'ACME' }, 'logic');
  const server = stubServer({
    config: configStub,
    'logistics-company-page': () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [carrier] } }),
    'logistics-company-create': create,
  });
  const router = createMemoryRouter([{ path: '/logic/logicSupplierCom', element: <CompaniesPage /> }], {
    initialEntries: ['/logic/logicSupplierCom?name=Swift'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

async function addCarrier(name: string, phone = '') {
  fireEvent.click(screen.getAllByText('Add carrier')[0] as HTMLElement);
  const dialog = (await screen.findByText('Add a carrier company')).closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error('no dialog');
  fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: name } });
  fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: phone } });
  fireEvent.click(within(dialog).getByText('Save'));
  return dialog;
}

describe('CompaniesPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  it('lists the carriers by the name in the URL and says a taken name on its field (3)', async () => {
    const server = setup(() => ({ status: 3, reason: 'exists' }));
    expect(await screen.findByText('Swift Haulage')).toBeTruthy();
    expect(server.bodies('logistics-company-page')[0]).toEqual({ startIndex: 0, requestedCount: 20, name: 'Swift' });
    const dialog = await addCarrier(' Swift Haulage ');
    expect(await within(dialog).findByText('A carrier company with this name already exists')).toBeTruthy();
    expect(server.bodies('logistics-company-create')).toEqual([{ name: 'Swift Haulage', contact: '', phone: '', remark: '' }]);
  });

  it('checks the phone as typed before anything is sent', async () => {
    const server = setup(() => ({ status: 0, result: carrier }));
    await screen.findByText('Swift Haulage');
    const dialog = await addCarrier('New Carrier', '123');
    expect(await within(dialog).findByText('The format of the phone number is not correct')).toBeTruthy();
    await waitFor(() => expect(server.bodies('logistics-company-create')).toEqual([]));
  });
});
