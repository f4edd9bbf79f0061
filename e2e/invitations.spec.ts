// Invitations with a two-level approval, end to end (issue 5): the administrator sets up the approval flow in the
// console; an employee signs in and invites a visitor; the invitation mail reaches the test's SMTP server; the visitor
// opens its link on a phone, accepts and takes the QR pass (decoded from the page's image); two approvers approve in
// turn from their own queues; the kiosk's camera films the pass and the visitor checks in; the host's arrival mail
// arrives; an invitation the host calls off no longer checks in.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatDateTime } from '@openvisit/contract';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import {
  apiOf,
  employeePassword,
  FAKE_CAMERA_ARGS,
  newContext,
  PASSWORD,
  pickOption,
  registerCompany,
  scaled,
  screenshot,
  signIn,
  step,
  useStack,
  writeQrFrame,
} from './harness.js';

/** What the kiosk's fake camera films: rewritten before each scan, read by Chromium when the camera starts. */
const cameraFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invite-camera-')), 'pass.y4m');

/** Films a QR code holding `text` (before each scan). */
const filmQr = (text: string) => writeQrFrame(cameraFile, text);
filmQr('NOTHING0');

const stack = useStack({ browserArgs: [...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${cameraFile}`] });
const { ok, call } = apiOf(() => stack.server);

const ADMIN = 'invite.admin@example.com';
const KIOSK = 'invite_kiosk';
const people = {
  host: { name: 'Hana Host', phone: '13800001001', email: 'hana.host@example.com' },
  first: { name: 'Finn First', phone: '13800001002', email: 'finn.first@example.com' },
  second: { name: 'Sara Second', phone: '13800001003', email: 'sara.second@example.com' },
};
const VISITOR = { name: 'Vera Visitor', email: 'vera.visitor@example.com' };

/** Signs an employee in on the console's employee tab. */
async function employeeSignIn(browser: Browser, phone: string): Promise<Page> {
  const context = await newContext(browser, 'en-US', { viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${stack.server.url}/signin`);
  await page.getByRole('tab', { name: 'Employee' }).click();
  await page.getByLabel('Mobile phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /Sign in$/ }).click();
  await page.waitForURL(/\/emporder\//);
  return page;
}

/** The QR pass as the visitor's phone shows it, decoded from the image's pixels. */
async function readPass(page: Page): Promise<string> {
  const img = page.getByTestId('invitation-qr');
  await img.waitFor();
  await page.waitForFunction(() => (document.querySelector('[data-testid="invitation-qr"]') as HTMLImageElement | null)?.complete === true);
  const { width, height, data } = await img.evaluate((el: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(el, 0, 0);
    return { width: canvas.width, height: canvas.height, data: [...ctx.getImageData(0, 0, canvas.width, canvas.height).data] };
  });
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  assert.ok(code, 'the pass is a readable QR code');
  return code.data;
}

/** An approver's queue: the visitor's row, approved. */
async function approveFrom(page: Page, visitor: string, shot: string): Promise<void> {
  await page.goto(`${stack.server.url}/emporder/approve`);
  const row = page.locator('tr.ant-table-row', { hasText: visitor });
  await row.waitFor();
  await screenshot(page, shot);
  await row.getByRole('button', { name: /Approve$/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: `Approve the visit of ${visitor}?` });
  await dialog.getByRole('button', { name: /Approve$/ }).click();
  await page.getByText('Approved', { exact: true }).first().waitFor();
  await row.waitFor({ state: 'detached' });
}

describe('invitations with a two-level approval', () => {
  it('invite → mail → accept → approve twice → scan at the kiosk → arrival mail; a called-off pass is refused', {
    timeout: scaled(1_200_000),
  }, async () => {
    await registerCompany(stack, ADMIN, 'Invite Works');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    await ok('updatePermissionSwitch', { permissionSwitch: 1 }, admin);
    await ok('updateQRcode', { qrcodeSwitch: 1 }, admin);
    await ok('AddManager', { account: KIOSK, password: PASSWORD, sName: 'Lobby kiosk', sType: 4 }, admin);
    const machine = (await ok('Login', { email: KIOSK, password: PASSWORD })).token;
    await ok('updatePassword', { oldPassword: PASSWORD, password: `${PASSWORD}k` }, machine);
    for (const p of Object.values(people)) {
      await ok('addEmployee', { employee_name: p.name, phone: p.phone, email: p.email }, admin);
      await employeePassword(stack, p.email);
    }

    const context = await newContext(stack.browser, 'en-US', { viewport: { width: 1366, height: 860 } });
    const console = await context.newPage();
    await step(console, 'approval-setup', async () => {
      await console.goto(`${stack.server.url}/signin`);
      await signIn(console, ADMIN, PASSWORD);
      await console.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await console.goto(`${stack.server.url}/setting/approve`);
      // A policy without conditions, above the default: every request goes to the first employee, then the second.
      await console.getByRole('button', { name: /Add policy$/ }).click();
      const editor = console.locator('.ant-drawer', { hasText: 'Add approval policy' });
      await editor.getByLabel('Name', { exact: true }).fill('Head office');
      await editor.getByRole('button', { name: /Add step$/ }).click();
      for (const [i, who] of [people.first, people.second].entries()) {
        const n = i + 1;
        const card = editor.locator('.ant-card', { hasText: `Step ${n}` }).filter({ has: console.getByLabel(`Step ${n}: approver type`) });
        await card.getByRole('button', { name: 'Remove approver Host' }).click();
        await pickOption(console, card.getByRole('combobox', { name: `Step ${n}: approver type` }), 'Employee');
        // Searchable: typing narrows the list to one, Enter picks it (as a person at a keyboard would).
        const picker = card.getByRole('combobox', { name: `Step ${n}: choose the approver` });
        await picker.fill(who.name);
        await picker.press('Enter');
        await card.getByRole('button', { name: /Add approver$/ }).click();
        await card.getByRole('button', { name: `Remove approver Employee: ${who.name}` }).waitFor();
      }
      await editor.getByRole('button', { name: /Save$/ }).click();
      const row = console.locator('tr.ant-table-row', { hasText: 'Head office' });
      await row.getByText(`Employee: ${people.first.name} → Employee: ${people.second.name}`).waitFor();
      await console.getByRole('switch', { name: 'Approve visits before they check in' }).click();
      await console.getByText('Approval is on').waitFor();
      await screenshot(console, 'approval-flows-en');
    });

    const host = await employeeSignIn(stack.browser, people.host.phone);
    const at = new Date(Date.now() + 10 * 60_000);
    // Typed as the picker shows a moment in English (the contract's formatter, as every table and mail writes it).
    const when = formatDateTime(at, 'en');
    await step(host, 'invite-send', async () => {
      // The portal's own address opens the single invite (spec: /emporder redirects to sigleorder).
      await host.goto(`${stack.server.url}/emporder`);
      await host.waitForURL(/\/emporder\/sigleorder$/);
      await host.getByLabel('Visitor name').fill(VISITOR.name);
      await host.getByLabel('Email').fill(VISITOR.email);
      const time = host.getByLabel('Visit time');
      await time.click();
      await time.fill(when);
      // Enter confirms the time and, as in any form, sends it (the "Send invitations" button's submit).
      await time.press('Enter');
      await host.getByText('1 visitor invited').waitFor();
      await screenshot(host, 'invite-sent-en');
    });

    // The invitation mail, its link opened on the visitor's phone.
    const mail = await stack.smtp.waitFor(VISITOR.email, /invite\?token=/);
    const link = mail.text.match(/https?:\/\/[^\s"<>]+\/invite\?token=[A-Za-z0-9_-]+/)?.[0];
    assert.ok(link, 'the mail carries the invitation link');
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    const pass = await step(phone, 'invite-accept', async () => {
      await phone.goto(link);
      await phone.getByTestId('invitation').getByText(people.host.name).waitFor();
      await phone.getByRole('button', { name: /Accept$/ }).click();
      await phone.getByText(/Your visit is waiting for approval/).waitFor();
      await screenshot(phone, 'invite-page-waiting-en');
      return readPass(phone);
    });
    assert.match(pass, /^OV3\d{8}[A-Za-z0-9]{16}$/, 'the pass is the signed check-in code');
    const kiosk = await context.newPage();
    await kiosk.setViewportSize({ width: 1280, height: 800 });

    const first = await employeeSignIn(stack.browser, people.first.phone);
    await step(first, 'approve-level-1', () => approveFrom(first, VISITOR.name, 'approval-queue-en'));
    // After one level the pass still does not check in.
    assert.equal((await call('AppClientSignin', { verifyCode: pass }, machine)).status, 1121);
    const second = await employeeSignIn(stack.browser, people.second.phone);
    await step(second, 'approve-level-2', () => approveFrom(second, VISITOR.name, 'approval-queue-2-en'));
    await stack.smtp.waitFor(VISITOR.email, /has been approved/);
    await phone.reload();
    await phone.getByTestId('invitation-qr').waitFor();
    assert.equal(await phone.getByText(/Your visit is waiting for approval/).count(), 0);

    await step(kiosk, 'kiosk-scan', async () => {
      await kiosk.goto(`${stack.server.url}/kiosk`);
      await kiosk.getByLabel('Account', { exact: true }).fill(KIOSK);
      await kiosk.getByLabel('Password', { exact: true }).fill(`${PASSWORD}k`);
      await kiosk.getByRole('button', { name: 'Start the kiosk' }).click();
      await kiosk.getByTestId('kiosk-home').waitFor();
      filmQr(pass);
      await kiosk.getByRole('button', { name: /^I have an invitation/ }).click();
      await kiosk.getByRole('button', { name: 'Scan QR code' }).click();
      await kiosk.getByRole('heading', { name: `Welcome, ${VISITOR.name}` }).waitFor();
      await screenshot(kiosk, 'kiosk-invite-welcome-en');
    });
    // The host heard of the answer, and hears of the arrival within seconds.
    await stack.smtp.waitFor(people.host.email, new RegExp(`${VISITOR.name} has accepted your invitation`));
    await stack.smtp.waitFor(people.host.email, new RegExp(`${VISITOR.name} checked in at`));

    // A second invitation, called off by the host from their list: its pass no longer checks in.
    const [later] = await ok(
      'addAppointment',
      { appointmentDate: Date.now() + 10 * 60_000, visitors: [{ name: 'Carl Cancelled', phone: '13900002222' }] },
      (await ok('empLogin', { phone: people.host.phone, empPwd: PASSWORD })).token,
    );
    assert.ok(later);
    await step(host, 'invite-cancel', async () => {
      await host.goto(`${stack.server.url}/emporder/orderlist`);
      const row = host.locator('tr.ant-table-row', { hasText: 'Carl Cancelled' });
      await row.getByRole('button', { name: /Call off$/ }).click();
      await host
        .locator('.ant-popover')
        .getByRole('button', { name: /OK$|Yes$|Call off$/ })
        .click();
      await host.getByText('The invitation of Carl Cancelled is called off').waitFor();
    });
    const refused = await call('AppClientSignin', { verifyCode: later.code ?? undefined }, machine);
    assert.equal(refused.status, 58, 'a called-off pass does not check in');
    assert.deepEqual(refused.result, { status: 'ended' });
    await step(kiosk, 'kiosk-cancelled', async () => {
      await kiosk.getByRole('button', { name: /Done$/ }).click();
      await kiosk.getByTestId('kiosk-home').waitFor();
      await kiosk.getByRole('button', { name: /^I have an invitation/ }).click();
      await kiosk.getByRole('button', { name: 'Type code' }).click();
      await kiosk.getByLabel('Invitation code', { exact: true }).fill(later.code ?? '');
      await kiosk.getByRole('button', { name: 'Check in', exact: true }).click();
      // Called off: the kiosk says so instead of welcoming the visitor.
      await kiosk.getByText('This invitation was called off. Please ask your host or reception.').waitFor();
      assert.equal(await kiosk.getByRole('heading', { name: 'Welcome, Carl Cancelled' }).count(), 0);
      await screenshot(kiosk, 'kiosk-cancelled-en');
    });
  });
});
