import { basicSettings, companySettings, Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { BaseSetPage } from './BaseSetPage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function open(url = '/setting/baseset') {
  const router = createMemoryRouter([{ path: '/setting/baseset', element: <BaseSetPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A fake server keeping the company settings: each basic-settings call merges its body and answers them all. */
function server(patch: Record<string, unknown> = {}) {
  let current: Record<string, unknown> = { ...companySettings.parse({}), userid: 1, company: 'Acme', ...patch };
  const write = (b: Record<string, unknown>) => {
    current = { ...current, ...b };
    return { status: 0, result: basicSettings.parse(current) };
  };
  return stubServer({
    GetUserInfo: () => ({ status: 0, result: current }),
    updatePermissionSwitch: write,
    updateTempEditSwitch: write,
    updateScanerSwitch: write,
    updateExtendTime: write,
    updateQrcodeConf: write,
    updateLeaveExpiryTime: write,
    updateOffDutyTime: write,
    updateCryptoperiod: write,
    updateDoorSignInSwitch: write,
    updateOriginalCompatSwitch: write,
  });
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('BaseSetPage', () => {
  it('checks the check-in window as typed with the contract’s range, saves it on its own, and says so', async () => {
    const s = server();
    open();
    const form = await screen.findByTestId('form-extendTime');
    expect(input('input-preExtendTime').value).toBe('30');
    fireEvent.change(input('input-preExtendTime'), { target: { value: '2000' } });
    expect(await within(form).findByText('A whole number from 0 to 1440')).toBeTruthy();
    fireEvent.click(screen.getByTestId('save-extendTime'));
    await waitFor(() => expect(within(form).getAllByText('A whole number from 0 to 1440')).toHaveLength(1));
    expect(s.bodies('updateExtendTime')).toHaveLength(0);
    fireEvent.change(input('input-preExtendTime'), { target: { value: '15' } });
    fireEvent.change(input('input-latExtendTime'), { target: { value: '' } });
    expect(await within(form).findByText('Required')).toBeTruthy();
    fireEvent.change(input('input-latExtendTime'), { target: { value: '45' } });
    await waitFor(() => expect(within(form).queryByText('Required')).toBeNull());
    fireEvent.click(screen.getByTestId('save-extendTime'));
    await waitFor(() => expect(s.bodies('updateExtendTime')).toEqual([{ preExtendTime: 15, latExtendTime: 45 }]));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('puts the server’s field errors on their fields', async () => {
    const s = stubServer({
      GetUserInfo: () => ({ status: 0, result: { ...companySettings.parse({}), userid: 1 } }),
      updateQrcodeConf: () => ({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'qrMaxDuration', rule: 'range' }] } }),
    });
    open();
    const form = await screen.findByTestId('form-qrcode');
    fireEvent.change(input('input-qrMaxCount'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('save-qrcode'));
    expect(await within(form).findByText('A whole number from 0 to 720')).toBeTruthy();
    expect(s.bodies('updateQrcodeConf')).toEqual([{ qrMaxCount: 3, qrMaxDuration: 0 }]);
  });

  it('asks before employees are stopped from inviting; a switch shows what the server answered', async () => {
    const s = server({ permissionSwitch: 1 });
    open();
    const permission = await screen.findByTestId('switch-permissionSwitch');
    expect(permission.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(permission);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Stop employees inviting visitors?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(s.bodies('updatePermissionSwitch')).toHaveLength(0);
    expect(permission.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(permission);
    const again = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(s.bodies('updatePermissionSwitch')).toEqual([{ permissionSwitch: 0 }]));
    await waitFor(() => expect(screen.getByTestId('switch-permissionSwitch').getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('Employees may invite visitors: off')).toBeTruthy();

    // Switching on is not asked; the QR check-in switch starts on (the kiosk scanned codes before it existed).
    expect(screen.getByTestId('switch-scaner').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('switch-tempEditSwitch'));
    await waitFor(() => expect(s.bodies('updateTempEditSwitch')).toEqual([{ tempEditSwitch: 1 }]));
  });

  it('working hours: HH:mm, both or neither, the end after the start; the sections are tabs kept in the URL', async () => {
    const s = server();
    const router = open('/setting/baseset?tab=onSite');
    const upDuty = await screen.findByTestId('input-upDuty');
    fireEvent.change(upDuty, { target: { value: '9:00' } });
    expect(await screen.findByText('Use HH:mm, for example 09:00')).toBeTruthy();
    fireEvent.change(upDuty, { target: { value: '18:00' } });
    fireEvent.change(input('input-offDuty'), { target: { value: '09:00' } });
    expect(await screen.findByText('Must be after the start of work')).toBeTruthy();
    fireEvent.change(input('input-offDuty'), { target: { value: '18:30' } });
    await waitFor(() => expect(screen.queryByText('Must be after the start of work')).toBeNull());
    fireEvent.click(screen.getByTestId('save-duty'));
    await waitFor(() => expect(s.bodies('updateOffDutyTime')).toEqual([{ upDuty: '18:00', offDuty: '18:30' }]));
    fireEvent.change(input('input-leaveExpiryTime'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('save-leave'));
    await waitFor(() => expect(s.bodies('updateLeaveExpiryTime')).toEqual([{ leaveExpiryTime: 4 }]));
    fireEvent.click(screen.getByRole('tab', { name: 'Invitations and check-in' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invitations'));
  });

  it('original clients compatibility: off by default, switched on at once, asked before it is switched off', async () => {
    const s = server();
    open();
    const compat = await screen.findByTestId('switch-originalCompat');
    expect(compat.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(compat);
    await waitFor(() => expect(s.bodies('updateOriginalCompatSwitch')).toEqual([{ originalCompat: 1 }]));
    await waitFor(() => expect(screen.getByTestId('switch-originalCompat').getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('Original clients compatibility: on')).toBeTruthy();
    fireEvent.click(screen.getByTestId('switch-originalCompat'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Switch off original clients compatibility?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(s.bodies('updateOriginalCompatSwitch')).toEqual([{ originalCompat: 1 }, { originalCompat: 0 }]));
    // The door sign-in switch beside it writes through its own call.
    fireEvent.click(screen.getByTestId('switch-doorSignIn'));
    await waitFor(() => expect(s.bodies('updateDoorSignInSwitch')).toEqual([{ doorSignIn: 1 }]));
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    server();
    open();
    expect(await screen.findByText('允许员工邀请访客')).toBeTruthy();
    expect(screen.getByText('兼容原系统终端')).toBeTruthy();
    fireEvent.change(await screen.findByTestId('input-preExtendTime'), { target: { value: '-5' } });
    expect(await screen.findByText('请输入 0 到 1440 之间的整数')).toBeTruthy();
  });

  it('makes the booking app, shows its code and secret, issues a new secret and removes it, each confirmed', async () => {
    const none = { appCode: null, secret: null, createTime: null, lastUsed: null };
    let app: Record<string, unknown> = none;
    let secrets = 0;
    const s = stubServer({
      GetUserInfo: () => ({ status: 0, result: { ...companySettings.parse({}), userid: 1 } }),
      getBookingApp: () => ({ status: 0, result: app }),
      resetBookingApp: () => {
        secrets += 1;
        app = { appCode: 'Ab12Cd34Ef56Gh78', secret: `secret-${secrets}`, createTime: Date.now(), lastUsed: null };
        return { status: 0, result: app };
      },
      delBookingApp: () => {
        app = none;
        return { status: 0, result: null };
      },
    });
    open('/setting/baseset?tab=bookingApp');
    fireEvent.click(await screen.findByText('Create the booking app'));
    await waitFor(() => expect(input('booking-app-code').value).toBe('Ab12Cd34Ef56Gh78'));
    expect(input('booking-app-secret').value).toBe('secret-1');
    expect(input('booking-app-secret').type).toBe('password');
    expect(screen.getByText('Not used yet')).toBeTruthy();

    fireEvent.click(screen.getByText('New secret'));
    fireEvent.click(screen.getAllByText('OK').at(-1) as HTMLElement);
    await waitFor(() => expect(input('booking-app-secret').value).toBe('secret-2'));
    expect(s.bodies('resetBookingApp')).toHaveLength(2);

    fireEvent.click(screen.getByText('Remove'));
    expect(s.bodies('delBookingApp')).toHaveLength(0);
    fireEvent.click(screen.getAllByText('OK').at(-1) as HTMLElement);
    expect(await screen.findByText('No booking app yet')).toBeTruthy();
    expect(s.bodies('delBookingApp')).toHaveLength(1);
  });
});
