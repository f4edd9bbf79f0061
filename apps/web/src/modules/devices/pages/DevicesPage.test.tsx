import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { DevicesPage } from './DevicesPage';

const device = {
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
  status: 1,
  onlineStatus: 0,
  lastSeenAt: null,
  secretSetAt: null,
  egids: [],
  legacyAuth: false,
  driver: 'openvisit',
  driverUser: '',
  driverPasswordSet: false,
  driverTls: false,
  link: null,
};

const refused = {
  ...device,
  eid: 10,
  deviceName: 'Lobby face',
  deviceCode: 'H-1',
  eType: 'face',
  driver: 'hikvision',
  driverUser: 'admin',
  driverPasswordSet: true,
  link: { state: 'authRefused', reason: 'HTTP 401: the account was refused', holdUntil: null, lastContactAt: null, readbackAt: null },
};

/**
 * The access area at 1366 px: the menu (220), the content's and the card's padding (2 × 24 each) and a scrollbar
 * leave the table about 1035 px.
 */
const BOX_AT_1366 = 1035;

function renderList() {
  const router = createMemoryRouter([{ path: '/key/listd', element: <DevicesPage /> }], { initialEntries: ['/key/listd'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('devices list at 1366 px', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ov-fit-table') ? BOX_AT_1366 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fits every column, Status included, without scrolling or a column held over another', async () => {
    stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentByPage: () => ({ status: 0, result: { count: 1, list: [device] } }),
    });
    renderList();
    expect(await screen.findByText('Gate 1')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect((document.querySelector('.ant-table-content table') as HTMLElement).style.width).toBe('');
    expect(document.querySelectorAll('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toHaveLength(0);
  });

  it('tags a pushed-to device with its driver and its link, the reason in a tooltip (in words, not colour only)', async () => {
    stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: [] }),
      getEquipmentByPage: () => ({ status: 0, result: { count: 2, list: [device, refused] } }),
    });
    renderList();
    expect(await screen.findByText('Lobby face')).toBeTruthy();
    expect(screen.getByText('Hikvision ISAPI')).toBeTruthy();
    const tag = screen.getByTestId('link-authRefused');
    expect(tag.textContent).toBe('Account refused');
    expect(tag.className).toContain('red');
    // Ours keeps its connection from its last request.
    expect(screen.getByText('Offline')).toBeTruthy();
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText('HTTP 401: the account was refused')).toBeTruthy();
  });
});
