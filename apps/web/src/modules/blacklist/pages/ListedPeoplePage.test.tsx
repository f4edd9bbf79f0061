import type { ListedPerson } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { BlacklistPage, WhitelistPage } from './ListedPeoplePage';

function person(bid: number, name: string, extra: Partial<ListedPerson> = {}): ListedPerson {
  return {
    bid,
    name,
    aliases: [],
    phone: `1380013800${bid}`,
    phones: [`1380013800${bid}`],
    credentialNo: '',
    credentialNos: [],
    birthDate: '',
    remark: '',
    level: 'refuse',
    expireTime: null,
    expired: false,
    sname: 'Ada Lovelace',
    createTime: Date.UTC(2026, 0, 5, 9, 30),
    ...extra,
  };
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const page = (list: ListedPerson[]): Handler => ok({ pageNo: 1, pageSize: 20, count: list.length, list });
/** The exports answer a workbook, as the server does. */
const xlsx = (name: string) => () =>
  new Response('xlsx', {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });

const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  ExportBlacklist: xlsx('blacklist.xlsx'),
  ExportWhitelist: xlsx('whitelist.xlsx'),
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } }),
  GetUserInfo: ok({ escapeClause: '', blackListSwitch: 0 }),
  getBlacklist: page([person(1, 'Zhang San', { remark: 'trespass' }), person(2, 'John Smith', { phone: '', credentialNo: '11010519491231002X' })]),
  getWhitelist: page([person(5, 'VIP Guest')]),
  ...extra,
});

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/blacklist', element: <BlacklistPage /> },
      { path: '/whitelist', element: <WhitelistPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The confirmation that offers to switch screening on (antd's confirm names no dialog: found by its title). */
async function offerDialog(): Promise<HTMLElement> {
  const titles = await screen.findAllByText('Blacklist screening is off');
  return titles.map((e) => e.closest('[role="dialog"]')).find(Boolean) as HTMLElement;
}

async function openAdd(label = 'Add to blacklist') {
  fireEvent.click(screen.getAllByRole('button', { name: new RegExp(label) })[0] as HTMLElement);
  return screen.findByRole('dialog');
}

describe('ListedPeoplePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the page and search of the URL, and writes a new search back at page 1', async () => {
    const server = stubServer(baseHandlers());
    const router = renderAt('/blacklist?q=zh&page=2');
    expect(await screen.findByText('Zhang San')).toBeTruthy();
    expect(server.bodies('getBlacklist')[0]).toEqual({ startIndex: 20, requestedCount: 20, name: 'zh' });
    expect((screen.getByLabelText('Search the list') as HTMLInputElement).value).toBe('zh');
    // Empty cells show a dash; the remark is shown.
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('John Smith')) as HTMLElement;
    expect(row.textContent).toContain('11010519491231002X');
    expect(row.textContent).toContain('—');

    const box = screen.getByLabelText('Search the list');
    fireEvent.change(box, { target: { value: ' 1380 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?q=1380'));
    await waitFor(() => expect(server.bodies('getBlacklist').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, name: '1380' }));
  });

  it('validates the add dialog as typed with the server rules, shows a duplicate (3) clearly, then adds', async () => {
    let attempts = 0;
    const server = stubServer(
      baseHandlers({
        addBlacklist: (b) => {
          attempts += 1;
          return attempts === 1 ? { status: 3, reason: 'Already exists', result: null } : { status: 0, result: person(9, String(b.name)) };
        },
      }),
    );
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Li Si' } });
    // Neither phone nor certificate number: refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fill in the phone number or the certificate number')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Mobile phone'), { target: { value: '12345' } });
    expect(await within(dialog).findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Mobile phone'), { target: { value: '' } });
    // 18 characters are an ID card: the check digit is verified as typed.
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: '110105194912310021' } });
    expect(await within(dialog).findByText('Check digit error')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: 'E-123' } });
    expect(await within(dialog).findByText('Only letters and digits are allowed')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: '11010519491231002x' } });
    await waitFor(() => expect(within(dialog).queryByText('Fill in the phone number or the certificate number')).toBeNull());
    expect(server.bodies('addBlacklist')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('listed-duplicate')).textContent).toBe(
      'This phone number or certificate number is already on the blacklist.',
    );
    expect(server.bodies('addBlacklist')[0]).toEqual({ name: 'Li Si', phone: '', credentialNo: '11010519491231002x', remark: '' });
    // Changing the number takes the notice away; saving again adds.
    fireEvent.change(within(dialog).getByLabelText('Mobile phone'), { target: { value: '13900139000' } });
    await waitFor(() => expect(within(dialog).queryByTestId('listed-duplicate')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Li Si added to the blacklist')).toBeTruthy();
  });

  it('right after a person is listed while screening is off, says they would still walk in and offers to switch it on', async () => {
    const server = stubServer(
      baseHandlers({ addBlacklist: (b) => ({ status: 0, result: person(9, String(b.name)) }), updateblackListSwitch: ok(null) }),
    );
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Li Si' } });
    fireEvent.change(within(dialog).getByLabelText('Mobile phone'), { target: { value: '13900139000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const offer = await offerDialog();
    expect(within(offer).getByText(/Li Si is on the blacklist, but screening is off: they would still be let in/)).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Blacklist screening switched on')).toBeTruthy();
    expect(server.bodies('updateblackListSwitch')).toEqual([{ blackListSwitch: 1 }]);
  });

  it('says above the list when screening is off while people are listed; leaving it off sends nothing', async () => {
    const server = stubServer(baseHandlers({ updateblackListSwitch: ok(null) }));
    renderAt('/blacklist');
    const banner = await screen.findByTestId('screening-off');
    expect(banner.textContent).toContain('Blacklist screening is off: the 2 people listed here are not stopped');
    fireEvent.click(within(banner).getByRole('button', { name: 'Turn on' }));
    const confirm = await offerDialog();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave it off' }));
    // Left off: nothing is sent and the list keeps saying so.
    expect(server.bodies('updateblackListSwitch')).toHaveLength(0);
    expect(screen.getByTestId('screening-off')).toBeTruthy();
  });

  it('offers nothing when screening is on', async () => {
    stubServer(
      baseHandlers({
        GetUserInfo: ok({ escapeClause: '', blackListSwitch: 1 }),
        addBlacklist: (b) => ({ status: 0, result: person(9, String(b.name)) }),
      }),
    );
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    await waitFor(() => expect(screen.getByTestId('screening-switch').getAttribute('aria-checked')).toBe('true'));
    expect(screen.queryByTestId('screening-off')).toBeNull();
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Li Si' } });
    fireEvent.change(within(dialog).getByLabelText('Mobile phone'), { target: { value: '13900139000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Li Si added to the blacklist')).toBeTruthy();
    expect(screen.queryAllByText('Blacklist screening is off')).toHaveLength(0);
  });

  it("puts the server's field errors (400) on the fields", async () => {
    stubServer(baseHandlers({ addWhitelist: () => ({ status: 400, reason: 'bad', result: { errors: [{ field: 'phone', rule: 'phoneOrId' }] } }) }));
    renderAt('/whitelist');
    await screen.findByText('VIP Guest');
    // The whitelist has no screening switch.
    expect(screen.queryByTestId('screening-switch')).toBeNull();
    const dialog = await openAdd('Add to whitelist');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Guest' } });
    fireEvent.change(within(dialog).getByLabelText('Mobile phone'), { target: { value: '13900139000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fill in the phone number or the certificate number')).toBeTruthy();
  });

  it('switches screening on only after a confirmation, showing the new state once the server accepts it', async () => {
    const server = stubServer(baseHandlers());
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    const sw = await screen.findByTestId('screening-switch');
    // Disabled until the current value has come with the user info.
    await waitFor(() => expect((sw as HTMLButtonElement).disabled).toBe(false));
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText('Visitors whose phone or certificate number is on the blacklist will be refused when they register.'),
    ).toBeTruthy();
    expect(server.bodies('updateblackListSwitch')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Blacklist screening switched on')).toBeTruthy();
    expect(server.bodies('updateblackListSwitch')).toEqual([{ blackListSwitch: 1 }]);
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
  });

  it('removes the selected entries after a confirmation and exports exactly the searched list', async () => {
    const server = stubServer(baseHandlers({ delBlacklist: (b, url) => ok({ deleted: (b.bids as number[]).length })(b, url) }));
    renderAt('/blacklist?q=s');
    await screen.findByText('Zhang San');
    for (const name of ['Zhang San', 'John Smith']) {
      const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(name)) as HTMLElement;
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    fireEvent.click(screen.getByRole('button', { name: /Remove selected/ }));
    expect(await screen.findByText('Remove the 2 selected people from the list?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('delBlacklist')).toEqual([{ bids: [1, 2] }]));
    expect(await screen.findByText('2 people removed')).toBeTruthy();

    fireEvent.click(screen.getByTestId('listed-export'));
    expect(await screen.findByText('The list is downloading')).toBeTruthy();
    expect(server.queries('ExportBlacklist')).toEqual(['name=s&lang=en']);
  });

  it('says so when the search finds no one and offers to clear it', async () => {
    stubServer(baseHandlers({ getBlacklist: page([]) }));
    const router = renderAt('/blacklist?q=nobody');
    expect(await screen.findByText('No one on the list matches this search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('The blacklist is empty')).toBeTruthy();
  });
});
