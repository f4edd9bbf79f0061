// Platform flows in Chromium against the built product: register, activate from the real mail, onboarding,
// sign in and out in English and Chinese, a wrong password, the lockout, and a guarded URL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  activationLink,
  apiOf,
  newContext,
  PASSWORD,
  registerCompany,
  SIGNIN_ZH,
  screenshot,
  settled,
  signIn,
  skipRestOfGuide,
  step,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const owner = { company: 'Northwind Trading Ltd', short: 'NWT', name: 'Grace Hopper', phone: '13800138000', email: 'grace@northwind.example' };

describe('platform: accounts and sessions in the browser', () => {
  it('registers a company, activates it from the email, completes onboarding and signs out (English)', async () => {
    const context = await newContext(stack.browser, 'en-US');
    const page = await context.newPage();
    await step(page, 'signup', async () => {
      await page.goto(`${stack.server.url}/signup`);
      await page.getByLabel('Company name').fill(owner.company);
      await page.getByLabel('Short name').fill(owner.short);
      await page.getByLabel('Contact name').fill(owner.name);
      await page.getByLabel('Mobile phone').fill(owner.phone);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByText('At least 6 characters', { exact: false }).first().waitFor();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await page.getByText('Check your email to activate').waitFor();
    });

    const mail = await stack.smtp.waitFor(owner.email, /active\?token=/);
    assert.match(mail.raw, /Subject: .*Activate.your.OpenVisit.account/);
    await step(page, 'activate', async () => {
      await page.goto(activationLink(mail.text));
      await page.getByText('Your account is activated').waitFor();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/signin/);
    });

    await step(page, 'first-signin-and-guide', async () => {
      await signIn(page, owner.email, PASSWORD);
      await page.waitForURL(/\/guide$/);
      assert.equal(await page.getByLabel('Company name').inputValue(), owner.company);
      await page.getByLabel('Company remark').fill('Importer of fine teas; visitors come to the Shanghai office.');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      // The employees step can be skipped, and so can registration content and pad settings; the wizard ends on the admin home.
      await page.getByRole('button', { name: 'Skip this step' }).click();
      await skipRestOfGuide(page);
      await page.waitForURL(/\/visitor$/);
      await page.getByText('Setup complete').waitFor();
      // System settings is a drop-down (multi-enterprise and account settings): open it, then take account settings.
      await page.getByRole('menuitem', { name: 'System settings' }).hover();
      await page.getByRole('menuitem', { name: 'Account settings' }).click();
      await page.waitForURL(/\/setting\/account$/);
      await page.getByText('Company information').first().waitFor();
      await page.getByText(owner.company).first().waitFor();
      assert.match(await page.title(), /OpenVisit/);
    });
    await screenshot(page, 'account-base-en');

    await step(page, 'not-found-signed-in', async () => {
      // An unknown address keeps the console's frame: the 404 under the top navigation, with the way home.
      await page.goto(`${stack.server.url}/no/such/screen`);
      await page.getByText('Sorry, this page does not exist').waitFor();
      await page.getByRole('menuitem', { name: 'System settings' }).waitFor();
      await page.getByTestId('account-menu').waitFor();
    });

    await step(page, 'sign-out', async () => {
      await page.getByTestId('account-menu').click();
      await page.getByTestId('sign-out').click();
      // The confirmation is clicked once it has finished zooming in: a click during the animation can miss on a busy machine.
      const confirm = page.getByRole('dialog').getByRole('button', { name: 'Sign out' });
      await confirm.waitFor();
      await settled(page);
      await confirm.click();
      await page.waitForURL(/\/signin/);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('X-COOLVISIT-TOKEN')), null);
    });
    // The revoked token no longer opens the console: a guarded page sends us back to sign in.
    await page.goto(`${stack.server.url}/setting/account`);
    await page.waitForURL(/\/signin\?redirect=/);
    await context.close();
  });

  it('a guarded URL redirects to sign in and back after login; wrong password shown; Chinese then English', async () => {
    const context = await newContext(stack.browser, 'zh-CN');
    const page = await context.newPage();
    await step(page, 'guarded-redirect-zh', async () => {
      await page.goto(`${stack.server.url}/setting/account/safe`);
      await page.waitForURL(/\/signin\?redirect=%2Fsetting%2Faccount%2Fsafe/);
      await page.getByTestId('signin-tab-admin').waitFor();
      assert.equal(await page.getByTestId('signin-tab-admin').textContent(), '管理员');
      await signIn(page, owner.email, 'Wrong#Pass1', SIGNIN_ZH);
      await page.getByTestId('signin-error').getByText('用户名或密码错误').waitFor();
      await signIn(page, owner.email, PASSWORD, SIGNIN_ZH);
      await page.waitForURL(/\/setting\/account\/safe$/);
      await page.getByText('安全设置').first().waitFor();
      await page.goto(`${stack.server.url}/setting/account/nothing-here`);
      await page.getByText('抱歉，您访问的页面不存在').waitFor();
      await page.getByRole('menuitem', { name: '系统设置' }).waitFor();
      await page.goBack();
      await page.getByText('安全设置').first().waitFor();
    });
    await screenshot(page, 'account-safe-zh');
    await step(page, 'switch-to-english', async () => {
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText('Security').first().waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('openvisit.lang')), 'en');
    });
    await context.close();
  });

  it('warns with the tries left and then locks the account after repeated wrong passwords', async () => {
    const email = 'locked.owner@example.com';
    await registerCompany(stack, email, 'Lockout Test Co');
    const context = await newContext(stack.browser, 'en-US');
    const page = await context.newPage();
    await step(page, 'lockout', async () => {
      await page.goto(`${stack.server.url}/signin`);
      for (let i = 1; i <= 5; i++) {
        await signIn(page, email, `Wrong#Pass${i}`);
        await page.getByTestId('signin-error').getByText('Invalid username or password').waitFor();
      }
      await signIn(page, email, 'Wrong#Pass6');
      await page.getByTestId('signin-error').getByText('2 more failed attempts will lock the account').waitFor();
      await signIn(page, email, 'Wrong#Pass7');
      await page.getByTestId('signin-error').getByText('1 more failed attempts will lock the account').waitFor();
      await signIn(page, email, 'Wrong#Pass8');
      await page
        .getByTestId('signin-error')
        .getByText(/locked/)
        .waitFor();
      // Even the right password is refused while locked.
      await signIn(page, email, PASSWORD);
      await page
        .getByTestId('signin-error')
        .getByText(/locked/)
        .waitFor();
      assert.match(page.url(), /\/signin/);
    });
    await screenshot(page, 'signin-locked-en');
    await context.close();
  });

  it('one sign-in serves every tab of the browser, and signing out in one tab signs the others out (issue 35)', async () => {
    const email = 'two.tabs@example.com';
    await registerCompany(stack, email, 'Two Tabs Co');
    await ok('ModifyUserInfo', { guideDone: true }, (await ok('Login', { email, password: PASSWORD })).token);
    const context = await newContext(stack.browser, 'en-US');
    const first = await context.newPage();
    await step(first, 'tabs-sign-in', async () => {
      await first.goto(`${stack.server.url}/signin`);
      // The five kinds of account stand in one row on a desktop; on a 390 px phone they wrap, all on screen.
      const tops = async () => {
        const boxes = await Promise.all((await first.getByRole('tab').all()).map((tab) => tab.boundingBox()));
        return boxes.map((b) => ({ top: Math.round(b?.y ?? -1), right: (b?.x ?? 0) + (b?.width ?? 0) }));
      };
      await first.getByTestId('signin-tab-desk').waitFor();
      assert.equal(new Set((await tops()).map((b) => b.top)).size, 1, 'one row at 1366 px');
      await first.setViewportSize({ width: 390, height: 844 });
      await first.waitForFunction(() => getComputedStyle(document.querySelector('[role="tablist"]') as Element).flexWrap === 'wrap');
      assert.ok(
        (await tops()).every((b) => b.right <= 390),
        'every tab on a phone screen',
      );
      assert.ok(await first.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scroll at 390 px');
      await first.setViewportSize({ width: 1024, height: 768 });
      await first.waitForFunction(() => getComputedStyle(document.querySelector('[role="tablist"]') as Element).flexWrap === 'nowrap');
      assert.equal(new Set((await tops()).map((b) => b.top)).size, 1, 'one row at 1024 px');
      await first.setViewportSize({ width: 1366, height: 860 });
      await signIn(first, email, PASSWORD);
      await first.waitForURL((u) => !u.pathname.startsWith('/signin'));
    });
    // A second tab opened at a deep link (a bookmark, a link from a mail) is signed in already.
    const second = await context.newPage();
    await step(second, 'tabs-deep-link', async () => {
      await second.goto(`${stack.server.url}/setting/account/safe`);
      await second.getByText('Security').first().waitFor();
      assert.equal(new URL(second.url()).pathname, '/setting/account/safe');
      // The spec's keys are in the new tab's session storage too, where the original's pages look.
      assert.ok(await second.evaluate(() => sessionStorage.getItem('X-COOLVISIT-TOKEN')));
    });
    await step(second, 'tabs-sign-out', async () => {
      await second.getByTestId('account-menu').click();
      await second.getByTestId('sign-out').click();
      const confirm = second.getByRole('dialog').getByRole('button', { name: 'Sign out' });
      await confirm.waitFor();
      await settled(second);
      await confirm.click();
      await second.waitForURL(/\/signin/);
    });
    // The first tab follows at once, without a click: to sign in, and back to where it was afterwards.
    await step(first, 'tabs-signed-out-elsewhere', async () => {
      await first.waitForURL(/\/signin\?redirect=/);
      await first.getByTestId('signin-tab-admin').waitFor();
      assert.equal(await first.evaluate(() => sessionStorage.getItem('X-COOLVISIT-TOKEN')), null);
    });
    await context.close();
  });
});
