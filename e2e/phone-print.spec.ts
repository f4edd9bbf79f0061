// Phones and printouts, end to end (issue 15), in English and Chinese: at 360 and 390 px the admin console, the
// employee portal and the visitor's invitation page fit the width (no sideways scrolling) and the signed-in areas open
// their navigation from a menu button in a drawer; printed to PDF, the kiosk's badge has its paper's page size and the
// company's colour, and the evacuation list and the statistics leave the navigation off the paper, the statistics
// printing their period.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatDate, formatDateTime } from '@openvisit/contract';
import type { Browser, Page } from 'playwright-core';
import { fitsWidth, screenOf } from './fits.js';
import {
  apiOf,
  employeePassword,
  newContext,
  PASSWORD,
  registerCompany,
  resultsDir,
  scaled,
  screenshot,
  settled,
  signIn,
  step,
  until,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const ADMIN = 'phone.admin@example.com';
const KIOSK = 'phone_kiosk';
const KIOSK_PASSWORD = `${PASSWORD}k`;
const THEME = '#c41d7f';
const HOST = { name: 'Hana Host', phone: '13800005001', email: 'hana.host@example.com' };
const PHONES = [360, 390] as const;

interface Lang {
  tag: 'en' | 'zh';
  locale: string;
  /** The invited visitor, who checks in at the kiosk and is on site. */
  visitor: string;
  /** The badge paper: cardSize, the page in points. */
  card: { size: 0 | 1; pt: [number, number] };
  t: {
    signinAccount: string;
    signinPassword: string;
    signinSubmit: RegExp;
    employeeTab: string;
    phone: string;
    openMenu: string;
    visitors: string;
    people: string;
    employeeArea: string;
    inviteList: string;
    kioskAccount: string;
    kioskPassword: string;
    kioskStart: string;
    checkIn: RegExp;
    byCode: string;
    code: string;
    checkInSubmit: string;
    welcome: (n: string) => string;
    print: string;
    /** Navigation the printouts must not carry: the section's menu, the top navigation, the shell's footer. */
    navigation: string[];
    period: RegExp;
  };
}

const EN: Lang = {
  tag: 'en',
  locale: 'en-US',
  visitor: 'Vera Visitor',
  card: { size: 0, pt: [255.1, 170.1] },
  t: {
    signinAccount: 'Email or account name',
    signinPassword: 'Password',
    signinSubmit: /Sign in$/,
    employeeTab: 'Employee',
    phone: 'Mobile phone',
    openMenu: 'Open the menu',
    visitors: 'Visitors',
    people: 'People',
    employeeArea: 'Employee',
    inviteList: 'My invitations',
    kioskAccount: 'Account',
    kioskPassword: 'Password',
    kioskStart: 'Start the kiosk',
    checkIn: /^I have an invitation/,
    byCode: 'Type code',
    code: 'Invitation code',
    checkInSubmit: 'Check in',
    welcome: (n) => `Welcome, ${n}`,
    print: 'Print badge',
    navigation: ['Visitor report', 'Visitor list', 'Operation log', 'Version'],
    period: /Period: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/,
  },
};

const ZH: Lang = {
  tag: 'zh',
  locale: 'zh-CN',
  visitor: '李访客',
  card: { size: 1, pt: [289.1, 215.4] },
  t: {
    signinAccount: '邮箱或账号',
    signinPassword: '密码',
    signinSubmit: /^登\s?录$/,
    employeeTab: '员工',
    phone: '手机号',
    openMenu: '打开菜单',
    visitors: '访客管理',
    people: '人员管理',
    employeeArea: '员工',
    inviteList: '我的邀请',
    kioskAccount: '账号',
    kioskPassword: '密码',
    kioskStart: '启动访客机',
    checkIn: /^我有邀请/,
    byCode: '输入邀请码',
    code: '邀请码',
    checkInSubmit: '签到',
    welcome: (n) => `${n}，欢迎您`,
    print: '打印访客证',
    navigation: ['访客报表', '访客列表', '操作日志', '版本'],
    period: /统计期间[:：]\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}/,
  },
};

/** The signed-in header keeps to one line and clips nothing (the area's name wrapped a letter per line before). */
async function headerFits(page: Page): Promise<void> {
  const header = await page.locator('.ant-layout-header').evaluate(
    (h, width) => ({
      height: h.getBoundingClientRect().height,
      overflow: [...h.querySelectorAll('*')].some((e) => e.getBoundingClientRect().right > width + 0.5),
    }),
    screenOf(page).width,
  );
  assert.ok(header.height <= 64, `header ${header.height} px high`);
  assert.equal(header.overflow, false, 'something of the header is past the right edge');
}

/** Opens the navigation drawer from the header's menu button and answers the drawer. */
async function openDrawer(page: Page, L: Lang) {
  const button = page.getByRole('button', { name: L.t.openMenu });
  await button.waitFor();
  await button.click();
  const drawer = page.getByTestId('nav-drawer');
  await drawer.waitFor();
  await settled(page);
  return drawer;
}

/** The text and page sizes of a PDF (pdf.js, as kiosk.spec reads the visit PDF). */
async function readPdf(pdf: Buffer): Promise<{ pages: [number, number][]; text: string; fills: string[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: [number, number][] = [];
  let text = '';
  const fills: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view;
    pages.push([(x1 ?? 0) - (x0 ?? 0), (y1 ?? 0) - (y0 ?? 0)]);
    const content = await page.getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join('');
    const ops = await page.getOperatorList();
    ops.fnArray.forEach((fn, j) => {
      if (fn !== pdfjs.OPS.setFillRGBColor) return;
      // Either a hex string or red, green and blue as bytes, by pdf.js version.
      const args = [...(ops.argsArray[j] ?? [])] as (string | number)[];
      fills.push(
        typeof args[0] === 'string'
          ? args[0].toLowerCase()
          : `#${args
              .slice(0, 3)
              .map((n) => Number(n).toString(16).padStart(2, '0'))
              .join('')}`,
      );
    });
  }
  await doc.destroy();
  // NFKC: the fonts' maps give some CJK characters as their compatibility forms (至 as the Kangxi radical ⾄).
  return { pages, text: text.normalize('NFKC'), fills };
}

/** Prints the page to PDF as Chromium's print would (its CSS page size), keeps the file and reads it. */
async function printPdf(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, name); // the print view, to look at (the PDF's page size aside)
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.pdf`), pdf);
  return readPdf(pdf);
}

const near = (a: number, b: number) => Math.abs(a - b) < 1;
const compact = (s: string) => s.replace(/\s+/g, '');

async function adminOnPhone(browser: Browser, L: Lang, width: number): Promise<void> {
  const context = await newContext(browser, L.locale, { viewport: { width, height: 780 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await step(page, `phone-admin-${L.tag}-${width}`, async () => {
      await page.goto(`${stack.server.url}/signin`);
      await signIn(page, ADMIN, PASSWORD, { account: L.t.signinAccount, password: L.t.signinPassword, submit: L.t.signinSubmit });
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await page.goto(`${stack.server.url}/setting/account`);
      await page.getByRole('button', { name: L.t.openMenu }).waitFor();
      // The desktop's top navigation is not there; the menu button is.
      assert.equal(await page.locator('.ant-layout-header .ant-menu-horizontal').count(), 0);
      await headerFits(page);
      await fitsWidth(page, `the console at ${width} px`);
      await screenshot(page, `phone-admin-${L.tag}-${width}`);
      const drawer = await openDrawer(page, L);
      await drawer.getByRole('menuitem', { name: new RegExp(`${L.t.people}$`) }).waitFor();
      await screenshot(page, `phone-admin-${L.tag}-${width}-drawer`);
      await drawer.getByRole('menuitem', { name: new RegExp(`${L.t.visitors}$`) }).click();
      await page.waitForURL((u) => u.pathname === '/visitor');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('kpi-visits').waitFor();
      await fitsWidth(page, `the statistics at ${width} px`);
      await screenshot(page, `phone-admin-${L.tag}-${width}-statistics`);
    });
  } finally {
    await context.close();
  }
}

async function employeeOnPhone(browser: Browser, L: Lang, width: number): Promise<void> {
  const context = await newContext(browser, L.locale, { viewport: { width, height: 780 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await step(page, `phone-employee-${L.tag}-${width}`, async () => {
      await page.goto(`${stack.server.url}/signin`);
      await page.getByRole('tab', { name: L.t.employeeTab }).click();
      await page.getByLabel(L.t.phone).fill(HOST.phone);
      await page.getByLabel(L.t.signinPassword, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: L.t.signinSubmit }).click();
      await page.waitForURL(/\/emporder\/sigleorder/);
      await page.locator('form').first().waitFor();
      await headerFits(page);
      await fitsWidth(page, `the employee portal at ${width} px`);
      await screenshot(page, `phone-employee-${L.tag}-${width}`);
      // The name, clipped in the header before, heads the account menu on a phone.
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: HOST.name }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: HOST.name }).waitFor({ state: 'hidden' });
      const drawer = await openDrawer(page, L);
      // The area's name titles the drawer, on one line.
      const title = page.locator('.ant-drawer-title', { hasText: L.t.employeeArea });
      assert.ok((await title.evaluate((e) => e.getBoundingClientRect().height)) < 40, 'the area name on one line');
      await screenshot(page, `phone-employee-${L.tag}-${width}-drawer`);
      await drawer.getByRole('menuitem', { name: new RegExp(`${L.t.inviteList}$`) }).click();
      await page.waitForURL(/\/emporder\/orderlist/);
      await drawer.waitFor({ state: 'hidden' });
      await page.locator('.ant-table').first().waitFor();
      await fitsWidth(page, `My invitations at ${width} px`);
      await screenshot(page, `phone-employee-${L.tag}-${width}-list`);
    });
  } finally {
    await context.close();
  }
}

async function invitationOnPhone(browser: Browser, L: Lang, link: string, width: number): Promise<void> {
  const context = await newContext(browser, L.locale, { viewport: { width, height: 780 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await step(page, `phone-invitation-${L.tag}-${width}`, async () => {
      await page.goto(link);
      await page.getByTestId('invitation').getByText(HOST.name).waitFor();
      await fitsWidth(page, `the invitation page at ${width} px`);
      await screenshot(page, `phone-invitation-${L.tag}-${width}`);
    });
  } finally {
    await context.close();
  }
}

describe('phones and printouts', () => {
  let admin = '';
  let hostId = 0;

  it('set up: a company, its employee, its kiosk and its colour', { timeout: scaled(300_000) }, async () => {
    await registerCompany(stack, ADMIN, 'Phone Works');
    admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    await ok('AddManager', { account: KIOSK, password: PASSWORD, sName: 'Lobby kiosk', sType: 4 }, admin);
    const machine = (await ok('Login', { email: KIOSK, password: PASSWORD })).token;
    await ok('updatePassword', { oldPassword: PASSWORD, password: KIOSK_PASSWORD }, machine);
    hostId = (await ok('addEmployee', { employee_name: HOST.name, phone: HOST.phone, email: HOST.email }, admin)).empid;
    await employeePassword(stack, HOST.email);
    await ok('UpdateThemeColor', { themecolor: THEME }, admin);
  });

  for (const L of [EN, ZH]) {
    it(`${L.tag}: phones at 360 and 390 px, the badge, the evacuation list and the statistics printed`, { timeout: scaled(900_000) }, async () => {
      const email = `vera.${L.tag}@example.com`;
      // A whole minute, so the time on every paper and screen is this one.
      const expected = Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000;
      const [guest] = await ok(
        'addAppointment',
        { empid: hostId, appointmentDate: expected, visitors: [{ name: L.visitor, email, lang: L.tag }] },
        admin,
      );
      assert.ok(guest?.code);
      const mail = await stack.smtp.waitFor(email, /invite\?token=/);
      // One formatter per kind and language: the mail's date-time (with its weekday) holds the very words of the
      // date on the badge and the date-time in the console below.
      const day = formatDate(expected, L.tag);
      const when = formatDateTime(expected, L.tag);
      assert.ok(mail.plain.includes(formatDateTime(expected, L.tag, { weekday: true })), `the mail says ${when}: ${mail.plain}`);
      const link = mail.text.match(/https?:\/\/[^\s"<>]+\/invite\?token=[A-Za-z0-9_-]+/)?.[0];
      assert.ok(link, 'the mail carries the invitation link');

      for (const width of PHONES) {
        await adminOnPhone(stack.browser, L, width);
        await employeeOnPhone(stack.browser, L, width);
        await invitationOnPhone(stack.browser, L, link, width);
      }

      // The badge: the visitor checks in with the code at the kiosk and prints it.
      await ok('updateCardStyle', { cardSize: L.card.size, printType: 0, cardType: 0 }, admin);
      const context = await newContext(stack.browser, L.locale, { viewport: { width: 1024, height: 768 }, hasTouch: true });
      await context.addInitScript(() => {
        const w = window as unknown as { print: () => void; __printed: number };
        w.__printed = 0;
        w.print = () => {
          w.__printed += 1;
        };
      });
      const kiosk = await context.newPage();
      await step(kiosk, `print-badge-${L.tag}`, async () => {
        await kiosk.goto(`${stack.server.url}/kiosk`);
        await kiosk.getByLabel(L.t.kioskAccount, { exact: true }).fill(KIOSK);
        await kiosk.getByLabel(L.t.kioskPassword, { exact: true }).fill(KIOSK_PASSWORD);
        await kiosk.getByRole('button', { name: L.t.kioskStart }).click();
        await kiosk.getByTestId('kiosk-home').waitFor();
        await kiosk.getByRole('button', { name: L.t.checkIn }).click();
        await kiosk.getByRole('button', { name: L.t.byCode }).click();
        await kiosk.getByLabel(L.t.code, { exact: true }).fill(guest.code ?? '');
        await kiosk.getByRole('button', { name: L.t.checkInSubmit, exact: true }).click();
        await kiosk.getByRole('heading', { name: L.t.welcome(L.visitor) }).waitFor();
        await kiosk.getByRole('button', { name: L.t.print }).click();
        await kiosk.waitForFunction(() => (window as unknown as { __printed: number }).__printed === 1);
        const badge = await printPdf(kiosk, `print-badge-${L.tag}`);
        assert.equal(badge.pages.length, 1, 'one page');
        const [w, h] = badge.pages[0] ?? [0, 0];
        assert.ok(near(w, L.card.pt[0]) && near(h, L.card.pt[1]), `page ${w}×${h} pt, not ${L.card.pt.join('×')}`);
        assert.ok(compact(badge.text).includes(compact(L.visitor)), `the visitor's name on the badge: ${badge.text}`);
        // The badge is dated with the day of the visit (checked in now, a few minutes before its expected time).
        assert.ok(badge.text.includes(formatDate(Date.now(), L.tag)), `the badge dated ${day}: ${badge.text}`);
        assert.ok(badge.fills.includes(THEME), `the company colour ${THEME} among the fills: ${[...new Set(badge.fills)].join(' ')}`);
        assert.ok(!badge.fills.includes('#1677ff'), 'no default blue');
      });
      await context.close();

      // The evacuation list and the statistics, printed from the console on a desktop.
      const desk = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 860 } });
      const page = await desk.newPage();
      await step(page, `print-onsite-${L.tag}`, async () => {
        await page.goto(`${stack.server.url}/signin`);
        await signIn(page, ADMIN, PASSWORD, { account: L.t.signinAccount, password: L.t.signinPassword, submit: L.t.signinSubmit });
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        // The visit's detail gives the expected time in the same words as the mail.
        await page.goto(`${stack.server.url}/visitor/vlist`);
        await page.getByRole('row').filter({ hasText: L.visitor }).getByRole('button', { name: L.visitor, exact: true }).click();
        await page.getByTestId('visit-detail').getByText(when, { exact: true }).waitFor();
        await page.keyboard.press('Escape');
        await page.goto(`${stack.server.url}/visitor/onsite`);
        await page.getByText(L.visitor).first().waitFor();
        const list = await printPdf(page, `print-onsite-${L.tag}`);
        assert.ok(
          list.pages.every(([w, h]) => near(w, 595.3) && near(h, 841.9)),
          `A4 portrait: ${JSON.stringify(list.pages)}`,
        );
        const text = compact(list.text);
        assert.ok(text.includes(compact(L.visitor)), `the visitor on the list: ${list.text}`);
        for (const nav of L.t.navigation) assert.ok(!text.includes(compact(nav)), `"${nav}" printed: ${list.text}`);
      });
      await step(page, `print-statistics-${L.tag}`, async () => {
        await page.goto(`${stack.server.url}/visitor?period=days7`);
        await until('the charts drawn', async () => ((await page.locator('.stats-page svg, .stats-page canvas').count()) > 0 ? true : undefined));
        const stats = await printPdf(page, `print-statistics-${L.tag}`);
        assert.ok(
          stats.pages.every(([w, h]) => near(w, 841.9) && near(h, 595.3)),
          `A4 landscape: ${JSON.stringify(stats.pages)}`,
        );
        assert.match(stats.text, L.t.period);
        const text = compact(stats.text);
        for (const nav of L.t.navigation) assert.ok(!text.includes(compact(nav)), `"${nav}" printed: ${stats.text}`);
        // The period is on the paper, not on the screen (where its picker says it).
        assert.equal(await page.getByTestId('stats-print-period').isVisible(), false);
      });
      await desk.close();
    });
  }
});
