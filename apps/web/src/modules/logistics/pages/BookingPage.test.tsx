import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { type StubAnswer, stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { BookingPage } from './BookingPage';

const TOKEN = `12.${'a'.repeat(43)}`;
const page = {
  company: 'Freight Works',
  types: [
    {
      tid: 4,
      name: '送货#Delivery',
      driverExtend: [],
      vehicleExtend: [{ fieldName: 'f1', displayName: '车厢颜色#Box colour', inputType: 'text', inputValue: [], shown: true, required: true }],
      goodsExtend: [],
      logExtend: [],
    },
  ],
  carriers: [{ id: 2, name: 'Swift Haulage' }],
};

function setup(
  info: () => StubAnswer,
  book: () => StubAnswer = () => ({ status: 0, result: { logNum: 'L1', appointmentDate: '2030-01-01', pstatus: 0 } }),
) {
  const server = stubServer({ config: configStub, getExtendTypeInfo: info, addLogisticsBooking: book });
  const router = createMemoryRouter([{ path: '/logistics-booking', element: <BookingPage /> }], {
    initialEntries: [`/logistics-booking?token=${TOKEN}`],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillBooking() {
  await screen.findByText('Book a truck at Freight Works');
  fireEvent.mouseDown(screen.getByLabelText('Logistics type'));
  fireEvent.click(await screen.findByTitle('Delivery'));
  fill('Sender', 'Sam Sender');
  fill('Sender phone', '13900001111');
  fill('Driver', 'Dan Driver');
  fill('Driver phone', '13900002222');
  fill('Driver ID number', '11010519491231002x');
  fill('Plate number', '粤B12345');
}

describe('BookingPage (public)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says a replaced or unknown link does not work (740)', async () => {
    setup(() => ({ status: 740, reason: 'invalid' }));
    expect(await screen.findByText('This booking link does not work')).toBeTruthy();
  });

  it('asks the type’s required vehicle field, then sends the booking with the link’s token', async () => {
    const server = setup(() => ({ status: 0, result: page }));
    await fillBooking();
    expect(await screen.findByLabelText('Box colour')).toBeTruthy();
    fireEvent.click(screen.getByText('Send the booking'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(server.bodies('addLogisticsBooking')).toEqual([]);
    fill('Box colour', ' Blue ');
    fireEvent.click(screen.getByText('Send the booking'));
    expect(await screen.findByText('Booking received')).toBeTruthy();
    expect(server.bodies('addLogisticsBooking')[0]).toMatchObject({
      token: TOKEN,
      logType: 4,
      dcardId: '11010519491231002X',
      plateNum: '粤B12345',
      vehicleExtend: { f1: 'Blue' },
      driverExtend: {},
    });
  });

  it('puts the server’s field failures on their fields, a type’s field included', async () => {
    setup(
      () => ({ status: 0, result: page }),
      () => ({
        status: 400,
        result: {
          errors: [
            { field: 'vehicleExtend.f1', rule: 'required' },
            { field: 'appointmentDate', rule: 'past' },
          ],
        },
      }),
    );
    await fillBooking();
    await screen.findByLabelText('Box colour');
    fill('Box colour', 'Blue');
    fireEvent.click(screen.getByText('Send the booking'));
    expect(await screen.findByText('The date cannot be in the past')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Required')).toBeTruthy());
  });

  it('attaches photos uploaded with the link’s token, checking the type here and the server’s refusal in words', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    const server = setup(() => ({ status: 0, result: page }));
    const uploads = stubXhr();
    await fillBooking();
    await screen.findByLabelText('Box colour');
    fill('Box colour', 'Blue');
    const choose = (file: File) =>
      fireEvent.change(screen.getByTestId('photo-add').closest('span')?.querySelector('input[type="file"]') ?? document.body, {
        target: { files: [file] },
      });
    const key = '3f2b8c1e-0d4a-4c6b-9e1f-2a3b4c5d6e7f';
    choose(new File([new Uint8Array(16)], 'notes.pdf'));
    expect((await screen.findByTestId('photo-note')).textContent).toBe('Choose a jpg, png or gif picture');
    choose(new File([new Uint8Array(16)], 'dark.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const first = uploads[0] as PendingUpload;
    expect(first.path).toBe('uploadLogisticsBookingPhoto');
    expect(first.form.get('token')).toBe(TOKEN);
    act(() => first.answer({ status: 400, result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    await waitFor(() => expect(screen.getByTestId('photo-note').getAttribute('role')).toBe('alert'));
    choose(new File([new Uint8Array(16)], 'truck.JPG'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => (uploads[1] as PendingUpload).answer({ status: 0, result: { key } }));
    expect(await screen.findByAltText('Photo 1')).toBeTruthy();
    fireEvent.click(screen.getByText('Send the booking'));
    expect(await screen.findByText('Booking received')).toBeTruthy();
    expect(server.bodies('addLogisticsBooking')[0]).toMatchObject({ token: TOKEN, photoInfo: [key] });
  });
});
