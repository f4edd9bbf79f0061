import type { Visit } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub, sampleVisit } from '../../../testing/fixtures';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { TodayPage } from '../pages/TodayPage';
import { ResidentSignIn, residentIdentity } from './ResidentSignIn';

function residentVisit(vid: number, extra: Partial<Visit & { repeated: boolean }> = {}): Visit & { rid: number; repeated: boolean } {
  return {
    ...sampleVisit(vid, {
      kind: 'resident',
      signinType: 3,
      vname: 'Zhao Resident',
      vphone: '13922220001',
      vcompany: 'Clean Co',
      certificateType: 'idCard',
      empid: null,
      empName: 'Wang',
      visitReason: 'Canteen',
      signInOpName: 'Desk',
      code: '87654321',
      lang: 'zh',
    }),
    rid: 7,
    repeated: false,
    ...extra,
  };
}

const config = configStub;

/** A button by its text (role queries are slow on antd trees in jsdom). */
function button(root: HTMLElement, text: string): HTMLElement {
  const b = within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find((e) => e !== null);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}

async function openDialog(): Promise<HTMLElement> {
  fireEvent.click(button(document.body, 'Resident sign-in'));
  const dialog = (await screen.findByText('Sign a resident visitor in')).closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error('no dialog');
  return dialog;
}

function signIn(dialog: HTMLElement, text: string) {
  fireEvent.change(within(dialog).getByLabelText('Phone or certificate number'), { target: { value: text } });
  fireEvent.click(button(dialog, 'Sign in'));
}

function renderAlone(onBadge = vi.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ResidentSignIn onBadge={onBadge} />
    </AppProviders>,
  );
  return onBadge;
}

describe('ResidentSignIn', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the box as a phone, an ID card number or another certificate number', () => {
    expect(residentIdentity(' 139 2222-0001 ')).toEqual({ phone: '13922220001' });
    expect(residentIdentity('11010519491231002x')).toEqual({ cardid: '11010519491231002X' });
    expect(residentIdentity(' OVR1-12-abcdefghijklmnop ')).toEqual({ qrcode: 'OVR1-12-abcdefghijklmnop' });
    expect(residentIdentity('OVR30000000012abcdefghijklmnop')).toEqual({ qrcode: 'OVR30000000012abcdefghijklmnop' });
    // The original product's shape (a company with original clients compatibility on).
    const original = 'v0123456789abcde46803301391111000120261126093042';
    expect(residentIdentity(original)).toEqual({ qrcode: original });
    expect(residentIdentity('e12345678')).toEqual({ cardid: 'E12345678' });
    expect(residentIdentity('  ')).toEqual({});
  });

  it('signs a resident in by phone, then offers the badge', async () => {
    const server = stubServer({ config, ResidentVisitorSignIn: () => ({ status: 0, result: residentVisit(41) }) });
    const onBadge = renderAlone();
    const dialog = await openDialog();
    fireEvent.click(button(dialog, 'Sign in'));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    signIn(dialog, '139 2222 0001');
    expect(await within(dialog).findByText('Zhao Resident signed in')).toBeTruthy();
    expect(within(dialog).getByText('Clean Co · Canteen')).toBeTruthy();
    expect(server.bodies('ResidentVisitorSignIn')).toEqual([{ phone: '13922220001' }]);
    fireEvent.click(button(dialog, 'Print badge'));
    expect(onBadge).toHaveBeenCalledWith(41);
  });

  it('words the refusals: not approved, outside the validity period, blacklisted (neutrally); a repeat is said so', async () => {
    const answers: Handler[] = [
      () => ({ status: 1121, reason: 'unauthorized' }),
      () => ({ status: 1115, reason: 'outside' }),
      () => ({ status: 66, reason: 'blacklisted' }),
      () => ({ status: 0, result: residentVisit(41, { repeated: true }) }),
    ];
    let n = 0;
    stubServer({ config, ResidentVisitorSignIn: (b, url) => (answers[n++] as Handler)(b, url) });
    renderAlone();
    const dialog = await openDialog();
    signIn(dialog, '11010519491231002X');
    expect((await within(dialog).findByTestId('resident-refusal')).textContent).toBe('This resident visitor is not approved (or was refused)');
    signIn(dialog, '11010519491231002X');
    await waitFor(() =>
      expect(within(dialog).getByTestId('resident-refusal').textContent).toBe('Outside the validity period of this resident visitor'),
    );
    signIn(dialog, '11010519491231002X');
    await waitFor(() =>
      expect(within(dialog).getByTestId('resident-refusal').textContent).toBe('This person cannot be signed in; please contact the person in charge'),
    );
    signIn(dialog, '11010519491231002X');
    expect(await within(dialog).findByText('Zhao Resident is already signed in today')).toBeTruthy();
  });

  it("today's screen has a resident visitors tab listing today's resident visits", async () => {
    const server = stubServer({
      config,
      SearchVisitByConditionPage: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 0, list: [] } }),
      SearchRVisitorByCondition: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [residentVisit(41)] } }),
      getBlacklistAlerts: () => ({ status: 0, result: { count: 0, list: [] } }),
    });
    const router = createMemoryRouter([{ path: '/reception', element: <TodayPage /> }], { initialEntries: ['/reception'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByText('Resident visitors', { selector: '.ant-tabs-tab-btn' }));
    expect(await screen.findByText('Zhao Resident')).toBeTruthy();
    const today = dayjs().format('YYYY-MM-DD');
    expect(server.bodies('SearchRVisitorByCondition')[0]).toEqual({
      date: today,
      endDate: today,
      kind: 'resident',
      startIndex: 0,
      requestedCount: 20,
    });
    // The other tabs' search leaves residents out; it was never asked for them.
    expect(server.bodies('SearchVisitByConditionPage').every((b) => b.kind !== 'resident')).toBe(true);
  });
});
