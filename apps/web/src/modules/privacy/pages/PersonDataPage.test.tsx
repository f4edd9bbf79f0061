import { Role, Status } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { PersonDataPage } from './PersonDataPage';

const config = () => ({ status: 0, result: { version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} } });
const found = {
  keys: { phones: ['13912340041'], emails: ['ann@example.org'], idNumbers: ['11010519900307123X'] },
  names: ['Ann Lee'],
  records: [
    {
      source: 'visits',
      id: 7,
      at: new Date(2026, 10, 3, 9, 0).getTime(),
      fields: { name: 'Ann Lee', phone: '13912340041', host: 'Bo Chen', 'extend.badge': 'B-1' },
      files: 3,
    },
    { source: 'blacklist', id: 2, at: null, fields: { name: 'Ann Lee', remark: 'Threatened staff' }, files: 0, list: 'black' },
  ],
  logEntries: 4,
};
const nothing = { keys: { phones: ['13912340041'], emails: [], idNumbers: [] }, names: [], records: [], logEntries: 0 };

function renderPage(answers: Record<string, () => unknown> = {}) {
  saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: 0, userid: 1, company: 'ACME' }, 'manager');
  let erased = false;
  const server = stubServer({
    config,
    findPerson: () => ({ status: 0, result: erased ? nothing : found }),
    erasePerson: () => {
      erased = true;
      return {
        status: 0,
        result: {
          erased: { visits: 1, residents: 0, logistics: 0, blacklist: 0, papers: 0, messages: 0 },
          files: 3,
          logEntries: 4,
          kept: [{ id: 2, name: 'Ann Lee', remark: 'Threatened staff' }],
          facesPending: 0,
        },
      };
    },
    ...answers,
  });
  const router = createMemoryRouter([{ path: '/setting/person-data', element: <PersonDataPage /> }], { initialEntries: ['/setting/person-data'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

describe('PersonDataPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    signOutLocal();
    await i18n.changeLanguage('en');
  });

  it('refuses a malformed phone as typed, finds the person, shows each record and erases after confirming', async () => {
    const server = renderPage();
    const input = await screen.findByLabelText('Phone');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: /Find/ }));
    expect(await screen.findByText(/format of the phone number is not correct/)).toBeTruthy();
    expect(server.bodies('findPerson')).toEqual([]);
    fireEvent.change(input, { target: { value: '139 1234 0041' } });
    fireEvent.click(screen.getByRole('button', { name: /Find/ }));
    await waitFor(() => expect(server.bodies('findPerson')).toEqual([{ phone: '139 1234 0041' }]));
    expect(await screen.findByText('Visits and invitations')).toBeTruthy();
    expect(screen.getByText('Blacklist and whitelist')).toBeTruthy();
    expect(screen.getByText('11010519900307123X')).toBeTruthy();
    expect(screen.getByText(/4 operation-log entries/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Erase/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Visits and invitations: 1')).toBeTruthy();
    const keep = within(dialog).getByRole('checkbox', { name: /Keep the blacklist entries \(reason: Threatened staff\)/ }) as HTMLInputElement;
    expect(keep.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    await waitFor(() => expect(server.bodies('erasePerson')).toEqual([{ phone: '139 1234 0041', keepBlacklist: true }]));
    expect(await screen.findByText('Blacklist entry kept: Ann Lee (reason: Threatened staff)')).toBeTruthy();
    expect(await screen.findByText('Nothing is held about this person')).toBeTruthy();
  });

  it('searches by certificate number in Chinese and says when nothing is held', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const server = renderPage({ findPerson: () => ({ status: 0, result: nothing }) });
    const by = await screen.findByLabelText('查找方式');
    fireEvent.mouseDown(by);
    fireEvent.click(await screen.findByText('证件号', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(await screen.findByLabelText('证件号'), { target: { value: 'E1234567' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*找/ }));
    await waitFor(() => expect(server.bodies('findPerson')).toEqual([{ credentialNo: 'E1234567' }]));
    expect(await screen.findByText('没有保存此人的数据')).toBeTruthy();
  });

  it('finds the people of a name and opens one by its phone', async () => {
    const candidates = { ...nothing, keys: { phones: [], emails: [], idNumbers: [] }, names: ['Ann Lee'] };
    const server = renderPage({
      findPerson: () => ({
        status: 0,
        result:
          server.bodies('findPerson').length > 1
            ? found
            : { ...candidates, candidates: [{ name: 'Ann Lee', phone: '13912340041', email: '', idNumber: '', sources: ['visits', 'blacklist'] }] },
      }),
    });
    const by = await screen.findByLabelText('Find by');
    fireEvent.mouseDown(by);
    fireEvent.click(await screen.findByText('Name', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ann Lee' } });
    fireEvent.click(screen.getByRole('button', { name: /Find/ }));
    expect(await screen.findByText('1 person of this name')).toBeTruthy();
    expect(screen.getByText('Visits and invitations, Blacklist and whitelist')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(server.bodies('findPerson')).toEqual([{ name: 'Ann Lee' }, { phone: '13912340041' }]));
    expect(await screen.findByRole('button', { name: /Download data/ })).toBeTruthy();
  });

  it('will not erase someone on site, and the same search asks again once they have signed out', async () => {
    const visit = found.records[0] as (typeof found.records)[number];
    const onSite = { ...found, records: [{ ...visit, fields: { ...visit.fields, visitAt: '2026-11-03 09:00' } }] };
    const left = { ...found, records: [{ ...visit, fields: { ...visit.fields, visitAt: '2026-11-03 09:00', signOutAt: '2026-11-03 11:00' } }] };
    const server = renderPage({ findPerson: () => ({ status: 0, result: server.bodies('findPerson').length > 1 ? left : onSite }) });
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '13912340041' } });
    fireEvent.click(screen.getByRole('button', { name: /Find/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Erase/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/on site now\. Sign them out first/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Erase for good' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: /Find/ }));
    await waitFor(() => expect(server.bodies('findPerson')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: /Erase…/ }));
    await waitFor(() => expect(screen.queryByText(/on site now/)).toBeNull());
    expect((screen.getByRole('button', { name: 'Erase for good' }) as HTMLButtonElement).disabled).toBe(false);
    expect(server.bodies('erasePerson')).toEqual([]);
  });

  it("puts the server's refusal of the key on the field", async () => {
    renderPage({ findPerson: () => ({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'phone', rule: 'format' }] } }) });
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '13912340041' } });
    fireEvent.click(screen.getByRole('button', { name: /Find/ }));
    expect(await screen.findByText(/format of the phone number is not correct/)).toBeTruthy();
  });
});
