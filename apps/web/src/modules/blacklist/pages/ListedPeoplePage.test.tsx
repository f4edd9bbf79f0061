import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { pickDate } from '../../../testing/dateTime';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { ok, page, person, renderAt, rowOf } from '../testing';

/** The exports answer a workbook, as the server does. */
const xlsx = (name: string) => () =>
  new Response('xlsx', {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });

/** An entry with two masked numbers, an alias, a date of birth and an expiry at 15:00 in ten days. */
const inTenDays = dayjs().add(10, 'day').hour(15).startOf('hour').valueOf();
const john = person(2, 'John Smith', {
  phone: '',
  aliases: ['Johnny'],
  credentialNo: '110*************2X',
  credentialNos: ['110*************2X', 'E12*****89'],
  birthDate: '1949-12-31',
  expireTime: inTenDays,
});

const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  ExportBlacklist: xlsx('blacklist.xlsx'),
  ExportWhitelist: xlsx('whitelist.xlsx'),
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } }),
  GetUserInfo: ok({ escapeClause: '', blackListSwitch: 1, screeningMode: 'standard' }),
  getBlacklist: page([person(1, 'Zhang San', { remark: 'trespass', aliases: ['张三', 'Sam Zhang'], level: 'review' }), john]),
  getWhitelist: page([person(5, 'VIP Guest')]),
  ...extra,
});

async function openAdd(label = 'Add to blacklist') {
  fireEvent.click(screen.getAllByRole('button', { name: new RegExp(label) })[0] as HTMLElement);
  return screen.findByRole('dialog');
}

const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('ListedPeoplePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the page and search of the URL, shows each entry whole, and writes a new search back at page 1', async () => {
    const server = stubServer(
      baseHandlers({ getBlacklist: page([person(1, 'Zhang San', { aliases: ['张三', 'Sam Zhang'], level: 'review' }), { ...john, expired: true }]) }),
    );
    const router = renderAt('/blacklist?q=zh&page=2');
    expect(await screen.findByText('Zhang San')).toBeTruthy();
    expect(server.bodies('getBlacklist')[0]).toEqual({ startIndex: 20, requestedCount: 20, name: 'zh' });
    expect((screen.getByLabelText('Search the list') as HTMLInputElement).value).toBe('zh');
    // The name with its aliases, the level; the numbers masked; no phone is a dash; an expiry passed is said.
    const zhang = rowOf('Zhang San');
    expect(within(zhang).getByText('张三')).toBeTruthy();
    expect(within(zhang).getByText('Sam Zhang')).toBeTruthy();
    expect(within(zhang).getByText('Review')).toBeTruthy();
    const row = rowOf('John Smith');
    expect(within(row).getByText('110*************2X')).toBeTruthy();
    // One number on the line, the other behind "+1" (phones and codes stay on one line).
    fireEvent.mouseEnter(within(row).getByTestId('listed-more'));
    expect(await screen.findByText('E12*****89')).toBeTruthy();
    expect(within(row).getByText('Refuse')).toBeTruthy();
    expect(within(row).getByTestId('listed-expired').textContent).toBe('Expired');
    expect(row.textContent).toContain('—');

    const box = screen.getByLabelText('Search the list');
    fireEvent.change(box, { target: { value: ' 1380 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?q=1380'));
    await waitFor(() => expect(server.bodies('getBlacklist').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, name: '1380' }));
  });

  it('adds a person with aliases, more phones, date of birth, expiry and level, checked as typed; a duplicate (3) is said in the dialog', async () => {
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
    type(dialog, 'Name', 'Li Si');
    type(dialog, 'Mobile phone', '12345');
    expect(await within(dialog).findByText('The format of the phone number is not correct')).toBeTruthy();
    type(dialog, 'Mobile phone', '');
    // 18 characters are an ID card: the check digit is verified as typed; a mask is no number in an add.
    type(dialog, 'Certificate number', '110105194912310021');
    expect(await within(dialog).findByText('Check digit error')).toBeTruthy();
    type(dialog, 'Certificate number', '110*************2X');
    expect(await within(dialog).findByText('Only letters and digits are allowed')).toBeTruthy();
    type(dialog, 'Certificate number', '11010519491231002x');
    await waitFor(() => expect(within(dialog).queryByText('Only letters and digits are allowed')).toBeNull());

    // Aliases and more phones are rows: an empty one is refused until removed.
    fireEvent.click(within(dialog).getByRole('button', { name: /Add an alias$/ }));
    type(dialog, 'Alias 1', '李四');
    fireEvent.click(within(dialog).getByRole('button', { name: /Add an alias$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Add another phone$/ }));
    type(dialog, 'Mobile phone 2', '13900139001');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Review/ }));
    type(dialog, 'Reason', ' Follows staff in ');
    await pickDate(within(dialog).getByLabelText('Date of birth'), dayjs('1980-05-01'));
    const until = dayjs().add(30, 'day');
    await pickDate(within(dialog).getByLabelText('Listed until'), until);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(server.bodies('addBlacklist')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Alias 2' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('listed-duplicate')).textContent).toBe(
      'This phone number or certificate number is already on the blacklist.',
    );
    expect(server.bodies('addBlacklist')[0]).toEqual({
      name: 'Li Si',
      aliases: ['李四'],
      phone: '',
      phones: ['13900139001'],
      credentialNo: '11010519491231002x',
      credentialNos: [],
      birthDate: '1980-05-01',
      remark: 'Follows staff in',
      level: 'review',
      expireTime: until.endOf('day').valueOf(),
    });
    // Changing a number takes the notice away; saving again adds.
    type(dialog, 'Mobile phone 2', '13900139002');
    await waitFor(() => expect(within(dialog).queryByTestId('listed-duplicate')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Li Si added to the blacklist')).toBeTruthy();
  });

  it('edits an entry: masked numbers kept as shown, another mask refused as typed, the server’s field errors on the rows', async () => {
    let attempts = 0;
    const server = stubServer(
      baseHandlers({
        updateBlacklist: (b) => {
          attempts += 1;
          return attempts === 1
            ? { status: 400, reason: 'bad', result: { errors: [{ field: 'credentialNos.0', rule: 'masked' }] } }
            : { status: 0, result: { ...john, aliases: b.aliases as string[] } };
        },
      }),
    );
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    fireEvent.click(within(rowOf('John Smith')).getByRole('button', { name: 'Edit John Smith' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit John Smith on the blacklist')).toBeTruthy();
    expect((within(dialog).getByLabelText('Certificate number') as HTMLInputElement).value).toBe('110*************2X');
    expect((within(dialog).getByLabelText('Certificate number 2') as HTMLInputElement).value).toBe('E12*****89');
    expect((within(dialog).getByLabelText('Alias 1') as HTMLInputElement).value).toBe('Johnny');
    expect((within(dialog).getByLabelText('Date of birth') as HTMLInputElement).value).toBe('31 Dec 1949');
    expect(within(dialog).getByRole('radio', { name: /^Refuse/ })).toHaveProperty('checked', true);

    // Only the masks the entry showed stand for its numbers.
    type(dialog, 'Certificate number 2', 'E12*****88');
    expect(await within(dialog).findByText('Keep the masked number exactly as shown, or type the whole number')).toBeTruthy();
    type(dialog, 'Certificate number 2', 'E12*****89');
    await waitFor(() => expect(within(dialog).queryByText('Keep the masked number exactly as shown, or type the whole number')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: /Add an alias$/ }));
    type(dialog, 'Alias 2', 'J. Smith');

    // The server refuses the second number's mask (held no more): said on its row.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const row = within(dialog).getByLabelText('Certificate number 2').closest('.ant-form-item') as HTMLElement;
    expect(await within(row).findByText('Keep the masked number exactly as shown, or type the whole number')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('John Smith saved on the blacklist')).toBeTruthy();
    expect(server.bodies('updateBlacklist')[1]).toEqual({
      bid: 2,
      name: 'John Smith',
      aliases: ['Johnny', 'J. Smith'],
      phone: '',
      phones: [],
      credentialNo: '110*************2X',
      credentialNos: ['E12*****89'],
      birthDate: '1949-12-31',
      remark: '',
      level: 'refuse',
      // The day left as it was: the moment the entry had, not the day's end.
      expireTime: inTenDays,
    });
    expect(server.bodies('addBlacklist')).toHaveLength(0);
  });

  it("puts the server's field errors (400) on the whitelist's fields, which has no level", async () => {
    stubServer(
      baseHandlers({
        addWhitelist: () => ({
          status: 400,
          reason: 'bad',
          result: {
            errors: [
              { field: 'phones.0', rule: 'format' },
              { field: 'expireTime', rule: 'past' },
            ],
          },
        }),
      }),
    );
    renderAt('/whitelist');
    await screen.findByText('VIP Guest');
    // The whitelist has no screening switch, no matching mode and no "test a name".
    expect(screen.queryByTestId('screening-switch')).toBeNull();
    expect(screen.queryByTestId('name-check')).toBeNull();
    const dialog = await openAdd('Add to whitelist');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    type(dialog, 'Name', 'Guest');
    fireEvent.click(within(dialog).getByRole('button', { name: /Add another phone$/ }));
    type(dialog, 'Mobile phone 2', '13900139000');
    await pickDate(within(dialog).getByLabelText('Listed until'), dayjs());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The format of the phone number is not correct')).toBeTruthy();
    expect(within(dialog).getByText('Choose a day from today on, or leave it empty')).toBeTruthy();
  });

  it('removes the selected entries after a confirmation and exports exactly the searched list', async () => {
    const server = stubServer(baseHandlers({ delBlacklist: (b, url) => ok({ deleted: (b.bids as number[]).length })(b, url) }));
    renderAt('/blacklist?q=s');
    await screen.findByText('Zhang San');
    for (const name of ['Zhang San', 'John Smith']) fireEvent.click(within(rowOf(name)).getByRole('checkbox'));
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
