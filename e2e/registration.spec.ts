// Registration settings in Chromium against the built product, once in English and once in Chinese: the onboarding
// steps "registration content" (common visitor types and the company's own) and "pad settings" (theme colour and
// sign-out switch, with the kiosk preview); then Custom settings › registration settings: a logo upload shown in the
// kiosk preview, a gate, a visitor type offered at that gate with a required choice field, and a customized badge
// style (5-inch, logo at the bottom, QR code, black and white) previewed at the paper's proportions and kept across
// a reload. The kiosk's configuration (getPadConfig) is read back at the end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PadConfig } from '@openvisit/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  button,
  newContext,
  openMenu,
  PASSWORD,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  type SignInLabels,
  screenshot,
  settled,
  signIn,
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
  short: string;
  gate: string;
  t: {
    shortName: string;
    next: string;
    skipEmployees: string;
    finish: string;
    ownZh: string;
    ownEn: string;
    business: string;
    interview: string;
    typesAdded: string;
    setupDone: string;
    group: string;
    menu: string;
    title: string;
    register: string;
    signOut: string;
    pictureSaved: string;
    gatesTab: string;
    addGate: string;
    gateAdded: string;
    typesTab: string;
    typeSaved: string;
    addField: string;
    choice: string;
    addOption: string;
    optionZh: string;
    optionEn: string;
    fieldAdded: string;
    fieldName: string;
    badgeTab: string;
    customized: string;
    fiveInch: string;
    bottom: string;
    qr: string;
    mono: string;
    badgeSaved: string;
    sampleCode: string;
    paper: string;
    save: RegExp;
  };
}

const EN: Lang = {
  tag: 'en',
  locale: 'en-US',
  signin: SIGNIN_EN,
  email: 'registration.en@contoso.example',
  company: 'Contoso Reception Ltd',
  short: 'CRL',
  gate: 'North gate',
  t: {
    shortName: 'Short name',
    next: 'Save and continue',
    skipEmployees: 'Skip this step',
    finish: 'Save and finish',
    ownZh: '参观',
    ownEn: 'Tour',
    business: 'Business',
    interview: 'Interview',
    typesAdded: '3 visitor types added',
    setupDone: 'Setup complete',
    group: 'Custom settings',
    menu: 'Registration settings',
    title: 'Registration settings',
    register: 'Register',
    signOut: 'Sign out',
    pictureSaved: 'Picture saved',
    gatesTab: 'Gates',
    addGate: 'Add a gate',
    gateAdded: 'Gate added',
    typesTab: 'Visitor types',
    typeSaved: 'Visitor type saved',
    addField: 'Add a custom field',
    choice: 'Choice',
    addOption: 'Add an option',
    optionZh: 'Add an option 1 Chinese',
    optionEn: 'Add an option 1 English',
    fieldAdded: 'Field added',
    fieldName: 'Vehicle',
    badgeTab: 'Badge',
    customized: 'Customized',
    fiveInch: '5-inch paper',
    bottom: 'Bottom',
    qr: 'QR code',
    mono: 'Black and white',
    badgeSaved: 'Badge style saved',
    sampleCode: 'Code 12345678',
    paper: '127 × 89 mm',
    save: /Save$/,
  },
};

const ZH: Lang = {
  tag: 'zh',
  locale: 'zh-CN',
  signin: SIGNIN_ZH,
  email: 'registration.zh@contoso.example',
  company: '康拓前台有限公司',
  short: '康拓',
  gate: '北门',
  t: {
    shortName: '企业简称',
    next: '保存并继续',
    skipEmployees: '跳过此步',
    finish: '保存并完成',
    ownZh: '参观',
    ownEn: 'Tour',
    business: '商务',
    interview: '面试',
    typesAdded: '已添加 3 种访客类型',
    setupDone: '设置完成',
    group: '自定义设置',
    menu: '前台登记设置',
    title: '前台登记设置',
    register: '访客登记',
    signOut: '签离',
    pictureSaved: '图片已保存',
    gatesTab: '门岗',
    addGate: '添加门岗',
    gateAdded: '门岗已添加',
    typesTab: '访客类型',
    typeSaved: '访客类型已保存',
    addField: '添加自定义字段',
    choice: '选项',
    addOption: '添加选项',
    optionZh: '添加选项 1 中文',
    optionEn: '添加选项 1 英文',
    fieldAdded: '字段已添加',
    fieldName: '车型',
    badgeTab: '胸卡',
    customized: '自定义样式',
    fiveInch: '5 英寸纸',
    bottom: '底部',
    qr: '二维码',
    mono: '黑白',
    badgeSaved: '胸卡样式已保存',
    sampleCode: '访客码 12345678',
    paper: '127 × 89 毫米',
    save: button('保存'),
  },
};

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first().waitFor();

/** A logo with transparent corners, 480×160. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect x="20" y="20" width="440" height="120" rx="40" fill="#0a8f6e"/><text x="240" y="100" font-size="56" text-anchor="middle" fill="#fff" font-family="sans-serif">CONTOSO</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function scenario(L: Lang): Promise<void> {
  const { t } = L;
  const context = await newContext(stack.browser, L.locale);
  const page = await context.newPage();
  const shot = (name: string) => screenshot(page, `registration-${name}-${L.tag}`);
  await registerCompany(stack, L.email, L.company, { lang: L.tag });

  await step(page, `registration-guide-${L.tag}`, async () => {
    await page.goto(`${stack.server.url}/signin`);
    await signIn(page, L.email, PASSWORD, L.signin);
    await page.waitForURL(/\/guide$/);
    await page.getByLabel(t.shortName).fill(L.short);
    await page.getByRole('button', { name: t.next }).click();
    await page.getByRole('button', { name: t.skipEmployees }).click();
    // Registration content: business and interview are ticked; the company's own type needs both names.
    const presets = page.getByTestId('guide-presets');
    await presets.getByText(t.business, { exact: true }).waitFor();
    assert.equal(await presets.getByRole('checkbox', { name: t.interview }).isChecked(), true);
    await page.getByTestId('guide-type-zh').fill(t.ownZh);
    await page.getByRole('button', { name: t.next }).click();
    await page.getByTestId('guide-type-en').fill(t.ownEn);
    // The field's error collapses with an animation that moves the button: click once it has stopped.
    await settled(page);
    await page.getByRole('button', { name: t.next }).click();
    await toast(page, t.typesAdded);
    // Notification mode (/guide4): kept as it is.
    await page.waitForURL(/\/guide4$/);
    await page.getByTestId('guide-notice-skip').click();
    // Pad settings: colour and sign-out, seen in the preview.
    const preview = page.getByTestId('kiosk-preview');
    await preview.getByText(t.register, { exact: true }).waitFor();
    await page.getByTestId('theme-color').fill('#0a8f6e');
    await page.getByTestId('theme-color-save').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="kiosk-preview"]')?.getAttribute('data-theme') === '#0a8f6e');
    await page.getByTestId('switch-signOutSwitch').click();
    await preview.getByTestId('kiosk-signout').waitFor();
    // Every tile is inside the tablet's frame: none clipped at its foot.
    const clipped = await preview.evaluate((frame) => {
      const inner = frame.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(frame).borderBottomWidth);
      return [...frame.querySelectorAll('.k-tile')]
        .filter((tile) => tile.getBoundingClientRect().bottom > inner + 0.5)
        .map((tile) => tile.textContent);
    });
    assert.deepEqual(clipped, []);
    await shot('guide-pad');
    await page.getByRole('button', { name: t.finish }).click();
    await page.waitForURL(/\/visitor$/);
    await toast(page, t.setupDone);
  });

  await step(page, `registration-kiosk-${L.tag}`, async () => {
    await openMenu(page, t.group, t.menu);
    await page.waitForURL(/\/setting\/padset/);
    await page.waitForFunction((title) => document.title.startsWith(`${title} - `), t.title);
    await page
      .locator('[data-testid="picture-logo"] input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await toast(page, t.pictureSaved);
    const preview = page.getByTestId('kiosk-preview');
    await preview.getByTestId('kiosk-logo').waitFor();
    // The logo was stored as a PNG that keeps its transparency, and the preview shows it.
    const size = await preview
      .getByTestId('kiosk-logo')
      .evaluate((img: HTMLImageElement) =>
        img.complete ? img.naturalWidth : new Promise<number>((r) => img.addEventListener('load', () => r(img.naturalWidth))),
      );
    assert.equal(size, 480);
    assert.equal(await preview.getAttribute('data-theme'), '#0a8f6e');
    await preview.getByTestId('kiosk-signout').getByText(t.signOut, { exact: true }).waitFor();
    await shot('kiosk');
  });

  await step(page, `registration-gate-${L.tag}`, async () => {
    await page.getByRole('tab', { name: t.gatesTab }).click();
    await page.getByTestId('gate-add').click();
    await page.getByTestId('gate-name').fill(L.gate);
    await page.locator('.ant-modal:visible').getByRole('button', { name: t.save }).click();
    await toast(page, t.gateAdded);
    await page.getByTestId('gates-table').getByText(L.gate, { exact: true }).waitFor();
  });

  await step(page, `registration-types-${L.tag}`, async () => {
    await page.getByRole('tab', { name: t.typesTab }).click();
    await page.getByTestId('manage-types').click();
    await page.waitForURL(/\/setting\/vset/);
    const own = L.tag === 'zh' ? t.ownZh : t.ownEn;
    await page.getByTestId('types-list').getByText(own, { exact: true }).click();
    const editor = page.getByTestId('type-editor');
    await editor.getByText(own, { exact: true }).first().waitFor();
    // Offered at the new gate only.
    await editor.getByTestId('type-gates').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(L.gate).click();
    await page.keyboard.press('Escape');
    await editor.getByTestId('type-save').click();
    await toast(page, t.typeSaved);
    // A choice field, required for this type.
    await page.getByTestId('field-add').click();
    const modal = page.getByTestId('field-modal');
    await modal.getByTestId('field-name-zh').fill('车型');
    await modal.getByTestId('field-name-en').fill('Vehicle');
    await modal.getByTestId('field-input-type').getByText(t.choice, { exact: true }).click();
    await modal.getByRole('button', { name: t.addOption }).click();
    await modal.getByLabel(t.optionZh).fill('货车');
    await modal.getByLabel(t.optionEn).fill('Truck');
    await modal.getByTestId('field-required').check();
    await page.locator('.ant-modal:visible').getByRole('button', { name: t.save }).click();
    await toast(page, t.fieldAdded);
    const row = page.getByTestId('fields-table').locator('tr', { hasText: t.fieldName });
    await row.waitFor();
    assert.equal(await row.getByRole('switch').nth(0).getAttribute('aria-checked'), 'true');
    assert.equal(await row.getByRole('switch').nth(1).getAttribute('aria-checked'), 'true');
    await shot('vset');
  });

  await step(page, `registration-badge-${L.tag}`, async () => {
    await page.goto(`${stack.server.url}/setting/padset?tab=badge`);
    const badge = page.getByTestId('badge');
    await badge.waitFor();
    assert.equal(await badge.getAttribute('data-size'), '90x60');
    await page.getByTestId('card-cardType').getByText(t.customized, { exact: true }).click();
    await page.getByTestId('card-cardSize').getByText(t.fiveInch, { exact: true }).click();
    await page.getByTestId('card-brandPosition').getByText(t.bottom, { exact: true }).click();
    await page.getByTestId('card-avatarType').getByText(t.qr, { exact: true }).click();
    await page.getByTestId('card-printType').getByText(t.mono, { exact: true }).click();
    await page.getByTestId('card-save').click();
    await toast(page, t.badgeSaved);
    // Kept across a reload: 5-inch proportions, the logo picture at the bottom, the QR code, grey-scale.
    await page.reload();
    await badge.waitFor();
    assert.equal(await badge.getAttribute('data-size'), '127x89');
    await page.getByTestId('badge-paper').getByText(t.paper).waitFor();
    await badge.getByTestId('badge-brand-bottom').getByTestId('badge-logo').waitFor();
    // The printed badge itself (core/badge), its QR carrying the made-up visitor's code.
    await badge.getByTestId('badge-qr').waitFor();
    await badge.getByTestId('badge-code').getByText(t.sampleCode).waitFor();
    const box = await badge.boundingBox();
    assert.ok(box && Math.abs(box.width / box.height - 127 / 89) < 0.03, `badge proportions ${box?.width}×${box?.height}`);
    assert.match((await badge.evaluate((el) => getComputedStyle(el).filter)) ?? '', /grayscale/);
    await shot('badge');
  });

  await step(page, `registration-config-${L.tag}`, async () => {
    // What a kiosk gets after signing in (here asked as the administrator for the new gate).
    const config = await page.evaluate(async (gate) => {
      const token = sessionStorage.getItem('X-COOLVISIT-TOKEN') ?? '';
      const gates = await (
        await fetch('/api/getGate', { method: 'POST', headers: { 'content-type': 'application/json', 'X-COOLVISIT-TOKEN': token }, body: '{}' })
      ).json();
      const gid = (gates.result as { gid: number; gname: string }[]).find((g) => g.gname === gate)?.gid;
      const res = await fetch('/api/getPadConfig', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-COOLVISIT-TOKEN': token },
        body: JSON.stringify({ gid }),
      });
      return (await res.json()) as { status: number; result: PadConfig };
    }, L.gate);
    assert.equal(config.status, 0);
    assert.equal(config.result.gates[0]?.gname, L.gate);
    assert.equal(config.result.settings.cardSize, 2);
    assert.equal(config.result.settings.themecolor, '#0a8f6e');
    assert.match(config.result.settings.logo, /^pad\/\d+\/logo-[0-9a-f]+\.png$/);
    const tour = config.result.types.find((x) => x.vType === '参观#Tour');
    assert.ok(tour, 'the company’s own type is offered at its gate');
    assert.deepEqual(
      tour.fields.filter((f) => !f.standard).map((f) => [f.displayName, f.inputType, f.inputValue, f.required]),
      [['车型#Vehicle', 'button', ['货车#Truck'], true]],
    );
    assert.deepEqual(config.result.types.map((x) => x.vType).sort(), ['参观#Tour', '商务#Business', '面试#Interview'].sort());
  });
  await context.close();
}

describe('registration settings in the browser', () => {
  it('configures visitor types, a gate, a custom field, a logo and a badge style (English)', async () => {
    await scenario(EN);
  });

  it('configures visitor types, a gate, a custom field, a logo and a badge style (Chinese)', async () => {
    await scenario(ZH);
  });
});
