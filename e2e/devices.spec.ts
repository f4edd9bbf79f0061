// Smart access control in Chromium against the built product: in English, a device group and a device added (the IP
// checked as typed), the device's secret shown once and then working as the device's credential; in Chinese, the same
// company edits the device and is refused a duplicate name on the field itself.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  button,
  newContext,
  openMenu,
  PASSWORD,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  signIn,
  skipRestOfGuide,
  step,
  useStack,
} from './harness.js';

const stack = useStack();
const EMAIL = 'devices.en@contoso.example';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first().waitFor();
const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr', { hasText: text });

async function deviceSelf(eid: number, secret: string): Promise<{ status: number; result: { deviceName?: string } }> {
  const res = await fetch(`${stack.server.url}/qcvisit/getDeviceSelf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${eid}.${secret}` },
    body: '{}',
  });
  return (await res.json()) as { status: number; result: { deviceName?: string } };
}

describe('smart access control', () => {
  it('adds a group and a device in English, shows the secret once, edits in Chinese with a duplicate refused on the field', async () => {
    await registerCompany(stack, EMAIL, 'Contoso Doors Ltd');
    const en = await (await newContext(stack.browser, 'en-US')).newPage();

    await step(en, 'devices-sign-in-en', async () => {
      await en.goto(`${stack.server.url}/signin`);
      await signIn(en, EMAIL, PASSWORD, SIGNIN_EN);
      await en.waitForURL(/\/guide$/);
      await en.getByLabel('Short name').fill('Doors');
      await en.getByRole('button', { name: 'Save and continue' }).click();
      await en.getByRole('button', { name: 'Skip this step' }).click();
      await skipRestOfGuide(en, 'en');
      await en.waitForURL(/\/visitor$/);
    });

    await step(en, 'devices-group-en', async () => {
      await openMenu(en, 'Custom settings', 'Smart access control');
      await en.waitForURL(/\/key\/group$/);
      await en.getByRole('button', { name: 'Add device group' }).first().click();
      await en.waitForURL(/\/key\/detail$/);
      await en.getByLabel('Name', { exact: true }).fill('Main doors');
      await en.getByRole('button', { name: button('Save') }).click();
      await toast(en, 'Device group saved');
      await en.waitForURL(/\/key\/group$/);
      await row(en, 'Main doors').getByText('Everyone').waitFor();
    });

    let secret = '';
    let eid = 0;
    await step(en, 'devices-device-en', async () => {
      await en.goto(`${stack.server.url}/key/list`);
      await en.getByRole('button', { name: 'Add device' }).first().click();
      await en.waitForURL(/\/key\/listd$/);
      await en.getByLabel('Name', { exact: true }).fill('Lobby reader');
      await en.getByLabel('Identifier', { exact: true }).fill('QR-001');
      await en.getByLabel('IP address').fill('10.0.0.300');
      await en.getByText('Incorrect format').waitFor();
      await en.getByLabel('IP address').fill('10.0.0.30');
      await en.getByText('Incorrect format').waitFor({ state: 'detached' });
      await en.getByRole('button', { name: button('Save') }).click();
      const field = en.getByTestId('shown-secret');
      await field.waitFor();
      await en.getByText('This secret is shown only once.', { exact: false }).waitFor();
      secret = await field.inputValue();
      assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
      eid = Number((await en.getByText(/Authorization: Device \d+\./).textContent())?.match(/Device (\d+)\./)?.[1]);
      await screenshot(en, 'devices-secret-en');
      await en.getByTestId('secret-done').click();
      await en.waitForURL(/\/key\/list$/);
      await row(en, 'Lobby reader').getByText('QR-001').waitFor();
      // The secret is not on the list, and it works once as the device's credential.
      assert.equal(await en.getByText(secret).count(), 0);
      const self = await deviceSelf(eid, secret);
      assert.equal(self.status, 0);
      assert.equal(self.result.deviceName, 'Lobby reader');
      await en.reload();
      await row(en, 'Lobby reader').getByText('Online').waitFor();
    });

    await step(en, 'devices-second-en', async () => {
      await en.getByRole('button', { name: 'Add device' }).first().click();
      await en.getByLabel('Name', { exact: true }).fill('Garage barrier');
      await en.getByLabel('Identifier', { exact: true }).fill('BR-1');
      await en.getByRole('button', { name: button('Save') }).click();
      await en.getByTestId('secret-done').click();
      await row(en, 'Garage barrier').waitFor();
    });

    const zh = await (await newContext(stack.browser, 'zh-CN')).newPage();
    await step(zh, 'devices-edit-zh', async () => {
      await zh.goto(`${stack.server.url}/signin`);
      await signIn(zh, EMAIL, PASSWORD, SIGNIN_ZH);
      await zh.waitForURL(/\/visitor$/);
      await zh.goto(`${stack.server.url}/key/list`);
      await row(zh, 'Garage barrier').getByRole('link', { name: '编辑' }).click();
      await zh.waitForURL(/\/key\/listd\/\d+$/);
      const name = zh.getByLabel('名称', { exact: true });
      await name.fill('LOBBY READER');
      await zh.getByRole('button', { name: button('保存') }).click();
      await zh.getByText('设备名称已存在').waitFor();
      await name.fill('车库道闸');
      await zh.getByRole('button', { name: button('保存') }).click();
      await toast(zh, '设备已保存');
      await zh.waitForURL(/\/key\/list$/);
      await row(zh, '车库道闸').getByText('BR-1').waitFor();
      await screenshot(zh, 'devices-list-zh');
    });

    await step(zh, 'devices-rotate-zh', async () => {
      await row(zh, 'Lobby reader').getByRole('button', { name: '重新生成密钥' }).click();
      await zh.locator('.ant-popconfirm:visible').getByRole('button', { name: '重新生成密钥' }).click();
      const field = zh.getByTestId('shown-secret');
      await field.waitFor();
      const renewed = await field.inputValue();
      assert.notEqual(renewed, secret);
      assert.equal((await deviceSelf(eid, secret)).status, 1111);
      assert.equal((await deviceSelf(eid, renewed)).status, 0);
      await zh.getByTestId('secret-done').click();
    });
  });
});
