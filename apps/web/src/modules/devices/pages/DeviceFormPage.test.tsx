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
  driver: 'openvisit',
  driverUser: '',
  driverPasswordSet: false,
  driverTls: false,
  link: null,
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

const hikvision = {
  ...saved,
  eid: 12,
  deviceName: 'Lobby face',
  deviceCode: 'H-1',
  eType: 'face',
  legacyAuth: false,
  driver: 'hikvision',
  driverUser: 'admin',
  driverPasswordSet: true,
  link: { state: 'ok', reason: '', holdUntil: null, lastContactAt: Date.now() - 60_000, readbackAt: null },
};

/** The detail's report and credential list of a device that keeps people, empty. */
const emptyDetail = {
  getFaceCredentials: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 0, list: [], counts: {} } }),
  getDeviceCredentialReport: () => ({
    status: 0,
    result: { link: hikvision.link, states: {}, queue: { due: 0, inFlight: 0, waiting: 0 }, drift: null },
  }),
};

/** Opens a select and answers the titles of its options (a closed select's list stays in the page, stale). */
function optionsOf(combobox: string): string[] {
  const input = screen.getByRole('combobox', { name: combobox });
  fireEvent.mouseDown(input);
  const list = document.getElementById(`${input.id}_list`)?.closest('.ant-select-dropdown');
  return [...(list?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.getAttribute('title') ?? '');
}

async function choose(combobox: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('device form: drivers', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the kinds the driver keeps people for, and says what to set on a ZKTeco device', async () => {
    stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentbyUserid: () => ({ status: 0, result: [] }),
    });
    renderAt('/key/listd');
    await screen.findByLabelText('Name');
    await waitFor(() => expect(optionsOf('Kind')).toEqual(['QR reader', 'Face terminal', 'Card reader', 'Vehicle barrier']));
    await choose('Driver', 'ZKTeco PUSH');
    // A QR reader is no ZKTeco kind: the kind moves to the driver's first, and only its kinds are offered.
    await waitFor(() => expect(optionsOf('Kind')).toEqual(['Face terminal', 'Card reader']));
    expect(document.querySelector('#eType')?.closest('.ant-select')?.textContent).toContain('Face terminal');
    await choose('Driver', 'Hikvision ISAPI');
    // A Hikvision barrier is an ANPR camera keeping an allowlist of plates.
    await waitFor(() => expect(optionsOf('Kind')).toEqual(['Face terminal', 'Card reader', 'QR reader', 'Vehicle barrier']));
    await choose('Driver', 'ZKTeco PUSH');
    expect(await screen.findByText(/serial number \(SN\)/)).toBeTruthy();
    expect(screen.getByText(/Cloud Server \/ ADMS settings/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Older reader without a secret' })).toBeNull();
  });

  it('requires a Hikvision device’s address, account and password, and sends them with HTTPS', async () => {
    const server = stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentbyUserid: () => ({ status: 0, result: [] }),
      addEquipment: () => ({ status: 0, result: { device: { ...hikvision, eid: 13 }, secret: 's'.repeat(43) } }),
    });
    renderAt('/key/listd');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Lobby face' } });
    fireEvent.change(screen.getByLabelText('Identifier'), { target: { value: 'H-1' } });
    await choose('Driver', 'Hikvision ISAPI');
    await screen.findByLabelText('Device account');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(3));
    expect(server.bodies('addEquipment')).toEqual([]);
    fireEvent.change(screen.getByLabelText('IP address'), { target: { value: '10.0.0.9' } });
    fireEvent.change(screen.getByLabelText('Device account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Device password'), { target: { value: 'pw-1' } });
    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    await waitFor(() => expect(screen.queryAllByText('Required')).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(server.bodies('addEquipment')).toEqual([
        expect.objectContaining({ driver: 'hikvision', deviceIp: '10.0.0.9', driverUser: 'admin', driverPassword: 'pw-1', driverTls: true }),
      ]),
    );
  });

  it('keeps a stored password when its field is left empty', async () => {
    const server = stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentbyUserid: () => ({ status: 0, result: [hikvision] }),
      updateEquipment: () => ({ status: 0, result: hikvision }),
      ...emptyDetail,
    });
    renderAt('/key/listd/12');
    expect(await screen.findByText('Stored — leave empty to keep it')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Device account') as HTMLInputElement).value).toBe('admin'));
    expect((screen.getByLabelText('Device password') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(server.bodies('updateEquipment')).toHaveLength(1));
    const [body] = server.bodies('updateEquipment');
    expect(body).toMatchObject({ eid: 12, driver: 'hikvision', driverUser: 'admin', deviceIp: '10.0.0.5', eType: 'face' });
    expect(body).not.toHaveProperty('driverPassword');
  });
});
