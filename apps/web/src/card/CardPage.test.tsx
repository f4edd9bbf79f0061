import { type PadSettings, padLogo, padPicture, visitPhoto } from '@openvisit/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRINT_ROOT_ID } from '../core/badge/Badge';
import { showLanguage } from '../platform/i18n';
import { sampleVisit } from '../testing/fixtures';
import './i18n';
import { CardPage } from './CardPage';
import { bareToken, readCardLink } from './link';
import { PICTURE_DOWNLOADS } from './load';

// The QR writer answers when a test lets it (every code asked so far at once): the page must not print before the codes have drawn.
let releaseQr: (() => void) | null = null;
const drawing: (() => void)[] = [];
vi.mock('../core/badge/qrWriter', () => ({
  qrDataUrl: (text: string) =>
    new Promise<string>((resolve) => {
      drawing.push(() => resolve(`data:image/png;base64,${btoa(text)}`));
      releaseQr = () => {
        for (const draw of drawing.splice(0)) draw();
      };
    }),
}));

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const settings: PadSettings = {
  logo: '',
  backgroundPic: '',
  carouselPic: [],
  defaultPhoto: '',
  themecolor: '#aa0000',
  cardType: 0,
  cardSize: 0,
  printType: 0,
  brandType: 0,
  brandPosition: 0,
  showAvatar: 1,
  avatarType: 0,
  customText: '',
  cardText: '',
  qrcodeSwitch: 1,
  secureProtocol: '',
  secureProtocolEn: '',
  escapeClause: '',
  comeAgain: 0,
  signOutSwitch: 0,
  faceScaner: 0,
  scaner: 0,
  country: 'CN',
};

interface Seen {
  url: string;
  token: string | null;
  body: unknown;
}
type Answer = { status: number; reason?: string; result?: unknown } | Response | 'offline';

/** The server as the page meets it: `/qcvisit/getCardInfo` answered by `card`, pictures as tiny blobs. */
function stubFetch(card: (body: Record<string, unknown>) => Answer) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      seen.push({ url, token: new Headers(init?.headers).get('x-coolvisit-token'), body });
      if (url !== '/qcvisit/getCardInfo') return new Response('jpg', { headers: { 'content-type': 'image/jpeg' } });
      const answer = card(body);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify({ reason: 'x', result: null, ...answer }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return seen;
}

let imagesLoaded = true;
const print = vi.fn();
const realComplete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete');
beforeEach(async () => {
  print.mockReset();
  vi.stubGlobal('print', print);
  imagesLoaded = true;
  releaseQr = null;
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => imagesLoaded });
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  await showLanguage('en');
});
afterEach(() => {
  if (realComplete) Object.defineProperty(HTMLImageElement.prototype, 'complete', realComplete);
});

const printed = () => document.querySelector(`#${PRINT_ROOT_ID} [data-testid="badge"]`);

describe('the badge page: its address', () => {
  it('reads v<vid> or <vid>, the token as the app keeps it and the userid; the bare token is the last 43 characters', () => {
    expect(readCardLink(`?vid=v12&userid=7&token=desk+1-${TOKEN}`)).toEqual({ vid: 12, token: `desk+1-${TOKEN}`, userid: '7' });
    expect(readCardLink(`?vid=12&token=${TOKEN}`)).toEqual({ vid: 12, token: TOKEN, userid: null });
    expect(readCardLink('?vid=x12&token=undefined')).toEqual({ vid: null, token: null, userid: null });
    expect(readCardLink('?vid=v0&token=null').vid).toBeNull();
    expect(readCardLink('?vid=v99999999999&token=%E0%A4%A').vid).toBeNull();
    expect(bareToken(TOKEN)).toBe(TOKEN);
    expect(bareToken(`desk-1-${TOKEN}`)).toBe(TOKEN);
    expect(bareToken(`7-${TOKEN}`)).toBe(TOKEN);
    expect(bareToken('short')).toBe('short');
    expect(PICTURE_DOWNLOADS).toEqual({ photo: visitPhoto.name, logo: padLogo.name, picture: padPicture.name });
  });
});

describe('the badge page: the badge', () => {
  it('asks /qcvisit/getCardInfo with the token as given, draws our badge in the visit’s language, prints once the QR codes have drawn', async () => {
    const visit = sampleVisit(12, { vname: '王访客', empName: '李接待', code: '12345678', lang: 'zh', vphoto: true });
    const privacyPage = 'https://visit.example/my-data?c=7.0123456789abcdef';
    const seen = stubFetch(() => ({
      status: 0,
      result: { visit, company: 'Acme Holdings', shortName: 'Acme HQ', settings: { ...settings, logo: 'l1' }, privacyPage },
    }));
    render(<CardPage search={`?vid=v12&userid=7&token=desk-${TOKEN}`} />);
    expect(screen.getByTestId('card-loading').textContent).toBe('Preparing the badge…');
    await waitFor(() => expect(printed()).toBeTruthy());
    expect(seen[0]).toEqual({ url: '/qcvisit/getCardInfo', token: `desk-${TOKEN}`, body: { vid: 12, userid: 7 } });
    // The pictures are our downloads, asked with the bare token.
    expect(
      seen
        .slice(1)
        .map((s) => [s.url, s.token])
        .sort(),
    ).toEqual([
      ['/api/PadLogo?key=l1', TOKEN],
      ['/api/VisitorPhoto?vid=12', TOKEN],
    ]);
    const badge = screen.getAllByTestId('badge')[0] as HTMLElement;
    expect(screen.getAllByTestId('badge-name')[0]?.textContent).toBe('王访客');
    expect(badge.textContent).toContain('被访人');
    expect(badge.dataset.size).toBe('90x60');
    // The page size is set by an effect after the badge renders: on a busy machine it may come a moment later.
    await waitFor(() => expect(document.getElementById('kiosk-page-size')?.textContent).toContain('size: 90mm 60mm'));
    expect(document.title).toBe('访客胸卡 · 王访客');
    // The QR code is still being written: no dialog yet.
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(releaseQr).not.toBeNull());
    act(() => releaseQr?.());
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    expect(screen.getAllByTestId('badge-qr')[0]?.getAttribute('src')).toBe(`data:image/png;base64,${btoa('12345678')}`);
    // The privacy page is printed too, as a small code at the foot with its words in the visit's language.
    const privacy = screen.getAllByTestId('badge-privacy-qr')[0];
    expect([privacy?.getAttribute('src'), privacy?.getAttribute('alt')]).toEqual([`data:image/png;base64,${btoa(privacyPage)}`, '个人数据']);
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(print).toHaveBeenCalledOnce();
    // Printing again is the operator's choice.
    act(() => screen.getByRole('button', { name: '打印' }).click());
    expect(print).toHaveBeenCalledTimes(2);
  });

  it('waits for the pictures to load before it prints; a badge without a QR code prints as soon as they have', async () => {
    imagesLoaded = false;
    const visit = sampleVisit(5, { vname: 'Vera Visitor', vphoto: true, lang: 'en' });
    stubFetch(() => ({ status: 0, result: { visit, company: 'Acme', shortName: '', settings: { ...settings, qrcodeSwitch: 0 } } }));
    render(<CardPage search={`?vid=5&token=${TOKEN}`} />);
    await waitFor(() => expect(printed()).toBeTruthy());
    expect(screen.getAllByTestId('badge')[0]?.textContent).toContain('Host');
    expect(document.querySelector(`#${PRINT_ROOT_ID} img.k-badge__avatar`)?.getAttribute('src')).toBe('blob:picture');
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(print).not.toHaveBeenCalled();
    imagesLoaded = true;
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('badge-qr')).toBeNull();
  });

  it('a badge whose only code is the privacy page’s waits for that code before it prints', async () => {
    const visit = sampleVisit(6, { vname: 'Vera Visitor', lang: 'en' });
    const privacyPage = 'https://visit.example/my-data?c=7.0123456789abcdef';
    stubFetch(() => ({ status: 0, result: { visit, company: 'Acme', shortName: '', settings: { ...settings, qrcodeSwitch: 0 }, privacyPage } }));
    render(<CardPage search={`?vid=6&token=${TOKEN}`} />);
    await waitFor(() => expect(printed()).toBeTruthy());
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(releaseQr).not.toBeNull());
    act(() => releaseQr?.());
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('badge-qr')).toBeNull();
    expect(screen.getAllByTestId('badge-privacy-qr')[0]?.getAttribute('alt')).toBe('Your data');
  });
});

describe('the badge page: refusals', () => {
  const refusal = async () => (await screen.findByTestId('card-refused')).textContent;

  it('without a token or a visit it says why and asks nothing', async () => {
    const seen = stubFetch(() => ({ status: 0 }));
    const { unmount } = render(<CardPage search="?vid=v12&userid=7" />);
    expect(await refusal()).toBe('This badge cannot be shown: No token');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Visitor badge');
    unmount();
    render(<CardPage search={`?token=${TOKEN}`} />);
    expect(await refusal()).toBe('This badge cannot be shown: the link names no visit (vid)');
    expect(seen).toEqual([]);
    expect(print).not.toHaveBeenCalled();
  });

  it("shows the server's refusal: its reason in English, the catalogue's text in Chinese", async () => {
    stubFetch(() => ({ status: 27, reason: 'Invalid token' }));
    const { unmount } = render(<CardPage search={`?vid=v12&token=someone-${TOKEN}`} />);
    expect(await refusal()).toBe('This badge cannot be shown: Invalid token');
    unmount();
    await showLanguage('zh');
    stubFetch(() => ({ status: 1117, reason: 'Invalid visitor' }));
    render(<CardPage search={`?vid=v99&token=${TOKEN}`} />);
    expect(await refusal()).toBe('无法显示此胸卡：无效的访客');
    expect(printed()).toBeNull();
    expect(print).not.toHaveBeenCalled();
  });

  it('a server that does not answer, or answers no envelope, is a message too', async () => {
    stubFetch(() => 'offline');
    const { unmount } = render(<CardPage search={`?vid=v12&token=${TOKEN}`} />);
    expect(await refusal()).toBe('This badge cannot be shown: Failed to connect to the server');
    unmount();
    stubFetch(() => new Response('<html>gateway</html>', { status: 502 }));
    render(<CardPage search={`?vid=v12&token=${TOKEN}`} />);
    expect(await refusal()).toBe('This badge cannot be shown: Network error (bad gateway)');
  });
});
