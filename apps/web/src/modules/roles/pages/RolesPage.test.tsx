import type { Employee, RoleNode } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { RolesPage } from './RolesPage';

const role = (rid: number, rgName: string, parentId: number, empCount: number, children: RoleNode[] = []): RoleNode => ({
  rid,
  rgName,
  parentId,
  empCount,
  children,
});
const TREE = [role(1, 'Security', 0, 2, [role(2, 'Guard', 1, 2), role(3, 'Patrol', 1, 0)]), role(4, 'Cleaning', 0, 0)];

/** The fields the members table shows (the rest of the employee record does not matter here). */
function member(empid: number, empName: string): Employee {
  const shown: Partial<Employee> = { empid, empName, empNo: `E${empid}`, empPhone: `1380013800${empid}`, deptIds: [], deptNames: ['Sales'] };
  return shown as Employee;
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
  getRARG: ok(TREE),
  getEmpRoleList: ok({ pageNo: 1, pageSize: 20, count: 2, list: [member(1, 'Li Lei'), member(2, 'Han Meimei')] }),
  ...extra,
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/emp/rolist', element: <RolesPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('RolesPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows groups and roles with counts; a role of the URL shows its members, a group says what it holds', async () => {
    const server = stubServer(baseHandlers());
    const router = renderAt('/emp/rolist?rid=2');
    expect(await screen.findByText('Li Lei')).toBeTruthy();
    expect(server.bodies('getEmpRoleList')[0]).toEqual({ rid: 2, startIndex: 0, requestedCount: 20 });
    expect(screen.getByTestId('role-members-title').textContent).toBe('Members of Guard');
    expect(screen.getByLabelText('2 roles').textContent).toBe('2');
    expect(screen.getByTestId('role-selected').textContent).toBe('Security / Guard');

    fireEvent.click(screen.getByText('Cleaning', { selector: '.role-name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?rid=4'));
    expect((await screen.findByTestId('role-hint')).textContent).toContain('Cleaning is a role group with 0 roles.');
  });

  it('adds a role group: a taken name (3) shows on the field, then the new group is selected', async () => {
    let attempts = 0;
    const server = stubServer(
      baseHandlers({
        addRARG: () => {
          attempts += 1;
          return attempts === 1 ? { status: 3, reason: 'exists', result: null } : { status: 0, result: { rid: 9 } };
        },
      }),
    );
    const router = renderAt('/emp/rolist');
    await screen.findByText('Select a role to see and manage its members');
    fireEvent.click(screen.getByRole('button', { name: 'Add role group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Role group name'), { target: { value: ' Security ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A role group with this name already exists')).toBeTruthy();
    expect(server.bodies('addRARG')[0]).toEqual({ rgName: 'Security', parentId: 0 });
    fireEvent.change(within(dialog).getByLabelText('Role group name'), { target: { value: 'Reception' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role group Reception added')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?rid=9'));
  });

  it('adds a role to the group of the selection', async () => {
    const server = stubServer(baseHandlers({ addRARG: ok({ rid: 10 }) }));
    renderAt('/emp/rolist?rid=3');
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getByRole('button', { name: 'Add role to the group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add a role to Security')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'Night shift' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role Night shift added')).toBeTruthy();
    expect(server.bodies('addRARG')).toEqual([{ rgName: 'Night shift', parentId: 1 }]);
  });

  it('explains a deletion refused because the role still has members (257)', async () => {
    const server = stubServer(baseHandlers({ delRARG: () => ({ status: 257, reason: 'in use', result: { children: 0, members: 2 } }) }));
    renderAt('/emp/rolist?rid=2');
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the role Guard?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    expect((await screen.findByTestId('role-in-use')).textContent).toBe('The role Guard is still given to 2 employees. Remove the members first.');
    expect(server.bodies('delRARG')).toEqual([{ rid: 2 }]);
  });

  it('gives the role to employees found by search and takes it away after a confirmation', async () => {
    const server = stubServer(
      baseHandlers({
        getEmpByName: ok([{ empid: 7, empName: 'Wang Wei', empNo: 'E7', empPhone: '13900139007', deptNames: [], empPosition: '' }]),
        addEmpRole: ok({ changed: 1 }),
        delRoleEmp: ok({ changed: 1 }),
      }),
    );
    renderAt('/emp/rolist?rid=2');
    await screen.findByText('Li Lei');
    fireEvent.click(screen.getByRole('button', { name: /Add members/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Pick at least one employee')).toBeTruthy();
    const picker = within(dialog).getByRole('combobox');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'wang' } });
    const option = await screen.findByText('Wang Wei · E7 · 13900139007');
    expect(server.bodies('getEmpByName')).toEqual([{ name: 'wang' }]);
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('1 employee added to Guard')).toBeTruthy();
    expect(server.bodies('addEmpRole')).toEqual([{ rid: 2, empids: [7] }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Han Meimei' }));
    expect(await screen.findByText('Remove Han Meimei from Guard?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('1 employee removed from Guard')).toBeTruthy();
    expect(server.bodies('delRoleEmp')).toEqual([{ rid: 2, empids: [2] }]);
  });
});
