import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { fileOf, ok, type PendingUpload, renderAt, settings, stubServer, stubXhr, visitorType } from '../testing';
import { PadSetPage } from './PadSetPage';

let urlCount = 0;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  urlCount = 0;
  URL.createObjectURL = vi.fn(() => `blob:pad-${++urlCount}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'image/png' } });
const open = (tab = 'kiosk') => renderAt('/setting/padset', `/setting/padset?tab=${tab}`, <PadSetPage />);

describe('PadSetPage › kiosk', () => {
  it('checks the theme colour as typed, saves it and the switches, and the preview follows the answers', async () => {
    let current = settings();
    const server = stubServer({
      GetUserInfo: () => ({ status: 0, result: current }),
      UpdateThemeColor: (b) => {
        current = { ...current, themecolor: '#00aa88' };
        expect(b).toEqual({ themecolor: '#0a8' });
        return { status: 0, result: current };
      },
      updateSignOutSwitch: (b) => {
        current = { ...current, signOutSwitch: b.signOutSwitch as number };
        return { status: 0, result: current };
      },
    });
    open();
    const preview = await screen.findByTestId('kiosk-preview');
    expect(within(preview).getByTestId('kiosk-company').textContent).toBe('Acme');
    expect(within(preview).queryByTestId('kiosk-signout')).toBeNull();
    expect(preview.dataset.theme).toBe('#0958d9');

    const colour = screen.getByTestId('theme-color');
    fireEvent.change(colour, { target: { value: 'teal' } });
    expect(await screen.findByText('Incorrect format')).toBeTruthy();
    // A colour that is not one leaves the preview in the saved colour.
    expect(screen.getByTestId('kiosk-preview').dataset.theme).toBe('#0958d9');
    fireEvent.click(screen.getByTestId('theme-color-save'));
    await waitFor(() => expect(server.bodies('UpdateThemeColor')).toHaveLength(0));
    fireEvent.change(colour, { target: { value: '#0a8' } });
    await waitFor(() => expect(screen.queryByText('Incorrect format')).toBeNull());
    // The preview shows the colour being typed before it is saved.
    await waitFor(() => expect(screen.getByTestId('kiosk-preview').dataset.theme).toBe('#00aa88'));
    expect(server.bodies('UpdateThemeColor')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('theme-color-save'));
    await waitFor(() => expect(server.bodies('UpdateThemeColor')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('kiosk-preview').dataset.theme).toBe('#00aa88'));

    fireEvent.click(screen.getByTestId('switch-signOutSwitch'));
    expect(await within(screen.getByTestId('kiosk-preview')).findByTestId('kiosk-signout')).toBeTruthy();
    expect(server.bodies('updateSignOutSwitch')).toEqual([{ signOutSwitch: 1 }]);
    // The preview speaks the kiosk's language chosen there, whatever the console's.
    fireEvent.click(within(screen.getByTestId('preview-lang')).getByText('中文'));
    // The kiosk's own words (the platform's kioskFace texts), as the kiosk shows them.
    const zh = screen.getByTestId('kiosk-preview');
    expect(await within(zh).findByText('访客登记')).toBeTruthy();
    expect(within(zh).getByRole('heading', { hidden: true }).textContent).toBe('欢迎光临');
    expect(within(zh).getByTestId('kiosk-checkin').textContent).toContain('我有邀请');
    expect(within(zh).getByTestId('kiosk-signout').textContent).toContain('签离');
    expect(within(zh).getByTestId('kiosk-staff').textContent).toBe('管理');
  });

  it('uploads a logo with progress; a refused picture says why; the saved logo is shown in the preview', async () => {
    let current = settings();
    stubServer({ GetUserInfo: () => ({ status: 0, result: current }), PadLogo: () => png() });
    const uploads = stubXhr();
    open();
    const field = await screen.findByTestId('picture-logo');
    // The upload control makes a new input after each choice.
    const choose = (file: File) => fireEvent.change(field.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    choose(fileOf('logo.svg'));
    expect((await within(field).findByTestId('picture-logo-problem')).textContent).toContain('Choose a JPG, PNG, WebP or GIF picture');
    choose(fileOf('logo.png', 16 * 1024 * 1024));
    await waitFor(() => expect(within(field).getByTestId('picture-logo-problem').textContent).toContain('at most 15 MB'));
    expect(uploads).toHaveLength(0);

    choose(fileOf('logo.png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const first = uploads[0] as PendingUpload;
    expect(first.path).toBe('UpdateLogo');
    act(() => first.progress(0.4));
    await waitFor(() => expect(within(field).getByTestId('picture-logo-progress').textContent).toContain('40%'));
    act(() => first.answer({ status: 400, result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    expect((await within(field).findByTestId('picture-logo-problem')).textContent).toContain('at least 100 × 30 pixels');

    choose(fileOf('logo.png'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    current = { ...current, logo: 'pad/1/logo-abc.png' };
    act(() => (uploads[1] as PendingUpload).answer({ status: 0, result: current }));
    const logo = await within(screen.getByTestId('kiosk-preview')).findByTestId('kiosk-logo');
    expect(logo.getAttribute('src')).toMatch(/^blob:pad-/);
    expect(within(field).getByTestId('picture-logo-remove')).toBeTruthy();
  });
});

describe('PadSetPage › badge', () => {
  it('previews the style as it is chosen (proportions of the paper, logo position, black and white) and saves it', async () => {
    const server = stubServer({
      GetUserInfo: ok(settings({ customText: '' })),
      getVisitorType: ok([visitorType(1, '商务#Business')]),
      updateCardStyle: (b) => ({ status: 0, result: settings(b as never) }),
    });
    open('badge');
    // The badge the kiosk and the desk print, on the paper's size, with a made-up visitor and the company's colour.
    const badge = await screen.findByTestId('badge');
    expect(badge.dataset.size).toBe('90x60');
    expect([badge.style.getPropertyValue('--badge-w'), badge.style.getPropertyValue('--badge-h')]).toEqual(['90mm', '60mm']);
    expect(within(badge).getByTestId('badge-name').textContent).toBe('Alex Morgan');
    expect(within(badge).getByTestId('badge-code').textContent).toBe('Code 12345678');

    fireEvent.click(within(screen.getByTestId('card-cardSize')).getByText('5-inch paper'));
    await waitFor(() => expect(screen.getByTestId('badge').dataset.size).toBe('127x89'));
    expect(screen.getByTestId('badge-paper').textContent).toBe('127 × 89 mm');
    fireEvent.click(within(screen.getByTestId('card-cardType')).getByText('Customized'));
    fireEvent.click(await within(await screen.findByTestId('card-brandType')).findByText('Text'));
    fireEvent.change(await screen.findByTestId('card-customText'), { target: { value: 'ACME' } });
    fireEvent.click(within(screen.getByTestId('card-brandPosition')).getByText('Bottom'));
    await waitFor(() => expect(within(screen.getByTestId('badge')).getByTestId('badge-brand-bottom').textContent).toBe('ACME'));
    fireEvent.click(within(screen.getByTestId('card-avatarType')).getByText('QR code'));
    fireEvent.click(within(screen.getByTestId('card-printType')).getByText('Black and white'));
    await waitFor(() => expect(screen.getByTestId('badge').dataset.bw).toBe('1'));

    fireEvent.change(screen.getByTestId('card-cardText'), { target: { value: 'GUEST' } });
    fireEvent.click(screen.getByTestId('card-save'));
    await waitFor(() => expect(server.bodies('updateCardStyle')).toHaveLength(1));
    expect(server.bodies('updateCardStyle')[0]).toEqual({
      cardType: 1,
      cardSize: 2,
      printType: 1,
      brandType: 0,
      brandPosition: 2,
      showAvatar: 1,
      avatarType: 2,
      customText: 'ACME',
      cardText: 'GUEST',
    });
  });
});

describe('PadSetPage › gates', () => {
  it('adds gates with the name checked as typed, shows a taken name on the field, explains a gate in use', async () => {
    const server = stubServer({
      GetUserInfo: ok(settings()),
      getGate: ok([{ gid: 3, gname: 'North', accounts: 1, visitTypes: 2 }]),
      addGate: (b) =>
        b.gname === 'North' ? { status: 3, result: null } : { status: 0, result: { gid: 4, gname: b.gname, accounts: 0, visitTypes: 0 } },
      delGate: () => ({ status: 58, result: { accounts: 1, visitTypes: 2 } }),
    });
    open('gates');
    const table = await screen.findByTestId('gates-table');
    await within(table).findByText('North');
    fireEvent.click(screen.getByTestId('gate-add'));
    const modal = await screen.findByTestId('gate-modal');
    const name = within(modal).getByTestId('gate-name');
    fireEvent.change(name, { target: { value: 'A, B' } });
    expect(await within(modal).findByText('No #, commas or control characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'North' } });
    fireEvent.click(within(modal).getByText('Save'));
    expect(await within(modal).findByText('Another gate already has this name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'South' } });
    fireEvent.click(within(modal).getByText('Save'));
    await waitFor(() => expect(server.bodies('addGate')).toEqual([{ gname: 'North' }, { gname: 'South' }]));

    fireEvent.click(within(table).getByLabelText('Delete North'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('gate-in-use')).textContent).toContain('used by 1 staff accounts and 2 visitor types');
  });
});
