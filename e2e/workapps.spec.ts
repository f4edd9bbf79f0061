// Work apps (issue 40) end to end, in English and in Chinese: the administrator opens Settings › work apps, types a
// Feishu app with a wrong secret and tests the connection (the simulated Feishu refuses it with its own code),
// corrects it, tests again (connected) and saves; the stored secret is never shown again and a reload keeps the app
// with its last test. Then Employees › Directory sync reads the directory through that app. The server's Feishu is the simulator (tools/feishu-sim.ts), as the installation's FEISHU_API_URL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { syncEn } from '../apps/web/src/modules/employees/locales/sync.en.js';
import { syncZh } from '../apps/web/src/modules/employees/locales/sync.zh.js';
import { imEn } from '../apps/web/src/modules/im/locales/en.js';
import { imZh } from '../apps/web/src/modules/im/locales/zh.js';
import { type FeishuSim, startFeishuSim } from '../tools/feishu-sim.js';
import { newEncodingAESKey } from '../tools/wecom-sim.crypto.js';
import { startWeComSim, type WeComSim } from '../tools/wecom-sim.js';
import {
  buttonName as btn,
  launchBrowser,
  newContext,
  PASSWORD,
  registerCompany,
  type Server,
  SIGNIN_EN,
  SIGNIN_ZH,
  type Smtp,
  screenshot,
  signIn,
  startServer,
  startSmtp,
  step,
} from './harness.js';

const TEXTS = {
  en: { t: imEn, sync: syncEn, locale: 'en-US', signIn: SIGNIN_EN },
  zh: { t: imZh, sync: syncZh, locale: 'zh-CN', signIn: SIGNIN_ZH },
} as const;

let smtp: Smtp;
let server: Server;
let browser: Browser;
let feishu: FeishuSim;
let wecom: WeComSim;
/** A CorpID in WeCom's own form (ww and 16 hex digits), as the form checks it. */
const WECOM = { corpId: 'ww00000000000000e2', agentId: 1000002, secret: 'wecom-e2e-secret' };

describe('work apps', () => {
  before(async () => {
    feishu = await startFeishuSim();
    feishu.addDepartment({ departmentId: 'd-lobby', name: 'Lobby' });
    feishu.addUser({ userId: 'f-lu', name: 'Lu Lobby', mobile: '+8613700080001', employeeNo: 'L1', departmentIds: ['d-lobby'] });
    wecom = await startWeComSim({ seed: false });
    wecom.addApp(WECOM);
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FEISHU_API_URL: feishu.url, WECOM_API_URL: wecom.url });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await feishu?.close();
    await wecom?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`connects a Feishu app after a refused secret, and saves it (${lang})`, async () => {
      const { t, locale, signIn: labels } = TEXTS[lang];
      const admin = `workapps.${lang}@example.com`;
      await registerCompany({ server, smtp }, admin, `Work Apps ${lang}`, { lang, phone: lang === 'en' ? '13900150001' : '13900150002' });
      const page = await (await newContext(browser, locale)).newPage();
      try {
        await page.goto(`${server.url}/signin`);
        await signIn(page, admin, PASSWORD, labels);
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        await step(page, `workapps-refused-${lang}`, async () => {
          await page.goto(`${server.url}/setting/workapps?tab=feishu`);
          const form = page.getByTestId('im-form-feishu');
          await form.getByTestId('im-feishu-appId').fill('not-an-app-id');
          await form.getByTestId('im-feishu-appId').blur();
          await form.getByText(t.rules.format).waitFor();
          await form.getByTestId('im-feishu-appId').fill(feishu.app.appId);
          await form.getByTestId('im-feishu-appSecret').fill('wrong-secret');
          await form.getByTestId('im-feishu-test').click();
          const result = page.getByTestId('im-test-result');
          await result.getByText(t.test.failed).waitFor();
          assert.match((await result.textContent()) ?? '', /10014/);
          await screenshot(page, `workapps-refused-${lang}`);
        });
        await step(page, `workapps-saved-${lang}`, async () => {
          const form = page.getByTestId('im-form-feishu');
          await form.getByTestId('im-feishu-appSecret').fill(feishu.app.appSecret);
          await form.getByTestId('im-feishu-test').click();
          await page
            .getByTestId('im-test-result')
            .getByText(t.test.ok.split('{{')[0] ?? '')
            .waitFor();
          await form.getByRole('button', { name: btn(t.save) }).click();
          await page.getByText(t.saved, { exact: true }).first().waitFor();
          await page.reload();
          const again = page.getByTestId('im-form-feishu');
          assert.equal(await again.getByTestId('im-feishu-appId').inputValue(), feishu.app.appId);
          assert.equal(await again.getByTestId('im-feishu-appSecret').inputValue(), '', 'the secret is never shown again');
          await again.getByText(t.secretKept).waitFor();
          await again.getByTestId('im-last-test').waitFor();
          await screenshot(page, `workapps-saved-${lang}`);
        });
        await step(page, `workapps-directory-${lang}`, async () => {
          const { sync } = TEXTS[lang];
          const app = sync.channels.feishu;
          await page.goto(`${server.url}/emp/emplist`);
          await page.getByTestId('directory-sync').click();
          await page.getByRole('tab', { name: sync.tabs.feishu }).click();
          const form = page.getByTestId('feishu-form');
          await form.getByRole('switch', { name: sync.app.on.replace('{{app}}', app) }).click();
          await form.getByRole('button', { name: btn(sync.save) }).click();
          await page.getByText(sync.app.saved.replace('{{app}}', app)).first().waitFor();
          await page.getByTestId('sync-channel').getByText(app).waitFor();
          await screenshot(page, `workapps-directory-on-${lang}`);
          await page.getByRole('tab', { name: sync.tabs.run }).click();
          await page.getByTestId('sync-start').click();
          await page.getByTestId('sync-done').waitFor();
          await screenshot(page, `workapps-directory-${lang}`);
          await page
            .getByRole('button', { name: btn(sync.close) })
            .first()
            .click();
          await page.getByText('Lu Lobby').first().waitFor();
        });
        await step(page, `workapps-wecom-callback-${lang}`, async () => {
          // The WeCom app with its "receive messages" Token and key; the URL the page shows passes WeCom's verification.
          const token = `OpenVisit${lang}Token`;
          const aesKey = newEncodingAESKey();
          await page.goto(`${server.url}/setting/workapps?tab=wecom`);
          const form = page.getByTestId('im-form-wecom');
          await form.getByTestId('im-wecom-corpId').fill(WECOM.corpId);
          await form.getByTestId('im-wecom-agentId').fill(String(WECOM.agentId));
          await form.getByTestId('im-wecom-secret').fill(WECOM.secret);
          await form.getByTestId('im-wecom-callbackToken').fill(token);
          await form.getByTestId('im-wecom-encodingAesKey').fill(aesKey);
          await form.getByRole('button', { name: btn(t.save) }).click();
          await page.getByText(t.saved, { exact: true }).first().waitFor();
          const shown = (await page.getByTestId('im-wecom-callback-url').textContent()) ?? '';
          const url = /https?:\/\/\S+?\/im\/wecom\/\d+/.exec(shown)?.[0] ?? '';
          assert.ok(url, `the callback URL is shown: ${shown}`);
          await page.getByText(t.callback.label).waitFor();
          await screenshot(page, `workapps-wecom-callback-${lang}`);
          const verified = await wecom.setCallback(WECOM.agentId, { url, token, encodingAESKey: aesKey }, { corpId: WECOM.corpId });
          assert.equal(verified?.ok, true, `WeCom's URL verification: ${JSON.stringify(verified)}`);
        });
      } finally {
        await page.context().close();
      }
    });
  }
});
