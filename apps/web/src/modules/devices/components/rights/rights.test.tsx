import { Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../../platform/providers';
import { configStub } from '../../../../testing/fixtures';
import { stubServer } from '../../../../testing/stubServer';
import { SetGroupsDialog } from './GroupTags';
import { PendingCards } from './PendingCards';

const groups = [
  {
    egid: 1,
    egname: 'Main doors',
    etype: 0,
    defaultOn: false,
    gids: [],
    status: 0,
    remark: '',
    eids: [],
    deviceCount: 0,
    empCount: 1,
    visitorTypeCount: 0,
    residentCount: 0,
  },
  {
    egid: 2,
    egname: 'Garage',
    etype: 0,
    defaultOn: false,
    gids: [],
    status: 0,
    remark: '',
    eids: [],
    deviceCount: 0,
    empCount: 1,
    visitorTypeCount: 0,
    residentCount: 0,
  },
];
const ada = {
  empid: 7,
  empName: 'Ada Lovelace',
  empNo: 'E-1',
  deptNames: ['R&D'],
  cardNo: '',
  face: null,
  acEnabled: true,
  acStart: null,
  acEnd: null,
  egids: [1],
};

function renderAt(element: React.ReactNode, url = '/key/rights') {
  const router = createMemoryRouter([{ path: '/key/rights', element }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('access rights', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('cards to issue: a malformed number is refused as typed, a taken one on the field from the server, then issued', async () => {
    let issued = false;
    const server = stubServer({
      config: configStub,
      getEquipmentGroupByUserid: () => ({ status: 0, result: groups }),
      getPendingCard: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: issued ? 0 : 1, list: issued ? [] : [ada] } }),
      updateCardNo: (b) => {
        if (b.cardNo === 'K-1') return { status: Status.BAD_PARAMS, result: { errors: [{ field: 'cardNo', rule: 'taken' }] } };
        issued = true;
        return { status: 0, result: null };
      },
    });
    renderAt(<PendingCards />, '/key/rights?tab=cards');
    const input = await screen.findByRole('textbox', { name: 'Card number for Ada Lovelace' });
    expect(await screen.findByText('Main doors')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'bad card!' } });
    expect(await screen.findByText('Incorrect format')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'K-1' } });
    await waitFor(() => expect(screen.queryByText('Incorrect format')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('Already used by another record')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'K-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(() =>
      expect(server.bodies('updateCardNo')).toEqual([
        { empid: 7, cardNo: 'K-1' },
        { empid: 7, cardNo: 'K-2' },
      ]),
    );
    expect(await screen.findByText('No card to issue: every employee with access groups has a card')).toBeTruthy();
  });

  it('setting fewer groups asks first, saying how many grants are withdrawn; adding does not ask', async () => {
    stubServer({ config: configStub, getEquipmentGroupByUserid: () => ({ status: 0, result: groups }) });
    const saved: number[][] = [];
    renderAt(<SetGroupsDialog open title="Access groups" current={[[1, 2], [2]]} saving={false} onSave={(e) => saved.push(e)} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Access groups' });
    // Starts from the groups every one of them holds.
    await waitFor(() => expect(within(dialog).getByText('Garage')).toBeTruthy());
    expect(within(dialog).queryByText('Main doors')).toBeNull();
    const remove = dialog.querySelector('.ant-select-selection-item-remove');
    if (!remove) throw new Error('no remove icon on the chosen group');
    fireEvent.click(remove);
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('This withdraws 3 granted groups from 2 selected: they will no longer open those doors.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Withdraw/ }));
    await waitFor(() => expect(saved).toEqual([[]]));
  });
});
