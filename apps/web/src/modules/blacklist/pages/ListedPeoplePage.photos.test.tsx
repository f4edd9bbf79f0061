import { Role } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { VisitScreening } from '../public';
import { match, ok, page, person, renderAt, review, rowOf } from '../testing';

/** Entry photos (issue 42): in the list, in the dialog, beside each match; and why a visit was held, in its drawer. */
const jpeg = () => new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
const withPhoto = person(3, 'Wang Wu', { photo: 'listed/1/3-aaaaaaaaaaaa.jpg' });

const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } }),
  GetUserInfo: ok({ escapeClause: '', blackListSwitch: 1, screeningMode: 'standard' }),
  getBlacklist: page([person(1, 'Zhang San'), withPhoto]),
  BlacklistPhoto: jpeg,
  ...extra,
});

function choose(container: HTMLElement, file: File) {
  fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
}

describe('watchlist photos', () => {
  let n = 0;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: Role.ADMIN, userid: 1, company: 'ACME', modules: [] }, 'manager');
    URL.createObjectURL = vi.fn(() => `blob:p-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  it('the list shows an entry’s photo; the dialog replaces it with progress, says a refusal in words, and removes it after a confirmation', async () => {
    const server = stubServer(baseHandlers({ delBlacklistPhoto: (b) => ({ status: 0, result: { ...withPhoto, bid: Number(b.bid), photo: '' } }) }));
    const uploads = stubXhr();
    renderAt('/blacklist');
    await screen.findByText('Wang Wu');
    expect(await within(rowOf('Wang Wu')).findByAltText('Photo of Wang Wu')).toBeTruthy();
    expect(within(rowOf('Zhang San')).queryByTestId('listed-photo-1')).toBeNull();
    expect(server.urls('BlacklistPhoto')).toEqual(['/api/BlacklistPhoto?bid=3']);

    fireEvent.click(within(rowOf('Wang Wu')).getByRole('button', { name: 'Edit Wang Wu' }));
    const field = await within(await screen.findByRole('dialog')).findByTestId('listed-photo-field');
    choose(field, new File([new Uint8Array(16)], 'x.bmp'));
    expect((await within(field).findByTestId('listed-photo-problem')).textContent).toBe('Only JPG, PNG, GIF or WebP photos are accepted');
    choose(field, new File([new Uint8Array(16)], 'tiny.png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    expect((await within(field).findByTestId('listed-photo-problem')).textContent).toBe('The photo is too small: at least 100×100 pixels');

    choose(field, new File([new Uint8Array(16)], 'still.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const up = uploads[1] as PendingUpload;
    expect(up.path).toBe('uploadBlacklistPhoto');
    expect(up.form.get('bid')).toBe('3');
    act(() => up.answer({ status: 0, result: { ...withPhoto, photo: 'listed/1/3-bbbbbbbbbbbb.jpg' } }));
    expect(await screen.findByText('Photo of Wang Wu saved')).toBeTruthy();
    // The new photo is fetched under its new key.
    await waitFor(() => expect(server.urls('BlacklistPhoto').length).toBeGreaterThanOrEqual(2));

    fireEvent.click(within(field).getByTestId('listed-photo-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('delBlacklistPhoto')).toEqual([{ bid: 3 }]));
    expect(await screen.findByText('Photo of Wang Wu removed')).toBeTruthy();
    await waitFor(() => expect(within(field).queryByTestId('listed-photo-remove')).toBeNull());
  });

  it('a photo chosen for a new entry is sent once the entry is saved; refused, the entry stays and the dialog says why', async () => {
    await i18n.changeLanguage('zh');
    const server = stubServer(baseHandlers({ addBlacklist: (b) => ({ status: 0, result: person(9, String(b.name)) }) }));
    const uploads = stubXhr();
    renderAt('/blacklist');
    await screen.findByText('Zhang San');
    fireEvent.click(screen.getAllByRole('button', { name: /添加黑名单/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '赵六' } });
    choose(within(dialog).getByTestId('listed-photo-field'), new File([new Uint8Array(16)], 'face.webp'));
    expect(await within(dialog).findByText('照片将随条目一并保存。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(server.bodies('addBlacklist')).toHaveLength(1);
    expect(uploads[0]?.form.get('bid')).toBe('9');
    act(() => uploads[0]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'type' }] } }));
    expect(await screen.findByText(/赵六已保存，但照片未保存。/)).toBeTruthy();
  });

  it('a match in the review queue shows the entry’s photo beside its reason', async () => {
    stubServer(
      baseHandlers({
        getScreeningReviews: page([review(1, 'Zhang Wei', { matches: [match(3, 'Wang Wu', { photo: withPhoto.photo, strength: 'possible' })] })]),
      }),
    );
    renderAt('/blacklist/reviews');
    expect(await within(await screen.findByTestId('match-3')).findByAltText('Photo of Wang Wu')).toBeTruthy();
  });

  it('a held visit says why, with its matches and a way to the queue; a visit never held says nothing', async () => {
    const held = review(4, 'Zhang Wei', {
      vid: 77,
      matches: [match(3, 'Wang Wu', { strength: 'possible', reasonText: { en: 'pinyin of the name', zh: '姓名的拼音' } })],
    });
    const server = stubServer(baseHandlers({ getVisitScreening: (b) => ({ status: 0, result: { review: b.vid === 77 ? held : null } }) }));
    const router = createMemoryRouter(
      [
        { path: '/v/:vid', element: <Probe /> },
        { path: '/blacklist/reviews', element: <p>queue</p> },
      ],
      { initialEntries: ['/v/77'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const box = await screen.findByTestId('visit-screening');
    expect(within(box).getByText(/Held by screening since/)).toBeTruthy();
    expect(within(box).getByText('pinyin of the name')).toBeTruthy();
    fireEvent.click(within(box).getByRole('link', { name: 'Open the review queue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blacklist/reviews'));
    await act(() => router.navigate('/v/78'));
    await waitFor(() => expect(server.bodies('getVisitScreening')).toContainEqual({ vid: 78 }));
    expect(screen.queryByTestId('visit-screening')).toBeNull();
  });

  it('the front desk, who may not read the queue, is not asked', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.GATE, sType: Role.GATE, userid: 2, company: 'ACME', modules: [] }, 'manager');
    const server = stubServer(baseHandlers({ getVisitScreening: ok({ review: review(4, 'Zhang Wei') }) }));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <VisitScreening vid={77} status="unauthorized" />
      </AppProviders>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(server.bodies('getVisitScreening')).toEqual([]);
    expect(screen.queryByTestId('visit-screening')).toBeNull();
  });
});

/** The drawer's place for the screening of the visit the path names. */
function Probe() {
  const { vid } = useParams();
  return <VisitScreening vid={Number(vid)} status="unauthorized" />;
}
