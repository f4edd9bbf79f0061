// Data retention (issue 41) end to end, in English and in Chinese: the administrator opens Settings › data retention,
// sees the installation's defaults, is stopped while typing a photo kept longer than the visit record, saves a
// shorter one (kept after a reload), and runs the sweep by hand after confirming, whose report appears. The operation
// log, which recorded both, checks intact against the server's key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { logsEn } from '../apps/web/src/modules/logs/locales/en.js';
import { logsZh } from '../apps/web/src/modules/logs/locales/zh.js';
import { privacyEn } from '../apps/web/src/modules/privacy/locales/en.js';
import { privacyZh } from '../apps/web/src/modules/privacy/locales/zh.js';
import { buttonName as btn, newContext, PASSWORD, registerCompany, SIGNIN_EN, SIGNIN_ZH, screenshot, signIn, step, useStack } from './harness.js';

const TEXTS = {
  en: { t: privacyEn, logs: logsEn, locale: 'en-US', signIn: SIGNIN_EN },
  zh: { t: privacyZh, logs: logsZh, locale: 'zh-CN', signIn: SIGNIN_ZH },
} as const;

const stack = useStack();

describe('data retention', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`sets the company's rules and runs the sweep (${lang})`, async () => {
      const { t, locale, signIn: labels } = TEXTS[lang];
      const admin = `privacy.${lang}@example.com`;
      await registerCompany(stack, admin, `Privacy ${lang}`, { lang, phone: lang === 'en' ? '13900160001' : '13900160002' });
      const page = await (await newContext(stack.browser, locale)).newPage();
      try {
        await page.goto(`${stack.server.url}/signin`);
        await signIn(page, admin, PASSWORD, labels);
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        await step(page, `privacy-rules-${lang}`, async () => {
          await page.goto(`${stack.server.url}/setting/privacy`);
          const company = page.locator('#retentionCompany');
          await page.getByText(t.defaults).waitFor();
          const photo = company.getByLabel(t.kinds.photo);
          assert.equal(await photo.inputValue(), '30');
          await photo.fill('400');
          await company.getByText(t.validation.longerThanRecord).waitFor();
          await photo.fill('14');
          await company.getByRole('button', { name: btn(t.company.save) }).click();
          await page.getByText(t.company.saved).first().waitFor();
          await page.reload();
          await page.locator('#retentionCompany').getByLabel(t.kinds.photo).waitFor();
          assert.equal(await page.locator('#retentionCompany').getByLabel(t.kinds.photo).inputValue(), '14');
          assert.equal(await page.getByText(t.defaults).count(), 0, 'no longer the defaults');
          await screenshot(page, `privacy-rules-${lang}`);
        });
        await step(page, `privacy-sweep-${lang}`, async () => {
          await page.getByRole('button', { name: btn(t.sweeps.run) }).click();
          await page.getByText(t.sweeps.confirmText).waitFor();
          await page.getByRole('button', { name: btn(t.sweeps.confirm) }).click();
          await page
            .getByText(t.sweeps.done_other.split('{{')[0] ?? '')
            .first()
            .waitFor();
          await page.getByText(t.sweeps.manual, { exact: true }).waitFor();
          await page.getByText(t.sweeps.nothing).waitFor();
          await screenshot(page, `privacy-sweep-${lang}`);
        });
        await step(page, `privacy-log-chain-${lang}`, async () => {
          const { logs } = TEXTS[lang];
          await page.goto(`${stack.server.url}/emplog`);
          await page.getByRole('button', { name: btn(logs.verify) }).click();
          await page.getByText(logs.chain.intact_other.split('{{')[0] ?? '').waitFor();
          await screenshot(page, `privacy-log-chain-${lang}`);
        });
      } finally {
        await page.context().close();
      }
    });
  }
});
