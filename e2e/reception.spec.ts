// The front desk (reception) console in Chromium, once in English and once in Chinese: a desk account (staff sType 2)
// signs in on the "Front desk" tab and lands on today's visitors; a walk-in registered at the kiosk shows under
// Walk-ins; the receptionist registers a walk-in on the visitor's behalf, prints the badge (the printed page has the
// card's size), is refused a blacklisted visitor in neutral words (then alerted on the today screen), finds a visitor by
// phone and signs them out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOf, newContext, PASSWORD, registerCompany, screenshot, settled, step, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

/** Lets antd's enter animations (modal zoom, table rows) finish before a screenshot. */
const settle = settled;

const DESK_PASSWORD = 'Rec3ption!2026';

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    company: 'Desk Works',
    host: 'Helen Host',
    kioskVisitor: 'Kim Kiosk',
    deskVisitor: 'Dora Desk',
    t: {
      tab: 'Front desk',
      account: 'Account name',
      password: 'Password',
      signIn: /Sign in$/,
      title: "Today's visitors",
      walkins: /Walk-ins/,
      onSite: /On site now/,
      menuWalkIn: 'Register a walk-in',
      name: 'Name',
      phone: 'Phone',
      host: 'Host',
      terms: 'The visitor has read and accepts the visitor terms',
      register: /Register$/,
      registered: (n: string) => `${n} is registered`,
      printBadge: /Print badge/,
      another: /Register another visitor/,
      refused: 'This visitor cannot be admitted. Please contact security.',
      lookup: 'Phone, name or certificate number',
      signOut: /Sign out/,
      ok: /^OK$/,
      signedOut: (n: string) => `${n} is signed out`,
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    company: '前台测试公司',
    host: '王主人',
    kioskVisitor: '金小亭',
    deskVisitor: '窦前台',
    t: {
      tab: '前台',
      account: '账号',
      password: '密码',
      signIn: /^登\s?录$/,
      title: '今日访客',
      walkins: /现场登记/,
      onSite: /当前在场/,
      menuWalkIn: '登记访客',
      name: '姓名',
      phone: '手机号',
      host: '被访人',
      terms: '访客已阅读并同意访客须知',
      register: /登\s?记$/,
      registered: (n: string) => `${n} 已登记`,
      printBadge: /打印胸卡/,
      another: /继续登记/,
      refused: '该访客无法登记入场，请联系安保人员。',
      lookup: '手机号、姓名或证件号码',
      signOut: /签\s?出/,
      ok: /^确\s?定$|^OK$/,
      signedOut: (n: string) => `${n} 已签出`,
    },
  },
] as const;

for (const L of LANGS) {
  describe(`reception console (${L.tag})`, () => {
    it("shows today's visitors, registers a walk-in, prints the badge, refuses a blacklisted visitor, signs out", async () => {
      const email = `desk-${L.tag}@example.com`;
      await registerCompany(stack, email, L.company, { lang: L.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      const host = await ok('addEmployee', { employee_name: L.host, phone: '13800008888' }, admin);
      const account = `desk_${L.tag}`;
      await ok('AddManager', { account, password: PASSWORD, sName: 'Desk', sType: 2 }, admin);
      const desk = (await ok('Login', { email: account, password: PASSWORD })).token;
      await ok('updatePassword', { oldPassword: PASSWORD, password: DESK_PASSWORD }, desk);
      await ok('addBlacklist', { name: 'Blocked Person', phone: '13700001111' }, admin);
      await ok('updateblackListSwitch', { blackListSwitch: 1 }, admin);
      await ok('addVisitorType', { vType: '商务访客#Business visitor', reasons: ['会议#Meeting'] }, admin);
      await ok('updateSecureProtocol', { secureProtocol: '请佩戴访客证。', secureProtocolEn: 'Please wear your badge.' }, admin);
      await ok('updateCardStyle', { cardSize: 1, printType: 0 }, admin);
      // A walk-in that registered at a kiosk earlier.
      const kioskDesk = (await ok('Login', { email: account, password: DESK_PASSWORD })).token;
      await ok('UpdatePhoto', { vname: L.kioskVisitor, vphone: '13600006666', empid: host.empid, protocolAccepted: true, lang: L.tag }, kioskDesk);

      const context = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
      await context.addInitScript(() => {
        const w = window as unknown as { print: () => void; __printed: number };
        w.__printed = 0;
        w.print = () => {
          w.__printed += 1;
        };
      });
      const page = await context.newPage();
      try {
        await step(page, `reception-${L.tag}-signin`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await page.getByRole('tab', { name: L.t.tab }).click();
          await page.getByLabel(L.t.account, { exact: true }).fill(account);
          await page.getByLabel(L.t.password, { exact: true }).fill(DESK_PASSWORD);
          await page.getByRole('button', { name: L.t.signIn }).click();
          await page.waitForURL(/\/reception\/?$/);
          await page.getByRole('heading', { name: L.t.title }).waitFor();
          await page.getByRole('row').filter({ hasText: L.kioskVisitor }).waitFor();
          await settle(page);
          await screenshot(page, `reception-${L.tag}-today`);
        });

        await step(page, `reception-${L.tag}-walkin`, async () => {
          await page.getByRole('menuitem', { name: L.t.menuWalkIn }).click();
          await page.getByLabel(L.t.name, { exact: true }).fill(L.deskVisitor);
          await page.getByLabel(L.t.phone, { exact: true }).fill('13500005555');
          const hostBox = page.getByRole('combobox', { name: L.t.host });
          await hostBox.click();
          await hostBox.fill(L.host.slice(0, 1));
          await page.locator('.ant-select-item-option').filter({ hasText: L.host }).click();
          await page.getByLabel(L.t.terms).check();
          await screenshot(page, `reception-${L.tag}-walkin-form`);
          await page.getByRole('button', { name: L.t.register }).click();
          await page.getByText(L.t.registered(L.deskVisitor), { exact: true }).first().waitFor();
          await page.getByRole('button', { name: L.t.printBadge }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByTestId('badge-name').filter({ hasText: L.deskVisitor }).waitFor();
          await settle(page);
          await screenshot(page, `reception-${L.tag}-badge`);
          await dialog.getByRole('button', { name: L.t.printBadge }).click();
          assert.equal(await page.evaluate(() => (window as unknown as { __printed: number }).__printed), 1);
          const printed = await page.evaluate(() => {
            const badge = document.querySelector('#kiosk-print [data-testid="badge"]') as HTMLElement | null;
            return { size: badge?.dataset.size, rule: document.getElementById('kiosk-page-size')?.textContent ?? '' };
          });
          assert.equal(printed.size, '102x76');
          assert.match(printed.rule, /size: 102mm 76mm/);
          await page.keyboard.press('Escape');
        });

        await step(page, `reception-${L.tag}-blacklisted`, async () => {
          await page.getByRole('button', { name: L.t.another }).click();
          await page.getByLabel(L.t.name, { exact: true }).fill('Blocked Person');
          await page.getByLabel(L.t.phone, { exact: true }).fill('13700001111');
          const hostBox = page.getByRole('combobox', { name: L.t.host });
          await hostBox.click();
          await hostBox.fill(L.host.slice(0, 1));
          await page.locator('.ant-select-item-option').filter({ hasText: L.host }).click();
          await page.getByLabel(L.t.terms).check();
          await page.getByRole('button', { name: L.t.register }).click();
          await page.getByTestId('walkin-refused').getByText(L.t.refused).waitFor();
          await settle(page);
          await screenshot(page, `reception-${L.tag}-refused`);
        });

        await step(page, `reception-${L.tag}-signout`, async () => {
          await page.getByRole('menuitem', { name: L.t.title }).click();
          // The refusal just now is today's blacklist alert.
          await page.getByTestId('blacklist-alerts').getByText('Blocked Person').waitFor();
          await page.getByRole('tab', { name: L.t.onSite }).click();
          const lookup = page.getByLabel(L.t.lookup);
          await lookup.fill('13500005555');
          await lookup.press('Enter');
          const row = page.getByRole('row').filter({ hasText: L.deskVisitor });
          await row.waitFor();
          await page.getByRole('row').filter({ hasText: L.kioskVisitor }).waitFor({ state: 'detached' });
          await row.getByRole('button', { name: L.t.signOut }).click();
          await page.getByRole('tooltip').getByRole('button', { name: L.t.ok }).click();
          await page.getByText(L.t.signedOut(L.deskVisitor)).waitFor();
          await settle(page);
          await screenshot(page, `reception-${L.tag}-signed-out`);
          const list = await ok('SearchVisitByConditionPage', { startIndex: 0, requestedCount: 10, phone: '13500005555' }, admin);
          assert.deepEqual(
            list.list.map((v) => [v.vname, v.status]),
            [[L.deskVisitor, 'signedOut']],
          );
        });
      } finally {
        await context.close();
      }
    });
  });
}
