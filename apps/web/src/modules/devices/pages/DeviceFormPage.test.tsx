import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { DeviceFormPage } from './DeviceFormPage';

const saved = {
  eid: 9,
  deviceName: 'Gate 1',
  deviceCode: '1001',
  extendCode: '',
  roomNum: '',
  deviceIp: '10.0.0.5',
  devicePort: null,
  readerNo: '',
  enterStatus: 1,
  eType: 'qr',
  status: 0,
  onlineStatus: 0,
  lastSeenAt: null,
  secretSetAt: null,
  egids: [],
  legacyAuth: true,
};

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/key/listd/:eid?', element: <DeviceFormPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('device form: legacy reader', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('warns what a legacy reader is, requires its address, and sends legacyAuth', async () => {
    const server = stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentbyUserid: () => ({ status: 0, result: [] }),
      addEquipment: () => ({ status: 0, result: { device: saved, secret: 's'.repeat(43) } }),
    });
    renderAt('/key/listd');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Gate 1' } });
    fireEvent.change(screen.getByLabelText('Identifier'), { target: { value: '1001' } });
    expect(screen.getByText(/recognised only by its identifier and the IP address registered here/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Older reader without a secret' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('A legacy reader needs its registered IP address')).toBeTruthy();
    expect(server.bodies('addEquipment')).toEqual([]);
    fireEvent.change(screen.getByLabelText('IP address'), { target: { value: '10.0.0.5' } });
    await waitFor(() => expect(screen.queryByText('A legacy reader needs its registered IP address')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(server.bodies('addEquipment')).toEqual([expect.objectContaining({ deviceCode: '1001', deviceIp: '10.0.0.5', legacyAuth: true })]),
    );
  });

  it('shows an existing device’s setting', async () => {
    stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentbyUserid: () => ({ status: 0, result: [saved] }),
    });
    renderAt('/key/listd/9');
    const legacy = await screen.findByRole('switch', { name: 'Older reader without a secret' });
    await waitFor(() => expect(legacy.getAttribute('aria-checked')).toBe('true'));
  });
});
