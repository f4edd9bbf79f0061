// Logistics in Chromium, once in English and once in Chinese: the administrator creates a logistics type with a
// custom vehicle field, makes the public booking link and adds a carrier; a carrier books a truck from the public
// page; the logistics manager (staff sType 3) approves it in /logic; the front desk signs the truck in and out; the
// data screen shows the ended booking with its custom field, and the export (parsed back) holds it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
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
  step,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const STAFF_PASSWORD = 'L0gistics!2026';
const DRIVER_ID = '11010519491231002X';

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    company: 'Freight Works',
    carrier: 'Swift Haulage',
    type: { zh: '送货', en: 'Delivery' },
    field: { zh: '车厢颜色', en: 'Box colour' },
    colour: 'Blue',
    plate: '粤B12345',
    driver: 'Dan Driver',
    sender: 'Sam Sender',
    signin: SIGNIN_EN,
    t: {
      addType: 'Add type',
      nameZh: 'Name (Chinese)',
      nameEn: 'Name (English)',
      fieldZh: 'Field name (Chinese)',
      fieldEn: 'Field name (English)',
      required: 'Required',
      save: 'Save',
      makeLink: 'Make the link',
      addCarrier: 'Add carrier',
      carrierName: 'Company name',
      logType: 'Logistics type',
      carrierField: 'Carrier company',
      sender: 'Sender',
      senderPhone: 'Sender phone',
      driver: 'Driver',
      driverPhone: 'Driver phone',
      driverId: 'Driver ID number',
      plate: 'Plate number',
      send: 'Send the booking',
      received: 'Booking received',
      approve: (p: string) => `Approve ${p}`,
      ok: 'OK',
      approved: /approved$/,
      deskTab: 'Front desk',
      account: 'Account name',
      password: 'Password',
      deskSignIn: /Sign in$/,
      arrive: 'Sign in',
      leave: 'Sign out',
      arrived: (p: string) => `${p} signed in`,
      left: (p: string) => `${p} signed out`,
      ended: 'Ended',
      details: /^Details/,
      headerNumber: 'Number',
      plateHeader: 'Plate',
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    company: '货运测试公司',
    carrier: '迅达物流',
    type: { zh: '提货', en: 'Pickup' },
    field: { zh: '车厢类型', en: 'Box type' },
    colour: '厢式',
    plate: '京AD12345',
    driver: '王司机',
    sender: '李发货',
    signin: SIGNIN_ZH,
    t: {
      addType: '添加类型',
      nameZh: '名称（中文）',
      nameEn: '名称（英文）',
      fieldZh: '字段名（中文）',
      fieldEn: '字段名（英文）',
      required: '必填',
      save: '保存',
      makeLink: '生成链接',
      addCarrier: '添加承运公司',
      carrierName: '公司名称',
      logType: '物流类型',
      carrierField: '承运公司',
      sender: '送货人',
      senderPhone: '送货人电话',
      driver: '司机',
      driverPhone: '司机电话',
      driverId: '司机身份证号',
      plate: '车牌号',
      send: '提交预约',
      received: '已收到预约',
      approve: (p: string) => `通过 ${p}`,
      ok: '确定',
      approved: /已通过$/,
      deskTab: '前台',
      account: '账号',
      password: '密码',
      deskSignIn: /^登\s?录$/,
      arrive: '签到',
      leave: '签离',
      arrived: (p: string) => `${p} 已签到`,
      left: (p: string) => `${p} 已签离`,
      ended: '已结束',
      details: /^详情/,
      headerNumber: '物流单号',
      plateHeader: '车牌号',
    },
  },
] as const;

type L = (typeof LANGS)[number];

/** A staff account of the company with its first password changed, as a person would before using it. */
async function staff(admin: string, account: string, sType: 2 | 3): Promise<void> {
  await ok('AddManager', { account, password: PASSWORD, sName: `Staff ${sType}`, sType }, admin);
  const first = (await ok('Login', { email: account, password: PASSWORD })).token;
  await ok('updatePassword', { oldPassword: PASSWORD, password: STAFF_PASSWORD }, first);
}

async function confirmPop(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: button(text) })
    .click();
}

/** The administrator's settings: the type with a required custom vehicle field, the public link; then a carrier. */
async function adminSetup(page: Page, lang: L): Promise<string> {
  const { t } = lang;
  await page.goto(`${stack.server.url}/logistics/setting`);
  await page.getByRole('button', { name: button(t.addType) }).click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByLabel(t.nameZh) });
  await modal.getByLabel(t.nameZh).fill(lang.type.zh);
  await modal.getByLabel(t.nameEn).fill(lang.type.en);
  await modal.getByTestId('add-field-vehicleExtend').click();
  const row = modal.getByTestId('type-field-vehicleExtend-0');
  await row.getByLabel(t.fieldZh).fill(lang.field.zh);
  await row.getByLabel(t.fieldEn).fill(lang.field.en);
  await row.getByText(t.required, { exact: true }).click();
  await modal.getByRole('button', { name: button(t.save) }).click();
  await modal.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: `${lang.field[lang.tag]} *` }).waitFor();
  await page.getByRole('button', { name: button(t.makeLink) }).click();
  // The link's box appears once it is made (inputValue waits for it).
  const link = await page.getByTestId('logistics-link').inputValue();
  await settled(page);
  await screenshot(page, `logistics-${lang.tag}-settings`);

  await page.goto(`${stack.server.url}/logistics/logicSupplierCom`);
  await page
    .getByRole('button', { name: button(t.addCarrier) })
    .first()
    .click();
  const carrier = page.locator('.ant-modal').filter({ has: page.getByLabel(t.carrierName) });
  await carrier.getByLabel(t.carrierName).fill(lang.carrier);
  await carrier.getByRole('button', { name: button(t.save) }).click();
  await page.locator('tr.ant-table-row').filter({ hasText: lang.carrier }).waitFor();
  return link;
}

/** The carrier's public page: the truck with its driver, plate and the type's own vehicle field. */
async function bookFromLink(page: Page, lang: L, link: string): Promise<void> {
  const { t } = lang;
  await page.goto(link);
  await pickOption(page, page.getByLabel(t.logType), lang.type[lang.tag]);
  await pickOption(page, page.getByLabel(t.carrierField), lang.carrier);
  await page.getByLabel(t.sender, { exact: true }).fill(lang.sender);
  await page.getByLabel(t.senderPhone, { exact: true }).fill('13900001111');
  await page.getByLabel(t.driver, { exact: true }).fill(lang.driver);
  await page.getByLabel(t.driverPhone, { exact: true }).fill('13900002222');
  await page.getByLabel(t.driverId, { exact: true }).fill(DRIVER_ID);
  await page.getByLabel(t.plate, { exact: true }).fill(lang.plate);
  await page.getByLabel(lang.field[lang.tag], { exact: true }).fill(lang.colour);
  await page.getByRole('button', { name: button(t.send) }).click();
  await page.getByTestId('booking-received').getByText(t.received).waitFor();
  await settled(page);
  await screenshot(page, `logistics-${lang.tag}-booked`);
}

for (const lang of LANGS) {
  describe(`logistics (${lang.tag})`, () => {
    it('books a truck from the public page, approves it in /logic, signs it in and out at the desk, and exports it', async () => {
      const { t } = lang;
      const email = `logistics-${lang.tag}@example.com`;
      await registerCompany(stack, email, lang.company, { lang: lang.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);
      const manager = `logi_${lang.tag}`;
      const desk = `ldesk_${lang.tag}`;
      await staff(admin, manager, 3);
      await staff(admin, desk, 2);

      const context = await newContext(stack.browser, lang.locale, { viewport: { width: 1366, height: 900 } });
      try {
        const page = await context.newPage();
        const link = await step(page, `logistics-${lang.tag}-admin`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await signIn(page, email, PASSWORD, lang.signin);
          await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
          return adminSetup(page, lang);
        });
        assert.match(link, /\/logistics-booking\?token=/);

        const carrierContext = await newContext(stack.browser, lang.locale);
        const carrierPage = await carrierContext.newPage();
        try {
          await step(carrierPage, `logistics-${lang.tag}-carrier`, () => bookFromLink(carrierPage, lang, link));
        } finally {
          await carrierContext.close();
        }

        const managerContext = await newContext(stack.browser, lang.locale, { viewport: { width: 1366, height: 900 } });
        const mp = await managerContext.newPage();
        try {
          await step(mp, `logistics-${lang.tag}-approve`, async () => {
            await mp.goto(`${stack.server.url}/signin`);
            await signIn(mp, manager, STAFF_PASSWORD, lang.signin);
            await mp.waitForURL(/\/logic\/logicSupplierCom$/);
            await mp.locator('tr.ant-table-row').filter({ hasText: lang.carrier }).waitFor();
            await mp.goto(`${stack.server.url}/logic/approve`);
            const row = mp.locator('tr.ant-table-row').filter({ hasText: lang.plate });
            await row.getByRole('button', { name: t.approve(lang.plate) }).click();
            await confirmPop(mp, t.ok);
            await mp.getByText(t.approved).first().waitFor();
            await row.waitFor({ state: 'detached' });
            await settled(mp);
            await screenshot(mp, `logistics-${lang.tag}-approved`);
          });
        } finally {
          await managerContext.close();
        }

        const deskContext = await newContext(stack.browser, lang.locale, { viewport: { width: 1366, height: 900 } });
        const dp = await deskContext.newPage();
        try {
          await step(dp, `logistics-${lang.tag}-desk`, async () => {
            await dp.goto(`${stack.server.url}/signin`);
            await dp.getByRole('tab', { name: t.deskTab }).click();
            await dp.getByLabel(t.account, { exact: true }).fill(desk);
            await dp.getByLabel(t.password, { exact: true }).fill(STAFF_PASSWORD);
            await dp.getByRole('button', { name: t.deskSignIn }).click();
            await dp.waitForURL(/\/reception\/?$/);
            await dp.goto(`${stack.server.url}/reception/logistics`);
            const row = dp.locator('tr.ant-table-row').filter({ hasText: lang.plate });
            await row.getByRole('button', { name: button(t.arrive) }).click();
            await confirmPop(dp, t.ok);
            await dp.getByText(t.arrived(lang.plate)).waitFor();
            await row.getByRole('button', { name: button(t.leave) }).click();
            await confirmPop(dp, t.ok);
            await dp.getByText(t.left(lang.plate)).waitFor();
            await row.getByText(t.ended, { exact: true }).waitFor();
            await settled(dp);
            await screenshot(dp, `logistics-${lang.tag}-desk`);
          });
        } finally {
          await deskContext.close();
        }

        await step(page, `logistics-${lang.tag}-data`, async () => {
          await page.goto(`${stack.server.url}/logistics`);
          const row = page.locator('tr.ant-table-row').filter({ hasText: lang.plate });
          await row.getByText(t.ended, { exact: true }).waitFor();
          await row.getByRole('button', { name: t.details }).click();
          const detail = page.getByTestId('booking-detail');
          await detail.getByText(lang.field[lang.tag], { exact: true }).waitFor();
          await detail.getByText(lang.colour, { exact: true }).waitFor();
          await settled(page);
          await screenshot(page, `logistics-${lang.tag}-detail`);
          await page.keyboard.press('Escape');
          await detail.waitFor({ state: 'detached' });

          const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('logistics-export').click()]);
          assert.match(download.suggestedFilename(), /\.xlsx$/);
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.readFile(await download.path());
          const rows: string[][] = [];
          wb.worksheets[0]?.eachRow((r) => {
            rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
          });
          assert.equal(rows[0]?.[0], t.headerNumber);
          const plateAt = rows[0]?.indexOf(t.plateHeader) ?? -1;
          const mine = rows.find((r) => r[plateAt] === lang.plate);
          assert.ok(mine, `${lang.plate} not in ${JSON.stringify(rows)}`);
          assert.ok(mine.includes(lang.driver) && mine.includes(lang.carrier) && mine.includes(t.ended), JSON.stringify(mine));
        });
      } finally {
        await context.close();
      }

      const { list } = await ok('getLogisticsInfo', { startIndex: 0, requestedCount: 10 }, admin);
      assert.deepEqual(
        list.map((b) => [b.plateNum, b.pstatus, b.source, b.vehicleExtend]),
        [[lang.plate, 3, 'link', { f1: lang.colour }]],
      );
    });
  });
}
