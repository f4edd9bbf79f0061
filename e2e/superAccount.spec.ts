// The super (headquarters) account, end to end (issue 19), in English and Chinese: an operator creates it from the
// command line for two of three companies, each with visits; it signs in on the headquarters tab, sees both
// companies' figures (never the third's), opens one company's console read-only, sees its visitor list, is refused
// an edit (610), and goes back to its home without signing in again.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiOf, launchBrowser, newContext, PASSWORD, type Server, scaled, screenshot, settled, startServer, step } from './harness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-e2e-hq-'));
let server: Server;
let browser: Browser;
const { ok, call } = apiOf(() => server);

/** The operator's command line on the data folder, before the server holds it. */
const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop() ?? '';

const COMPANIES = [
  { name: 'Gamma Works', email: 'gamma@example.com', visitors: ['Gina Guest', 'Gus Gone'] },
  { name: 'Delta Trading', email: 'delta@example.com', visitors: ['Dora Delta'] },
  { name: 'Bystander Ltd', email: 'bystander@example.com', visitors: ['Bob One', 'Bob Two', 'Bob Three'] },
];
const ids: number[] = [];
let phones = 0;
const phone = () => `1390000${String(++phones).padStart(4, '0')}`;

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    tab: 'Headquarters',
    account: 'Headquarters account',
    password: 'Password',
    submit: /Sign in$/,
    open: 'Open console (read-only)',
    banner: 'Read-only view of Gamma Works',
    back: 'Back to the super account',
    batch: 'Sign out selected',
    ok: /^OK$/,
    refused: 'You are not allowed to request this data',
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    tab: '总部',
    account: '总部账号',
    password: '密码',
    submit: /^登\s?录$/,
    open: '查看控制台（只读）',
    banner: '正在只读查看 Gamma Works',
    back: '返回总部账号',
    batch: '批量签出',
    ok: /^确\s?定$/,
    refused: '没有权限请求该数据',
  },
] as const;

describe('super account', () => {
  before(async () => {
    for (const c of COMPANIES) ids.push(Number(cli('create-company', '--company', c.name, '--email', c.email, '--password', PASSWORD)));
    cli('create-super-account', '--account', 'LFT_group', '--password', PASSWORD, '--companies', `${ids[0]},${ids[1]}`, '--name', 'Group HQ');
    server = await startServer({ DATA_DIR: dataDir });
    browser = await launchBrowser();
    // Visits through the API: every visitor signed in; Gamma's second one signed out again.
    for (const c of COMPANIES) {
      const admin = (await ok('Login', { email: c.email, password: PASSWORD })).token;
      const host = (await ok('addEmployee', { employee_name: `${c.name} Host`, phone: phone() }, admin)).empid;
      for (const vname of c.visitors) {
        const v = await ok('UpdatePhoto', { empid: host, vname, vphone: phone(), protocolAccepted: true }, admin);
        if (vname === 'Gus Gone') await ok('VisitorSignOutByVid', { vid: v.vid }, admin);
      }
    }
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const L of LANGS) {
    it(`figures, a read-only look and the way back (${L.tag})`, { timeout: scaled(600_000) }, async () => {
      const context = await newContext(browser, L.locale, { viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      const [gamma, delta, bystander] = ids as [number, number, number];
      await step(page, `super-home-${L.tag}`, async () => {
        await page.goto(`${server.url}/signin`);
        await page.getByTestId('signin-tab-super').click();
        await page.getByLabel(L.account).fill('LFT_group');
        await page.getByLabel(L.password, { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: L.submit }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/super'));
        await figures(page, gamma, { today: '2', onSite: '1' });
        await figures(page, delta, { today: '1', onSite: '1' });
        assert.equal(await page.getByTestId(`company-${bystander}`).count(), 0, 'an unrelated company is not shown');
        assert.equal(await page.getByText('Bystander Ltd').count(), 0);
        await page.getByRole('img').first().waitFor();
        await screenshot(page, `super-home-${L.tag}`);
      });
      await step(page, `super-read-only-${L.tag}`, async () => {
        await page.getByTestId(`company-${gamma}`).getByRole('button', { name: L.open }).click();
        await page.getByTestId('read-only-banner').getByText(L.banner).waitFor();
        await page.goto(`${server.url}/visitor/vlist`);
        await page.getByText('Gina Guest').waitFor();
        await page.getByText('Gus Gone').waitFor();
        assert.equal(await page.getByText('Dora Delta').count(), 0, "the other company's visitors are not in this console");
        await page.getByTestId('read-only-banner').waitFor();
        // An edit: sign Gina out. The console offers it (it hides nothing); the server refuses it.
        await page.getByRole('checkbox', { name: 'Gina Guest' }).check();
        await page.getByRole('button', { name: L.batch }).click();
        await page.locator('.ant-popconfirm').getByRole('button', { name: L.ok }).click();
        await page.getByText(L.refused).first().waitFor();
        await settled(page);
        await screenshot(page, `super-read-only-${L.tag}`);
      });
      await step(page, `super-back-${L.tag}`, async () => {
        await page.getByTestId('read-only-back').click();
        await page.waitForURL((u) => u.pathname.startsWith('/super'));
        // Nothing changed: Gina is still on site.
        await figures(page, gamma, { today: '2', onSite: '1' });
      });
      // The read-only session has ended; the super account's own still answers.
      const token = await page.evaluate(() => sessionStorage.getItem('X-COOLVISIT-TOKEN'));
      const today = new Date().toISOString().slice(0, 10);
      assert.equal((await call('getAllSuperAccountVCount', { startDate: today, endDate: today }, token ?? '')).status, 0);
      await context.close();
    });
  }
});

async function figures(page: Page, companyId: number, want: { today: string; onSite: string }): Promise<void> {
  const card = page.getByTestId(`company-${companyId}`);
  await card.waitFor();
  await card.getByTestId('today').getByText(want.today, { exact: true }).waitFor();
  await card.getByTestId('onSite').getByText(want.onSite, { exact: true }).waitFor();
}
