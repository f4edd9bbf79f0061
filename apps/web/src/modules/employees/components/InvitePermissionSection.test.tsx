import { Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { InvitePermissionSection } from './InvitePermissionSection';

const people = (forbidden: Set<number>) => [
  { empid: 1, empName: 'Amy Sales', empNo: 'E1', empPhone: '13900000001', deptNames: ['Sales'], status: 0, forbidInvite: forbidden.has(1) },
  { empid: 2, empName: 'Bob Works', empNo: 'E2', empPhone: '13900000002', deptNames: [], status: 2, forbidInvite: forbidden.has(2) },
];

function renderSection() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <InvitePermissionSection />
    </AppProviders>,
  );
}

describe('InvitePermissionSection', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOutLocal();
  });

  it('lists employees with their switch, filters, and allows or forbids one or the selected ones', async () => {
    const forbidden = new Set<number>([2]);
    const server = stubServer({
      config: configStub,
      GetUserInfo: () => ({ status: 0, result: { permissionSwitch: 1 } }),
      getDeptList: () => ({ status: 0, result: [] }),
      getInvitePersonList: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 2, list: people(forbidden) } }),
      updateInviteStatus: (b) => {
        for (const id of b.empids as number[]) b.forbidInvite ? forbidden.add(id) : forbidden.delete(id);
        return { status: 0, result: { updated: (b.empids as number[]).length } };
      },
    });
    renderSection();
    expect(await screen.findByText('Amy Sales')).toBeTruthy();
    expect(screen.getByTestId('invite-power-company').textContent).toContain('Employees invite from the employee portal');
    const amy = screen.getByRole('switch', { name: 'Amy Sales may invite visitors' });
    const bob = screen.getByRole('switch', { name: 'Bob Works may invite visitors' });
    expect(amy.getAttribute('aria-checked')).toBe('true');
    expect(bob.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Stopped')).toBeTruthy();

    fireEvent.click(amy);
    await waitFor(() => expect(server.bodies('updateInviteStatus')).toEqual([{ empids: [1], forbidInvite: true }]));
    expect(await screen.findByText('1 employee may no longer invite visitors')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Amy Sales may invite visitors' }).getAttribute('aria-checked')).toBe('false'));

    const rows = screen.getAllByRole('checkbox');
    fireEvent.click(rows[0] as HTMLElement);
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByText('Allow').closest('button') as HTMLElement);
    await waitFor(() => expect(server.bodies('updateInviteStatus')[1]).toEqual({ empids: [1, 2], forbidInvite: false }));
    expect(await screen.findByText('2 employees may invite visitors')).toBeTruthy();

    fireEvent.click(screen.getByText('May not invite'));
    await waitFor(() => expect(server.bodies('getInvitePersonList').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, forbidInvite: true }));
    const search = screen.getByLabelText('Name, work number or phone');
    fireEvent.change(search, { target: { value: 'amy' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(server.bodies('getInvitePersonList').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, name: 'amy', forbidInvite: true }),
    );
  });

  it('warns when the company has not opened invitations to employees, and opens them from here', async () => {
    const server = stubServer({
      config: configStub,
      GetUserInfo: () => ({ status: 0, result: { permissionSwitch: 0 } }),
      getDeptList: () => ({ status: 0, result: [] }),
      getInvitePersonList: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 0, list: [] } }),
      updatePermissionSwitch: (b) => ({ status: 0, result: { permissionSwitch: b.permissionSwitch } }),
    });
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    renderSection();
    const alert = await screen.findByTestId('invite-power-company');
    expect(alert.textContent).toContain('Off: nobody can invite from the employee portal');
    expect(within(screen.getByTestId('invite-power')).getByText('No employees yet')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('switch', { name: 'Employees may invite their own visitors' }));
    await waitFor(() => expect(server.bodies('updatePermissionSwitch')).toEqual([{ permissionSwitch: 1 }]));
    await waitFor(() => expect(screen.getByTestId('invite-power-company').textContent).toContain('Employees invite from the employee portal'));
  });
});
