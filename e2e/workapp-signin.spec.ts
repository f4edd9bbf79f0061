// Signing in with a work app (issue 40, second part) end to end, in English and in Chinese: the administrator turns
// "employees sign in with it" on for the company's DingTalk app in Settings › work apps and copies the sign-in link; an
// employee opens it in a fresh browser, is sent to DingTalk's sign-in page (the simulator, tools/dingtalk-sim.ts, as the
// installation's DINGTALK_* addresses), picks their account there, and comes back signed in to the employee portal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { authEn } from '../apps/web/src/modules/auth/locales/en.js';
import { authZh } from '../apps/web/src/modules/auth/locales/zh.js';
import { imEn } from '../apps/web/src/modules/im/locales/en.js';
import { imZh } from '../apps/web/src/modules/im/locales/zh.js';
import { type DingTalkSim, startDingTalkSim } from '../tools/dingtalk-sim.js';
import {
  apiOf,
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
  en: { t: imEn, auth: authEn, locale: 'en-US', signIn: SIGNIN_EN },
  zh: { t: imZh, auth: authZh, locale: 'zh-CN', signIn: SIGNIN_ZH },
} as const;

let smtp: Smtp;
let server: Server;
let browser: Browser;
let dt: DingTalkSim;
const { ok } = apiOf(() => server);

describe('signing in with a work app', () => {
  before(async () => {
    dt = await startDingTalkSim();
    smtp = await startSmtp();
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      DINGTALK_API_URL: dt.url,
      DINGTALK_NEW_API_URL: dt.url,
      DINGTALK_LOGIN_URL: dt.url,
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await dt?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`an employee signs in with DingTalk from the company's link (${lang})`, async () => {
      const { t, auth, locale, signIn: labels } = TEXTS[lang];
      const admin = `ddsignin.${lang}@example.com`;
      const phone = lang === 'en' ? '13900160001' : '13900160002';
      await registerCompany({ server, smtp }, admin, `DingTalk Sign-in ${lang}`, { lang, phone: lang === 'en' ? '13900160011' : '13900160012' });
      const token = (await ok('Login', { email: admin, password: PASSWORD })).token;
      await ok('addEmployee', { employee_name: lang === 'en' ? 'Dana Ding' : '丁丹', phone }, token);
      const member = dt.addUser({ userid: `e2e-${lang}`, name: lang === 'en' ? 'Dana Ding' : '丁丹', mobile: phone });
      const app = dt.app();

      const page = await (await newContext(browser, locale)).newPage();
      let link = '';
      try {
        await page.goto(`${server.url}/signin`);
        await signIn(page, admin, PASSWORD, labels);
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        await step(page, `workapp-signin-settings-${lang}`, async () => {
          await page.goto(`${server.url}/setting/workapps?tab=dingtalk`);
          const form = page.getByTestId('im-form-dingtalk');
          await form.getByTestId('im-dingtalk-appKey').fill(app.appKey);
          await form.getByTestId('im-dingtalk-appSecret').fill(app.appSecret);
          await form.getByTestId('im-dingtalk-agentId').fill(String(app.agentId));
          await form.getByText(t.signIn.on, { exact: true }).click();
          await form.getByRole('button', { name: btn(t.save) }).click();
          await page.getByText(t.saved).first().waitFor();
          link = (await form.getByTestId('im-dingtalk-signin-link').textContent()) ?? '';
          assert.match(link, /\/signin\/apps\?company=\d+&via=dingtalk$/);
          await screenshot(page, `workapp-signin-settings-${lang}`);
        });
      } finally {
        await page.context().close();
      }

      // A fresh browser, as the employee's: the link starts DingTalk's sign-in at once.
      const employee = await (await newContext(browser, locale)).newPage();
      try {
        await step(employee, `workapp-signin-dingtalk-${lang}`, async () => {
          await employee.goto(link);
          await employee.waitForURL((u) => u.origin === new URL(dt.url).origin);
          await employee.getByText(member.name).first().click();
          await employee.waitForURL((u) => u.pathname.startsWith('/emporder'), { timeout: 20_000 });
          await screenshot(employee, `workapp-signin-portal-${lang}`);
        });
        await step(employee, `workapp-signin-spent-${lang}`, async () => {
          // Coming back with the same code again (a reload, a shared link) signs nobody in.
          await employee.evaluate(() => sessionStorage.clear());
          await employee.goto(`${server.url}/signin/im/dingtalk?authCode=spent&state=x`);
          await employee.getByText(auth.signin.workApp.incomplete).waitFor();
          await employee.getByRole('link', { name: auth.signin.workApp.back }).waitFor();
        });
      } finally {
        await employee.context().close();
      }
    });
  }
});
