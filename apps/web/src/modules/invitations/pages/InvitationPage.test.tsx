import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../platform/format';
import { i18n } from '../../../platform/i18n';
import { LANG_STORAGE_KEY } from '../../../platform/language';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { sampleInvitation } from '../testing';
import { InvitationPage } from './InvitationPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const config = configStub;

const invitation = sampleInvitation;

function renderPage(token = TOKEN) {
  const router = createMemoryRouter([{ path: '/invite', element: <InvitationPage /> }], { initialEntries: [`/invite?token=${token}`] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('InvitationPage', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
    vi.unstubAllGlobals();
  });

  it('shows the invitation’s letter, address with a map link, directions and company profile as plain text', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: invitation({
          inviteContent: 'Welcome!\n<b>Bring your ID</b>',
          address: '1 Chaoyang Road',
          traffic: 'Metro line 6\nExit B',
          companyProfile: 'Acme makes things.',
          longitude: 116.4,
          latitude: 39.9,
        }),
      }),
    });
    renderPage();
    const letter = await screen.findByTestId('invitation-letter');
    // Shown as text, never as markup.
    expect(letter.textContent).toBe('Welcome!\n<b>Bring your ID</b>');
    expect(letter.querySelector('b')).toBeNull();
    expect(screen.getByText('1 Chaoyang Road')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show on a map' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=39.9&mlon=116.4#map=17/39.9/116.4',
    );
    expect(screen.getByText(/Metro line 6\s+Exit B/)).toBeTruthy();
    fireEvent.click(screen.getByText('About Acme'));
    expect(await screen.findByText('Acme makes things.')).toBeTruthy();
  });

  it('opens the invitation (marking it viewed), shows the pass and accepts', async () => {
    const server = stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation() }),
      updateAppointmentReply: (b) => ({ status: 0, result: invitation({ status: b.status === 3 ? 'accepted' : 'refused', canReply: false }) }),
    });
    renderPage();
    expect(await screen.findByText('Acme invites you')).toBeTruthy();
    expect(server.bodies('updateAppPreview')).toEqual([{ secid: TOKEN }]);
    expect(screen.getByText('Ada Host')).toBeTruthy();
    expect(screen.getByText('East gate')).toBeTruthy();
    expect(screen.getByTestId('invitation-code').textContent).toBe('Code 12345678');
    await waitFor(() => expect(screen.getByTestId('invitation-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Thank you, see you soon.')).toBeTruthy();
    expect(server.bodies('updateAppointmentReply')).toEqual([{ id: TOKEN, status: 3 }]);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('speaks the visitor’s language, and shows no pass once the invitation cannot be used', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation({ lang: 'zh', status: 'ended', code: null, pass: null, canReply: false }) }),
    });
    renderPage();
    expect(await screen.findByText('Acme 诚邀您来访')).toBeTruthy();
    expect(screen.getByText('该邀请已无法用于签到。')).toBeTruthy();
    expect(screen.queryByTestId('invitation-pass')).toBeNull();
  });

  it('names the visit type and the induction’s questionnaire in the page’s language, not the invitation’s', async () => {
    // The visitor chose Chinese on this browser; the invitation was sent in English.
    localStorage.setItem(LANG_STORAGE_KEY, 'zh');
    await i18n.changeLanguage('zh');
    const induction = { qid: 3, title: '现场安全', titleEn: 'Site safety', pass: null };
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: invitation({ lang: 'en', visitType: 'Business', status: 'accepted', canReply: false, induction }),
      }),
    });
    renderPage();
    const page = await screen.findByTestId('invitation');
    expect(within(page).getByText('商务')).toBeTruthy();
    expect(within(page).queryByText('Business')).toBeNull();
    expect((await within(page).findByTestId('invitation-induction')).textContent).toContain('“现场安全”');
    await act(() => i18n.changeLanguage('en'));
    expect(await within(page).findByText('Business')).toBeTruthy();
    expect(within(page).getByTestId('invitation-induction').textContent).toContain('Site safety');
    expect(within(page).getByTestId('invitation-induction').textContent).not.toContain('现场安全');
  });

  it('keeps the pass for the doors once the visitor is signed in, and fetches a rotating one again', async () => {
    let served = 0;
    stubServer({
      config,
      updateAppPreview: () => {
        served += 1;
        return {
          status: 0,
          result: invitation({ status: 'signedIn', code: null, pass: `OV2-12345678-${served}-abcdefghijklmnop`, passRefreshMs: 50, canReply: false }),
        };
      },
    });
    renderPage();
    expect(await screen.findByText('You are signed in: show this QR code at the doors during your visit.')).toBeTruthy();
    expect(screen.queryByTestId('invitation-code')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('invitation-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    await waitFor(() => expect(served).toBeGreaterThan(1));
  });

  it('says the pass waits for approval, and that a refused visit was not approved (not that the visitor declined)', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 0, result: invitation({ permission: 0 }) }) });
    renderPage();
    expect(await screen.findByText(/Your visit is waiting for approval/)).toBeTruthy();
    expect(screen.getByTestId('invitation-code').textContent).toBe('Code 12345678');
  });

  it('tells a visitor refused by the approvers so', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation({ permission: 2, status: 'refused', code: null, pass: null, canReply: false }) }),
    });
    renderPage();
    expect(await screen.findByText('Your visit was not approved. Please contact your host.')).toBeTruthy();
    expect(screen.queryByText('You declined the invitation.')).toBeNull();
  });

  it('shows a meeting invitation’s meeting: subject, its whole time and the place', async () => {
    const start = Date.UTC(2026, 4, 4, 1, 0);
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: invitation({
          visitReason: 'Budget review',
          appointmentDate: start,
          meeting: { subject: 'Budget review', address: 'Room 301', startTime: start, endTime: start + 5400_000 },
        }),
      }),
    });
    renderPage();
    expect(await screen.findByText('Budget review')).toBeTruthy();
    expect(screen.getByText('Meeting')).toBeTruthy();
    expect(screen.getByText('Room 301')).toBeTruthy();
    expect(screen.getByText(`${formatDateTime(start)} – ${formatDateTime(start + 5400_000)}`)).toBeTruthy();
    // The purpose is the meeting itself: not shown twice.
    expect(screen.queryByText('Purpose')).toBeNull();
  });

  it('says so, without detail, for a link that names no invitation', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 1117, reason: 'Invalid visitor' }) });
    renderPage();
    expect(await screen.findByText('This invitation link does not work')).toBeTruthy();
  });

  it('after accepting, the visitor lists who comes along: checked as typed, saved as a whole list', async () => {
    const server = stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: invitation({ status: 'accepted', canReply: false, canSupplement: true }) }),
      updateSupplementAppointment: (b) => ({
        status: 0,
        result: invitation({ status: 'accepted', canReply: false, canSupplement: true, followers: b.followers as { name: string; phone: string }[] }),
      }),
    });
    renderPage();
    const box = await screen.findByTestId('companions');
    expect(within(box).getByText('List the people who come with you (at most 20), so that reception expects them.')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: /Add a person/ }));
    fireEvent.click(within(box).getByRole('button', { name: /Add a person/ }));
    const names = within(box).getAllByLabelText('Name');
    const phones = within(box).getAllByLabelText('Mobile phone (optional)');
    fireEvent.change(names[0] as HTMLElement, { target: { value: 'Colleague A' } });
    fireEvent.change(phones[0] as HTMLElement, { target: { value: '12345' } });
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Colleague B' } });
    expect(await within(box).findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('updateSupplementAppointment')).toHaveLength(0));
    fireEvent.change(phones[0] as HTMLElement, { target: { value: '13900001111' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.bodies('updateSupplementAppointment')).toEqual([
        {
          secid: TOKEN,
          followers: [
            { name: 'Colleague A', phone: '13900001111' },
            { name: 'Colleague B', phone: '' },
          ],
        },
      ]),
    );
  });

  it('before accepting, or once over, nothing can be added; companions given earlier are listed', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: invitation({ status: 'ended', canReply: false, code: null, pass: null, followers: [{ name: 'Came Along', phone: '' }] }),
      }),
    });
    renderPage();
    expect(await screen.findByText('Came Along')).toBeTruthy();
    expect(screen.queryByTestId('companions')).toBeNull();
    expect(screen.queryByTestId('visitor-photo')).toBeNull();
  });

  it('uploads a face photo with progress; a refused type or size is said before or after sending', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 0, result: invitation({ status: 'accepted', canReply: false, canSupplement: true }) }) });
    const uploads = stubXhr();
    URL.createObjectURL = vi.fn(() => 'blob:photo-1');
    URL.revokeObjectURL = vi.fn();
    renderPage();
    const box = await screen.findByTestId('visitor-photo');
    // Face recognition is asked apart, in the page's language, before any photo can be chosen.
    expect(within(box).getByTestId('face-consent-text').textContent).toBe('Face recognition is your choice.');
    expect(
      within(box)
        .getByRole('button', { name: /Choose or take a photo/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(box).getByRole('checkbox', { name: 'I agree to face recognition as described above (version 1)' }));
    expect(
      within(box)
        .getByRole('button', { name: /Choose or take a photo/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    // The upload's input is replaced after each choice: find it each time.
    const input = () => box.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input().getAttribute('accept')).toBe('.jpg,.jpeg,.png,.gif');
    fireEvent.change(input(), { target: { files: [new File(['BM'], 'me.bmp')] } });
    expect((await within(box).findByTestId('photo-problem')).textContent).toBe('Only jpg, png and gif photos can be used');
    expect(uploads).toHaveLength(0);

    fireEvent.change(input(), { target: { files: [new File([new Uint8Array(2000)], 'me.png')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    const up = uploads[0] as PendingUpload;
    expect(up.path).toBe('uploadAppointmentPhoto');
    expect(up.form.get('secid')).toBe(TOKEN);
    expect(up.form.get('faceConsent')).toBe('12');
    act(() => up.progress(0.5));
    await waitFor(() => expect(box.textContent).toContain('50%'));
    act(() => up.answer({ status: 400, reason: 'bad', result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    expect((await within(box).findByTestId('photo-problem')).textContent).toBe('The photo is too small: at least 100 × 100 pixels');
    // The face detector's refusals: the reason where the photo was taken.
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array(2000)], 'room.jpg')] } });
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => (uploads[1] as PendingUpload).answer({ status: 400, reason: 'bad', result: { errors: [{ field: 'file', rule: 'noFace' }] } }));
    expect((await within(box).findByTestId('photo-problem')).textContent).toBe(
      'No face detected in the photo: use one facing the camera, face uncovered and well lit',
    );
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array(2000)], 'us.jpg')] } });
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => (uploads[2] as PendingUpload).answer({ status: 400, reason: 'bad', result: { errors: [{ field: 'file', rule: 'multipleFaces' }] } }));
    expect((await within(box).findByTestId('photo-problem')).textContent).toBe('More than one face in the photo: use one of a single person');

    fireEvent.change(input(), { target: { files: [new File([new Uint8Array(2000)], 'me.jpg')] } });
    await waitFor(() => expect(uploads).toHaveLength(4));
    act(() =>
      (uploads[3] as PendingUpload).answer({
        status: 0,
        result: invitation({ status: 'accepted', canReply: false, canSupplement: true, hasPhoto: true }),
      }),
    );
    expect(await within(box).findByText('Photo received')).toBeTruthy();
    // The thumbnail has a name (axe: an image without one is a serious finding).
    expect(within(box).getByRole('img', { name: 'Your face photo as uploaded' })).toBeTruthy();
    expect(within(box).getByRole('button', { name: /Replace the photo/ })).toBeTruthy();
  });

  it('a photo over 1 MB that the browser cannot scale down is refused without sending it', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 0, result: invitation({ status: 'accepted', canReply: false, canSupplement: true }) }) });
    const uploads = stubXhr();
    renderPage();
    const box = await screen.findByTestId('visitor-photo');
    fireEvent.click(within(box).getByRole('checkbox'));
    const big = new File([new Uint8Array(16)], 'big.jpg');
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
    fireEvent.change(box.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [big] } });
    expect((await within(box).findByTestId('photo-problem')).textContent).toBe('The photo could not be made smaller than 1 MB: choose another photo');
    expect(uploads).toHaveLength(0);
  });
});
