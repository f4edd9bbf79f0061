import type { MonitoredDevice } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { MonitorPage } from './MonitorPage';

function device(mid: number, name: string, extra: Partial<MonitoredDevice> = {}): MonitoredDevice {
  return {
    mid,
    type: 2,
    clientId: `kiosk-${mid}`,
    name,
    gid: null,
    gateName: '',
    ip: '10.0.0.5',
    version: 'v2.4.8',
    account: 'lobby',
    eid: null,
    lastHeartbeat: Date.now() - 10_000,
    status: 'online',
    errorCount: 0,
    createTime: Date.now() - 86_400_000,
    ...extra,
  };
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const list = (rows: MonitoredDevice[]) =>
  ok({
    pageNo: 1,
    pageSize: 20,
    count: rows.length,
    list: rows,
    online: rows.filter((r) => r.status === 'online').length,
    offline: rows.filter((r) => r.status === 'offline').length,
    offlineMinutes: 5,
  });

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/monitor', element: <MonitorPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('MonitorPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the devices with their status, reads the filters of the URL and writes new ones back', async () => {
    const rows = [
      device(1, 'Lobby kiosk', { gateName: 'North gate', errorCount: 2 }),
      device(2, '', { status: 'offline', lastHeartbeat: Date.now() - 3 * 3600_000, type: 1 }),
    ];
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { monitor: true } }),
      getEqptMonitor: list(rows),
    });
    const router = renderAt('/monitor?status=offline&q=lobby');
    expect(await screen.findByText('Lobby kiosk')).toBeTruthy();
    expect(server.bodies('getEqptMonitor')[0]).toEqual({ startIndex: 0, requestedCount: 20, status: 'offline', name: 'lobby' });
    const lobby = screen.getAllByRole('row').find((r) => r.textContent?.includes('Lobby kiosk')) as HTMLElement;
    expect(lobby.textContent).toContain('North gate');
    expect(lobby.textContent).toContain('Online');
    expect(lobby.textContent).toContain('just now');
    const unnamed = screen.getAllByRole('row').find((r) => r.textContent?.includes('Unnamed (kiosk-2)')) as HTMLElement;
    expect(unnamed.textContent).toContain('Offline');
    expect(unnamed.textContent).toContain('3 h ago');
    expect(unnamed.textContent).toContain('iPad');
    expect(within(screen.getByTestId('monitor-offline')).getByText('1')).toBeTruthy();

    const box = screen.getByLabelText('Search devices');
    fireEvent.change(box, { target: { value: ' 10.0 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?status=offline&q=10.0'));
    await waitFor(() =>
      expect(server.bodies('getEqptMonitor').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, status: 'offline', name: '10.0' }),
    );
  });

  it('says when nothing has reported, and asks before removing a device', async () => {
    let rows = [device(1, 'Lobby kiosk')];
    const server = stubServer({
      getEqptMonitor: () => ({
        status: 0,
        result: { pageNo: 1, pageSize: 20, count: rows.length, list: rows, online: rows.length, offline: 0, offlineMinutes: 5 },
      }),
      delEqptMonitor: () => {
        rows = [];
        return { status: 0, result: null };
      },
    });
    renderAt('/monitor');
    await screen.findByText('Lobby kiosk');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Lobby kiosk' }));
    expect(await screen.findByText('Remove Lobby kiosk from the monitor? It comes back if it reports again.')).toBeTruthy();
    expect(server.bodies('delEqptMonitor')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('delEqptMonitor')).toEqual([{ mid: 1 }]));
    expect(await screen.findByText('No device has reported yet. A kiosk appears here once it is signed in.')).toBeTruthy();
  });

  it('opens the error log of a device with its filters', async () => {
    const server = stubServer({
      getEqptMonitor: list([device(7, 'Lobby kiosk')]),
      searchEqptMonitorErrorLogByCondition: ok({
        pageNo: 1,
        pageSize: 20,
        count: 1,
        list: [
          {
            id: 1,
            mid: 7,
            deviceName: 'Lobby kiosk',
            clientId: 'kiosk-7',
            type: 2,
            level: 'error',
            message: 'TypeError: printer gone',
            detail: '',
            version: 'v2.4.8',
            time: Date.now(),
            createTime: Date.now(),
          },
        ],
      }),
    });
    renderAt('/monitor');
    await screen.findByText('Lobby kiosk');
    fireEvent.click(screen.getByRole('button', { name: 'Error log of Lobby kiosk' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('TypeError: printer gone')).toBeTruthy();
    expect(server.bodies('searchEqptMonitorErrorLogByCondition')[0]).toEqual({ startIndex: 0, requestedCount: 20, mid: 7 });
    const text = within(drawer).getByLabelText('Message contains');
    fireEvent.change(text, { target: { value: 'printer' } });
    fireEvent.keyDown(text, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(server.bodies('searchEqptMonitorErrorLogByCondition').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, mid: 7, text: 'printer' }),
    );
  });
});
