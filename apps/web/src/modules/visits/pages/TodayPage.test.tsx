import type { Visit } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub, sampleVisit } from '../../../testing/fixtures';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { TodayPage } from './TodayPage';

function visit(vid: number, extra: Partial<Visit> = {}): Visit {
  return sampleVisit(vid, { visitType: 'Guest', code: '12345678', ...extra });
}

const config = configStub;

function byKind(lists: Record<string, Visit[]>): Handler {
  return (body) => {
    const key = body.noCard ? 'cards' : body.onSite ? 'onSite' : body.status === 'signedOut' ? 'signedOut' : String(body.kind);
    const list = lists[key] ?? [];
    return { status: 0, result: { pageNo: 1, pageSize: 20, count: list.length, list } };
  };
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/reception', element: <TodayPage /> }], { initialEntries: ['/reception'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function rowOf(name: string): HTMLElement {
  return screen.getAllByRole('row').find((r) => r.textContent?.includes(name)) as HTMLElement;
}

describe('TodayPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("shows today's walk-ins and signs a visitor out", async () => {
    const server = stubServer({
      config,
      SearchVisitByConditionPage: byKind({
        walkin: [visit(1)],
        onSite: [visit(1)],
      }),
      VisitorSignOutByVid: (b) => ({ status: 0, result: visit(Number(b.vid), { status: 'signedOut' }) }),
    });
    renderPage();
    expect(await screen.findByText('Visitor 1')).toBeTruthy();
    const first = server.bodies('SearchVisitByConditionPage')[0];
    expect(first).toMatchObject({ kind: 'walkin', startIndex: 0, requestedCount: 20 });
    expect(first?.date).toBe(first?.endDate);
    expect(within(rowOf('Visitor 1')).getByText('Signed in')).toBeTruthy();

    fireEvent.click(within(rowOf('Visitor 1')).getByRole('button', { name: /Sign out/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('VisitorSignOutByVid')).toEqual([{ vid: 1 }]));
    expect(await screen.findByText('Visitor 1 is signed out')).toBeTruthy();
  });

  it('switches tabs, offers the moves of each status and looks up by phone', async () => {
    const server = stubServer({
      config,
      SearchVisitByConditionPage: byKind({
        walkin: [visit(1)],
        appointment: [visit(2, { kind: 'appointment', status: 'reserved', visitdate: null })],
      }),
    });
    renderPage();
    expect(await screen.findByText('Visitor 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Appointments/ }));
    expect(await screen.findByText('Visitor 2')).toBeTruthy();
    const row = rowOf('Visitor 2');
    expect(within(row).getByRole('button', { name: /Check in/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /Refuse/ })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Sign out/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Phone, name or certificate number'), { target: { value: '138 0013 8000' } });
    fireEvent.keyDown(screen.getByLabelText('Phone, name or certificate number'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.bodies('SearchVisitByConditionPage').at(-1)).toMatchObject({ kind: 'appointment', phone: '13800138000' }));
  });

  it('hands out access cards to visitors on site without one, with the server’s refusal on the field, and looks up ID numbers', async () => {
    const server = stubServer({
      config,
      SearchVisitByConditionPage: byKind({ cards: [visit(6), visit(7)] }),
      updateVisitInfo: (b) =>
        b.cardNo === 'C-1'
          ? { status: 400, reason: 'Invalid', result: { errors: [{ field: 'cardNo', rule: 'taken' }] } }
          : { status: 0, result: visit(Number(b.vid), { cardNo: String(b.cardNo) }) },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /Cards to issue/ }));
    expect(await screen.findByText('Visitor 7')).toBeTruthy();
    expect(server.bodies('SearchVisitByConditionPage').at(-1)).toMatchObject({ onSite: true, noCard: true });
    fireEvent.click(within(rowOf('Visitor 6')).getByRole('button', { name: /Access card/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Card number');
    fireEvent.change(input, { target: { value: 'bad card!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Letters, digits and - only, at most 32')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'C-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Already used by another record')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'C-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Card C-2 handed to Visitor 6')).toBeTruthy();
    expect(server.bodies('updateVisitInfo')).toEqual([
      { vid: 6, cardNo: 'C-1' },
      { vid: 6, cardNo: 'C-2' },
    ]);

    const box = screen.getByLabelText('Phone, name or certificate number');
    fireEvent.change(box, { target: { value: '11010519491231002x' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.bodies('SearchVisitByConditionPage').at(-1)).toMatchObject({ cardId: '11010519491231002X' }));
  });

  it('checks an expected visitor in by the visit code and words a blacklist refusal neutrally', async () => {
    const server = stubServer({
      config,
      SearchVisitByConditionPage: byKind({
        invite: [
          visit(3, { kind: 'invite', status: 'accepted', code: '87654321' }),
          visit(4, { kind: 'invite', status: 'unauthorized', code: null }),
          visit(5, { kind: 'invite', status: 'viewed', code: '11112222' }),
        ],
      }),
      AppClientSignin: (b) =>
        b.verifyCode === '11112222' ? { status: 66, reason: 'blacklisted' } : { status: 0, result: { ...visit(3), repeated: false } },
      updateVisitStatus: (b) => ({ status: 0, result: visit(Number(b.vid), { status: 'authorized' }) }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /Invitations/ }));
    expect(await screen.findByText('Visitor 3')).toBeTruthy();

    fireEvent.click(within(rowOf('Visitor 3')).getByRole('button', { name: /Check in/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('AppClientSignin')).toEqual([{ verifyCode: '87654321', protocolAccepted: true }]));
    expect(await screen.findByText('Visitor 3 is checked in')).toBeTruthy();

    fireEvent.click(within(rowOf('Visitor 5')).getByRole('button', { name: /Check in/ }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'OK' }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: 'OK' }).at(-1) as HTMLElement);
    expect(await screen.findByText('This visitor cannot be admitted. Please contact security.')).toBeTruthy();

    fireEvent.click(within(rowOf('Visitor 4')).getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(server.bodies('updateVisitStatus')).toEqual([{ vid: 4, event: 'approve', note: '' }]));
  });

  it("speaks Chinese, and shows today's blacklist alerts", async () => {
    await i18n.changeLanguage('zh');
    stubServer({
      config,
      SearchVisitByConditionPage: byKind({ walkin: [visit(1)] }),
      getBlacklistAlerts: () => ({
        status: 0,
        result: { count: 2, list: [{ id: 1, objName: '黑名单人', optName: 'Kiosk', optClient: 0, oTime: Date.now() }] },
      }),
    });
    renderPage();
    expect(await screen.findByText('Visitor 1')).toBeTruthy();
    const banner = await screen.findByTestId('blacklist-alerts');
    expect(banner.textContent).toContain('今日已拦截 2 名黑名单访客');
    expect(banner.textContent).toContain('黑名单人');
    expect(screen.getByRole('tab', { name: /现场登记/ })).toBeTruthy();
    expect(screen.getByText('今日访客')).toBeTruthy();
  });

  it("reprints the badge of a visitor on site in the company's card style, alone on a page of the paper's size", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const settings = {
      logo: '',
      backgroundPic: '',
      carouselPic: [],
      defaultPhoto: '',
      themecolor: '#aa0000',
      cardType: 0,
      cardSize: 1,
      printType: 0,
      brandType: 0,
      brandPosition: 0,
      showAvatar: 1,
      avatarType: 0,
      customText: '',
      cardText: '',
      qrcodeSwitch: 0,
      secureProtocol: '',
      secureProtocolEn: '',
      escapeClause: '',
      comeAgain: 0,
      signOutSwitch: 0,
      faceScaner: 0,
    };
    const server = stubServer({
      config,
      SearchVisitByConditionPage: byKind({ walkin: [visit(1)] }),
      getCardInfo: (b) => ({ status: 0, result: { visit: visit(Number(b.vid)), company: 'Acme Holdings', shortName: 'Acme HQ', settings } }),
    });
    renderPage();
    expect(await screen.findByText('Visitor 1')).toBeTruthy();
    fireEvent.click(within(rowOf('Visitor 1')).getByRole('button', { name: /Reprint badge/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('badge-name').textContent).toBe('Visitor 1'));
    expect(server.bodies('getCardInfo')).toEqual([{ vid: 1 }]);
    expect(within(dialog).getByTestId('badge-code').textContent).toBe('Code 12345678');
    expect(within(dialog).getByText('Acme HQ')).toBeTruthy();
    const printed = document.querySelector('#kiosk-print [data-testid="badge"]') as HTMLElement;
    expect(printed.dataset.size).toBe('102x76');
    expect(document.getElementById('kiosk-page-size')?.textContent).toContain('size: 102mm 76mm');
    fireEvent.click(within(dialog).getByRole('button', { name: /Print badge/ }));
    expect(print).toHaveBeenCalledOnce();
  });
});
