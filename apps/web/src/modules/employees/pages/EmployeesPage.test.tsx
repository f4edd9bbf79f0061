import type { DepartmentNode, Employee } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { EmployeesPage } from './EmployeesPage';

function dept(deptid: number, deptName: string, parentId: number, empCount: number, children: DepartmentNode[] = []): DepartmentNode {
  return {
    deptid,
    deptName,
    deptNo: '',
    parentId,
    deptManagerEmpid: null,
    deptManager: '',
    empCount,
    subtreeCount: children.reduce((n, c) => n + c.subtreeCount, empCount),
    childDeptList: children,
  };
}

function employee(empid: number, empName: string, extra: Partial<Employee> = {}): Employee {
  return {
    empid,
    empName,
    empNo: `E${empid}`,
    empPhone: `1380013800${empid}`,
    empEmail: '',
    empPosition: '',
    deptIds: [2],
    deptNames: ['Sales'],
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
    acEnabled: true,
    acStart: null,
    acEnd: null,
    subaccountId: null,
    createTime: Date.UTC(2026, 0, 5, 9, 30),
    ...extra,
  };
}

const TREE = [dept(1, 'HQ', 0, 1, [dept(2, 'Sales', 1, 2)])];
const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
  GetUserInfo: ok({ escapeClause: '' }),
  getDeptList: ok(TREE),
  getEmployeeCount: ok({ total: 2, enabled: 1, forbidden: 1, stopped: 0 }),
  getEmpListPages: (b) => ({
    status: 0,
    result: {
      pageNo: 1,
      pageSize: b.requestedCount,
      count: 2,
      list: [employee(1, 'Li Lei'), employee(2, 'Han Meimei', { status: 1, deptNames: [] })],
    },
  }),
  ...extra,
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/emp/emplist', element: <EmployeesPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);

describe('EmployeesPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the list with the filters of the URL and shows them in the controls', async () => {
    const server = stubServer(baseHandlers());
    renderAt('/emp/emplist?q=li&status=1&dept=2&page=2&sort=empName&order=asc');
    expect(await screen.findByText('Li Lei')).toBeTruthy();
    expect(server.bodies('getEmpListPages')[0]).toEqual({
      startIndex: 20,
      requestedCount: 20,
      name: 'li',
      status: 1,
      deptid: 2,
      sortBy: 'empName',
      sortOrder: 'asc',
    });
    expect((screen.getByLabelText('Search employees') as HTMLInputElement).value).toBe('li');
    expect(screen.getByText('Forbidden', { selector: '.ant-select-content-value, .ant-select-selection-item, span' })).toBeTruthy();
    expect((await screen.findByTestId('employee-count')).textContent).toBe('2 employees · 1 enabled · 1 forbidden · 0 stopped');
    // The selected department is shown under the toolbar.
    expect((await screen.findByTestId('dept-selected')).textContent).toBe('Sales');
  });

  it('writes search, department and clearing into the URL, back to page 1', async () => {
    const server = stubServer(baseHandlers());
    const router = renderAt('/emp/emplist?page=3');
    await screen.findByText('Li Lei');

    const box = screen.getByLabelText('Search employees');
    fireEvent.change(box, { target: { value: ' wang ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(search(router).get('q')).toBe('wang'));
    expect(search(router).has('page')).toBe(false);
    await waitFor(() => expect(server.bodies('getEmpListPages').at(-1)).toMatchObject({ name: 'wang', startIndex: 0 }));

    fireEvent.click(await screen.findByText('Sales', { selector: '.dept-name' }));
    await waitFor(() => expect(search(router).get('dept')).toBe('2'));
    expect(search(router).get('q')).toBe('wang');

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Search employees') as HTMLInputElement).value).toBe('');
  });

  it('sorts by a column through the URL', async () => {
    stubServer(baseHandlers());
    const router = renderAt('/emp/emplist');
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getAllByText('Work number', { selector: '.ant-table-column-title' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=empNo&order=asc'));
    fireEvent.click(screen.getAllByText('Work number', { selector: '.ant-table-column-title' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=empNo&order=desc'));
  });

  it('deletes the selected employees after a confirmation that shows the count', async () => {
    const server = stubServer(baseHandlers({ batchDelEmployee: (b) => ({ status: 0, result: { deleted: (b.empids as number[]).length } }) }));
    renderAt('/emp/emplist');
    await screen.findByText('Li Lei');
    const rows = screen.getAllByRole('row');
    const row = rows.find((r) => r.textContent?.includes('Han Meimei')) as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    const li = rows.find((r) => r.textContent?.includes('Li Lei')) as HTMLElement;
    fireEvent.click(within(li).getByRole('checkbox'));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Delete the 2 selected employees?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('batchDelEmployee')).toEqual([{ empids: [2, 1] }]));
    expect(await screen.findByText('2 employees deleted')).toBeTruthy();
  });

  it('asks where the members go when a department cannot be deleted (58) and deletes it with moveTo', async () => {
    let refused = false;
    const server = stubServer(
      baseHandlers({
        delDepartment: (b) => {
          if (b.moveTo === undefined) {
            refused = true;
            return { status: 58, reason: 'members', result: { members: 2 } };
          }
          return { status: 0, result: null };
        },
      }),
    );
    renderAt('/emp/emplist?dept=2');
    await screen.findByText('Li Lei');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete department' }));
    expect(await screen.findByText('Delete the department Sales?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(refused).toBe(true));
    expect((await screen.findByTestId('move-members-text')).textContent).toBe(
      'Sales still has 2 members. Choose the department that receives them; then Sales is deleted.',
    );
    const dialog = screen.getByRole('dialog');
    // The receiver picker offers every department but Sales.
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const options = await screen.findAllByTitle('HQ');
    expect(screen.queryByTitle('Sales', { exact: true })).toBeNull();
    fireEvent.click(options.at(-1) as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move members and delete' }));
    await waitFor(() => expect(server.bodies('delDepartment')).toEqual([{ deptid: 2 }, { deptid: 2, moveTo: 1 }]));
    expect(await screen.findByText('Department Sales deleted; its members moved to HQ')).toBeTruthy();
  });

  it('adds an employee: contract validation as you type, 241 on the work number, the exemption clause accepted', async () => {
    let attempts = 0;
    const server = stubServer(
      baseHandlers({
        GetUserInfo: ok({ escapeClause: 'Employees agree to visitor data processing.' }),
        addEmployee: () => {
          attempts += 1;
          return attempts === 1 ? { status: 241, reason: 'Work number is not unique', result: null } : { status: 0, result: employee(3, 'Wang Wei') };
        },
      }),
    );
    renderAt('/emp/emplist?dept=2');
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getAllByRole('button', { name: /Add employee/ })[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTestId('escape-clause')).toBeTruthy();

    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Wang Wei' } });
    fireEvent.change(within(drawer).getByLabelText('Mobile phone'), { target: { value: '12345' } });
    expect(await within(drawer).findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Mobile phone'), { target: { value: '13900139000' } });
    fireEvent.change(within(drawer).getByLabelText('Work number'), { target: { value: 'E 1' } });
    expect(await within(drawer).findByText('Only letters, digits and _ . - are allowed')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Work number'), { target: { value: 'E1' } });

    fireEvent.click(within(drawer).getByTestId('employee-save'));
    expect(await within(drawer).findByText('Accept the exemption clause to save')).toBeTruthy();
    expect(server.bodies('addEmployee')).toHaveLength(0);
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'I accept' }));

    fireEvent.click(within(drawer).getByTestId('employee-save'));
    expect(await within(drawer).findByText('This work number is already used by another employee')).toBeTruthy();
    const first = server.bodies('addEmployee')[0];
    expect(first).toMatchObject({ employee_name: 'Wang Wei', phone: '13900139000', empNo: 'E1', deptIds: [2], status: 0, acceptClause: true });
    expect(first).toMatchObject({ isLeader: false, hideFromPad: false, defaultNotify: 0, email: '' });

    fireEvent.change(within(drawer).getByLabelText('Work number'), { target: { value: 'E9' } });
    fireEvent.click(within(drawer).getByTestId('employee-save'));
    expect(await screen.findByText('Employee Wang Wei added')).toBeTruthy();
    expect(server.bodies('addEmployee')[1]).toMatchObject({ empNo: 'E9' });
  });

  it('shows server field errors on the fields of the edit drawer and sends the empid', async () => {
    const server = stubServer(
      baseHandlers({ updateEmployee: () => ({ status: 400, reason: 'bad', result: { errors: [{ field: 'email', rule: 'format' }] } }) }),
    );
    renderAt('/emp/emplist');
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Li Lei' }));
    const drawer = await screen.findByRole('dialog');
    expect((within(drawer).getByLabelText('Name') as HTMLInputElement).value).toBe('Li Lei');
    fireEvent.click(within(drawer).getByTestId('employee-save'));
    expect(await within(drawer).findByText('Incorrect email format')).toBeTruthy();
    expect(server.bodies('updateEmployee')[0]).toMatchObject({ empid: 1, employee_name: 'Li Lei', empNo: 'E1' });
    expect(server.bodies('updateEmployee')[0]).not.toHaveProperty('acceptClause');
  });

  it('says so when nothing matches and offers to clear the filters', async () => {
    stubServer(baseHandlers({ getEmpListPages: ok({ pageNo: 1, pageSize: 20, count: 0, list: [] }) }));
    const router = renderAt('/emp/emplist?status=2');
    expect(await screen.findByText('No employees match these filters')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No employees yet')).toBeTruthy();
  });
});
