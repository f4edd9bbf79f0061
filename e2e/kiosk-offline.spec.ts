// The visitor kiosk's finishing pieces in Chromium (English): "came before" fills the walk-in form from the last
// visit and reuses the ID number on file without showing it; signing the kiosk out from the staff panel takes the
// account's password; and the kiosk's service worker keeps the page, so a kiosk that loaded once opens again with
// the server gone and the browser offline.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  apiOf,
  launchBrowser,
  newContext,
  PASSWORD,
  registerCompany,
  type Server,
  type Smtp,
  screenshot,
  startServer,
  startSmtp,
  step,
} from './harness.js';

const MACHINE_PASSWORD = 'Kiosk!2026c';
const ID = '11010519491231002X';
const TABLET = { width: 1024, height: 768 };

let smtp: Smtp;
let server: Server;
let browser: Browser;
let serverStopped = false;

// A stack of its own: this spec stops its server to prove the kiosk opens without it.
before(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  if (!serverStopped) await server?.stop();
  await smtp?.close();
});

const { ok } = apiOf(() => server);

describe('visitor kiosk: came before, staff lock, offline shell', () => {
  it('serves its service worker never cached, naming files that exist', async () => {
    const res = await fetch(`${server.url}/kiosk-sw.js`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.match(res.headers.get('content-type') ?? '', /javascript/);
    const m = /\(self, (\{.*\})\);/.exec(await res.text());
    assert.ok(m?.[1], 'no shell in kiosk-sw.js');
    const shell = JSON.parse(m[1]) as { cache: string; page: string; assets: string[] };
    assert.match(shell.cache, /^openvisit-kiosk-[0-9a-f]{16}$/);
    assert.equal(shell.page, '/kiosk.html');
    // The page's own script and style are among them, and the QR reader loaded on demand.
    const page = await (await fetch(`${server.url}/kiosk.html`)).text();
    for (const ref of page.match(/\/assets\/[^"]+/g) ?? []) assert.ok(shell.assets.includes(ref), `${ref} not kept`);
    assert.ok(
      shell.assets.some((a) => /\/assets\/jsqr-/.test(a)),
      'the QR reader chunk is not kept',
    );
    for (const a of shell.assets) assert.equal((await fetch(`${server.url}${a}`)).status, 200, a);
  });

  it('a returning visitor registers from their last visit; exiting needs the password; the page opens offline', async () => {
    const email = 'kiosk-offline@example.com';
    await registerCompany({ server, smtp }, email, 'Offline Works');
    const admin = (await ok('Login', { email, password: PASSWORD })).token;
    const hostId = (await ok('addEmployee', { employee_name: 'Helen Host', phone: '13800008888' }, admin)).empid;
    const account = 'kiosk_offline';
    await ok('AddManager', { account, password: PASSWORD, sName: 'Kiosk', sType: 4 }, admin);
    const machine = (await ok('Login', { email: account, password: PASSWORD })).token;
    await ok('updatePassword', { oldPassword: PASSWORD, password: MACHINE_PASSWORD }, machine);
    // Rita came before, registered at the desk with her ID card; the company offers "came before" at its kiosks.
    await ok('UpdatePhoto', { vname: 'Rita Return', vphone: '13955550001', vcompany: 'Star Ltd', cardId: ID, empid: hostId }, admin);
    await ok('updateComeAgain', { comeAgain: 1 }, admin);

    const context = await newContext(browser, 'en-US', { viewport: TABLET, hasTouch: true });
    const page = await context.newPage();
    const signIn = async () => {
      await page.getByLabel('Account', { exact: true }).fill(account);
      await page.getByLabel('Password', { exact: true }).fill(MACHINE_PASSWORD);
      await page.getByRole('button', { name: 'Start the kiosk' }).click();
      await page.getByTestId('kiosk-home').waitFor();
    };
    try {
      await step(page, 'kiosk-offline-signin', async () => {
        await page.goto(`${server.url}/kiosk`);
        await signIn();
      });

      await step(page, 'kiosk-came-before', async () => {
        await page.getByRole('button', { name: /^Register/ }).click();
        await page.getByRole('button', { name: 'Yes, I have been here before' }).click();
        await page.getByRole('textbox', { name: 'Phone number' }).fill('13955550001');
        await page.getByRole('button', { name: 'Find my details' }).click();
        await page.getByText('Welcome back, Rita Return').waitFor();
        assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Rita Return');
        assert.equal(await page.getByLabel(/^Company/).inputValue(), 'Star Ltd');
        await page.getByTestId('host-chosen').waitFor();
        // The whole ID number never reaches the kiosk's screen.
        assert.equal(await page.getByText('0519491231').count(), 0);
        await screenshot(page, 'kiosk-came-before');
        await page.getByRole('button', { name: 'Next' }).click();
        // Face recognition is asked apart before the camera: declined, the registration goes on the same.
        await page.getByRole('button', { name: 'No, thank you', exact: true }).click();
        await page.getByRole('button', { name: 'Continue without a photo' }).click();
        await page.getByRole('heading', { name: 'Welcome, Rita Return' }).waitFor();
        const [latest] = await ok('SearchVisitByCondition', { phone: '13955550001' }, admin);
        assert.equal((await ok('revealIdNumber', { of: 'visit', id: latest?.vid ?? 0 }, admin)).idNumber, ID);
        assert.equal(latest?.vcompany, 'Star Ltd');
        await page.getByRole('button', { name: 'Done' }).click();
        await page.getByTestId('kiosk-home').waitFor();
      });

      await step(page, 'kiosk-staff-lock', async () => {
        await page.getByRole('button', { name: 'Staff' }).click();
        await page.getByRole('button', { name: 'Sign the kiosk out' }).click();
        const password = page.getByLabel('Password of the kiosk account');
        await password.fill('not-the-password');
        await password.press('Enter');
        await page.getByTestId('exit-error').getByText('Wrong password.').waitFor();
        await screenshot(page, 'kiosk-staff-lock');
        assert.equal(await page.getByTestId('kiosk-home').count(), 1);
        await password.fill(MACHINE_PASSWORD);
        await password.press('Enter');
        await page.getByRole('heading', { name: 'Kiosk sign-in' }).waitFor();
        await signIn();
      });

      await step(page, 'kiosk-offline-shell', async () => {
        // The worker took over this page and kept the shell.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        const kept: string[] = await page.evaluate(() => caches.keys());
        assert.ok(
          kept.some((c) => c.startsWith('openvisit-kiosk-')),
          `caches: ${kept.join(', ')}`,
        );
        // No server and no network: the page, its scripts and its settings come from the kiosk itself.
        await server.stop();
        serverStopped = true;
        await context.setOffline(true);
        const response = await page.reload();
        assert.ok(response?.fromServiceWorker(), 'the page did not come from the service worker');
        await page.getByTestId('kiosk-home').waitFor();
        await page.getByText('Network lost: registrations are saved here and sent later.').waitFor();
        await screenshot(page, 'kiosk-offline-shell');
        // A fresh visit to /kiosk opens too (the sign-in screen would show without a stored session).
        await page.goto(`${server.url}/kiosk.html`);
        await page.getByTestId('kiosk-home').waitFor();
      });
    } finally {
      await context.close();
    }
  });
});
