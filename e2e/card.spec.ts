// The badge page the original front-desk app opens (issue 20), in Chromium against the built product: a desk account
// registers a walk-in, then the page is opened as the app opens it, `/card/index.html?vid=v<vid>&userid=<company>&
// token=<account>-<token>` (and under `/card/custom/<badgeCustom>/`): it shows our badge with the visitor's name in
// the visit's language and a QR code that decodes to the visit's pass, and opens the print dialog once (window.print is
// counted instead); with a token whose prefix names someone else, or no token, it says why, in the browser's language.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { apiOf, newContext, PASSWORD, registerCompany, scaled, screenshot, step, until, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

interface Lang {
  tag: 'en' | 'zh';
  locale: string;
  visitor: string;
  host: string;
  /** The badge's host label, and the page's refusals of a foreign token (27) and of none (28), in this language. */
  hostLabel: string;
  badToken: RegExp;
  noToken: RegExp;
}

const LANGS: Lang[] = [
  {
    tag: 'en',
    locale: 'en-US',
    visitor: 'Vera Visitor',
    host: 'Hana Host',
    hostLabel: 'Host:',
    badToken: /^This badge cannot be shown: invalid token$/i,
    noToken: /^This badge cannot be shown: no token$/i,
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    visitor: '王访客',
    host: '李接待',
    hostLabel: '被访人：',
    badToken: /^无法显示此胸卡：无效的token$/,
    noToken: /^无法显示此胸卡：无效的token$/,
  },
];

/** A page whose print dialog is a counter: `window.__printed` says how often the page asked for it. */
async function cardPage(lang: Lang): Promise<Page> {
  const context = await newContext(stack.browser, lang.locale);
  await context.addInitScript(() => {
    const w = window as unknown as { __printed: number; print: () => void };
    w.__printed = 0;
    w.print = () => {
      w.__printed += 1;
    };
  });
  return context.newPage();
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { __printed: number }).__printed);

/** The text of the badge's QR code, decoded from the picture's own pixels. */
async function qrText(page: Page): Promise<string> {
  const img = page.locator('main [data-testid="badge-qr"]');
  await img.waitFor();
  const { width, height, data } = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(el, 0, 0);
    return { width: canvas.width, height: canvas.height, data: [...ctx.getImageData(0, 0, canvas.width, canvas.height).data] };
  });
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  assert.ok(code, 'the badge carries a readable QR code');
  return code.data;
}

describe('the badge page the original front-desk app opens', () => {
  for (const lang of LANGS) {
    it(`shows a desk walk-in's badge with a QR code that decodes, prints once, refuses another's token (${lang.tag})`, {
      timeout: scaled(600_000),
    }, async () => {
      const email = `card.${lang.tag}@example.com`;
      await registerCompany(stack, email, `Card Works ${lang.tag}`, { lang: lang.tag });
      const admin = await ok('Login', { email, password: PASSWORD });
      await ok('ModifyUserInfo', { guideDone: true }, admin.token);
      await ok('updateQRcode', { qrcodeSwitch: 1 }, admin.token);
      const empid = (await ok('addEmployee', { employee_name: lang.host, phone: `1380013${lang.tag === 'en' ? '8001' : '8002'}` }, admin.token))
        .empid;
      const account = `card_desk_${lang.tag}`;
      await ok('AddManager', { account, password: PASSWORD, sName: 'Desk', sType: 2 }, admin.token);
      // A machine's account: it signs in with the password the administrator set, as the desk PC's app does.
      const desk = await ok('Login', { email: account, password: PASSWORD });
      const walkIn = await ok('UpdatePhoto', { vname: lang.visitor, vphone: '13900139001', empid, lang: lang.tag }, desk.token);
      const card = await ok('getCardInfo', { vid: walkIn.vid }, desk.token);
      const expected = card.visit.pass ?? card.visit.code;
      assert.ok(expected, 'the walk-in has a code for its badge');
      const query = `vid=v${walkIn.vid}&userid=${desk.userid}`;

      for (const path of ['/card/index.html', '/card/custom/acme/index.html']) {
        const page = await cardPage(lang);
        try {
          await step(page, `card-${lang.tag}-badge${path.includes('custom') ? '-custom' : ''}`, async () => {
            // The app's token as it keeps it: `<account>-<token>` after LoginManager, `<userid>-<token>` after refreshToken.
            const token = path.includes('custom') ? `${desk.userid}-${desk.token}` : `${account}-${desk.token}`;
            await page.goto(`${stack.server.url}${path}?${query}&token=${token}`);
            await page.locator('main [data-testid="badge-name"]').filter({ hasText: lang.visitor }).waitFor();
            const words = (await page.locator('main [data-testid="badge"]').textContent()) ?? '';
            assert.match(words, new RegExp(`${lang.hostLabel}\\s*${lang.host}`));
            assert.equal(await qrText(page), expected);
            await until('the print dialog', async () => ((await printed(page)) > 0 ? true : undefined));
            // The badge alone on a page of the badge paper's size (90×60 mm by default).
            assert.equal(await page.locator('#kiosk-print [data-testid="badge"]').getAttribute('data-size'), '90x60');
            assert.equal(await printed(page), 1);
            await screenshot(page, `card-${lang.tag}${path.includes('custom') ? '-custom' : ''}`);
          });
        } finally {
          await page.context().close();
        }
      }

      const refused = await cardPage(lang);
      try {
        await step(refused, `card-${lang.tag}-refused`, async () => {
          // A token whose prefix names another account is not this session's (27).
          await refused.goto(`${stack.server.url}/card/index.html?${query}&token=someone-${desk.token}`);
          const alert = refused.getByTestId('card-refused');
          await alert.waitFor();
          assert.match((await alert.textContent()) ?? '', lang.badToken);
          // No token at all.
          await refused.goto(`${stack.server.url}/card/index.html?${query}`);
          await alert.waitFor();
          assert.match((await alert.textContent()) ?? '', lang.noToken);
          assert.equal(await refused.getByTestId('badge').count(), 0);
          assert.equal(await printed(refused), 0);
          await screenshot(refused, `card-${lang.tag}-refused`);
        });
      } finally {
        await refused.context().close();
      }
    });
  }
});
