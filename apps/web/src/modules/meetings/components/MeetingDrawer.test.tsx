import { DATE_PATTERNS } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { pickDateTime } from '../../../testing/dateTime';
import { configStub, sampleMeeting, sampleVisit } from '../../../testing/fixtures';
import { screenWidth } from '../../../testing/screenWidth';
import { stubServer } from '../../../testing/stubServer';
import { AdminMeetingsPage } from '../pages/MeetingsPage';

function renderPage() {
  const router = createMemoryRouter([{ path: '/meeting', element: <AdminMeetingsPage /> }], { initialEntries: ['/meeting'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Types both ends of the time range (the picker takes typed times without its OK). */
function typeRange(drawer: HTMLElement, start: string, end: string) {
  const [a, b] = [...drawer.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
  if (!a || !b) throw new Error('no range inputs');
  for (const [input, value] of [
    [a, start],
    [b, end],
  ] as const) {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
  fireEvent.blur(b);
}

describe('MeetingDrawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks as typed with the contract’s rules, puts the server’s refusals on their fields, then shows the links', async () => {
    // A desktop: the one range picker (a phone's start and end are below).
    onTestFinished(screenWidth(1366));
    let answers = 0;
    const server = stubServer({
      config: configStub,
      getMeeting: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 0, list: [] } }),
      getGate: () => ({ status: 0, result: [] }),
      getVisitorType: () => ({ status: 0, result: [] }),
      getEmpByName: () => ({
        status: 0,
        result: [{ empid: 9, empName: 'Ada Host', empNo: 'E9', empPhone: '13900139009', deptNames: ['Sales'], empPosition: '' }],
      }),
      addMeeting: (b) => {
        answers += 1;
        if (answers === 1) return { status: 108, reason: 'taken', result: { errors: [{ field: 'subject', rule: 'taken' }] } };
        if (answers === 2) return { status: 112, reason: 'invited', result: { errors: [{ field: 'visitors.0.phone', rule: 'invited' }] } };
        if (answers === 3) return { status: 66, reason: 'refused', result: { refused: [{ index: 0, name: 'Li Guest' }] } };
        return {
          status: 0,
          result: {
            ...sampleMeeting(5, { subject: String(b.subject) }),
            visitors: [
              { ...sampleVisit(41, { kind: 'invite', status: 'sent', vname: 'Li Guest', mid: 5 }), inviteLink: 'http://x.test/invite?token=abc' },
            ],
          },
        };
      },
    });
    renderPage();
    fireEvent.click((await screen.findAllByText('New meeting'))[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    const submit = () => fireEvent.click(within(drawer).getByText('Create and send invitations'));
    const errorOf = (label: string) =>
      [...drawer.querySelectorAll('.ant-form-item')]
        .find((item) => item.querySelector('label')?.textContent === label)
        ?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;

    // Nothing filled: every required field says so, and nothing is sent.
    submit();
    await waitFor(() => expect(errorOf('Subject')).toBe('Required'));
    expect(errorOf('Organiser')).toBe('Required');
    expect(errorOf('Time')).toBe('Required');
    expect(errorOf('Visitor name')).toBe('Required');
    expect(errorOf('Mobile phone')).toBe('Give a mobile phone or an email');
    expect(server.bodies('addMeeting')).toEqual([]);

    // As typed: a bad phone, then an end no later than the start.
    const row = within(drawer).getByTestId('invitee-0');
    fireEvent.change(within(row).getByLabelText('Visitor name'), { target: { value: 'Li Guest' } });
    fireEvent.change(within(row).getByLabelText('Mobile phone'), { target: { value: '12345' } });
    await waitFor(() => expect(errorOf('Mobile phone')).toBe('The format of the phone number is not correct'));
    fireEvent.change(within(row).getByLabelText('Mobile phone'), { target: { value: '13912345678' } });
    await waitFor(() => expect(errorOf('Mobile phone')).toBeNull());
    // Typed as the picker shows moments in English (the contract's pattern).
    const day = dayjs().add(2, 'day').format('YYYY-MM-DD');
    const at = (h: number, m: number) => dayjs(`${day} 00:00`).hour(h).minute(m).format(DATE_PATTERNS.en.dateTime);
    typeRange(drawer, at(10, 0), at(10, 0));
    await waitFor(() => expect(errorOf('Time')).toBe('The end must be after the start'));
    typeRange(drawer, at(10, 0), at(11, 30));
    await waitFor(() => expect(errorOf('Time')).toBeNull());

    fireEvent.change(within(drawer).getByLabelText('Subject'), { target: { value: 'Budget review' } });
    fireEvent.change(within(drawer).getByLabelText('Place'), { target: { value: 'Room 301' } });
    const organiser = within(drawer).getByRole('combobox', { name: 'Organiser' });
    fireEvent.mouseDown(organiser);
    fireEvent.change(organiser, { target: { value: 'Ada' } });
    fireEvent.click(await screen.findByText('Ada Host · Sales · 13900139009'));

    // 108 lands on the subject, 112 on the visitor's phone.
    submit();
    await waitFor(() => expect(errorOf('Subject')).toBe('A meeting of this name is already held that day'));
    expect(server.bodies('addMeeting')[0]).toEqual({
      subject: 'Budget review',
      empid: 9,
      startTime: dayjs(`${day} 10:00`).valueOf(),
      endTime: dayjs(`${day} 11:30`).valueOf(),
      address: 'Room 301',
      gid: null,
      tid: null,
      remark: '',
      visitors: [{ name: 'Li Guest', phone: '13912345678', email: '', company: '', lang: 'en' }],
    });
    submit();
    await waitFor(() => expect(errorOf('Mobile phone')).toBe('Already invited'));
    // Screening's refusal (66) lands on the refused visitor's name.
    submit();
    await waitFor(() => expect(errorOf('Visitor name')).toBe('This visitor cannot be invited: contact security'));
    submit();
    expect(await screen.findByText('1 visitor invited')).toBeTruthy();
    expect(screen.getByText('http://x.test/invite?token=abc')).toBeTruthy();
    expect(server.bodies('addMeeting')).toHaveLength(4);
  });

  it('on a phone: a start and an end, each a date and a time; the end follows the start; the same rules', async () => {
    const server = stubServer({
      config: configStub,
      getMeeting: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 0, list: [] } }),
      getGate: () => ({ status: 0, result: [] }),
      getVisitorType: () => ({ status: 0, result: [] }),
      getEmpByName: () => ({
        status: 0,
        result: [{ empid: 9, empName: 'Ada Host', empNo: 'E9', empPhone: '13900139009', deptNames: ['Sales'], empPosition: '' }],
      }),
      addMeeting: () => ({ status: 0, result: { ...sampleMeeting(6), visitors: [] } }),
    });
    renderPage();
    fireEvent.click((await screen.findAllByText('New meeting'))[0] as HTMLElement);
    const drawer = await screen.findByRole('dialog');
    const errorOf = () =>
      [...drawer.querySelectorAll('.ant-form-item')]
        .find((item) => item.querySelector('label')?.textContent === 'Time')
        ?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
    // No range picker (its panel is wider than a phone): the start's and the end's own fields.
    expect(drawer.querySelector('.ant-picker-range')).toBeNull();
    const value = (label: string) => (within(drawer).getByLabelText(label) as HTMLInputElement).value;
    const day = dayjs().add(2, 'day').format('YYYY-MM-DD');

    // The start alone completes the field: the end an hour later.
    await pickDateTime('Start', dayjs(`${day} 10:00`), drawer);
    expect([value('End: date'), value('End: time')]).toEqual([dayjs(day).format(DATE_PATTERNS.en.date), '11:00']);
    // An end no later than the start: the form's own rule, as typed.
    await pickDateTime('End', dayjs(`${day} 10:00`), drawer);
    await waitFor(() => expect(errorOf()).toBe('The end must be after the start'));
    await pickDateTime('End', dayjs(`${day} 11:30`), drawer);
    await waitFor(() => expect(errorOf()).toBeNull());
    // Moving the start keeps the meeting's length.
    await pickDateTime('Start', dayjs(`${day} 09:00`), drawer);
    expect(value('End: time')).toBe('10:30');

    fireEvent.change(within(drawer).getByLabelText('Subject'), { target: { value: 'Stand-up' } });
    const organiser = within(drawer).getByRole('combobox', { name: 'Organiser' });
    fireEvent.mouseDown(organiser);
    fireEvent.change(organiser, { target: { value: 'Ada' } });
    fireEvent.click(await screen.findByText('Ada Host · Sales · 13900139009'));
    const row = within(drawer).getByTestId('invitee-0');
    fireEvent.change(within(row).getByLabelText('Visitor name'), { target: { value: 'Li Guest' } });
    fireEvent.change(within(row).getByLabelText('Mobile phone'), { target: { value: '13912345678' } });
    fireEvent.click(within(drawer).getByText('Create and send invitations'));
    await waitFor(() => expect(server.bodies('addMeeting')).toHaveLength(1));
    expect(server.bodies('addMeeting')[0]).toMatchObject({ startTime: dayjs(`${day} 09:00`).valueOf(), endTime: dayjs(`${day} 10:30`).valueOf() });
  });
});
