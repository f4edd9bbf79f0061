import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { SubCompanyManagerDetailPage, SubCompanyManagersPage } from './SubCompanyManagersPage';

const ada = { empid: 11, empName: 'Ada Lee', empPhone: '13900139001', empNo: 'E11' };
const bo = { empid: 12, empName: 'Bo Chen', empPhone: '13900139002', empNo: 'E12' };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/subcom/account/accountsub', element: <SubCompanyManagersPage /> },
      { path: '/subcom/account/accountsub/subdetail/:empid', element: <SubCompanyManagerDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the sub-company’s managers (accountsub)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.SUB_COMPANY, userid: 1, subaccountId: 3, company: 'Tenant' }, 'subcom');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists its managers, chooses them among its own employees and sends only the ids (the session names the sub-company)', async () => {
    let managers = [ada];
    const server = stubServer({
      GetSubAccountManager: () => ({ status: 0, result: managers }),
      getSubAccountEmpList: () => ({ status: 0, result: [ada, bo].map((e) => ({ ...e, deptNames: [], subaccountId: 3 })) }),
      UpdateSubAccountManager: (b) => {
        managers = [ada, bo].filter((e) => (b.empids as number[]).includes(e.empid));
        return { status: 0, result: managers };
      },
    });
    renderAt('/subcom/account/accountsub');
    expect(await screen.findByRole('link', { name: 'Ada Lee' })).toBeTruthy();
    expect(screen.queryByText('Bo Chen')).toBeNull();
    fireEvent.click(screen.getByTestId('managers-edit'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Bo Chen (E12)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('UpdateSubAccountManager')).toEqual([{ empids: [11, 12] }]));
    expect(await screen.findByRole('link', { name: 'Bo Chen' })).toBeTruthy();
    expect(server.bodies('GetSubAccountManager').every((b) => b.id === undefined)).toBe(true);
  });

  it('subdetail shows a manager', async () => {
    stubServer({ GetSubAccountManager: () => ({ status: 0, result: [ada] }) });
    renderAt('/subcom/account/accountsub/subdetail/11');
    expect(await screen.findByText('13900139001')).toBeTruthy();
    expect(screen.getByText('E11')).toBeTruthy();
  });

  it('subdetail of an employee who is not a manager says so', async () => {
    stubServer({ GetSubAccountManager: () => ({ status: 0, result: [ada] }) });
    renderAt('/subcom/account/accountsub/subdetail/12');
    expect(await screen.findByText('This employee is not one of your managers')).toBeTruthy();
  });
});
