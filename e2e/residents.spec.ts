// Resident visitors in Chromium, once in English and once in Chinese: a project and a resident waiting for approval
// are set up through the API; the administrator approves the resident on People › resident visitors (/visitlist);
// a front-desk account signs the resident in by phone, prints the badge and finds the visit under the Resident
// visitors tab of today's visitors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOf, newContext, PASSWORD, registerCompany, SIGNIN_EN, SIGNIN_ZH, screenshot, settled, signIn, step, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

/** Lets antd's enter animations (modal zoom, table rows) finish before a screenshot. */
const settle = settled;

const DESK_PASSWORD = 'Rec3ption!2026';
const DAY = 86_400_000;

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    company: 'Resident Works',
    resident: 'Rita Resident',
    phone: '13922220001',
    signin: SIGNIN_EN,
    t: {
      pending: 'Waiting for approval',
      approved: 'Approved',
      approve: (n: string) => `Approve ${n}`,
      approvedToast: '1 approved',
      deskTab: 'Front desk',
      account: 'Account name',
      password: 'Password',
      deskSignIn: /Sign in$/,
      today: "Today's visitors",
      open: /Resident sign-in/,
      title: 'Sign a resident visitor in',
      box: 'Phone or certificate number',
      submit: /Sign in$/,
      done: (n: string) => `${n} signed in`,
      printBadge: /Print badge/,
      tab: /Resident visitors/,
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    company: '常驻测试公司',
    resident: '常小驻',
    phone: '13922220002',
    signin: SIGNIN_ZH,
    t: {
      pending: '待审批',
      approved: '已批准',
      approve: (n: string) => `批准 ${n}`,
      approvedToast: '已批准 1 位',
      deskTab: '前台',
      account: '账号',
      password: '密码',
      deskSignIn: /^登\s?录$/,
      today: '今日访客',
      open: /常驻访客签到/,
      title: '常驻访客签到',
      box: '手机号或证件号',
      submit: /签\s?到$/,
      done: (n: string) => `${n} 已签到`,
      printBadge: /打印胸卡/,
      tab: /常驻访客/,
    },
  },
] as const;

for (const L of LANGS) {
  describe(`resident visitors (${L.tag})`, () => {
    it('approves a resident on /visitlist, signs them in at the desk and prints the badge', async () => {
      const email = `residents-${L.tag}@example.com`;
      await registerCompany(stack, email, L.company, { lang: L.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);
      const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
      const project = await ok(
        'addProject',
        { pName: L.tag === 'zh' ? '食堂保洁' : 'Canteen', leader: 'Wang', phone: '13800005555', ...window },
        admin,
      );
      await ok('addResidentVisitor', { pid: project.pid, company: 'Clean Co', name: L.resident, phone: L.phone, ...window }, admin);
      const account = `rdesk_${L.tag}`;
      await ok('AddManager', { account, password: PASSWORD, sName: 'Desk', sType: 2 }, admin);
      const desk = (await ok('Login', { email: account, password: PASSWORD })).token;
      await ok('updatePassword', { oldPassword: PASSWORD, password: DESK_PASSWORD }, desk);

      const adminContext = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
      const page = await adminContext.newPage();
      try {
        await step(page, `residents-${L.tag}-approve`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await signIn(page, email, PASSWORD, L.signin);
          await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
          await page.goto(`${stack.server.url}/visitlist`);
          const row = page.locator('tr.ant-table-row').filter({ hasText: L.resident });
          await row.getByText(L.t.pending).waitFor();
          await row.getByRole('button', { name: L.t.approve(L.resident) }).click();
          await page.getByText(L.t.approvedToast).waitFor();
          await row.getByText(L.t.approved, { exact: true }).waitFor();
          await settle(page);
          await screenshot(page, `residents-${L.tag}-list`);
        });
      } finally {
        await adminContext.close();
      }

      const deskContext = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
      await deskContext.addInitScript(() => {
        const w = window as unknown as { print: () => void; __printed: number };
        w.__printed = 0;
        w.print = () => {
          w.__printed += 1;
        };
      });
      const deskPage = await deskContext.newPage();
      try {
        await step(deskPage, `residents-${L.tag}-desk`, async () => {
          await deskPage.goto(`${stack.server.url}/signin`);
          await deskPage.getByRole('tab', { name: L.t.deskTab }).click();
          await deskPage.getByLabel(L.t.account, { exact: true }).fill(account);
          await deskPage.getByLabel(L.t.password, { exact: true }).fill(DESK_PASSWORD);
          await deskPage.getByRole('button', { name: L.t.deskSignIn }).click();
          await deskPage.waitForURL(/\/reception\/?$/);
          await deskPage.getByRole('heading', { name: L.t.today }).waitFor();

          await deskPage.getByRole('button', { name: L.t.open }).click();
          const dialog = deskPage.locator('.ant-modal').filter({ hasText: L.t.title });
          await dialog.getByLabel(L.t.box).fill(L.phone);
          await dialog.getByRole('button', { name: L.t.submit }).click();
          await dialog.getByText(L.t.done(L.resident)).waitFor();
          await settle(deskPage);
          await screenshot(deskPage, `residents-${L.tag}-signed-in`);
          await dialog.getByRole('button', { name: L.t.printBadge }).click();
          const badge = deskPage.getByRole('dialog').filter({ has: deskPage.getByTestId('badge-name') });
          await badge.getByTestId('badge-name').filter({ hasText: L.resident }).waitFor();
          await badge.getByRole('button', { name: L.t.printBadge }).click();
          assert.equal(await deskPage.evaluate(() => (window as unknown as { __printed: number }).__printed), 1);
          await deskPage.keyboard.press('Escape');

          await deskPage.getByRole('tab', { name: L.t.tab }).click();
          await deskPage.locator('tr.ant-table-row').filter({ hasText: L.resident }).waitFor();
          await settle(deskPage);
          await screenshot(deskPage, `residents-${L.tag}-today`);
        });
      } finally {
        await deskContext.close();
      }

      const visits = await ok('SearchRVisitorByCondition', {}, admin);
      assert.deepEqual(
        visits.list.map((v) => [v.vname, v.kind, v.status]),
        [[L.resident, 'resident', 'signedIn']],
      );
    });
  });
}
