// Watchlist screening that understands Chinese names (issue 42), in English and in Chinese: the administrator lists
// 張偉 with an alias in the console's dialog and tries "Zhang Wei" in the test-a-name box (a possible match, the
// pinyin of the name); a visitor registers at the kiosk as "Zhang Wei" and is told to wait, neutrally; the review
// queue shows them with the reason and the entry's photo (chosen in the dialog), the visit's detail says why it
// waits, and the reviewer refuses them with a reason: the visit is refused and both steps are in the operation log.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kioskEn } from '../apps/web/src/kiosk/locales/en.js';
import { kioskZh } from '../apps/web/src/kiosk/locales/zh.js';
import { blacklistEn } from '../apps/web/src/modules/blacklist/locales/en.js';
import { blacklistZh } from '../apps/web/src/modules/blacklist/locales/zh.js';
import { platformEn } from '../apps/web/src/platform/locales/en.js';
import { platformZh } from '../apps/web/src/platform/locales/zh.js';
import { expectAccessible } from './a11y.js';
import {
  apiOf,
  buttonName as btn,
  faceFixture,
  newContext,
  PASSWORD,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  signIn,
  step,
  until,
  useStack,
} from './harness.js';

const TEXTS = {
  en: { t: blacklistEn, k: kioskEn, p: platformEn, locale: 'en-US', signIn: SIGNIN_EN, reason: 'pinyin of the name', host: 'Helen Host' },
  zh: { t: blacklistZh, k: kioskZh, p: platformZh, locale: 'zh-CN', signIn: SIGNIN_ZH, reason: '姓名的拼音', host: '王主人' },
} as const;
const TABLET = { width: 1024, height: 768 };

const stack = useStack();
const { ok } = apiOf(() => stack.server);

describe('watchlist screening', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`holds a pinyin match of a listed name at the kiosk for review, shown why, refused by the reviewer (${lang})`, async () => {
      const { t, k, p, locale, signIn: labels, reason, host } = TEXTS[lang];
      const email = `screening.${lang}@example.com`;
      await registerCompany(stack, email, `Screening ${lang}`, { lang, phone: lang === 'en' ? '13900170001' : '13900170002' });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('addEmployee', { employee_name: host, phone: lang === 'en' ? '13800170001' : '13800170002' }, admin);
      const account = `kiosk_screening_${lang}`;
      await ok('AddManager', { account, password: PASSWORD, sName: 'Kiosk', sType: 4 }, admin);
      const machine = (await ok('Login', { email: account, password: PASSWORD })).token;
      await ok('updatePassword', { oldPassword: PASSWORD, password: 'Kiosk!2026s' }, machine);

      const page = await (await newContext(stack.browser, locale)).newPage();
      await page.goto(`${stack.server.url}/signin`);
      await signIn(page, email, PASSWORD, labels);
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));

      await step(page, `screening-list-${lang}`, async () => {
        await page.goto(`${stack.server.url}/blacklist`);
        await page
          .getByRole('button', { name: btn(t.black.add) })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(t.fields.name, { exact: true }).fill('張偉');
        await dialog.getByRole('button', { name: btn(t.entry.addAlias) }).click();
        await dialog.getByLabel(t.entry.alias.replace('{{n}}', '1'), { exact: true }).fill('張大偉');
        // A photo chosen now is sent once the entry is saved.
        await dialog
          .getByTestId('listed-photo-field')
          .locator('input[type="file"]')
          .setInputFiles({ name: 'listed.jpg', mimeType: 'image/jpeg', buffer: faceFixture('one-face') });
        await dialog.getByText(t.photo.sentOnSave).waitFor();
        await dialog.getByRole('button', { name: btn(p.common.save) }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('cell', { name: /張偉/ }).first().waitFor();
        await page.getByRole('img', { name: t.photo.of.replace('{{name}}', '張偉') }).waitFor();
        await page.getByText('張大偉').first().waitFor();
        const [entry] = (await ok('getBlacklist', { name: '張偉' }, admin)).list;
        assert.deepEqual(entry?.aliases, ['張大偉']);
        assert.match(entry?.photo ?? '', /^listed\/\d+\/\d+-[0-9a-f]{12}\.jpg$/);
        await screenshot(page, `screening-list-${lang}`);
      });

      await step(page, `screening-test-a-name-${lang}`, async () => {
        const card = page.getByTestId('name-check');
        await card.getByLabel(t.fields.name, { exact: true }).fill('Zhang Wei');
        await card.getByRole('button', { name: btn(t.check.run) }).click();
        const answer = page.getByTestId('name-check-answer');
        await answer.getByText(reason).waitFor();
        await answer.getByTestId('strength-possible').waitFor();
        await answer.getByText(t.check.decision.review.replace('{{name}}', 'Zhang Wei')).waitFor();
        await screenshot(page, `screening-test-a-name-${lang}`);
      });

      const kiosk = await (await newContext(stack.browser, locale, { viewport: TABLET, hasTouch: true })).newPage();
      await step(kiosk, `screening-kiosk-held-${lang}`, async () => {
        await kiosk.goto(`${stack.server.url}/kiosk`);
        await kiosk.getByLabel(k.signin.account, { exact: true }).fill(account);
        await kiosk.getByLabel(k.signin.password, { exact: true }).fill('Kiosk!2026s');
        await kiosk.getByRole('button', { name: k.signin.submit }).click();
        await kiosk.getByTestId('kiosk-home').waitFor();
        await kiosk.getByRole('button', { name: new RegExp(`^${k.register.title}`) }).click();
        await kiosk.getByLabel(k.register.vname, { exact: true }).fill('Zhang Wei');
        await kiosk.getByLabel(k.register.vphone, { exact: true }).fill(lang === 'en' ? '13911170001' : '13911170002');
        await kiosk.getByPlaceholder(k.register.hostPlaceholder).fill(host.slice(0, 2));
        await kiosk.getByRole('button', { name: host }).click();
        await kiosk.getByTestId('host-chosen').waitFor();
        await kiosk.getByRole('button', { name: k.common.next }).click();
        await kiosk.getByRole('button', { name: k.faceConsent.decline, exact: true }).click();
        await kiosk.getByRole('button', { name: k.photo.skip }).click();
        // Neutral: the visitor is asked to wait as for an approval, never told of a list.
        await kiosk.getByText(k.result.awaiting).waitFor();
        assert.equal(await kiosk.getByText(/blacklist|黑名单|watchlist/i).count(), 0);
        await screenshot(kiosk, `screening-kiosk-held-${lang}`);
      });

      await step(page, `screening-review-${lang}`, async () => {
        await page.goto(`${stack.server.url}/blacklist/reviews`);
        let row = page.getByRole('row', { name: /Zhang Wei/ });
        await row.getByText(reason).waitFor();
        await row.getByText(t.reviews.channel.kiosk).waitFor();
        await row.getByRole('img', { name: t.photo.of.replace('{{name}}', '張偉') }).waitFor();
        await expectAccessible(page, `screening reviews (${lang})`);
        await screenshot(page, `screening-review-${lang}`);
        // The visit's own detail says why it waits.
        await page.goto(`${stack.server.url}/visitor/vlist`);
        await page.getByRole('row').filter({ hasText: 'Zhang Wei' }).getByRole('button', { name: 'Zhang Wei', exact: true }).click();
        const held = page.getByTestId('visit-screening');
        await held.getByText(reason).waitFor();
        await held.getByText(t.reviews.status.waiting, { exact: true }).waitFor();
        await screenshot(page, `screening-visit-detail-${lang}`);
        await held.getByRole('link', { name: t.reviews.visit.open }).click();
        await page.waitForURL((u) => u.pathname === '/blacklist/reviews');
        row = page.getByRole('row', { name: /Zhang Wei/ });
        await row.getByRole('button', { name: t.reviews.refuseOf.replace('{{name}}', 'Zhang Wei') }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(t.reviews.refuseReason).fill(lang === 'en' ? 'The person on the list' : '名单上的本人');
        await dialog.getByRole('button', { name: btn(t.reviews.refuse) }).click();
        await page.getByText(t.reviews.refused.replace('{{name}}', 'Zhang Wei')).waitFor();
        await page.getByRole('tab', { name: t.reviews.tabs.decided }).click();
        await page
          .getByRole('row', { name: /Zhang Wei/ })
          .getByText(t.reviews.status.refused)
          .waitFor();
        const [visit] = await until('the refused visit', async () => {
          const found = await ok('SearchVisitByCondition', { phone: lang === 'en' ? '13911170001' : '13911170002' }, admin);
          return found[0]?.status === 'refused' ? found : undefined;
        });
        assert.equal(visit?.status, 'refused');
        await screenshot(page, `screening-review-decided-${lang}`);
      });
      await kiosk.context().close();
      await page.context().close();
    });
  }

  it('a kiosk served over plain http screens offline with its copy: the listed name is sent to reception, the record held when sent (zh)', async () => {
    const { k, locale, host } = TEXTS.zh;
    const email = 'screening.http@example.com';
    await registerCompany(stack, email, 'Screening http', { lang: 'zh', phone: '13900170003' });
    const admin = (await ok('Login', { email, password: PASSWORD })).token;
    await ok('addEmployee', { employee_name: host, phone: '13800170003' }, admin);
    await ok('updateblackListSwitch', { blackListSwitch: 1 }, admin);
    await ok('addBlacklist', { name: '張偉', remark: 'theft' }, admin);
    const account = 'kiosk_screening_http';
    await ok('AddManager', { account, password: PASSWORD, sName: 'Kiosk', sType: 4 }, admin);
    const machine = (await ok('Login', { email: account, password: PASSWORD })).token;
    await ok('updatePassword', { oldPassword: PASSWORD, password: 'Kiosk!2026s' }, machine);

    // The kiosk at a LAN name over plain http (not localhost): an insecure context, without WebCrypto. Its requests
    // reach the test server through the route; "down" stands for the server gone.
    const origin = 'http://kiosk-lan.invalid';
    const context = await newContext(stack.browser, locale, { viewport: TABLET, hasTouch: true });
    let down = false;
    await context.route(`${origin}/**`, async (route) => {
      const url = route.request().url();
      if (down && new URL(url).pathname.startsWith('/api/')) return route.abort('connectionrefused');
      await route.fulfill({ response: await route.fetch({ url: url.replace(origin, stack.server.url) }) });
    });
    const kiosk = await context.newPage();
    await step(kiosk, 'screening-http-offline', async () => {
      const copy = kiosk.waitForResponse((r) => r.url().includes('/api/getScreeningCopy') && r.ok());
      await kiosk.goto(`${origin}/kiosk`);
      assert.deepEqual(await kiosk.evaluate(() => [window.isSecureContext, typeof globalThis.crypto?.subtle]), [false, 'undefined']);
      await kiosk.getByLabel(k.signin.account, { exact: true }).fill(account);
      await kiosk.getByLabel(k.signin.password, { exact: true }).fill('Kiosk!2026s');
      await kiosk.getByRole('button', { name: k.signin.submit }).click();
      await kiosk.getByTestId('kiosk-home').waitFor();
      await copy;
      await kiosk.getByRole('button', { name: new RegExp(`^${k.register.title}`) }).click();
      await kiosk.getByLabel(k.register.vname, { exact: true }).fill('Zhang Wei');
      await kiosk.getByLabel(k.register.vphone, { exact: true }).fill('13911170003');
      await kiosk.getByPlaceholder(k.register.hostPlaceholder).fill(host.slice(0, 2));
      await kiosk.getByRole('button', { name: host }).click();
      await kiosk.getByTestId('host-chosen').waitFor();
      await kiosk.getByRole('button', { name: k.common.next }).click();
      await kiosk.getByRole('button', { name: k.faceConsent.decline, exact: true }).click();
      down = true;
      await kiosk.getByRole('button', { name: k.photo.skip }).click();
      // Matched offline: sent to reception, neutrally; never told of a list.
      await kiosk.getByText(k.result.seeReception).waitFor();
      assert.equal(await kiosk.getByText(/blacklist|黑名单|watchlist/i).count(), 0);
      await screenshot(kiosk, 'screening-http-offline');
      // Back online, the queue sends the record and the server holds it for review, as the kiosk guessed.
      down = false;
      const [held] = await until('the record sent and held', async () => {
        const found = (await ok('getScreeningReviews', { name: 'Zhang Wei' }, admin)).list;
        return found.length ? found : undefined;
      });
      assert.equal(held?.status, 'waiting');
    });
    // The kiosk keeps polling: a request still in the route when the context closes would fail after the test ended.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
