// The device monitor, end to end (issue 16): a real kiosk in Chromium, signed in as a visitor machine, sends its
// heartbeat and appears online on the administrator's monitor screen (English and Chinese side by side); an error
// entry it uploaded is in the error log; the administrator sets the shortest threshold (2 minutes) and the kiosk is
// closed: the row turns offline once its last heartbeat is older than that (a condition, polled: no fixed wait), and
// the administrator gets the offline mail.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  apiOf,
  newContext,
  PASSWORD,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  scaled,
  screenshot,
  settled,
  signIn,
  step,
  until,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const ADMIN = 'monitor.admin@example.com';
const KIOSK = 'monitor_kiosk';

async function openMonitor(page: Page, labels: typeof SIGNIN_EN): Promise<void> {
  await page.goto(`${stack.server.url}/signin`);
  await signIn(page, ADMIN, PASSWORD, labels);
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
  await page.goto(`${stack.server.url}/monitor`);
}

describe('device monitor', () => {
  it('the kiosk shows online, its error in the log, then offline with a mail', { timeout: scaled(900_000) }, async () => {
    await registerCompany(stack, ADMIN, 'Monitor Works');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    await ok('AddManager', { account: KIOSK, password: PASSWORD, sName: 'Lobby kiosk', sType: 4 }, admin);
    const machine = (await ok('Login', { email: KIOSK, password: PASSWORD })).token;
    await ok('updatePassword', { oldPassword: PASSWORD, password: `${PASSWORD}k` }, machine);

    const kioskContext = await newContext(stack.browser, 'en-US', { viewport: { width: 1280, height: 800 } });
    const kiosk = await kioskContext.newPage();
    await step(kiosk, 'monitor-kiosk-start', async () => {
      await kiosk.goto(`${stack.server.url}/kiosk`);
      await kiosk.getByLabel('Account', { exact: true }).fill(KIOSK);
      await kiosk.getByLabel('Password', { exact: true }).fill(`${PASSWORD}k`);
      await kiosk.getByRole('button', { name: 'Start the kiosk' }).click();
      await kiosk.getByTestId('kiosk-home').waitFor();
    });
    // The kiosk's identifier, kept in its storage: the entry the monitor lists.
    const clientId = await until('the kiosk identifier', () => kiosk.evaluate(() => localStorage.getItem('openvisit.device') ?? undefined));
    assert.match(clientId, /^kiosk-[0-9a-f]{24}$/);
    const entry = await until('the heartbeat', async () => (await ok('getEqptMonitor', {}, admin)).list.find((d) => d.clientId === clientId));
    assert.equal(entry.name, 'Lobby kiosk');
    assert.equal(entry.type, 2);
    // An error the kiosk met, sent as the kiosk sends its batches.
    await ok(
      'clientUploadLog',
      { type: 2, clientId, name: 'Lobby kiosk', logs: [{ level: 'error', message: 'TypeError: badge printer gone', time: Date.now() }] },
      machine,
    );

    const en = await (await newContext(stack.browser, 'en-US', { viewport: { width: 1366, height: 860 } })).newPage();
    const zh = await (await newContext(stack.browser, 'zh-CN', { viewport: { width: 1366, height: 860 } })).newPage();
    await step(en, 'monitor-online-en', async () => {
      await openMonitor(en, SIGNIN_EN);
      await en.getByRole('heading', { name: 'Device monitor' }).waitFor();
      const row = en.getByTestId('monitor-table').locator('tr', { hasText: 'Lobby kiosk' });
      await row.getByText('Online', { exact: true }).waitFor();
      await row.getByText('Visitor machine').waitFor();
      await row.getByText('just now').waitFor();
      await en.getByTestId('monitor-online').getByText('1').waitFor();
      await screenshot(en, 'monitor-online-en');
      await row.getByRole('button', { name: 'Error log of Lobby kiosk' }).click();
      const drawer = en.getByTestId('monitor-log');
      await drawer.getByText('TypeError: badge printer gone').waitFor();
      await drawer.getByText('Error', { exact: true }).first().waitFor();
      await settled(en);
      await screenshot(en, 'monitor-log-en');
      await en.keyboard.press('Escape');
    });
    await step(zh, 'monitor-online-zh', async () => {
      await openMonitor(zh, SIGNIN_ZH);
      await zh.getByRole('heading', { name: '设备监控' }).waitFor();
      const row = zh.getByTestId('monitor-table').locator('tr', { hasText: 'Lobby kiosk' });
      await row.getByText('在线', { exact: true }).waitFor();
      await row.getByText('访客机').waitFor();
      await screenshot(zh, 'monitor-online-zh');
    });

    await step(en, 'monitor-offline', async () => {
      // The shortest threshold, then the kiosk goes away: no more heartbeats.
      await en.getByRole('spinbutton', { name: 'Offline after' }).fill('2');
      await en.getByRole('button', { name: 'Save' }).click();
      await en.getByText('Offline threshold saved').waitFor();
      await kioskContext.close();
      // Offline once the last heartbeat is more than 2 minutes old: the list says so when asked after that.
      await until(
        'the kiosk offline',
        async () => ((await ok('getEqptMonitor', { status: 'offline' }, admin)).list.some((d) => d.clientId === clientId) ? true : undefined),
        240_000,
      );
      await en.reload();
      const row = en.getByTestId('monitor-table').locator('tr', { hasText: 'Lobby kiosk' });
      await row.getByText('Offline', { exact: true }).waitFor();
      await en.getByTestId('monitor-offline').getByText('1').waitFor();
      await screenshot(en, 'monitor-offline-en');
      await zh.reload();
      await zh.getByTestId('monitor-table').locator('tr', { hasText: 'Lobby kiosk' }).getByText('离线', { exact: true }).waitFor();
      await screenshot(zh, 'monitor-offline-zh');
      // The sweep tells the administrator (every minute, so within two more).
      const mail = await until(
        'the offline mail',
        () => stack.smtp.received.find((m) => m.to.includes(ADMIN) && /Device offline: Lobby kiosk/.test(m.text)),
        180_000,
      );
      assert.match(mail.plain, /have not reported for more than 2 minutes/);
    });
  });
});
