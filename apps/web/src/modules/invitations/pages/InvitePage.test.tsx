import { DATE_PATTERNS } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { pickDateTime } from '../../../testing/dateTime';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { sampleTemplate } from '../testing';
import { InvitePage } from './InvitePage';

const config = configStub;

function renderPage() {
  const router = createMemoryRouter([{ path: '/emporder/sigleorder', element: <InvitePage /> }], { initialEntries: ['/emporder/sigleorder'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Types the visit time (the phone's date and time pickers under jsdom). */
const pickTime = (value: string) => pickDateTime('Visit time', dayjs(value));

describe('InvitePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('checks each visitor as typed, sends the invitation and lists the links; the server’s refusals (a field, screening’s 66) land on their row', async () => {
    let calls = 0;
    const server = stubServer({
      config,
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [] }),
      addAppointment: (b) => {
        calls += 1;
        if (calls === 1) return { status: 112, reason: 'already invited', result: { errors: [{ field: 'visitors.0.phone', rule: 'invited' }] } };
        if (calls === 2) return { status: 66, reason: 'This visitor cannot be registered', result: { refused: [{ index: 0, name: 'Ivy Guest' }] } };
        const visitors = b.visitors as { name: string; phone: string }[];
        return {
          status: 0,
          result: visitors.map((v, i) => ({
            vid: i + 1,
            vname: v.name,
            vphone: v.phone,
            vemail: '',
            inviteLink: `http://x.test/invite?token=tok${i}`,
          })),
        };
      },
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Visitor name'), { target: { value: 'Ivy Guest' } });
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    await waitFor(() => expect(screen.getAllByText('Give a mobile phone or an email')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '12345' } });
    expect(await screen.findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '13900001111' } });
    const when = dayjs().add(1, 'day').hour(10).minute(0).format(DATE_PATTERNS.en.dateTime);
    await pickTime(when);
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    expect(await screen.findByText('This phone is already invited that day')).toBeTruthy();
    expect(server.bodies('addAppointment')[0]).toMatchObject({
      visitors: [{ name: 'Ivy Guest', phone: '13900001111', email: '', company: '', lang: 'en' }],
      appointmentDate: dayjs(when, DATE_PATTERNS.en.dateTime).valueOf(),
      tid: null,
      gid: null,
    });

    // Screening's refusal (66) names the visitor it refused, on their row.
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    expect(await screen.findByText('This visitor cannot be invited: contact security')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    const links = await screen.findByTestId('invite-links');
    expect(within(links).getByText('http://x.test/invite?token=tok0')).toBeTruthy();
    expect(screen.getByText('1 visitor invited')).toBeTruthy();
  });

  it('offers the template types, says which template the invitation goes out with, and sends the chosen type', async () => {
    const server = stubServer({
      config,
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [{ gid: 7, gname: 'East gate', accounts: 0, visitTypes: 0 }] }),
      // No template of a type is no error: the page asks the call that answers null, never the original's 56.
      getInviteTemplate: (b) => ({
        status: 0,
        result: { template: b.templateType === 1 ? { ...sampleTemplate(3, { templateType: 1 }), source: 'employee' } : null },
      }),
      addAppointment: () => ({
        status: 0,
        result: [{ vid: 1, vname: 'Ivy Guest', vphone: '', vemail: 'ivy@example.com', inviteLink: 'http://x.test/invite?token=t' }],
      }),
    });
    renderPage();
    expect(await screen.findByText('No Interview template yet: the invitation is sent with the standard text.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Business' }));
    expect(await screen.findByText('Sent with your own Business template.')).toBeTruthy();
    expect(server.bodies('getInviteTemplate').at(-1)).toEqual({ templateType: 1, gid: null });
    expect(server.bodies('getEmptempByPost')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Visitor name'), { target: { value: 'Ivy Guest' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ivy@example.com' } });
    await pickTime(dayjs().add(1, 'day').hour(11).minute(0).format(DATE_PATTERNS.en.dateTime));
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    await waitFor(() => expect(server.bodies('addAppointment')).toHaveLength(1));
    expect(server.bodies('addAppointment')[0]).toMatchObject({ templateType: 1, visitors: [{ name: 'Ivy Guest', email: 'ivy@example.com' }] });
  });

  it('says so when the company has not opened invitations to employees', async () => {
    stubServer({
      config,
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [] }),
      addAppointment: () => ({ status: 116, reason: 'The company has not opened invitations to employees' }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Visitor name'), { target: { value: 'Ivy Guest' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ivy@example.com' } });
    await pickTime(dayjs().add(2, 'day').hour(9).minute(30).format(DATE_PATTERNS.en.dateTime));
    fireEvent.click(screen.getByRole('button', { name: /Send invitations/ }));
    expect(await screen.findByText('You cannot invite visitors')).toBeTruthy();
  });

  it('says before the form when the employee may not invite, why, and whom to ask', async () => {
    const admin = { name: 'Ada Admin', email: 'ada@example.com', phone: '13800000000' };
    stubServer({ config, getInviteAccess: () => ({ status: 0, result: { canInvite: false, reason: 'companyOff', admin } }) });
    renderPage();
    const closed = await screen.findByTestId('invite-closed');
    expect(within(closed).getByText('Your company has not opened invitations to employees yet.')).toBeTruthy();
    expect(within(closed).getByText('Ask your administrator, Ada Admin, to allow it:')).toBeTruthy();
    expect(
      within(closed)
        .getByRole('link', { name: /ada@example.com/ })
        .getAttribute('href'),
    ).toBe('mailto:ada@example.com');
    expect(screen.queryByLabelText('Visitor name')).toBeNull();
  });

  it('offers to fill a row from an earlier visit once the phone is a whole number', async () => {
    const server = stubServer({
      config,
      getVisitorType: () => ({ status: 0, result: [] }),
      getGate: () => ({ status: 0, result: [] }),
      SearchRecordsByPhone: (b) =>
        b.phone === '13900002222'
          ? {
              status: 0,
              result: [
                {
                  vname: 'Wang Wu',
                  vphone: '13900002222',
                  vemail: 'wang@example.com',
                  vcompany: 'Guest Co',
                  lang: 'zh',
                  lastVisit: Date.now() - 86_400_000,
                },
              ],
            }
          : { status: 0, result: [] },
    });
    renderPage();
    const phone = await screen.findByLabelText('Mobile phone');
    fireEvent.change(phone, { target: { value: '1390000' } });
    fireEvent.change(phone, { target: { value: '13900003333' } });
    await waitFor(() => expect(server.bodies('SearchRecordsByPhone')).toEqual([{ phone: '13900003333' }]));
    expect(screen.queryByTestId('known-visitor-0')).toBeNull();

    fireEvent.change(phone, { target: { value: '+86 139 0000 2222' } });
    const hint = await screen.findByTestId('known-visitor-0');
    expect(hint.textContent).toContain('Wang Wu · Guest Co · wang@example.com');
    fireEvent.click(within(hint).getByRole('button', { name: 'Fill in' }));
    await waitFor(() => expect((screen.getByLabelText('Visitor name') as HTMLInputElement).value).toBe('Wang Wu'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('wang@example.com');
    expect((screen.getByLabelText('Company') as HTMLInputElement).value).toBe('Guest Co');
    await waitFor(() => expect(screen.queryByTestId('known-visitor-0')).toBeNull());
    // Only whole, valid numbers were looked up.
    expect(server.bodies('SearchRecordsByPhone').map((b) => b.phone)).toEqual(['13900003333', '13900002222']);
  });
});
