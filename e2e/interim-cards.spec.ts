// Temporary cards in Chromium, once in English and once in Chinese: an employee signs in to the employee portal and
// applies for a card (/emporder/tcard); the front desk lends it with a number and later records its return
// (/reception/tempcard); the administrator's People › temporary cards (/tempcard) shows it returned, and the export
// downloaded from there, parsed back, holds it with its statuses (beside a visitor's card still lent). Each of the
// three screens is checked with axe while it shows rows (a11y.spec.ts visits them empty).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y.js';
import {
  apiOf,
  button,
  employeePassword,
  newContext,
  PASSWORD,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  settled,
  signIn,
  step,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const DESK_PASSWORD = 'Fr0ntDesk!2026';

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    company: 'Badge Works',
    employee: { name: 'Emma Forgetful', phone: '13800002001', email: 'emma.forgetful@example.com' },
    visitor: 'Victor Guest',
    card: 'T0417',
    visitorCard: 'V0099',
    office: 'Floor 3, room 301',
    signin: SIGNIN_EN,
    t: {
      employeeTab: 'Employee',
      phone: 'Mobile phone',
      deskTab: 'Front desk',
      account: 'Account name',
      password: 'Password',
      submitSignIn: /Sign in$/,
      apply: 'Apply for a card',
      office: 'Office',
      submit: 'Submit',
      applied: (n: string) => `Application recorded for ${n}`,
      lend: (n: string) => `Lend ${n}`,
      cardNo: 'Card number',
      lendOk: 'Lend',
      lent: (c: string) => `Card ${c} lent`,
      giveBack: (n: string) => `Record the return ${n}`,
      ok: 'OK',
      returned: (c: string) => `Card ${c} returned`,
      status: { submitted: 'Submitted', lent: 'Not returned', returned: 'Returned' },
      headers: { name: 'Name', cardNo: 'Card number', status: 'Status', lendTime: 'Lent', returnTime: 'Returned', office: 'Office' },
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    company: '工牌测试公司',
    employee: { name: '王忘带', phone: '13800002002', email: 'wang.wangdai@example.com' },
    visitor: '李访客',
    card: 'T0418',
    visitorCard: 'V0100',
    office: '三楼 301 室',
    signin: SIGNIN_ZH,
    t: {
      employeeTab: '员工',
      phone: '手机号',
      deskTab: '前台',
      account: '账号',
      password: '密码',
      submitSignIn: /^登\s?录$/,
      apply: '申请临时卡',
      office: '办公地点',
      submit: '提交',
      applied: (n: string) => `已为 ${n} 提交申请`,
      lend: (n: string) => `发卡 ${n}`,
      cardNo: '卡号',
      lendOk: '发卡',
      lent: (c: string) => `已发放临时卡 ${c}`,
      giveBack: (n: string) => `登记归还 ${n}`,
      ok: '确定',
      returned: (c: string) => `临时卡 ${c} 已归还`,
      status: { submitted: '已提交', lent: '未归还', returned: '已归还' },
      headers: { name: '姓名', cardNo: '卡号', status: '状态', lendTime: '发放时间', returnTime: '归还时间', office: '办公地点' },
    },
  },
] as const;

type L = (typeof LANGS)[number];

/** A page of a fresh browser context in the language's locale. */
async function freshPage(browser: Browser, lang: L): Promise<Page> {
  const context = await newContext(browser, lang.locale, { viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

/** The employee portal: sign in on the employee tab, apply for a card from /emporder/tcard. */
async function employeeApplies(page: Page, lang: L): Promise<void> {
  const { t } = lang;
  await page.goto(`${stack.server.url}/signin`);
  await page.getByRole('tab', { name: t.employeeTab }).click();
  await page.getByLabel(t.phone, { exact: true }).fill(lang.employee.phone);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitSignIn }).click();
  await page.waitForURL(/\/emporder\//);
  await page.goto(`${stack.server.url}/emporder/tcard`);
  await page.getByRole('button', { name: button(t.apply) }).click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByLabel(t.office, { exact: true }) });
  await modal.getByLabel(t.office, { exact: true }).fill(lang.office);
  await modal.getByRole('button', { name: button(t.submit) }).click();
  await page.getByText(t.applied(lang.employee.name)).waitFor();
  await modal.waitFor({ state: 'hidden' });
  const row = page.locator('tr.ant-table-row').filter({ hasText: lang.employee.name });
  await row.getByText(t.status.submitted, { exact: true }).waitFor();
  await settled(page);
  await screenshot(page, `interim-${lang.tag}-applied`);
  await expectAccessible(page, `${lang.tag} /emporder/tcard (a card applied for)`);
}

async function confirmPop(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: button(text) })
    .click();
}

/** The front desk lends the applied card with a number, then takes it back. */
async function deskLendsAndTakesBack(page: Page, lang: L, desk: string): Promise<void> {
  const { t } = lang;
  const name = lang.employee.name;
  await page.goto(`${stack.server.url}/signin`);
  await page.getByRole('tab', { name: t.deskTab }).click();
  await page.getByLabel(t.account, { exact: true }).fill(desk);
  await page.getByLabel(t.password, { exact: true }).fill(DESK_PASSWORD);
  await page.getByRole('button', { name: t.submitSignIn }).click();
  await page.waitForURL(/\/reception\/?$/);
  await page.goto(`${stack.server.url}/reception/tempcard`);
  const row = page.locator('tr.ant-table-row').filter({ hasText: name });
  await row.getByText(t.status.submitted, { exact: true }).waitFor();
  await settled(page);
  await expectAccessible(page, `${lang.tag} /reception/tempcard (an application waiting)`);

  await row.getByRole('button', { name: t.lend(name) }).click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByLabel(t.cardNo, { exact: true }) });
  await modal.getByLabel(t.cardNo, { exact: true }).fill(lang.card);
  await modal.getByRole('button', { name: button(t.lendOk) }).click();
  await page.getByText(t.lent(lang.card)).waitFor();
  await modal.waitFor({ state: 'hidden' });
  await row.getByText(t.status.lent, { exact: true }).waitFor();
  await row.getByText(lang.card, { exact: true }).waitFor();
  await settled(page);
  await screenshot(page, `interim-${lang.tag}-lent`);

  await row.getByRole('button', { name: t.giveBack(name) }).click();
  await confirmPop(page, t.ok);
  await page.getByText(t.returned(lang.card)).waitFor();
  await row.getByText(t.status.returned, { exact: true }).waitFor();
  await settled(page);
  await screenshot(page, `interim-${lang.tag}-returned`);
}

/** The export's rows as text, header first. */
async function readExport(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return rows;
}

/** The administrator's People › temporary cards: the returned card, and the export parsed back. */
async function adminExports(page: Page, lang: L, email: string): Promise<void> {
  const { t } = lang;
  await page.goto(`${stack.server.url}/signin`);
  await signIn(page, email, PASSWORD, lang.signin);
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
  await page.goto(`${stack.server.url}/tempcard`);
  const mine = page.locator('tr.ant-table-row').filter({ hasText: lang.employee.name });
  await mine.getByText(t.status.returned, { exact: true }).waitFor();
  const visitor = page.locator('tr.ant-table-row').filter({ hasText: lang.visitor });
  await visitor.getByText(t.status.lent, { exact: true }).waitFor();
  await settled(page);
  await screenshot(page, `interim-${lang.tag}-console`);
  await expectAccessible(page, `${lang.tag} /tempcard (a returned and a lent card)`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('interim-export').click()]);
  assert.match(download.suggestedFilename(), /\.xlsx$/);
  const rows = await readExport(await download.path());
  const header = rows[0] ?? [];
  const col = (h: string) => {
    const i = header.indexOf(h);
    assert.ok(i >= 0, `${h} in ${JSON.stringify(header)}`);
    return i;
  };
  const h = t.headers;
  const byName = (n: string) => rows.find((r) => r[col(h.name)] === n);
  const emp = byName(lang.employee.name);
  assert.ok(emp, `${lang.employee.name} in ${JSON.stringify(rows)}`);
  assert.equal(emp[col(h.cardNo)], lang.card);
  assert.equal(emp[col(h.status)], t.status.returned);
  assert.equal(emp[col(h.office)], lang.office);
  assert.ok(emp[col(h.lendTime)] && emp[col(h.returnTime)], `lent and returned times in ${JSON.stringify(emp)}`);
  const vis = byName(lang.visitor);
  assert.ok(vis, `${lang.visitor} in ${JSON.stringify(rows)}`);
  assert.deepEqual([vis[col(h.cardNo)], vis[col(h.status)], vis[col(h.returnTime)] ?? ''], [lang.visitorCard, t.status.lent, '']);
  assert.equal(rows.length, 3, JSON.stringify(rows));
}

for (const lang of LANGS) {
  describe(`temporary cards (${lang.tag})`, () => {
    it('an employee applies in the portal, the desk lends and takes the card back, the export shows it', async () => {
      const email = `interim-${lang.tag}@example.com`;
      await registerCompany(stack, email, lang.company, { lang: lang.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);
      const { employee } = lang;
      await ok('addEmployee', { employee_name: employee.name, phone: employee.phone, email: employee.email }, admin);
      await employeePassword(stack, employee.email);
      const desk = `tdesk_${lang.tag}`;
      await ok('AddManager', { account: desk, password: PASSWORD, sName: 'Desk', sType: 2 }, admin);
      const first = (await ok('Login', { email: desk, password: PASSWORD })).token;
      await ok('updatePassword', { oldPassword: PASSWORD, password: DESK_PASSWORD }, first);
      // A visitor's card the desk lent earlier and that is still out: the export holds both statuses.
      const vcard = await ok('addInterimCard', { name: lang.visitor, phone: '13900009999', office: '' }, admin);
      await ok('updateInterimCard', { cid: vcard.cid, cardNo: lang.visitorCard }, admin);

      const emp = await freshPage(stack.browser, lang);
      try {
        await step(emp, `interim-${lang.tag}-employee`, () => employeeApplies(emp, lang));
      } finally {
        await emp.context().close();
      }
      const deskPage = await freshPage(stack.browser, lang);
      try {
        await step(deskPage, `interim-${lang.tag}-desk`, () => deskLendsAndTakesBack(deskPage, lang, desk));
      } finally {
        await deskPage.context().close();
      }
      const adminPage = await freshPage(stack.browser, lang);
      try {
        await step(adminPage, `interim-${lang.tag}-admin`, () => adminExports(adminPage, lang, email));
      } finally {
        await adminPage.context().close();
      }

      const { list } = await ok('getInterimCard', { startIndex: 0, requestedCount: 10 }, admin);
      assert.deepEqual(
        list.map((c) => [c.name, c.cardNo, c.icStatus]).sort(),
        [
          [employee.name, lang.card, 2],
          [lang.visitor, lang.visitorCard, 1],
        ].sort(),
      );
    });
  });
}
