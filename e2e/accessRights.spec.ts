// Access rights in Chromium against the built product: in English, an employee is granted two device groups, then
// one is taken away after a confirmation; in Chinese, the same employee's card is issued from "cards to issue": a
// malformed number refused as typed, a number another employee holds refused on the field by the server, then issued.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y.js';
import {
  apiOf,
  button,
  newContext,
  PASSWORD,
  pickOption,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  settled,
  signIn,
  skipRestOfGuide,
  step,
  until,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const EMAIL = 'rights.en@contoso.example';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first().waitFor();
const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr', { hasText: text });

describe('access rights', () => {
  it('grants and withdraws an employee’s groups in English, issues their card in Chinese', async () => {
    await registerCompany(stack, EMAIL, 'Contoso Rights Ltd');
    const admin = (await ok('Login', { email: EMAIL, password: PASSWORD })).token;
    await ok('addEquipmentGroup', { egname: 'Main doors' }, admin);
    await ok('addEquipmentGroup', { egname: 'Garage' }, admin);
    const { empid: ada } = await ok('addEmployee', { employee_name: 'Ada Lovelace', phone: '13700000001', empNo: 'E-1' }, admin);
    const { empid: alan } = await ok('addEmployee', { employee_name: 'Alan Turing', phone: '13700000002', empNo: 'E-2' }, admin);
    await ok('updateCardNo', { empid: alan, cardNo: 'K-1' }, admin);
    await ok('addVisitorType', { vType: '参观#Tour' }, admin);
    const window = { startDate: Date.now() - 86_400_000, endDate: Date.now() + 30 * 86_400_000 };
    const { pid } = await ok('addProject', { pName: 'Canteen', leader: 'Wang', phone: '13800005555', ...window }, admin);
    await ok('addResidentVisitor', { pid, company: 'Clean Co', name: 'Grace Hopper', phone: '13922220001', ...window }, admin);

    const en = await (await newContext(stack.browser, 'en-US')).newPage();
    await step(en, 'rights-sign-in-en', async () => {
      await en.goto(`${stack.server.url}/signin`);
      await signIn(en, EMAIL, PASSWORD, SIGNIN_EN);
      await en.waitForURL(/\/guide$/);
      await en.getByLabel('Short name').fill('Rights');
      await en.getByRole('button', { name: 'Save and continue' }).click();
      await en.getByRole('button', { name: 'Skip this step' }).click();
      await skipRestOfGuide(en, 'en');
      await en.waitForURL(/\/visitor$/);
    });

    await step(en, 'rights-grant-en', async () => {
      await en.goto(`${stack.server.url}/key/rights`);
      await row(en, 'Ada Lovelace').getByRole('button', { name: 'Set access groups Ada Lovelace' }).click();
      const dialog = en.getByRole('dialog', { name: 'Access groups of Ada Lovelace' });
      const groups = dialog.getByRole('combobox', { name: 'Device groups' });
      await pickOption(en, groups, 'Main doors');
      await pickOption(en, groups, 'Garage');
      await dialog.getByText('The groups chosen replace the current ones.').click();
      await dialog.getByRole('button', { name: button('Save') }).click();
      await toast(en, 'Access groups saved');
      await row(en, 'Ada Lovelace').getByText('Garage').waitFor();
      await row(en, 'Ada Lovelace').getByText('Main doors').waitFor();
      await screenshot(en, 'rights-employees-en');
      await expectAccessible(en, 'en /key/rights employees');
    });

    await step(en, 'rights-withdraw-en', async () => {
      await row(en, 'Ada Lovelace').getByRole('button', { name: 'Set access groups Ada Lovelace' }).click();
      const dialog = en.getByRole('dialog', { name: 'Access groups of Ada Lovelace' });
      await dialog.getByText('Garage').waitFor();
      await expectAccessible(en, 'en /key/rights groups dialog');
      await dialog.locator('.ant-select-selection-item', { hasText: 'Garage' }).locator('.ant-select-selection-item-remove').click();
      await dialog.getByRole('button', { name: button('Save') }).click();
      const confirm = en.locator('.ant-modal-confirm', { has: en.locator('.ant-modal-confirm-title', { hasText: 'Take doors away?' }) });
      await confirm.waitFor();
      await settled(en); // a click during the zoom-in can land on a moving button and be lost
      await confirm.getByRole('button', { name: button('Withdraw') }).click();
      await confirm.waitFor({ state: 'detached' });
      await toast(en, 'Access groups saved');
      await row(en, 'Ada Lovelace').getByText('Garage').waitFor({ state: 'detached' });
      await row(en, 'Ada Lovelace').getByText('Main doors').waitFor();
      const list = await ok('getAcList', { name: 'Ada' }, admin);
      assert.equal(list.list[0]?.egids.length, 1);
    });

    await step(en, 'rights-types-residents-en', async () => {
      await en.getByRole('tab', { name: 'Visitor types' }).click();
      await row(en, 'Tour').getByRole('button', { name: 'Set access groups Tour' }).click();
      const typeDialog = en.getByRole('dialog', { name: 'Access groups of Tour' });
      await pickOption(en, typeDialog.getByRole('combobox', { name: 'Device groups' }), 'Main doors');
      await typeDialog.getByText('The groups chosen replace the current ones.').click();
      await typeDialog.getByRole('button', { name: button('Save') }).click();
      await toast(en, 'Access groups saved');
      await row(en, 'Tour').getByText('Main doors').waitFor();
      await expectAccessible(en, 'en /key/rights visitor types');

      await en.getByRole('tab', { name: 'Resident visitors' }).click();
      await row(en, 'Grace Hopper').getByRole('checkbox').check();
      await en.getByTestId('batch-bar').getByRole('button', { name: 'Set access groups' }).click();
      const dialog = en.getByRole('dialog', { name: 'Set access groups' });
      await pickOption(en, dialog.getByRole('combobox', { name: 'Device groups' }), 'Garage');
      await dialog.getByText('The groups chosen replace the current ones.').click();
      await dialog.getByRole('button', { name: button('Save') }).click();
      await toast(en, 'Access groups saved');
      await row(en, 'Grace Hopper').getByText('Garage').waitFor();
      // Saved: the selection is cleared with the batch bar.
      await en.getByTestId('batch-bar').waitFor({ state: 'detached' });
      const box = row(en, 'Grace Hopper').getByRole('checkbox');
      await until('the resident unselected', async () => ((await box.isChecked()) ? undefined : true));
      await screenshot(en, 'rights-residents-en');
      await expectAccessible(en, 'en /key/rights residents');
    });

    const zh = await (await newContext(stack.browser, 'zh-CN')).newPage();
    await step(zh, 'rights-card-zh', async () => {
      await zh.goto(`${stack.server.url}/signin`);
      await signIn(zh, EMAIL, PASSWORD, SIGNIN_ZH);
      await zh.waitForURL(/\/visitor$/);
      await zh.goto(`${stack.server.url}/key/rights?tab=cards`);
      await row(zh, 'Ada Lovelace').waitFor();
      assert.equal(await row(zh, 'Alan Turing').count(), 0);
      const card = zh.getByTestId(`card-input-${ada}`);
      await card.fill('bad card!');
      await zh.getByText('格式不正确').waitFor();
      await card.fill('K-1');
      await zh.getByText('格式不正确').waitFor({ state: 'detached' });
      await zh.getByTestId(`card-issue-${ada}`).click();
      await zh.getByText('已被其他记录使用').waitFor();
      await screenshot(zh, 'rights-card-taken-zh');
      await expectAccessible(zh, 'zh /key/rights cards to issue');
      await card.fill('K-2');
      await zh.getByTestId(`card-issue-${ada}`).click();
      await toast(zh, '已为 Ada Lovelace 发卡');
      await row(zh, 'Ada Lovelace').waitFor({ state: 'detached' });
      await zh.getByText('没有待发的卡：有门禁组的员工都已有卡').waitFor();
      const [emp] = (await ok('getAcList', { name: 'Ada' }, admin)).list;
      assert.equal(emp?.cardNo, 'K-2');
    });
  });
});
