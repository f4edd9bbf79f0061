// A Hikvision door in Chromium against the built product (issue 38): the console adds a Hikvision ISAPI device (the
// simulator of tools/hikvision-device.ts, in this process, with Digest authentication) to a device group open to
// visitors; a walk-in with a face photo reaches the device by itself (the served process reconciles on the change
// and pushes), and both the badge's QR pass and the face open the door there. The device's detail shows the person
// on the device and the link connected, the monitor no trouble; a person deleted on the device is repaired by "Read
// back now"; at the sign-out the device loses the person (QR and face no longer open) and the detail shows the
// removal in English and Chinese; the device is deleted only once disabling it has taken our people off it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type HikDevice, startHikvisionDevice } from '../tools/hikvision-device.js';
import {
  apiOf,
  button,
  faceFixture,
  newContext,
  PASSWORD,
  pickOption,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  scaled,
  screenshot,
  signIn,
  skipRestOfGuide,
  step,
  until,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const ADMIN = 'hik.admin@example.com';
const DEVICE_USER = 'admin';
const DEVICE_PASSWORD = 'Door#Pass-2026';
const VISITOR = 'Vera Visitor';

let hik: HikDevice | undefined;
after(async () => {
  await hik?.close();
});

const row = (page: Page, testId: string, text: string) => page.getByTestId(testId).locator('.ant-table-tbody tr', { hasText: text });

/** Signs the administrator in; the first sign-in (English) goes through the onboarding guide, skipping what it can. */
async function signedIn(locale: 'en-US' | 'zh-CN'): Promise<Page> {
  const page = await (await newContext(stack.browser, locale)).newPage();
  await step(page, `credentials-sign-in-${locale}`, async () => {
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, ADMIN, PASSWORD, locale === 'en-US' ? SIGNIN_EN : SIGNIN_ZH);
    if (locale === 'en-US') {
      await page.waitForURL(/\/guide$/);
      await page.getByLabel('Short name').fill('Hik');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByRole('button', { name: 'Skip this step' }).click();
      await skipRestOfGuide(page, 'en');
    }
    await page.waitForURL(/\/visitor$/);
  });
  return page;
}

/**
 * Fills the device form in its own order: a Hikvision ISAPI face terminal at the simulator's address, in `group`. (The
 * form once came back empty here: the section's layout remounted the page when the width crossed its breakpoint, as a
 * full-page screenshot makes it; SidebarSection now keeps one tree on every width.)
 */
async function fillDeviceForm(en: Page, device: HikDevice, group: string): Promise<void> {
  await en.getByLabel('Name', { exact: true }).fill('Lobby Hikvision');
  await en.getByLabel('Identifier', { exact: true }).fill('HIK-LOBBY');
  await pickOption(en, en.getByRole('combobox', { name: 'Driver' }), 'Hikvision ISAPI');
  await en.getByText('The server writes people to the device over ISAPI', { exact: false }).waitFor();
  await pickOption(en, en.getByRole('combobox', { name: 'Kind' }), 'Face terminal');
  await en.getByLabel('IP address').fill('127.0.0.1');
  await en.getByLabel('Port', { exact: true }).fill(new URL(device.url).port);
  await en.getByLabel('Device account').fill(DEVICE_USER);
  await en.getByLabel('Device password').fill(DEVICE_PASSWORD);
  await pickOption(en, en.getByRole('combobox', { name: 'Device groups' }), group);
}

/** Adds the simulator as a Hikvision ISAPI face terminal of `group` through the console's form; answers its eid. */
async function addDevice(en: Page, device: HikDevice, group: string): Promise<number> {
  return step(en, 'credentials-add-device-en', async () => {
    await en.goto(`${stack.server.url}/key/list`);
    await en.getByRole('button', { name: 'Add device' }).first().click();
    await en.waitForURL(/\/key\/listd$/);
    await fillDeviceForm(en, device, group);
    assert.equal(await en.getByLabel('Name', { exact: true }).inputValue(), 'Lobby Hikvision');
    await screenshot(en, 'credentials-device-form-en');
    await en.getByRole('button', { name: button('Save') }).click();
    // A device the server reaches itself has no secret to show: the form opens the new device's detail.
    await en.waitForURL(/\/key\/listd\/\d+$/);
    return Number(new URL(en.url()).pathname.split('/').pop());
  });
}

/** What the simulator holds of one person: the user, their cards, their enrolled face. */
function held(device: HikDevice, employeeNo: string) {
  return {
    user: device.state.users.get(employeeNo),
    cards: [...device.state.cards.values()].filter((c) => c.employeeNo === employeeNo).map((c) => c.cardNo),
    face: device.state.faces.get(employeeNo),
  };
}

/** The device's detail in English: the person on the device, the link connected (its first readback may or may not have run: the sweep's). */
async function detailShowsLive(en: Page, eid: number): Promise<void> {
  await step(en, 'credentials-live-en', async () => {
    await en.goto(`${stack.server.url}/key/listd/${eid}`);
    const person = row(en, 'face-credentials', VISITOR);
    await person.getByText('On the device', { exact: true }).waitFor();
    await person.getByText('Add', { exact: true }).waitFor();
    const report = en.getByTestId('credential-report');
    await report.getByTestId('link-ok').waitFor();
    await report.getByText('Connected', { exact: true }).waitFor();
    await report.getByText('On the device: 1', { exact: true }).waitFor();
    await screenshot(en, 'credentials-live-en');
  });
}

/** The monitor's list of devices whose credentials do not get through is empty, in both languages. */
async function monitorShowsNoTrouble(en: Page, zh: Page): Promise<void> {
  await step(en, 'credentials-monitor-en', async () => {
    await en.goto(`${stack.server.url}/monitor`);
    await en.getByTestId('credential-trouble').getByText('All devices up to date', { exact: true }).waitFor();
    await screenshot(en, 'credentials-monitor-en');
  });
  await step(zh, 'credentials-monitor-zh', async () => {
    await zh.goto(`${stack.server.url}/monitor`);
    await zh.getByTestId('credential-trouble').getByText('所有设备均已同步', { exact: true }).waitFor();
  });
}

/** The person deleted on the device itself (as a site's technician might): "Read back now" finds and repairs it. */
async function readbackRepairs(en: Page, device: HikDevice, employeeNo: string): Promise<void> {
  device.state.users.delete(employeeNo);
  device.state.faces.delete(employeeNo);
  for (const [no, c] of device.state.cards) if (c.employeeNo === employeeNo) device.state.cards.delete(no);
  await step(en, 'credentials-readback-en', async () => {
    const report = en.getByTestId('credential-report');
    await report.getByRole('button', { name: button('Read back now') }).click();
    const dialog = en.locator('.ant-modal-confirm:visible');
    await dialog.locator('.ant-modal-confirm-title').getByText('Read back this device?').waitFor();
    await dialog.getByRole('button', { name: button('Read back') }).click();
    await en.locator('.ant-message').getByText('Readback done: 1 repaired, 0 failed', { exact: true }).waitFor();
    const item = row(en, 'drift-report', employeeNo);
    await item.getByText('Missing', { exact: true }).waitFor();
    await item.getByText('Repaired', { exact: true }).waitFor();
    await screenshot(en, 'credentials-readback-en');
  });
  assert.ok(held(device, employeeNo).user, 'the readback wrote the person back');
}

/** After the sign-out: the credential removed, in English ("Removed") and in Chinese ("已删除"). */
async function detailShowsRemoved(en: Page, zh: Page, eid: number): Promise<void> {
  await step(en, 'credentials-removed-en', async () => {
    await en.goto(`${stack.server.url}/key/listd/${eid}`);
    const person = row(en, 'face-credentials', VISITOR);
    await person.getByText('Remove', { exact: true }).waitFor();
    await person.getByText('Removed', { exact: true }).waitFor();
  });
  await step(zh, 'credentials-removed-zh', async () => {
    await zh.goto(`${stack.server.url}/key/listd/${eid}`);
    const person = row(zh, 'face-credentials', VISITOR);
    await person.getByText('删除', { exact: true }).waitFor();
    await person.getByText('已删除', { exact: true }).waitFor();
    await zh.getByTestId('credential-report').getByText('已连接', { exact: true }).waitFor();
    await screenshot(zh, 'credentials-removed-zh');
  });
}

/**
 * Deleting the device while it still holds a person of ours: the list refuses and explains; "Disable it and remove
 * them" empties it of ours (the pipeline's removals), and then it is deleted.
 */
async function removalEmptiesFirst(en: Page, device: HikDevice, employeeNo: string): Promise<void> {
  await step(en, 'credentials-delete-device-en', async () => {
    await en.goto(`${stack.server.url}/key/list`);
    const line = en.locator('.ant-table-tbody tr', { hasText: 'Lobby Hikvision' });
    await line.getByRole('button', { name: 'Delete Lobby Hikvision' }).click();
    await en
      .locator('.ant-popover:visible')
      .getByRole('button', { name: button('Delete') })
      .click();
    const dialog = en.locator('.ant-modal-confirm:visible');
    await dialog
      .locator('.ant-modal-confirm-title')
      .getByText('"Lobby Hikvision" still holds people put there by OpenVisit (1)', { exact: true })
      .waitFor();
    await screenshot(en, 'credentials-delete-refused-en');
    await dialog.getByRole('button', { name: button('Disable it and remove them') }).click();
  });
  await until(`the disabled device to lose ${employeeNo}`, () => (held(device, employeeNo).user ? undefined : true));
  await step(en, 'credentials-deleted-en', async () => {
    const line = en.locator('.ant-table-tbody tr', { hasText: 'Lobby Hikvision' });
    await line.getByRole('button', { name: 'Delete Lobby Hikvision' }).click();
    await en
      .locator('.ant-popover:visible')
      .getByRole('button', { name: button('Delete') })
      .click();
    await en.locator('.ant-message').getByText('Device deleted', { exact: true }).waitFor();
    await line.waitFor({ state: 'detached' });
  });
}

describe('Hikvision door devices', () => {
  it('a visitor reaches a Hikvision door added in the console, opens it by QR and face, and loses it at sign-out', {
    timeout: scaled(600_000),
  }, async () => {
    await registerCompany(stack, ADMIN, 'Hik Doors Ltd');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    // A group every visitor gets (as the other device specs make theirs: through the API).
    await ok('addEquipmentGroup', { egname: 'Hik lobby', defaultOn: true }, admin);
    const { empid } = await ok('addEmployee', { employee_name: 'Hana Host', phone: '13800002001' }, admin);
    const device = await startHikvisionDevice({ port: 0, username: DEVICE_USER, password: DEVICE_PASSWORD });
    hik = device;

    const en = await signedIn('en-US');
    const eid = await addDevice(en, device, 'Hik lobby');

    // A walk-in with a face photo at the desk: approved, on site, and their badge carries the still pass.
    const photo = faceFixture('one-face');
    const walkIn = await ok(
      'UpdatePhoto',
      {
        vname: VISITOR,
        vphone: '13900003001',
        empid,
        photo: `data:image/jpeg;base64,${photo.toString('base64')}`,
        faceConsent: (await ok('getPadConfig', {}, admin)).faceConsent.en.id,
      },
      admin,
    );
    const { vid } = walkIn;
    const employeeNo = `OVV${vid}`;
    await until(
      `the device to hold ${employeeNo} with a QR card and a face`,
      () => {
        const h = held(device, employeeNo);
        return h.user && h.face && h.cards.some((c) => c.startsWith('OV3')) ? true : undefined;
      },
      120_000,
    );
    const badge = (await ok('getCardInfo', { vid }, admin)).visit.pass ?? '';
    assert.match(badge, /^OV3\d{8}[A-Za-z0-9]{16}$/);
    assert.equal(walkIn.pass, badge);
    const qr = held(device, employeeNo).cards.find((c) => c.startsWith('OV3'));
    assert.equal(qr, badge, 'the card written to the device is the pass the visitor is shown');
    // The face the device matches is the photo the visitor record keeps (as the console downloads it).
    const res = await fetch(`${stack.server.url}/api/VisitorPhoto?vid=${vid}`, { headers: { 'x-coolvisit-token': admin } });
    assert.equal(res.status, 200);
    const face = Buffer.from(await res.arrayBuffer());
    assert.equal(device.pass({ cardNo: badge, qr: true }).granted, true, 'the QR pass opens the door');
    assert.equal(device.pass({ face }).granted, true, 'the face opens the door');
    assert.equal(
      device.pass({ cardNo: `${badge.slice(0, -1)}${badge.endsWith('A') ? 'B' : 'A'}`, qr: true }).granted,
      false,
      'a forged pass does not',
    );

    await detailShowsLive(en, eid);
    const zh = await signedIn('zh-CN');
    await monitorShowsNoTrouble(en, zh);
    // The server reads a new device back by itself at its first half-minute sweep (then every 6 hours): the drift made
    // below must come after it, so that "Read back now" is what finds it.
    await until('the first scheduled readback', async () =>
      (await ok('getDeviceCredentialReport', { eid }, admin)).link?.readbackAt ? true : undefined,
    );
    await en.goto(`${stack.server.url}/key/listd/${eid}`);
    await readbackRepairs(en, device, employeeNo);
    assert.equal(device.pass({ cardNo: badge, qr: true }).granted, true, 'the repaired person opens the door again');

    await ok('updateVisitStatus', { vid, event: 'signOut' }, admin);
    await until(`the device to lose ${employeeNo}`, () => {
      const h = held(device, employeeNo);
      return !h.user && !h.face && h.cards.length === 0 ? true : undefined;
    });
    assert.equal(device.pass({ cardNo: badge, qr: true }).granted, false, 'the QR pass no longer opens the door');
    assert.equal(device.pass({ face }).granted, false, 'nor does the face');
    await detailShowsRemoved(en, zh, eid);

    const second = await ok(
      'UpdatePhoto',
      {
        vname: 'Second Visitor',
        vphone: '13900003002',
        empid,
        photo: `data:image/jpeg;base64,${photo.toString('base64')}`,
        faceConsent: (await ok('getPadConfig', {}, admin)).faceConsent.en.id,
      },
      admin,
    );
    await until('the second visitor on the device', () => (held(device, `OVV${second.vid}`).user ? true : undefined), 120_000);
    await removalEmptiesFirst(en, device, `OVV${second.vid}`);
  });
});
