// Original-format QR passes end to end (issue 20): the administrator switches original clients compatibility on in
// Custom settings › basic settings; an invited visitor opens the invitation on their phone (Chromium), whose QR code,
// read from the screen, has the original product's shape; a door reader (the device API over HTTP) posts it and the
// door opens and signs the visitor in. Switched off (confirmed), the same pass answers 1112.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { apiOf, newContext, PASSWORD, registerCompany, SIGNIN_EN, scaled, screenshot, signIn, step, until, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const ADMIN = 'original.admin@example.com';

type Answer = { status: number; result: Record<string, unknown> | null };

/** The QR code an element shows, read from the screen (looked at again until it reads: it is drawn after it appears). */
async function qrOf(page: Page, testId: string): Promise<string> {
  return until('a readable QR code', async () => {
    const png = await page.getByTestId(testId).screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data || undefined;
  });
}

describe('original-format QR passes', () => {
  it('switched on in the console, the invitation shows an original-format pass the door opens for; switched off, 1112', {
    timeout: scaled(600_000),
  }, async () => {
    await registerCompany(stack, ADMIN, 'Old Readers Ltd');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    const group = await ok('addEquipmentGroup', { egname: 'Lobby', etype: 2, defaultOn: true }, admin);
    const device = {
      deviceName: 'Old lobby reader',
      deviceCode: 'QR-OLD-1',
      extendCode: '',
      roomNum: '1F',
      deviceIp: '',
      devicePort: null,
      readerNo: '',
      enterStatus: 1,
      eType: 'qr' as const,
      egids: [group.egid],
    };
    const added = await ok('addEquipment', device, admin);
    await ok('updateDoorSignInSwitch', { doorSignIn: 1 }, admin);
    const host = (await ok('addEmployee', { employee_name: 'Otto Host', phone: '13800138456' }, admin)).empid;
    const door = async (qrcode: string): Promise<Answer> => {
      const res = await fetch(`${stack.server.url}/qcvisit/uploadQrcode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Device ${added.device.eid}.${added.secret}` },
        body: JSON.stringify({ qrcode }),
      });
      return (await res.json()) as Answer;
    };

    const settings = await (await newContext(stack.browser, 'en-US')).newPage();
    const compat = () => settings.getByTestId('switch-originalCompat');
    await step(settings, 'original-compat-on', async () => {
      await settings.goto(`${stack.server.url}/signin`);
      await signIn(settings, ADMIN, PASSWORD, SIGNIN_EN);
      await settings.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await settings.goto(`${stack.server.url}/setting/baseset`);
      assert.equal(await compat().getAttribute('aria-checked'), 'false');
      await compat().click();
      await settings.getByText('Original clients compatibility: on').waitFor();
      assert.equal(await compat().getAttribute('aria-checked'), 'true');
      await screenshot(settings, 'original-compat-on');
    });

    const [invited] = await ok(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 5 * 60_000, visitors: [{ name: 'Olga Visitor', phone: '13922224444', lang: 'en' }] },
      admin,
    );
    assert.ok(invited?.inviteLink);
    const phone = await (await newContext(stack.browser, 'en-US', { viewport: { width: 390, height: 844 } })).newPage();
    const pass = await step(phone, 'original-phone-pass', async () => {
      await phone.goto(invited.inviteLink);
      await phone.getByRole('button', { name: 'Accept' }).click();
      await phone.getByTestId('invitation-qr').waitFor();
      return qrOf(phone, 'invitation-qr');
    });
    // v, 15 hex, 468, visitor (02), invitation (23), the phone, yyyyMMddHHmm, the check-in code.
    assert.match(pass, new RegExp(`^v[0-9a-f]{15}468022313922224444\\d{12}${invited.code}$`));

    const first = await door(pass);
    assert.equal(first.status, 0, JSON.stringify(first));
    assert.equal(first.result?.signedIn, true);
    assert.equal((await door(`${pass.slice(0, 5)}${pass[5] === '0' ? '1' : '0'}${pass.slice(6)}`)).status, 1112);

    await step(settings, 'original-compat-off', async () => {
      await compat().click();
      const dialog = settings.locator('.ant-modal-confirm:visible');
      await dialog.locator('.ant-modal-confirm-title').getByText('Switch off original clients compatibility?').waitFor();
      await dialog.getByRole('button', { name: 'Switch off' }).click();
      await settings.getByText('Original clients compatibility: off').waitFor();
    });
    const off = await door(pass);
    assert.equal(off.status, 1112, JSON.stringify(off));
  });
});
