import type { PassRecord, VehicleRecord } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { PassRecordsPage } from './PassRecordsPage';
import { VehicleRecordsPage } from './VehicleRecordsPage';

const AT = new Date(2026, 0, 5, 14, 30, 15).getTime();
const pass = (id: number, extra: Partial<PassRecord> = {}): PassRecord => ({
  id,
  openDate: AT,
  eid: 3,
  deviceName: 'Lobby reader',
  deviceCode: 'QR-1',
  egid: 2,
  gname: 'Visitors',
  gid: 7,
  gateName: 'North gate',
  vtype: 2,
  vid: 11,
  vname: 'Vera Visitor',
  mobile: '13800138000',
  company: 'Acme',
  direction: 1,
  passWay: 'qr',
  openStatus: 1,
  code: 0,
  schedule: '',
  temp: null,
  photo: false,
  ...extra,
});
const vehicle = (id: number): VehicleRecord => ({
  id,
  sTime: AT,
  eid: 4,
  deviceName: 'Car park barrier',
  deviceCode: 'BAR-1',
  plateNum: '粤B12345',
  vehType: 'car',
  direction: 1,
  vid: null,
  vname: '',
  openStatus: 0,
  code: 1121,
  photo: false,
});
const page =
  <T,>(list: T[]): Handler =>
  () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: list.length, list } });
const config: Handler = () => ({
  status: 0,
  result: { version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { accessControl: true } },
});
const gates: Handler = () => ({ status: 0, result: [{ gid: 7, gname: 'North gate' }] });
const devices: Handler = () => ({ status: 0, result: [] });

function renderAt(path: string, url: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('records screens', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('pass records: asks for the filters of the URL and shows them in the shared filter bar', async () => {
    const server = stubServer({ config, getGate: gates, getEquipmentbyUserid: devices, getOpendoorInfo: page([pass(1)]) });
    renderAt('/key/record', '/key/record?q=Vera&gate=7&person=2&result=1&from=2026-01-01&to=2026-01-31', <PassRecordsPage />);
    const row = (await screen.findByText('Vera Visitor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('13800138000')).toBeTruthy();
    expect(server.bodies('getOpendoorInfo')[0]).toEqual({
      startIndex: 0,
      requestedCount: 20,
      name: 'Vera',
      gid: 7,
      vtype: 2,
      openStatus: 1,
      date: '2026-01-01',
      endDate: '2026-01-31',
    });
    const bar = screen.getByRole('search', { name: 'Filter the records' });
    expect((within(bar).getByLabelText('Name or phone') as HTMLInputElement).value).toBe('Vera');
    expect(await within(bar).findByText('North gate')).toBeTruthy();
    expect(within(bar).getByText('Visitor')).toBeTruthy();
    expect(within(bar).getByText('All devices')).toBeTruthy();
  });

  it('pass records: a search and a select go into the URL at page 1, and "clear filters" keeps the page size', async () => {
    const server = stubServer({ config, getGate: gates, getEquipmentbyUserid: devices, getOpendoorInfo: page([pass(1)]) });
    const router = renderAt('/key/record', '/key/record?page=2&size=50', <PassRecordsPage />);
    await screen.findByText('Vera Visitor');
    const search = screen.getByLabelText('Name or phone');
    fireEvent.change(search, { target: { value: ' 138 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?q=138&size=50'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Direction' }));
    fireEvent.click(await screen.findByTitle('Exit'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=138&direction=2&size=50'));
    await waitFor(() => expect(server.bodies('getOpendoorInfo').at(-1)).toEqual({ startIndex: 0, requestedCount: 50, name: '138', direction: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=50'));
    expect((screen.getByLabelText('Name or phone') as HTMLInputElement).value).toBe('');
  });

  it('pass records: a refusal by a schedule is labelled with that schedule, in English and Chinese, not as an error', async () => {
    stubServer({
      config,
      getGate: gates,
      getEquipmentbyUserid: devices,
      getOpendoorInfo: page([pass(1, { openStatus: 0, code: 1124, schedule: 'Office hours' })]),
    });
    renderAt('/key/record', '/key/record', <PassRecordsPage />);
    const row = (await screen.findByText('Vera Visitor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Refused by schedule Office hours')).toBeTruthy();
    expect(within(row).queryByText('Error')).toBeNull();
    await i18n.changeLanguage('zh');
    expect(await within(row).findByText('被通行时刻表“Office hours”拒绝')).toBeTruthy();
  });

  it('pass records: a snapshot opens from its row and is fetched only then; a record without one has no button', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:snap');
    URL.revokeObjectURL = vi.fn();
    const picture: Handler = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
    const server = stubServer({
      config,
      getGate: gates,
      getEquipmentbyUserid: devices,
      getOpendoorInfo: page([pass(1), pass(2, { vname: 'Sam Snap', photo: true })]),
      passRecordPhoto: picture,
    });
    renderAt('/key/record', '/key/record', <PassRecordsPage />);
    await screen.findByText('Sam Snap');
    expect(screen.getAllByRole('button', { name: /Show the snapshot/ })).toHaveLength(1);
    expect(server.paths()).not.toContain('passRecordPhoto');
    fireEvent.click(screen.getByRole('button', { name: 'Show the snapshot of Sam Snap' }));
    const img = (await screen.findByAltText('The device’s picture of Sam Snap')) as HTMLImageElement;
    expect(img.src).toBe('blob:snap');
    expect(server.queries('passRecordPhoto')).toEqual(['id=2']);
  });

  it('vehicle records: the plate search and its selects in the same bar, the refusal reason under the result', async () => {
    const server = stubServer({ config, getVehicleRecord: page([vehicle(1)]) });
    const router = renderAt('/key/vrecord', '/key/vrecord?plate=B123&result=0', <VehicleRecordsPage />);
    const row = (await screen.findByText('粤B12345')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Refused')).toBeTruthy();
    expect(server.bodies('getVehicleRecord')[0]).toEqual({ startIndex: 0, requestedCount: 20, plateNum: 'B123', openStatus: 0 });
    const bar = screen.getByRole('search', { name: 'Filter the records' });
    expect((within(bar).getByLabelText('Plate number') as HTMLInputElement).value).toBe('B123');
    expect(within(bar).queryByLabelText('Gate')).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
