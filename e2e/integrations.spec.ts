// Integrations in Chromium against the built product: an administrator adds a webhook endpoint in the console (the
// address checked as typed, the signing secret shown once), invites a visitor, and the signed events arrive at a
// receiver that verifies them with the Standard Webhooks library; the delivery log shows them, one opened in its
// drawer; an API key created with scopes works for a machine within them only; the event catalogue in Chinese.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { startReceiver } from '../tools/webhook-receiver.js';
import { apiOf, button, newContext, PASSWORD, registerCompany, SIGNIN_EN, screenshot, signIn, skipRestOfGuide, step, useStack } from './harness.js';

const stack = useStack();
const api = apiOf(() => stack.server);
const EMAIL = 'integrations.en@fabrikam.example';

describe('integrations', () => {
  const receiverReady = startReceiver();
  after(async () => (await receiverReady).close());

  it('adds a webhook in the console, invites a visitor and the signed events arrive; the log and catalogue show them', async () => {
    const receiver = await receiverReady;
    await registerCompany(stack, EMAIL, 'Fabrikam Integrations Ltd');
    const en = await (await newContext(stack.browser, 'en-US')).newPage();
    await step(en, 'integrations-sign-in-en', async () => {
      await en.goto(`${stack.server.url}/signin`);
      await signIn(en, EMAIL, PASSWORD, SIGNIN_EN);
      await en.waitForURL(/\/guide$/);
      await en.getByLabel('Short name').fill('Fabrik');
      await en.getByRole('button', { name: 'Save and continue' }).click();
      await en.getByRole('button', { name: 'Skip this step' }).click();
      await skipRestOfGuide(en, 'en');
      await en.waitForURL(/\/visitor$/);
    });

    await step(en, 'integrations-webhook-add-en', async () => {
      await en.goto(`${stack.server.url}/integrations/webhooks`);
      await en.getByText('No webhook endpoint yet', { exact: false }).waitFor();
      await en.getByRole('button', { name: 'Add endpoint' }).first().click();
      const dialog = en.getByRole('dialog');
      await dialog.getByLabel('Address (URL)').fill('ftp://example.com/hooks');
      await dialog.getByText('The address must start with https:// or http://').waitFor();
      await dialog.getByLabel('Address (URL)').fill(receiver.url);
      await dialog.getByLabel('Description').fill('Security operations centre');
      await dialog.getByRole('button', { name: button('Save') }).click();
      const field = en.getByTestId('shown-secret');
      await field.waitFor();
      receiver.secret = await field.inputValue();
      assert.match(receiver.secret, /^whsec_/);
      await en.getByTestId('secret-done').click();
      await en.locator('.ant-table-tbody tr', { hasText: receiver.url }).getByText('All events').waitFor();
      await screenshot(en, 'integrations-webhooks-en');
    });

    await step(en, 'integrations-invite-arrives', async () => {
      const { token } = await api.ok('Login', { email: EMAIL, password: PASSWORD });
      const { empid } = await api.ok('addEmployee', { employee_name: 'Grace Host', phone: '13800138111' }, token);
      const [invited] = await api.ok(
        'addAppointment',
        { empid, appointmentDate: Date.now() + 3600_000, visitors: [{ name: 'Alan Visitor', phone: '13911112233' }] },
        token,
      );
      const got = await receiver.waitFor(2, 60_000);
      assert.deepEqual(
        got.map((m) => m.type),
        ['visit.created', 'invitation.sent'],
      );
      assert.equal(receiver.refused, 0);
      for (const m of got) assert.equal(m.data.vid, invited?.vid);
      assert.deepEqual(got[0]?.data.visitor, { name: 'Alan Visitor', phone: '13911112233', email: '', company: '', peopleCount: 1 });
    });

    await step(en, 'integrations-delivery-log-en', async () => {
      await en.getByRole('link', { name: 'Delivery log' }).first().click();
      await en.waitForURL(/\/integrations\/webhooks\/\d+$/);
      const delivered = en.locator('.ant-table-tbody tr', { hasText: 'Invitation sent' });
      await delivered.getByText('Delivered').waitFor();
      await delivered.getByRole('button', { name: /^Details/ }).click();
      const drawer = en.getByTestId('webhook-delivery');
      await drawer.getByText('HTTP 204').waitFor();
      await drawer.getByText('webhook-signature: v1,', { exact: false }).waitFor();
      await drawer.getByText('"Alan Visitor"', { exact: false }).first().waitFor();
      await screenshot(en, 'integrations-delivery-en');
    });

    await step(en, 'integrations-api-key-en', async () => {
      await en.goto(`${stack.server.url}/integrations/keys`);
      await en.getByRole('button', { name: 'Create key' }).first().click();
      const dialog = en.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Door system');
      await dialog.getByRole('radiogroup', { name: 'Visitors', exact: true }).getByText('Read', { exact: true }).click();
      await dialog.getByRole('radiogroup', { name: 'Invitations', exact: true }).getByText('Read and write').click();
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const field = en.getByTestId('shown-secret');
      await field.waitFor();
      const key = await field.inputValue();
      await en.getByTestId('secret-done').click();
      // A machine calls with it: within its scopes as the company, beyond them refused, its writes logged as the key.
      const call = async (name: string, body: object) =>
        (await (
          await fetch(`${stack.server.url}/api/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify(body),
          })
        ).json()) as { status: number; result: { count?: number } };
      assert.equal((await call('SearchVisitByConditionPage', {})).result.count, 1);
      assert.equal((await call('addEmployee', { employee_name: 'Not allowed', phone: '13800138222' })).status, 610);
      await en.reload();
      await en.locator('.ant-table-tbody tr', { hasText: 'Door system' }).getByText('127.0.0.1', { exact: false }).waitFor();
      await screenshot(en, 'integrations-api-keys-en');
    });

    const zh = await (await newContext(stack.browser, 'zh-CN')).newPage();
    await step(zh, 'integrations-catalogue-zh', async () => {
      await zh.goto(`${stack.server.url}/signin`);
      await signIn(zh, EMAIL, PASSWORD, { account: '邮箱或账号', password: '密码', submit: /登\s?录$/ });
      await zh.waitForURL(/\/visitor$/);
      await zh.goto(`${stack.server.url}/integrations/events`);
      await zh.getByText('事件目录').first().waitFor();
      await zh.getByText('访客已签到').click();
      await zh.getByText('"visit.checked_in"', { exact: false }).waitFor();
      await screenshot(zh, 'integrations-catalogue-zh');
      await zh.goto(`${stack.server.url}/integrations/webhooks`);
      await zh.getByText('全部事件').waitFor();
      await screenshot(zh, 'integrations-webhooks-zh');
      // Bad input in Chinese: an address that is not http(s), a key without a scope.
      await zh
        .getByRole('button', { name: /添加地址/ })
        .first()
        .click();
      await zh.getByRole('dialog').getByLabel('地址（URL）').fill('mailto:soc@example.com');
      await zh.getByRole('dialog').getByText('地址须以 https:// 或 http:// 开头').waitFor();
      await zh
        .getByRole('dialog')
        .getByRole('button', { name: /取\s?消/ })
        .click();
      await zh.goto(`${stack.server.url}/integrations/keys`);
      await zh.locator('.ant-table-tbody tr', { hasText: 'Door system' }).waitFor();
      await zh.getByRole('button', { name: '创建密钥' }).first().click();
      await zh.getByRole('dialog').getByRole('button', { name: '创建密钥' }).click();
      await zh.getByRole('dialog').getByText('请至少授予一项权限').waitFor();
      await screenshot(zh, 'integrations-api-keys-zh');
    });
  });
});
