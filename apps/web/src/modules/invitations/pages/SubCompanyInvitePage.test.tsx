import { companySettings, DATE_PATTERNS } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { pickDateTime } from '../../../testing/dateTime';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { sampleTemplate } from '../testing';
import { SubCompanyInvitePage } from './InvitePage';

/** The head office's invitation switch, and the sub-company's own permissions (vaPerm: 1 invitation, 2 appointment). */
const info =
  (permissionSwitch: number, vaPerm = 3): StubHandler =>
  () => ({ status: 0, result: { ...companySettings.parse({}), permissionSwitch, vaPerm, company: 'Tenant Co', userid: 1 } });

function renderPage() {
  const router = createMemoryRouter([{ path: '/subcom/invite', element: <SubCompanyInvitePage /> }], { initialEntries: ['/subcom/invite'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Types the visit time (the phone's date and time pickers under jsdom). */
const pickTime = (value: string) => pickDateTime('Visit time', dayjs(value));

describe('SubCompanyInvitePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('invites for one of its employees, the host required, with its own template named', async () => {
    const server = stubServer({
      config: configStub,
      GetUserInfo: info(1),
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [] }),
      getSubAccountEmpList: () => ({
        status: 0,
        result: [{ empid: 5, empName: 'Tina Tenant', empNo: 'T5', empPhone: '13900139005', deptNames: [], subaccountId: 7 }],
      }),
      getInviteTemplate: () => ({ status: 0, result: { template: { ...sampleTemplate(3, { subaccountId: 7 }), source: 'subCompany' } } }),
      addAppointment: (b) => ({
        status: 0,
        result: [
          {
            vid: 1,
            vname: (b.visitors as { name: string }[])[0]?.name,
            vphone: '13900001111',
            vemail: '',
            inviteLink: 'http://x.test/invite?token=t',
          },
        ],
      }),
    });
    renderPage();
    expect(await screen.findByText('Sent with your company’s own Interview template.')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Visitor name'), { target: { value: 'Ivy Guest' } });
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '13900001111' } });
    await pickTime(dayjs().add(1, 'day').hour(10).minute(0).format(DATE_PATTERNS.en.dateTime));
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    const host = screen.getByLabelText('Host');
    await waitFor(() => expect(within(host.closest('.ant-form-item') as HTMLElement).getByText('Required')).toBeTruthy());
    expect(server.bodies('addAppointment')).toHaveLength(0);
    fireEvent.mouseDown(host);
    fireEvent.click(await screen.findByText('Tina Tenant (T5)'));
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    expect(await screen.findByTestId('invite-links')).toBeTruthy();
    expect(server.bodies('addAppointment')[0]).toMatchObject({ empid: 5, visitors: [{ name: 'Ivy Guest', phone: '13900001111' }] });
    // No look-up of earlier visitors: that call is an employee's and the head office's.
    expect(server.bodies('SearchRecordsByPhone')).toHaveLength(0);
  });

  it('says invitations are closed while the head office has not opened them', async () => {
    stubServer({
      config: configStub,
      GetUserInfo: info(0),
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [] }),
    });
    renderPage();
    expect(await screen.findByTestId('invite-closed')).toBeTruthy();
    expect(screen.getByText('The building’s management has not opened invitations yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Visitor name')).toBeNull();
  });

  it('says invitations are closed when the head office has not given this sub-company the invitation permission', async () => {
    stubServer({
      config: configStub,
      GetUserInfo: info(1, 2),
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [] }),
    });
    renderPage();
    expect(await screen.findByTestId('invite-closed')).toBeTruthy();
    expect(screen.queryByLabelText('Visitor name')).toBeNull();
  });
});
