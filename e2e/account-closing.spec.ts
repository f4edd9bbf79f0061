// Closing an account in Chromium, in English and in Chinese: the administrator downloads the export of everything from
// Account › security (a zip of workbooks, parsed back), confirms with the password, sees the banner with the deletion
// date on every screen, and cancels the closing from the banner. The deletion itself (after the grace period) is the
// server's job, tested with its clock handed in (apps/server/src/modules/accounts/accounts.closing.test.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { expectAccessible } from './a11y.js';
import {
  apiOf,
  button,
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

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    company: 'Closing Works',
    signin: SIGNIN_EN,
    t: { employees: 'employees.xlsx', password: 'Password', close: 'Close the account', banner: /deleted on/, cancel: 'Cancel closing', ok: 'OK' },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    company: '注销测试公司',
    signin: SIGNIN_ZH,
    t: { employees: '员工.xlsx', password: '密码', close: '注销账号', banner: /删除。/, cancel: '取消注销', ok: '确定' },
  },
] as const;

for (const lang of LANGS) {
  describe(`closing the account (${lang.tag})`, () => {
    it('downloads everything, closes with the password, shows the banner with the date, and cancels', async () => {
      const { t } = lang;
      const email = `closing-${lang.tag}@example.com`;
      await registerCompany(stack, email, lang.company, { lang: lang.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);
      await ok('addEmployee', { employee_name: 'Carla Keeper', phone: '13800003001', email: `carla.${lang.tag}@example.com` }, admin);

      const context = await newContext(stack.browser, lang.locale, { viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      try {
        await step(page, `closing-${lang.tag}`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await signIn(page, email, PASSWORD, lang.signin);
          await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
          await page.goto(`${stack.server.url}/setting/account/safe`);
          const card = page.getByTestId('close-account');
          await card.waitFor();
          assert.equal(await page.getByTestId('closing-close').isDisabled(), true);

          const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('closing-download').click()]);
          assert.match(download.suggestedFilename(), /\.zip$/);
          const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
          assert.equal(Object.keys(entries).length, 8, Object.keys(entries).join(', '));
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(Buffer.from(entries[t.employees] ?? []) as unknown as ArrayBuffer);
          const cells: string[] = [];
          wb.worksheets[0]?.eachRow((r) => cells.push(...(r.values as unknown[]).map((v) => String(v ?? ''))));
          assert.ok(cells.includes('Carla Keeper'), JSON.stringify(cells));

          const close = page.getByTestId('closing-close');
          await page.waitForFunction(() => !(document.querySelector('[data-testid="closing-close"]') as HTMLButtonElement | null)?.disabled);
          await close.click();
          const dialog = page.getByRole('dialog');
          await dialog.getByLabel(t.password, { exact: true }).fill(PASSWORD);
          await dialog.getByRole('button', { name: button(t.close) }).click();
          const banner = page.getByTestId('closing-banner');
          await banner.getByText(t.banner).waitFor();
          await settled(page);
          await screenshot(page, `closing-${lang.tag}-banner`);
          await expectAccessible(page, `${lang.tag} /setting/account/safe (closing)`);
          const info = await ok('GetUserInfo', {}, admin);
          assert.equal(info.unsubscribe, 1);
          assert.ok((info.closingDue ?? 0) > Date.now() + 29 * 86_400_000);

          // The banner is on every admin screen; cancelled from another one.
          await page.goto(`${stack.server.url}/emp/emplist`);
          await banner.waitFor();
          await banner.getByRole('button', { name: button(t.cancel) }).click();
          await page
            .locator('.ant-popconfirm:visible')
            .getByRole('button', { name: button(t.ok) })
            .click();
          await banner.waitFor({ state: 'detached' });
        });
      } finally {
        await context.close();
      }
      const after = await ok('GetUserInfo', {}, admin);
      assert.deepEqual([after.unsubscribe, after.closingDue], [0, null]);
    });
  });
}
