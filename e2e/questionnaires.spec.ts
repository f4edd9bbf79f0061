// The safety induction's console (issue 17), end to end: the safety officer builds a questionnaire in the question
// bank (the server refuses to enable it while its bank cannot draw a paper, on the field), writes a single and a
// multiple choice question (one with a picture), enables it for a visitor type and switches the induction on; two
// visitors take papers (one passes, one fails); the answer report lists both with their answers, draws the right
// answers per question and exports them. English, then the report in Chinese; screenshots of each screen.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expectAccessible } from './a11y.js';
import { apiOf, newContext, PASSWORD, pickOption, registerCompany, SIGNIN_ZH, scaled, screenshot, signIn, step, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const ADMIN = 'induction.admin@example.com';

/** A 320×160 sign as the question's picture. */
function signPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" fill="#ffd400"/><text x="160" y="96" font-size="40" text-anchor="middle" font-family="sans-serif">HELMET</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function fillQuestion(page: Page, q: { zh: string; en: string; options: [string, string][]; right: number[]; multiple?: boolean }) {
  const form = page.getByTestId('question-form');
  await form.waitFor();
  if (q.multiple) await form.getByText('Multiple choice', { exact: true }).click();
  await page.getByTestId('question-text-zh').fill(q.zh);
  await page.getByTestId('question-text-en').fill(q.en);
  for (let i = 2; i < q.options.length; i++) await page.getByTestId('option-add').click();
  for (const [i, [zh, en]] of q.options.entries()) {
    await page.getByTestId(`option-${i}-zh`).fill(zh);
    await page.getByTestId(`option-${i}-en`).fill(en);
  }
  for (const i of q.right) await page.getByLabel(`Option ${String.fromCharCode(65 + i)} is right`).click();
}

const save = (page: Page) => page.locator('.ant-modal-footer').getByRole('button', { name: /Save$/ }).click();

describe('safety induction console', () => {
  it('builds a questionnaire with its questions, switches the induction on, reports the papers', { timeout: scaled(1_200_000) }, async () => {
    await registerCompany(stack, ADMIN, 'Induction Works');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    const type = await ok('addVisitorType', { vType: '施工#Contractor', povDays: 1, gids: [], reasons: [], subTypes: [] }, admin);

    const context = await newContext(stack.browser, 'en-US', { viewport: { width: 1366, height: 860 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, ADMIN, PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith('/signin'));

    await step(page, 'bank-add-en', async () => {
      await page.goto(`${stack.server.url}/question/bank`);
      await page.getByText('No questionnaires yet').waitFor();
      await page.getByTestId('questionnaire-add').click();
      await page.getByTestId('q-title').fill('Workshop safety');
      await page.getByTestId('q-topicNum').fill('2');
      await page.getByTestId('q-passScore').fill('15');
      await pickOption(page, page.getByRole('combobox', { name: 'Visitor types' }), 'Contractor');
      await page.getByTestId('q-enabled').click();
      await save(page);
      // A new questionnaire has no questions: enabling it is refused on the number drawn.
      await page.getByText('More than the enabled questions can give in each language').waitFor();
      await screenshot(page, 'induction-bank-refused-en');
      await expectAccessible(page, 'en questionnaire form');
      await page.getByTestId('q-enabled').click();
      await save(page);
      await page.getByRole('link', { name: 'Workshop safety' }).first().waitFor();
      await screenshot(page, 'induction-bank-en');
    });

    await step(page, 'questions-en', async () => {
      await page.getByRole('link', { name: 'Workshop safety' }).first().click();
      await page.waitForURL(/\/question\/bank\/item\?qid=\d+/);
      await page.getByRole('heading', { name: 'Questions of “Workshop safety”' }).waitFor();
      await page.getByTestId('question-add').click();
      await fillQuestion(page, {
        zh: '进入车间必须佩戴什么？',
        en: 'What must you wear in the workshop?',
        options: [
          ['安全帽', 'A helmet'],
          ['耳机', 'Headphones'],
        ],
        right: [0],
      });
      await page
        .getByTestId('question-form')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: await signPng() });
      await page.getByRole('img', { name: 'The question’s picture' }).waitFor();
      await screenshot(page, 'induction-question-form-en');
      await expectAccessible(page, 'en question form');
      await save(page);
      await page.getByRole('button', { name: 'Edit 进入车间必须佩戴什么？' }).waitFor();

      await page.getByTestId('question-add').click();
      await fillQuestion(page, {
        zh: '发生火灾时应该？',
        en: 'In a fire you should?',
        options: [
          ['走楼梯', 'Take the stairs'],
          ['乘电梯', 'Take the lift'],
          ['报警', 'Raise the alarm'],
        ],
        right: [0, 2],
        multiple: true,
      });
      await page.getByText('Right answer: A, C').waitFor();
      await save(page);
      await page.getByRole('button', { name: 'Edit 发生火灾时应该？' }).waitFor();
      await page.getByText('2 questions').waitFor();
      await screenshot(page, 'induction-questions-en');
    });

    await step(page, 'enable-and-switch-en', async () => {
      await page.goto(`${stack.server.url}/question/bank`);
      await page.getByRole('button', { name: 'Edit Workshop safety' }).click();
      await page.getByText('Enabled questions: 2 in Chinese, 2 in English').waitFor();
      await page.getByTestId('q-enabled').click();
      await save(page);
      await page.getByRole('cell', { name: 'Enabled' }).waitFor();

      await page.goto(`${stack.server.url}/question`);
      const row = page.getByTestId('induction-types').getByRole('row', { name: /Contractor/ });
      await row.getByRole('link', { name: 'Workshop safety' }).waitFor();
      await row.getByText('Enabled').waitFor();
      await page.getByTestId('induction-switch').getByRole('switch').click();
      await page.getByText('The safety induction is required').first().waitFor();
      await screenshot(page, 'induction-settings-en');
    });

    // Two visitors take papers through the kiosk's calls: one answers everything right, one everything wrong.
    const qid = (await ok('getQuestionnaire', { title: 'Workshop safety' }, admin)).list[0]?.qid;
    assert.ok(qid);
    for (const [name, phone, right] of [
      ['Rita Right', '13900007001', true],
      ['Walt Wrong', '13900007002', false],
    ] as const) {
      const start = await ok('getRandomTopicList', { tid: type.tid, vname: name, vphone: phone, lang: 'en' }, admin);
      const paper = start.paper;
      assert.ok(paper, `a paper for ${name}`);
      const answers = paper.questions.map((q) => {
        const fire = q.question.startsWith('In a fire');
        return { qdid: q.qdid, chosen: right ? (fire ? [0, 2] : [0]) : [1] };
      });
      const result = await ok('examSubmit', { pid: paper.pid, token: paper.token, answers });
      assert.equal(result.passed, right);
    }

    await step(page, 'answer-report-en', async () => {
      await page.goto(`${stack.server.url}/visitor/answerReport`);
      await page.getByText('Rita Right').waitFor();
      await page.getByText('Walt Wrong').waitFor();
      await page.getByText('2 papers').waitFor();
      await page.getByText('Choose a questionnaire in the filters').waitFor();
      await pickOption(page, page.getByRole('combobox', { name: 'Questionnaire' }), 'Workshop safety');
      await page.waitForURL((u) => new URL(u).searchParams.get('qid') === String(qid));
      await page
        .getByRole('img', { name: /Bar chart/ })
        .locator('svg')
        .waitFor();
      await screenshot(page, 'induction-report-en');

      await page.getByRole('button', { name: 'View the answers of Walt Wrong' }).click();
      const paper = page.getByTestId('paper-detail');
      await paper.getByText('In a fire you should?').waitFor();
      assert.equal(await paper.getByText('Right answer', { exact: true }).count(), 3);
      assert.equal(await paper.getByText('Chosen', { exact: true }).count(), 2);
      await paper.getByRole('img', { name: 'The question’s picture' }).waitFor();
      await screenshot(page, 'induction-paper-en');
      await expectAccessible(page, 'en answer paper drawer');
      await page.keyboard.press('Escape');

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('answers-export').click()]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await file.path());
      const rows: unknown[][] = [];
      wb.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
      const text = JSON.stringify(rows);
      assert.match(text, /Rita Right/);
      assert.match(text, /Walt Wrong/);
    });

    await step(page, 'import-en', async () => {
      await page.goto(`${stack.server.url}/question/bank/item?qid=${qid}`);
      await page.getByText('2 questions').waitFor();
      await page.getByTestId('question-import').click();
      const modal = page.locator('.ant-modal:visible');
      const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('import-template-en').click()]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      const sheet = wb.worksheets[0];
      assert.ok(sheet);
      assert.equal(sheet.getRow(1).getCell(1).value, 'Example');
      assert.equal(sheet.getRow(1).getCell(2).value, 'Type *');
      // Filled in as a safety officer would: the examples replaced by a good row and one whose answer is not an option.
      sheet.spliceRows(2, sheet.rowCount - 1);
      sheet.addRow(['', 'single', 'both', '紧急出口在哪里？', 'Where is the exit?', '门口\n窗户', 'Door\nWindow', 'A', 10, 5]);
      sheet.addRow(['', 'single', 'both', '集合点在哪里？', 'Where do we gather?', '停车场\n大门', 'Car park\nGate', 'C', 10, 6]);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'induction-')), 'questions.xlsx');
      await wb.xlsx.writeFile(file);
      await modal.locator('input[type="file"]').setInputFiles(file);
      const errors = modal.getByTestId('import-errors');
      await errors.getByText('The answer is not one of the options').waitFor();
      const errorRow = errors.locator('tbody tr').filter({ hasText: 'The answer is not one of the options' });
      assert.equal((await errorRow.locator('td').first().textContent())?.trim(), '3');
      await modal.getByTestId('import-preview').getByText('紧急出口在哪里？').waitFor();
      await screenshot(page, 'induction-import-en');
      await modal.getByTestId('import-run').click();
      await modal.getByTestId('import-done').getByText('1 question added').waitFor();
      await modal.getByRole('button', { name: 'Close' }).last().click();
      await page.getByText('3 questions').waitFor();
    });

    const zh = await newContext(stack.browser, 'zh-CN', { viewport: { width: 1366, height: 860 } });
    const zhPage = await zh.newPage();
    await step(zhPage, 'answer-report-zh', async () => {
      await zhPage.goto(`${stack.server.url}/signin`);
      await signIn(zhPage, ADMIN, PASSWORD, SIGNIN_ZH);
      await zhPage.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await zhPage.goto(`${stack.server.url}/visitor/answerReport?qid=${qid}`);
      await zhPage.getByRole('heading', { name: '答题记录' }).waitFor();
      await zhPage.getByText('未通过').first().waitFor();
      await zhPage
        .getByRole('img', { name: /柱状图/ })
        .locator('svg')
        .waitFor();
      await screenshot(zhPage, 'induction-report-zh');
      await zhPage.goto(`${stack.server.url}/question`);
      await zhPage.getByRole('heading', { name: '安全培训' }).waitFor();
      await screenshot(zhPage, 'induction-settings-zh');
    });
    await zh.close();
    await context.close();
  });
});
