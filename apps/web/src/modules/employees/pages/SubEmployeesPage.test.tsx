import type { Employee } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { SubEmployeesPage } from './SubEmployeesPage';

function employee(empid: number, empName: string, extra: Partial<Employee> = {}): Employee {
  return {
    empid,
    empName,
    empNo: `T${empid}`,
    empPhone: `1390013900${empid}`,
    empEmail: '',
    empPosition: '',
    deptIds: [],
    deptNames: [],
    cardNo: '',
    telephone: '',
    workbay: '',
    remark: '',
    superiorNo: '',
    superiorName: '',
    domainAccount: '',
    visitType: '',
    defaultNotify: 0,
    defaultReceiver: false,
    isLeader: false,
    defaultContact: false,
    forbidAppointment: false,
    forbidInvite: false,
    hideFromPad: false,
    status: 0,
    face: null,
    avatar: '',
    acEnabled: false,
    acStart: null,
    acEnd: null,
    subaccountId: 7,
    createTime: Date.UTC(2026, 0, 5, 9, 30),
    ...extra,
  };
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

function renderPage() {
  const router = createMemoryRouter([{ path: '/subcom/subemp', element: <SubEmployeesPage /> }], { initialEntries: ['/subcom/subemp'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('SubEmployeesPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists its employees by search; adds one without the head office’s fields, accepting the exemption clause', async () => {
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
      GetUserInfo: ok({ escapeClause: 'Tenants answer for their staff.' }),
      getVisitorType: ok([]),
      getSubEmpListPages: (b) => ({
        status: 0,
        result: { pageNo: 1, pageSize: b.requestedCount, count: 1, list: [employee(1, b.name === 'zz' ? 'Nobody' : 'Tina Tenant')] },
      }),
      addEmployee: ok(employee(2, 'Ned New')),
    });
    renderPage();
    expect(await screen.findByText('Tina Tenant')).toBeTruthy();
    // The head office's columns (departments, face photos) are not shown.
    expect(screen.queryByText('Departments')).toBeNull();

    fireEvent.click(screen.getByTestId('subemp-add'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('escape-clause')).toBeTruthy();
    expect(within(drawer).queryByLabelText('Departments')).toBeNull();
    expect(within(drawer).queryByLabelText('Card number')).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Ned New' } });
    fireEvent.change(within(drawer).getByLabelText('Mobile phone'), { target: { value: '13900139002' } });
    fireEvent.click(within(drawer).getByTestId('employee-save'));
    expect(await within(drawer).findByText('Accept the exemption clause to save')).toBeTruthy();
    expect(server.bodies('addEmployee')).toHaveLength(0);
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'I accept' }));
    fireEvent.click(within(drawer).getByTestId('employee-save'));
    expect(await screen.findByText('Employee Ned New added')).toBeTruthy();
    const body = server.bodies('addEmployee')[0];
    expect(body).toMatchObject({ employee_name: 'Ned New', phone: '13900139002', acceptClause: true });
    expect(body).not.toHaveProperty('deptIds');
    expect(body).not.toHaveProperty('cardNo');
  });

  it('disables an employee after a confirmation that accepts the clause', async () => {
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
      GetUserInfo: ok({ escapeClause: 'Tenants answer for their staff.' }),
      getSubEmpListPages: ok({ pageNo: 1, pageSize: 20, count: 1, list: [employee(1, 'Tina Tenant')] }),
      updateEmployee: ok(employee(1, 'Tina Tenant', { status: 1 })),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Tina Tenant' }));
    expect(await screen.findByText(/Confirming accepts the exemption clause/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('updateEmployee')[0]).toEqual({ empid: 1, status: 1, acceptClause: true }));
  });
});
