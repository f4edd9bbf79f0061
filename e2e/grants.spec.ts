// Module-driven accounts in Chromium: the administrator creates a sub-administrator granted two modules (employees,
// blacklist) in the staff-account drawer; it signs in and lands on its first granted screen, its top navigation holds
// exactly those modules' screens (and its own account settings); typing a third module's URL shows the not-found page,
// not the screen; a call of that module made with the page's own session answers 610. Once in English, once in Chinese.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiOf, newContext, PASSWORD, pickOption, registerCompany, SIGNIN_EN, SIGNIN_ZH, settled, signIn, step, until, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const FIRST_PASSWORD = 'First#Grant2026';
const OWN_PASSWORD = 'Own#Grant2026';

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    signin: SIGNIN_EN,
    t: {
      add: 'Add staff account',
      account: 'Account',
      name: 'Name',
      type: 'Type',
      subAdmin: 'Sub-administrator',
      employees: 'Employees',
      blacklist: 'Blacklist',
      password: 'Initial password',
      save: 'Save',
      listed: 'Employees, Blacklist',
      // Top navigation: People (company employees, blacklist, its screening reviews, whitelist), the invitation
      // permission (the lone screen of Custom settings, shown directly) and the account settings (its password).
      nav: ['People', 'Invitation permission', 'Account settings'],
      people: ['Company employees', 'Blacklist', 'Screening reviews', 'Whitelist'],
      notFound: 'Sorry, this page does not exist',
      employeesTitle: 'Company employees',
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    signin: SIGNIN_ZH,
    t: {
      add: '添加工作人员账号',
      account: '账号',
      name: '姓名',
      type: '类型',
      subAdmin: '子管理员',
      employees: '员工',
      blacklist: '黑名单',
      password: '初始密码',
      save: /保\s?存/,
      listed: '员工、黑名单',
      nav: ['人员管理', '邀请权限', '账号设置'],
      people: ['企业员工', '黑名单', '筛查复核', '白名单'],
      notFound: '抱歉，您访问的页面不存在',
      employeesTitle: '企业员工',
    },
  },
] as const;

/** The texts of the top navigation's own items (groups and lone screens), in order. */
async function topNavigation(page: Page): Promise<string[]> {
  const items = page.locator('header nav .ant-menu-horizontal > li:not(.ant-menu-overflow-item-rest)');
  return (await items.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

for (const L of LANGS) {
  describe(`module-driven accounts (${L.tag})`, () => {
    it('a sub-administrator granted two modules sees exactly them; a third is neither shown nor callable', async () => {
      const email = `grants-${L.tag}@example.com`;
      const subAccount = `sub.grants.${L.tag}`;
      await registerCompany(stack, email, `Grants Co ${L.tag}`, { lang: L.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);

      const context = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      try {
        await step(page, `grants-${L.tag}-admin`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await signIn(page, email, PASSWORD, L.signin);
          await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
          await page.goto(`${stack.server.url}/setting/account/managers`);
          await page.getByRole('button', { name: L.t.add }).click();
          const drawer = page.getByRole('dialog');
          await drawer.getByLabel(L.t.account, { exact: true }).fill(subAccount);
          await drawer.getByLabel(L.t.name, { exact: true }).fill('Sub Admin');
          await pickOption(page, drawer.getByLabel(L.t.type, { exact: true }), L.t.subAdmin);
          await drawer.getByRole('checkbox', { name: L.t.employees, exact: true }).check();
          await drawer.getByRole('checkbox', { name: L.t.blacklist, exact: true }).check();
          await drawer.getByLabel(L.t.password, { exact: true }).fill(FIRST_PASSWORD);
          await drawer.getByRole('button', { name: L.t.save }).click();
          await page
            .getByRole('row', { name: new RegExp(subAccount.replace(/\./g, '\\.')) })
            .getByText(L.t.listed)
            .waitFor();
        });
      } finally {
        await context.close();
      }
      // Its first password was set by the administrator: it chooses its own (the sign-in screens' flow is auth.spec's).
      const first = (await ok('Login', { email: subAccount, password: FIRST_PASSWORD })).token;
      await ok('updatePassword', { oldPassword: FIRST_PASSWORD, password: OWN_PASSWORD }, first);

      const subContext = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
      const sub = await subContext.newPage();
      try {
        await step(sub, `grants-${L.tag}-subadmin`, async () => {
          await sub.goto(`${stack.server.url}/signin`);
          await signIn(sub, subAccount, OWN_PASSWORD, L.signin);
          // Its first granted screen.
          await sub.waitForURL((u) => u.pathname === '/emp/emplist');
          await until('the employees screen', async () => ((await sub.title()).includes(L.t.employeesTitle) ? true : undefined));
          const nav = await until('the top navigation', async () => {
            const texts = await topNavigation(sub);
            return texts.length >= L.t.nav.length ? texts : undefined;
          });
          assert.deepEqual(nav, L.t.nav);
          // Hovered again until its drop-down lists something: a menu re-rendered under the pointer (the session's
          // grants arriving on a busy machine) closes the first one.
          const people = sub.locator('.ant-menu-submenu-popup:visible .ant-menu-item');
          const listed = await until('the People drop-down', async () => {
            await sub.getByRole('menuitem', { name: L.t.nav[0] }).hover();
            const texts = (await people.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
            return texts.length ? texts : undefined;
          });
          assert.deepEqual(listed, L.t.people);

          // A third module's screen, typed in: the not-found page, not the screen.
          await sub.goto(`${stack.server.url}/visitor/vlist`);
          await sub.getByText(L.t.notFound).waitFor();
          await settled(sub);
          assert.equal(await sub.locator('.ant-table').count(), 0, 'no list of the visitors module is shown');

          // The page's own session: a call of that module is refused, a granted one answered.
          // No named functions inside: the page runs the source as written (tsx would add its __name helper).
          const statuses = await sub.evaluate(
            (names) =>
              Promise.all(
                names.map((name) =>
                  fetch(`/api/${name}`, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json', 'x-coolvisit-token': sessionStorage.getItem('X-COOLVISIT-TOKEN') ?? '' },
                    body: '{}',
                  })
                    .then((res) => res.json())
                    .then((env: { status: number }) => env.status),
                ),
              ),
            ['SearchVisitByConditionPage', 'getEmpListPages'],
          );
          assert.deepEqual(statuses, [610, 0]);
        });
      } finally {
        await subContext.close();
      }
    });
  });
}
