import { DATE_PATTERNS } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { pickDateTime } from '../../../testing/dateTime';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { BatchInvitePage } from './BatchInvitePage';

function renderPage() {
  const router = createMemoryRouter([{ path: '/emporder/dot', element: <BatchInvitePage /> }], { initialEntries: ['/emporder/dot'] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return view.container;
}

/** Types the visit time (the phone's date and time pickers under jsdom). */
const pickTime = (label: string, value: string) => pickDateTime(label, dayjs(value));

function choose(container: HTMLElement, name: string) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Name,Mobile phone\n'], name)] } });
}

const at = dayjs().add(1, 'day').hour(10).minute(0).second(0).millisecond(0);
const CHECKED = {
  total: 4,
  valid: 2,
  invited: 0,
  errors: [
    { row: 4, field: 'phone', rule: 'phoneOrEmail' },
    { row: 5, field: 'time', rule: 'format' },
    { row: 5, field: 'phone', rule: 'invited' },
  ],
  preview: [
    { row: 2, name: 'Wang Wu', phone: '13900000001', email: '', company: 'Guest Co', lang: 'zh', appointmentDate: at.valueOf() },
    { row: 3, name: 'Ann Lee', phone: '', email: 'ann@example.com', company: '', lang: 'en', appointmentDate: at.valueOf() },
  ],
  exampleRows: [6],
  visits: [],
};

describe('BatchInvitePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the visit first, checks the file (progress, bad rows by column and problem, preview), then invites the valid rows', async () => {
    stubServer({ config: configStub, getVisitorType: () => ({ status: 0, result: [] }), getGate: () => ({ status: 0, result: [] }) });
    const uploads = stubXhr();
    const container = renderPage();
    expect(await screen.findByText('Batch invite', { selector: 'h4, h3, h2, h1, span, div' })).toBeTruthy();
    await screen.findByLabelText('Visit time (rows without their own)'); // once the portal knows the employee may invite

    choose(container, 'visitors.xlsx');
    expect((await screen.findByTestId('import-problem')).textContent).toContain('Fill in the visit details above first');
    choose(container, 'visitors.pdf');
    await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toContain('Only csv, xls and xlsx files can be imported'));
    expect(uploads).toHaveLength(0);

    await pickTime('Visit time (rows without their own)', at.format(DATE_PATTERNS.en.dateTime));
    fireEvent.change(screen.getByLabelText('Purpose'), { target: { value: 'Audit' } });
    choose(container, 'visitors.xlsx');
    await waitFor(() => expect(uploads).toHaveLength(1));
    const check = uploads[0] as PendingUpload;
    expect(check.path).toBe('UploadApponintment');
    expect(Object.fromEntries([...check.form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      dryRun: 'true',
      appointmentDate: String(at.valueOf()),
      visitReason: 'Audit',
      lang: 'en',
    });
    expect(screen.getByText('Uploading visitors.xlsx…')).toBeTruthy();
    act(() => check.progress(1));
    expect(await screen.findByText('Checking every visitor…')).toBeTruthy();
    act(() => check.answer({ status: 0, result: CHECKED }));

    const errors = await screen.findByTestId('import-errors');
    // The template's example row is named as skipped, never invited (issue 35).
    expect(screen.getByTestId('import-examples').textContent).toBe('Example row skipped (row 6): the template’s example is never imported.');
    expect(within(errors).getByText('Give a mobile phone or an email')).toBeTruthy();
    expect(within(errors).getByText('Not a time: write 2026-05-01 14:30, or 14:30')).toBeTruthy();
    expect(within(errors).getByText('This phone is already invited that day')).toBeTruthy();
    expect(within(errors).getAllByText('Mobile phone')).toHaveLength(2);
    expect(within(errors).getByText('Visit time')).toBeTruthy();
    const preview = screen.getByTestId('import-preview');
    expect(within(preview).getByText('Wang Wu')).toBeTruthy();
    expect(within(preview).getByText('ann@example.com')).toBeTruthy();

    fireEvent.click(screen.getByTestId('batch-invite-run'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const run = uploads[1] as PendingUpload;
    expect(run.form.get('dryRun')).toBe('false');
    act(() => run.progress(1));
    expect(await screen.findByText('Inviting…')).toBeTruthy();
    act(() =>
      run.answer({
        status: 0,
        result: {
          ...CHECKED,
          invited: 2,
          visits: [
            { row: 2, vid: 11, vname: 'Wang Wu', vphone: '13900000001', vemail: '', inviteLink: 'http://x.test/invite?token=t1' },
            { row: 3, vid: 12, vname: 'Ann Lee', vphone: '', vemail: 'ann@example.com', inviteLink: 'http://x.test/invite?token=t2' },
          ],
        },
      }),
    );
    expect(await screen.findByText('2 visitors invited')).toBeTruthy();
    expect(screen.getByText('2 rows with errors were not invited')).toBeTruthy();
    const invited = screen.getByTestId('batch-invited');
    expect(within(invited).getByText('http://x.test/invite?token=t1')).toBeTruthy();
    expect(within(screen.getByTestId('import-errors')).getByText('Give a mobile phone or an email')).toBeTruthy();
  });

  it('puts a refused file in words: missing columns by their names, and the closed portal', async () => {
    stubServer({ config: configStub, getVisitorType: () => ({ status: 0, result: [] }), getGate: () => ({ status: 0, result: [] }) });
    const uploads = stubXhr();
    const container = renderPage();
    await screen.findByLabelText('Visit time (rows without their own)');
    await pickTime('Visit time (rows without their own)', at.format(DATE_PATTERNS.en.dateTime));
    choose(container, 'visitors.csv');
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => (uploads[0] as PendingUpload).answer({ status: 400, reason: 'bad', result: { errors: [{ field: 'file.name', rule: 'column' }] } }));
    expect((await screen.findByTestId('import-problem')).textContent).toContain('The file has no “Name” column. Start from the template.');

    choose(container, 'visitors.csv');
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => (uploads[1] as PendingUpload).answer({ status: 116, reason: 'The company has not opened invitations to employees' }));
    expect(await screen.findByText('You cannot invite visitors')).toBeTruthy();
    expect(screen.getByText('The company has not opened invitations to employees')).toBeTruthy();
  });
});
