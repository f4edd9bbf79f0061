// Suppliers in Chromium: the administrator adds a supplier company on /supplier/comlist; its server-company account
// signs in on its workers (/servercom/server), adds a worker (the drawer), uploads their face photo (a real jpeg) and a
// certificate file (the files drawer); HSE approves the worker on /hsehome/hseemplist; the desk signs the worker in
// with their QR pass (the scanned text typed into the desk's resident sign-in); the traffic statistics
// (/supplier/supplierlist) count the sign-in. Once in English and once in Chinese.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate, maskIdNumber } from '@openvisit/contract';
import type { Page } from 'playwright-core';
import {
  apiOf,
  faceFixture,
  newContext,
  PASSWORD,
  pickOption,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  settled,
  signIn,
  step,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const DAY = 86_400_000;
const OWN_PASSWORD = 'Supp1ier!2026';

/** A day as the pickers and the statistics take it (the browser's and the server's time zone are this machine's). */
function day(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    signin: SIGNIN_EN,
    worker: 'Wendy Worker',
    phone: '13933330001',
    cardid: '11010519491231002X',
    t: {
      addCompany: 'Add supplier company',
      name: 'Name',
      addWorker: 'Add worker',
      workerName: 'Name',
      project: 'Project',
      phone: 'Phone',
      cardid: 'Certificate number',
      workerAdded: (n: string) => `${n} added, waiting for approval`,
      face: (n: string) => `Face photo of ${n}`,
      faceSaved: (n: string) => `Face photo of ${n} saved`,
      deskTab: 'Front desk',
      account: 'Account name',
      password: 'Password',
      deskSignIn: /Sign in$/,
      today: "Today's visitors",
      open: /Resident sign-in/,
      signInTitle: 'Sign a resident visitor in',
      box: 'Phone or certificate number',
      submit: /Sign in$/,
      done: (n: string) => `${n} signed in`,
      save: 'Save',
      added: (n: string) => `${n} added`,
      workers: 'Workers',
      files: 'Files',
      kind: 'Kind',
      certificate: 'Certificate',
      expiresOn: 'Valid until',
      upload: 'Upload pdf, jpg or png',
      uploaded: (n: string) => `${n} uploaded`,
      approve: (n: string) => `Approve ${n}`,
      approvedToast: (n: string) => `${n} approved`,
      approved: 'Approved',
      chart: 'Sign-ins per supplier company and day, 1 in total',
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    signin: SIGNIN_ZH,
    worker: '王工人',
    phone: '13933330002',
    cardid: '110105199003071239',
    t: {
      addCompany: '添加供应商公司',
      name: '名称',
      addWorker: '添加人员',
      workerName: '姓名',
      project: '项目',
      phone: '手机号',
      cardid: '证件号',
      workerAdded: (n: string) => `已添加 ${n}，等待审批`,
      face: (n: string) => `${n} 的人脸照片`,
      faceSaved: (n: string) => `已保存 ${n} 的人脸照片`,
      deskTab: '前台',
      account: '账号',
      password: '密码',
      deskSignIn: /^登\s?录$/,
      today: '今日访客',
      open: /常驻访客签到/,
      signInTitle: '常驻访客签到',
      box: '手机号或证件号',
      submit: /签\s?到$/,
      done: (n: string) => `${n} 已签到`,
      save: /保\s?存/,
      added: (n: string) => `已添加 ${n}`,
      workers: '供应商人员',
      files: '文件',
      kind: '类型',
      certificate: '证书',
      expiresOn: '有效期至',
      upload: '上传 pdf、jpg 或 png',
      uploaded: (n: string) => `已上传 ${n}`,
      approve: (n: string) => `通过 ${n}`,
      approvedToast: (n: string) => `已通过 ${n}`,
      approved: '已通过',
      chart: '各供应商公司每日签到人次，共 1 人次',
    },
  },
] as const;

for (const L of LANGS) {
  describe(`suppliers (${L.tag})`, () => {
    it('a server company adds a worker with a certificate, HSE approves, the QR pass signs them in, statistics count it', async () => {
      const email = `suppliers-${L.tag}@example.com`;
      await registerCompany(stack, email, `Supplier Works ${L.tag}`, { lang: L.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);
      const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
      const project = await ok('addProject', { pName: `Plant ${L.tag}`, leader: 'Wang', phone: '13800005555', ...window }, admin);
      const company = `Labour ${L.tag}`;
      /** A fresh browser context signed in as the account, for `fn`. */
      const as = async (account: string, password: string, name: string, fn: (page: Page) => Promise<void>) => {
        const context = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        try {
          await step(page, `suppliers-${L.tag}-${name}`, async () => {
            await page.goto(`${stack.server.url}/signin`);
            await signIn(page, account, password, L.signin);
            await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
            await fn(page);
          });
        } finally {
          await context.close();
        }
      };
      {
        await as(email, PASSWORD, 'company', async (page) => {
          await page.goto(`${stack.server.url}/supplier/comlist`);
          await page.getByRole('button', { name: L.t.addCompany }).click();
          const dialog = page.locator('.ant-modal');
          await dialog.getByLabel(L.t.name, { exact: true }).fill(company);
          await dialog.getByRole('button', { name: L.t.save }).click();
          await page.getByText(L.t.added(company)).waitFor();
        });
        const supplierId = (await ok('getSupplierList', {}, admin)).find((s) => s.name === company)?.supplierId ?? 0;
        await ok('AddManager', { account: `sc_${L.tag}`, password: PASSWORD, sName: 'Labour desk', sType: 1, supplierId }, admin);
        const first = (await ok('Login', { email: `sc_${L.tag}`, password: PASSWORD })).token;
        await ok('updatePassword', { oldPassword: PASSWORD, password: OWN_PASSWORD }, first);
        const sc = (await ok('Login', { email: `sc_${L.tag}`, password: OWN_PASSWORD })).token;
        const face = faceFixture('one-face');
        await as(`sc_${L.tag}`, OWN_PASSWORD, 'servercom', async (page) => {
          await page.waitForURL(/\/servercom\/server$/);
          // The worker, added in the drawer: the supplier company is the account's own.
          await page.getByRole('button', { name: L.t.addWorker }).click();
          const form = page.locator('.ant-drawer:visible');
          await pickOption(page, form.getByLabel(L.t.project, { exact: true }), project.pName);
          await form.getByLabel(L.t.workerName, { exact: true }).fill(L.worker);
          await form.getByLabel(L.t.phone, { exact: true }).fill(L.phone);
          await form.getByLabel(L.t.cardid, { exact: true }).fill(L.cardid);
          const range = form.locator('.ant-picker-range input');
          await range.nth(0).click();
          // Typed as the pickers show days in the page's language (the contract's formatter).
          await range.nth(0).fill(formatDate(Date.now() - DAY, L.tag));
          await range.nth(0).press('Enter');
          await range.nth(1).fill(formatDate(Date.now() + 30 * DAY, L.tag));
          await range.nth(1).press('Enter');
          await form.getByRole('button', { name: L.t.save }).click();
          await page.getByText(L.t.workerAdded(L.worker)).waitFor();
          const row = page.locator('tr.ant-table-row').filter({ hasText: L.worker });
          await row.waitFor();

          // The face photo: chosen in the dialog, stored, then shown there and in the list.
          await row.getByRole('button', { name: L.t.face(L.worker) }).click();
          const faceDialog = page.locator('.ant-modal').filter({ has: page.getByTestId('worker-face') });
          await faceDialog.locator('input[type=file]').setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: face });
          await page.getByText(L.t.faceSaved(L.worker)).waitFor();
          await faceDialog.getByRole('img', { name: L.t.face(L.worker) }).waitFor();
          await page.keyboard.press('Escape');
          await faceDialog.waitFor({ state: 'hidden' });
          await row.getByRole('img', { name: L.t.face(L.worker) }).waitFor();

          await row.getByRole('button', { name: L.t.files }).click();
          const drawer = page.locator('.ant-drawer:visible');
          await drawer.getByLabel(L.t.kind).click();
          await page.locator('.ant-select-item-option').filter({ hasText: L.t.certificate }).click();
          const expiry = formatDate(Date.now() + 100 * DAY, L.tag);
          await drawer.getByPlaceholder(L.t.expiresOn).fill(expiry);
          await drawer.getByPlaceholder(L.t.expiresOn).press('Enter');
          const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
          await drawer.locator('input[type=file]').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
          await page.getByText(L.t.uploaded('certificate.pdf')).waitFor();
          await drawer.locator('tr.ant-table-row').filter({ hasText: 'certificate.pdf' }).waitFor();
          await settled(page);
        });

        const worker = (await ok('getResidentVisitor', { startIndex: 0, requestedCount: 10, name: L.worker }, sc)).list[0];
        assert.ok(worker, 'the worker added in the console');
        assert.equal(worker.company, company);
        // Masked in every answer; the administrator reads it whole.
        assert.equal(worker.cardid, maskIdNumber(L.cardid));
        assert.equal((await ok('revealIdNumber', { of: 'resident', id: worker.rid }, admin)).idNumber, L.cardid);
        assert.equal(worker.face, true);

        await ok('AddManager', { account: `hse_${L.tag}`, password: PASSWORD, sName: 'HSE', sType: 0 }, admin);
        const hseFirst = (await ok('Login', { email: `hse_${L.tag}`, password: PASSWORD })).token;
        await ok('updatePassword', { oldPassword: PASSWORD, password: OWN_PASSWORD }, hseFirst);
        await as(`hse_${L.tag}`, OWN_PASSWORD, 'hse', async (page) => {
          await page.goto(`${stack.server.url}/hsehome/hseemplist`);
          const row = page.locator('tr.ant-table-row').filter({ hasText: L.worker });
          await row.getByRole('button', { name: L.t.approve(L.worker) }).click();
          await page.getByText(L.t.approvedToast(L.worker)).waitFor();
          await row.getByText(L.t.approved, { exact: true }).waitFor();
        });

        // The worker's pass at the desk: what a scanner types into the resident sign-in box.
        const pass = await ok('getRvQrcode', { rid: worker.rid }, sc);
        await ok('AddManager', { account: `desk_${L.tag}`, password: PASSWORD, sName: 'Desk', sType: 2 }, admin);
        const deskFirst = (await ok('Login', { email: `desk_${L.tag}`, password: PASSWORD })).token;
        await ok('updatePassword', { oldPassword: PASSWORD, password: OWN_PASSWORD }, deskFirst);
        {
          const context = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
          const page = await context.newPage();
          try {
            await step(page, `suppliers-${L.tag}-desk`, async () => {
              await page.goto(`${stack.server.url}/signin`);
              await page.getByRole('tab', { name: L.t.deskTab }).click();
              await page.getByLabel(L.t.account, { exact: true }).fill(`desk_${L.tag}`);
              await page.getByLabel(L.t.password, { exact: true }).fill(OWN_PASSWORD);
              await page.getByRole('button', { name: L.t.deskSignIn }).click();
              await page.waitForURL(/\/reception\/?$/);
              await page.getByRole('heading', { name: L.t.today }).waitFor();
              await page.getByRole('button', { name: L.t.open }).click();
              const dialog = page.locator('.ant-modal').filter({ hasText: L.t.signInTitle });
              await dialog.getByLabel(L.t.box).fill(pass.qrcode);
              await dialog.getByRole('button', { name: L.t.submit }).click();
              await dialog.getByText(L.t.done(L.worker)).waitFor();
              await settled(page);
            });
          } finally {
            await context.close();
          }
        }
        const visits = await ok('SearchRVisitorByCondition', { startIndex: 0, requestedCount: 10 }, admin);
        assert.deepEqual(
          visits.list.map((v) => v.vname),
          [L.worker],
        );

        await as(email, PASSWORD, 'traffic', async (page) => {
          await page.goto(`${stack.server.url}/supplier/supplierlist`);
          await page.getByRole('img', { name: L.t.chart }).waitFor();
          await page.locator('tr.ant-table-row').filter({ hasText: company }).waitFor();
        });
        const today = day(Date.now());
        const report = await ok('getRvReport', { startDate: today, endDate: today }, admin);
        assert.deepEqual(report.companies, [{ supplierId, company, counts: [1], total: 1 }]);
      }
    });
  });
}
