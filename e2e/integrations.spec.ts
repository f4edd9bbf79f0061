// Integrations in Chromium against the built product: an administrator adds a webhook endpoint in the console (the
// address checked as typed, the signing secret shown once), invites a visitor, and the signed events arrive at a
// receiver that verifies them with the Standard Webhooks library; the delivery log shows them, one opened in its
// drawer; an API key created with scopes works for a machine within them only; the event catalogue in Chinese. Before
// all that, the administrator sets up single sign-on with an OpenID Connect provider (oidc-provider, tools/oidc-idp.ts)
// and signs in through it from the company's sign-in link in a fresh browser: the rest runs in that session. Last, in
// Chinese, a SAML 2.0 provider (samlify, tools/saml-idp.ts) is added from its metadata and an employee the directory
// lacks signs in through it, created at that first sign-in.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Idp, startIdp } from '../tools/oidc-idp.js';
import { type SamlIdp, startSamlIdp } from '../tools/saml-idp.js';
import { startReceiver } from '../tools/webhook-receiver.js';
import { apiOf, button, newContext, PASSWORD, registerCompany, SIGNIN_EN, screenshot, signIn, skipRestOfGuide, step, useStack } from './harness.js';

const stack = useStack();
const api = apiOf(() => stack.server);
const EMAIL = 'integrations.en@fabrikam.example';

describe('integrations', () => {
  const receiverReady = startReceiver();
  let idp: Idp | undefined;
  let saml: SamlIdp | undefined;
  after(async () => {
    await (await receiverReady).close();
    await idp?.close();
    await saml?.close();
  });

  it('signs in through the OIDC provider, adds a webhook, invites a visitor and the signed events arrive; the log and catalogue show them', async () => {
    const receiver = await receiverReady;
    await registerCompany(stack, EMAIL, 'Fabrikam Integrations Ltd');
    idp = await startIdp({
      redirectUris: [`${stack.server.url}/signin/sso`],
      people: [{ login: 'fabrik-admin', password: 'idp-Pass-2026', email: EMAIL, email_verified: true, name: 'Fabrikam Admin' }],
    });
    const first = await (await newContext(stack.browser, 'en-US')).newPage();
    await step(first, 'integrations-sign-in-en', async () => {
      await first.goto(`${stack.server.url}/signin`);
      await signIn(first, EMAIL, PASSWORD, SIGNIN_EN);
      await first.waitForURL(/\/guide$/);
      await first.getByLabel('Short name').fill('Fabrik');
      await first.getByRole('button', { name: 'Save and continue' }).click();
      await first.getByRole('button', { name: 'Skip this step' }).click();
      await skipRestOfGuide(first, 'en');
      await first.waitForURL(/\/visitor$/);
    });

    await step(first, 'integrations-sso-setup-en', async () => {
      await first.goto(`${stack.server.url}/integrations/sso`);
      await first.getByText('No identity provider yet', { exact: false }).waitFor();
      await first.getByTestId('sso-redirect-uri').getByText(`${stack.server.url}/signin/sso`).waitFor();
      await first.getByRole('button', { name: 'Add provider' }).first().click();
      const dialog = first.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Fabrikam ID');
      await dialog.getByLabel('Issuer', { exact: true }).fill('ftp://login.fabrikam.example');
      await dialog.getByText('The issuer must start with https://').waitFor();
      await screenshot(first, 'integrations-sso-form-en');
      await dialog.getByLabel('Issuer', { exact: true }).fill(idp?.issuer ?? '');
      await dialog.getByLabel('Client ID').fill(idp?.clientId ?? '');
      await dialog.getByLabel('Client secret').fill(idp?.clientSecret ?? '');
      await dialog.getByRole('button', { name: button('Save') }).click();
      const row = first.locator('.ant-table-tbody tr', { hasText: 'Fabrikam ID' });
      await row.waitFor();
      await row.getByRole('button', { name: 'Test' }).click();
      await first.getByTestId('sso-test-result').getByText('Authorization endpoint', { exact: false }).waitFor();
      await screenshot(first, 'integrations-sso-en');
    });

    // A fresh browser: the company's sign-in link, its provider's button, the provider's page, back in the console.
    const en = await (await newContext(stack.browser, 'en-US')).newPage();
    await step(en, 'integrations-sso-sign-in-en', async () => {
      const link = await first.getByTestId('sso-signin-link').innerText();
      await en.goto(`${link}&role=admin`);
      await en.getByRole('button', { name: 'Sign in with Fabrikam ID' }).waitFor();
      await screenshot(en, 'integrations-sso-signin-en');
      await en.getByRole('button', { name: 'Sign in with Fabrikam ID' }).click();
      await en.getByLabel('Login').fill('fabrik-admin');
      await en.getByLabel('Password').fill('idp-Pass-2026');
      await en.getByRole('button', { name: 'Sign in', exact: true }).click();
      await en.waitForURL(/\/visitor$/);
      await first.close();
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
      await signIn(zh, EMAIL, PASSWORD, { account: '邮箱或账号', password: '密码', submit: /^登\s?录$/ });
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
      await zh
        .getByRole('dialog')
        .getByRole('button', { name: /取\s?消/ })
        .click();
      await zh.goto(`${stack.server.url}/integrations/sso`);
      const provider = zh.locator('.ant-table-tbody tr', { hasText: 'Fabrikam ID' });
      await provider.waitFor();
      // The administrator's sign-in through it is its last sign-in.
      assert.equal(await provider.getByText('从未').count(), 0);
      await screenshot(zh, 'integrations-sso-zh');
      await zh.getByRole('button', { name: '添加身份提供方' }).first().click();
      await zh.getByRole('dialog').getByLabel('Issuer', { exact: true }).fill('login.fabrikam.example');
      await zh.getByRole('dialog').getByText('请输入类似 https://login.example.com 的地址，不含查询参数或片段').waitFor();
    });

    await step(zh, 'integrations-saml-zh', async () => {
      saml = await startSamlIdp({ people: [{ login: 'li.lei@fabrikam.example', password: 'saml-Pass-2026', name: '李雷', groups: [] }] });
      const dialog = zh.getByRole('dialog');
      await dialog.getByText('SAML 2.0').click();
      await dialog.getByLabel('名称', { exact: true }).fill('Fabrikam SAML');
      await dialog.getByLabel('身份提供方元数据（XML）').fill(saml.metadata);
      await dialog.getByRole('switch', { name: '首次登录时自动创建人员' }).click();
      await dialog.getByRole('button', { name: /保\s?存/ }).click();
      const row = zh.locator('.ant-table-tbody tr', { hasText: 'Fabrikam SAML' });
      await row.waitFor();
      await row.getByRole('button', { name: /测\s?试/ }).click();
      await zh.getByTestId('sso-test-result').getByText('签名证书有效期至', { exact: false }).waitFor();
      await screenshot(zh, 'integrations-saml-zh');
      // The provider trusts this connection by our metadata, as its administrator would import it.
      const { token } = await api.ok('Login', { email: EMAIL, password: PASSWORD });
      const listed = await api.ok('getSsoConnections', {}, token);
      const spEntityId = listed.connections.find((c: { name: string }) => c.name === 'Fabrikam SAML')?.spEntityId ?? '';
      saml.trust(await (await fetch(spEntityId)).text());
      const link = await zh.getByTestId('sso-signin-link').innerText();

      const employee = await (await newContext(stack.browser, 'zh-CN')).newPage();
      await employee.goto(link);
      await employee.getByRole('button', { name: '使用 Fabrikam SAML 登录' }).click();
      await employee.getByLabel('Login').fill('li.lei@fabrikam.example');
      await employee.getByLabel('Password').fill('saml-Pass-2026');
      await employee.getByRole('button', { name: 'Sign in', exact: true }).click();
      await employee.waitForURL(/\/emporder\//);
      await employee.getByText('李雷').first().waitFor();
      await screenshot(employee, 'integrations-saml-employee-zh');
      // Created at that first sign-in: the directory had no 李雷 before.
      const found = await api.ok('getEmpByName', { name: '李雷' }, token);
      assert.equal(JSON.stringify(found).includes('李雷'), true);
    });
  });
});
