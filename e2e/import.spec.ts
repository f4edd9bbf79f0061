// People › import wizard in Chromium against the built product, once in English and once in Chinese: the
// template downloaded and parsed, filled in as a user would (one bad row), checked (per-row error, preview),
// imported, imported again without duplicates; then a department file whose numbers show in the tree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import {
  newContext,
  PASSWORD,
  registerCompany,
  resultsDir,
  SIGNIN_EN,
  SIGNIN_ZH,
  type SignInLabels,
  screenshot,
  settled,
  signIn,
  skipRestOfGuide,
  step,
  useStack,
} from './harness.js';

const stack = useStack();

interface Lang {
  tag: 'en' | 'zh';
  locale: 'en-US' | 'zh-CN';
  signin: SignInLabels;
  email: string;
  company: string;
  t: {
    shortName: string;
    guideNext: string;
    skip: string;
    importEmployees: string;
    importDepartments: string;
    exampleHeader: string;
    nameHeader: string;
    exampleSkipped: string;
    phoneProblem: string;
    phoneColumn: string;
    run: (n: number) => RegExp;
    doneEmployees: string;
    doneAgain: string;
    doneDepartments: string;
    close: RegExp;
    wrongType: string;
    deptNoLine: string;
  };
  people: [[string, string, string], [string, string, string], [string, string, string]];
  hq: string;
  sales: string;
}

const EN: Lang = {
  tag: 'en',
  locale: 'en-US',
  signin: SIGNIN_EN,
  email: 'import.en@contoso.example',
  company: 'Contoso Imports Ltd',
  t: {
    shortName: 'Short name',
    guideNext: 'Save and continue',
    skip: 'Skip this step',
    importEmployees: 'Import employees',
    importDepartments: 'Import departments',
    exampleHeader: 'Example',
    nameHeader: 'Name *',
    exampleSkipped: 'Example row skipped (row 2): the template’s example is never imported.',
    phoneProblem: 'The format of the phone number is not correct',
    phoneColumn: 'Mobile phone',
    run: (n) => new RegExp(`Import ${n} rows?$`),
    doneEmployees: 'Employees: 2 added, 0 updated · new departments: 2',
    doneAgain: 'Employees: 0 added, 2 updated · new departments: 0',
    doneDepartments: 'Departments: 1 added, 1 updated',
    close: /Close$/,
    wrongType: 'Only csv, xls and xlsx files can be imported',
    deptNoLine: 'Sales · No. S-100',
  },
  people: [
    ['Ada Park', '13600136001', 'A-1'],
    ['Ben Ode', '13600136002', 'A-2'],
    ['Bad Phone', '1360', 'A-3'],
  ],
  hq: 'HQ',
  sales: 'Sales',
};

const ZH: Lang = {
  tag: 'zh',
  locale: 'zh-CN',
  signin: SIGNIN_ZH,
  email: 'import.zh@contoso.example',
  company: '康拓导入有限公司',
  t: {
    shortName: '企业简称',
    guideNext: '保存并继续',
    skip: '跳过此步',
    importEmployees: '导入员工',
    importDepartments: '导入部门',
    exampleHeader: '示例',
    nameHeader: '姓名 *',
    exampleSkipped: '已跳过示例行（第 2 行）：模板中的示例不会导入。',
    phoneProblem: '手机号格式不正确',
    phoneColumn: '手机号',
    run: (n) => new RegExp(`导入 ${n} 行$`),
    doneEmployees: '员工：新增 2 人，更新 0 人 · 新建部门 2 个',
    doneAgain: '员工：新增 0 人，更新 2 人 · 新建部门 0 个',
    doneDepartments: '部门：新增 1 个，更新 1 个',
    close: /关\s?闭$/,
    wrongType: '只能导入 csv、xls 和 xlsx 文件',
    deptNoLine: '销售部 · 编号 S-100',
  },
  people: [
    ['周安', '13600136001', 'A-1'],
    ['吴博', '13600136002', 'A-2'],
    ['错号码', '1360', 'A-3'],
  ],
  hq: '总部',
  sales: '销售部',
};

async function openWizard(page: Page, item: string) {
  await page.getByTestId('import-menu').hover();
  await page.getByRole('menuitem', { name: item }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.waitFor();
  // A click while the modal still zooms in can be lost on a loaded machine (the template's download never starts).
  await settled(page);
  return modal;
}

async function scenario(L: Lang): Promise<void> {
  const { t } = L;
  const context = await newContext(stack.browser, L.locale);
  const page = await context.newPage();
  const shot = (name: string) => screenshot(page, `${name}-${L.tag}`);
  await registerCompany(stack, L.email, L.company);
  fs.mkdirSync(resultsDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(resultsDir, `import-${L.tag}-`));

  await step(page, `sign-in-${L.tag}`, async () => {
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, L.email, PASSWORD, L.signin);
    await page.waitForURL(/\/guide$/);
    await page.getByLabel(t.shortName).fill(L.tag === 'zh' ? '康拓' : 'CIL');
    await page.getByRole('button', { name: t.guideNext }).click();
    await page.getByRole('button', { name: t.skip }).click();
    await skipRestOfGuide(page, L.tag);
    await page.waitForURL(/\/visitor$/);
    await page.goto(`${stack.server.url}/emp/emplist`);
  });

  const filled = path.join(dir, 'people.xlsx');
  await step(page, `template-${L.tag}`, async () => {
    const modal = await openWizard(page, t.importEmployees);
    const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId(`import-template-${L.tag}`).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0];
    assert.ok(sheet);
    assert.equal(sheet.getRow(1).getCell(1).value, t.exampleHeader);
    assert.equal(sheet.getRow(1).getCell(2).value, t.nameHeader);
    // Filled in as a hurried user would: ours added below the template's example row, which is left in.
    for (const [name, phone, no] of L.people) sheet.addRow(['', name, phone, no, '', `${L.hq}/${L.sales}`, '']);
    await wb.xlsx.writeFile(filled);
    // A file of another type is refused before anything is sent.
    const notes = path.join(dir, 'notes.txt');
    fs.writeFileSync(notes, 'hello');
    await modal.locator('input[type="file"]').setInputFiles(notes);
    await modal.getByTestId('import-problem').getByText(t.wrongType).waitFor();
    await shot('import-choose');
  });

  await step(page, `check-and-import-${L.tag}`, async () => {
    const modal = page.locator('.ant-modal:visible');
    await modal.locator('input[type="file"]').setInputFiles(filled);
    const errors = modal.getByTestId('import-errors');
    await errors.getByText(t.phoneProblem).waitFor();
    const errorRow = errors.locator('tbody tr').filter({ hasText: t.phoneProblem });
    assert.equal((await errorRow.locator('td').first().textContent())?.trim(), '5');
    // The example row is said to be skipped, not imported over a real employee.
    await modal.getByText(t.exampleSkipped).waitFor();
    await errorRow.getByText(t.phoneColumn, { exact: true }).waitFor();
    await modal.getByTestId('import-preview').getByText(L.people[0][0]).waitFor();
    await shot('import-check');
    await modal.getByRole('button', { name: t.run(2) }).click();
    await modal.getByTestId('import-done').getByText(t.doneEmployees).waitFor();
    await shot('import-done');
    await modal.getByRole('button', { name: t.close }).last().click();
    await modal.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row').filter({ hasText: L.people[0][0] }).waitFor();
    await page.locator('.ant-table-row').filter({ hasText: L.people[1][0] }).getByText(L.sales).waitFor();
  });

  await step(page, `reimport-${L.tag}`, async () => {
    const modal = await openWizard(page, t.importEmployees);
    await modal.locator('input[type="file"]').setInputFiles(filled);
    await modal.getByRole('button', { name: t.run(2) }).click();
    await modal.getByTestId('import-done').getByText(t.doneAgain).waitFor();
    await modal.getByRole('button', { name: t.close }).last().click();
    assert.equal(await page.locator('.ant-table-row').count(), 2);
  });

  await step(page, `departments-${L.tag}`, async () => {
    const csv = path.join(dir, 'departments.csv');
    fs.writeFileSync(
      csv,
      `\ufeff${L.tag === 'zh' ? '部门,部门编号,负责人工号' : 'Department,Department number,Manager work number'}\n${L.hq}/${L.sales},S-100,A-1\n${L.hq}/R&D,,\n`,
    );
    const modal = await openWizard(page, t.importDepartments);
    await modal.locator('input[type="file"]').setInputFiles(csv);
    await modal.getByTestId('import-preview').getByText(`${L.hq}/R&D`).waitFor();
    await modal.getByRole('button', { name: t.run(2) }).click();
    await modal.getByTestId('import-done').getByText(t.doneDepartments).waitFor();
    await modal.getByRole('button', { name: t.close }).last().click();
    await page.locator('.ant-tree').getByText(L.sales, { exact: true }).click();
    await page.getByText(t.deptNoLine).waitFor();
    await shot('import-departments');
  });
  await context.close();
}

describe('people: importing employees and departments in the browser', () => {
  it('imports from the downloaded template and a department csv (English)', async () => {
    await scenario(EN);
  });

  it('imports from the downloaded template and a department csv (Chinese)', async () => {
    await scenario(ZH);
  });
});
