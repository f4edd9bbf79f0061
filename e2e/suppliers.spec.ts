// Suppliers in Chromium: the administrator adds a supplier company on /supplier/comlist; its server-company account
// signs in on its workers (/servercom/server), adds a worker with a face photo (API) and a certificate file (the
// files drawer); HSE approves the worker on /hsehome/hseemplist; the worker's QR pass signs them in at the desk; the
// traffic statistics (/supplier/supplierlist) count the sign-in. Once in English and once in Chinese.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { apiOf, newContext, PASSWORD, registerCompany, SIGNIN_EN, SIGNIN_ZH, settled, signIn, step, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const DAY = 86_400_000;
const OWN_PASSWORD = 'Supp1ier!2026';

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    signin: SIGNIN_EN,
    worker: 'Wendy Worker',
    phone: '13933330001',
    t: {
      addCompany: 'Add supplier company',
      name: 'Name',
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
    t: {
      addCompany: '添加供应商公司',
      name: '名称',
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

async function upload(name: string, file: { name: string; bytes: Buffer; type: string }, fields: Record<string, string>, token: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${stack.server.url}/api/${name}`, { method: 'POST', headers: { 'x-coolvisit-token': token }, body: form });
  const body = (await res.json()) as { status: number; reason: string };
  assert.equal(body.status, 0, `${name}: ${body.reason}`);
}

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
        const worker = await ok('addResidentVisitor', { pid: project.pid, name: L.worker, phone: L.phone, ...window }, sc);
        assert.equal(worker.company, company);
        const face = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#8899aa' } })
          .jpeg()
          .toBuffer();
        await upload('uploadRvFace', { name: 'face.jpg', bytes: face, type: 'image/jpeg' }, { rid: String(worker.rid) }, sc);

        await as(`sc_${L.tag}`, OWN_PASSWORD, 'servercom', async (page) => {
          await page.waitForURL(/\/servercom\/server$/);
          const row = page.locator('tr.ant-table-row').filter({ hasText: L.worker });
          await row.getByRole('button', { name: L.t.files }).click();
          const drawer = page.locator('.ant-drawer');
          await drawer.getByLabel(L.t.kind).click();
          await page.locator('.ant-select-item-option').filter({ hasText: L.t.certificate }).click();
          const expiry = new Date(Date.now() + 100 * DAY).toISOString().slice(0, 10);
          await drawer.getByPlaceholder(L.t.expiresOn).fill(expiry);
          await drawer.getByPlaceholder(L.t.expiresOn).press('Enter');
          const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
          await drawer.locator('input[type=file]').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
          await page.getByText(L.t.uploaded('certificate.pdf')).waitFor();
          await drawer.locator('tr.ant-table-row').filter({ hasText: 'certificate.pdf' }).waitFor();
          await settled(page);
        });

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

        // The worker's pass at the desk (scanned into the sign-in box).
        const pass = await ok('getRvQrcode', { rid: worker.rid }, sc);
        await ok('AddManager', { account: `desk_${L.tag}`, password: PASSWORD, sName: 'Desk', sType: 2 }, admin);
        const deskFirst = (await ok('Login', { email: `desk_${L.tag}`, password: PASSWORD })).token;
        await ok('updatePassword', { oldPassword: PASSWORD, password: OWN_PASSWORD }, deskFirst);
        const desk = (await ok('Login', { email: `desk_${L.tag}`, password: OWN_PASSWORD })).token;
        const signedIn = await ok('ResidentVisitorSignIn', { qrcode: pass.qrcode }, desk);
        assert.equal(signedIn.rid, worker.rid);

        await as(email, PASSWORD, 'traffic', async (page) => {
          await page.goto(`${stack.server.url}/supplier/supplierlist`);
          await page.getByRole('img', { name: L.t.chart }).waitFor();
          await page.locator('tr.ant-table-row').filter({ hasText: company }).waitFor();
        });
        const today = new Date();
        const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
        const report = await ok('getRvReport', { startDate: day, endDate: day }, admin);
        assert.deepEqual(report.companies, [{ supplierId, company, counts: [1], total: 1 }]);
      }
    });
  });
}
