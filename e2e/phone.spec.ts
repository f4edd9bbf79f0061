// The host's phone (issue 35, item 3), at 390 px in English and Chinese: every screen of the employee portal (read
// from its navigation) and the visitor's invitation page fit the width; the date-time pickers of the invite and the
// batch invite open inside the screen; the batch check's preview keeps its button on screen; "My invitations" shows
// each invitation's time and status on its card without sideways scrolling; a meeting is booked with its start and end
// pickers on screen; and an invitation is sent from the phone.
// One signed-in page for both languages (the language switched, the data made once through the API).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { APPOINTMENT_IMPORT_COLUMNS, formatDate } from '@openvisit/contract';
import type { Page } from 'playwright-core';
import { fitsWidth, onScreen } from './fits.js';
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
  step,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const ADMIN = 'phone.host.admin@example.com';
const HOST = { name: 'Hana Host', phone: '13800005101', email: 'hana.phone@example.com' };
const PHONE = { width: 390, height: 780 };

interface Lang {
  tag: 'en' | 'zh';
  visitor: string;
  type: string;
  t: {
    openMenu: string;
    time: string;
    batchTime: string;
    visitorName: string;
    email: string;
    submit: string;
    invited: string;
    run: (n: number) => string;
    newMeeting: string;
    subject: string;
    start: string;
    end: string;
    createMeeting: string;
  };
}

const EN: Lang = {
  tag: 'en',
  visitor: 'Vera Phone',
  type: 'Interview',
  t: {
    openMenu: 'Open the menu',
    time: 'Visit time',
    batchTime: 'Visit time (rows without their own)',
    visitorName: 'Visitor name',
    email: 'Email',
    submit: 'Send invitations',
    invited: '1 visitor invited',
    run: (n) => `Invite ${n} visitors`,
    newMeeting: 'New meeting',
    subject: 'Subject',
    start: 'Start',
    end: 'End',
    createMeeting: 'Create and send invitations',
  },
};

const ZH: Lang = {
  tag: 'zh',
  visitor: '王手机',
  type: '面试',
  t: {
    openMenu: '打开菜单',
    time: '来访时间',
    batchTime: '来访时间（未单独填写的行）',
    visitorName: '访客姓名',
    email: '邮箱',
    submit: '发送邀请',
    invited: '已邀请 1 位访客',
    run: (n) => `邀请 ${n} 位访客`,
    newMeeting: '新建会议',
    subject: '会议主题',
    start: '开始',
    end: '结束',
    createMeeting: '创建并发送邀请',
  },
};

/** The picker panel open now. */
const openPanel = (page: Page) => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/** Opens the date part of a date-time field, checks its panel is on screen and the page did not move, picks `day`. */
async function pickDay(page: Page, label: string, day: string): Promise<void> {
  const zh = /[\u4e00-\u9fff]/.test(label);
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.getByLabel(`${label}${zh ? '：日期' : ': date'}`).click();
  const panel = openPanel(page);
  await panel.waitFor();
  await settled(page);
  await onScreen(page, panel, `the date panel of "${label}"`);
  await fitsWidth(page, `the open date panel of "${label}"`);
  assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY) < 80, 'opening the panel does not pan the page');
  await screenshot(page, `phone-picker-${label.length}-${zh ? 'zh' : 'en'}`);
  // A day's cell is titled as the page writes dates (the contract's formats): "5 Dec 2026", 2026-12-05.
  await panel.locator(`td[title="${formatDate(day, zh ? 'zh' : 'en')}"]`).click();
  await panel.waitFor({ state: 'hidden' });
}

/**
 * Opens the time part, checks its panel is on screen, picks hh:00 and closes the panel (with Escape, or `close` where
 * Escape would also close a drawer around the field).
 */
async function pickHour(page: Page, label: string, hour: string, close = () => page.keyboard.press('Escape')): Promise<void> {
  const zh = /[\u4e00-\u9fff]/.test(label);
  await page.getByLabel(`${label}${zh ? '：时间' : ': time'}`).click();
  const panel = openPanel(page);
  await panel.waitFor();
  await settled(page);
  await onScreen(page, panel, `the time panel of "${label}"`);
  await panel.locator('.ant-picker-time-panel-column').nth(0).getByText(hour, { exact: true }).click();
  await panel.locator('.ant-picker-time-panel-column').nth(1).getByText('00', { exact: true }).click();
  await close();
  await panel.waitFor({ state: 'hidden' });
}

const dayAfter = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

describe('the host’s phone', () => {
  it('every portal screen and the invitation page fit 390 px; pickers, batch check, list cards and an invite, in both languages', {
    timeout: scaled(600_000),
  }, async () => {
    // Through the API: a company, its host with a password, a bilingual visitor type, an invitation to list.
    await registerCompany(stack, ADMIN, 'Pocket Works');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    const empid = (await ok('addEmployee', { employee_name: HOST.name, phone: HOST.phone, email: HOST.email }, admin)).empid;
    await employeePassword(stack, HOST.email);
    await ok('addVisitorType', { vType: '面试#Interview' }, admin);
    const tid = (await ok('getVisitorType', {}, admin)).find((x) => x.vType === '面试#Interview')?.tid;
    assert.ok(tid, 'the visitor type was added');
    const [invited] = await ok(
      'addAppointment',
      { empid, appointmentDate: Date.now() + 2 * 3600_000, tid, visitors: [{ name: 'Ivo Listed', phone: '13900005102', lang: 'en' }] },
      admin,
    );
    assert.ok(invited?.inviteLink, 'the invitation has its link');
    // Three visitors for the batch check.
    fs.mkdirSync(resultsDir, { recursive: true });
    const csv = (L: Lang) => {
      const c = APPOINTMENT_IMPORT_COLUMNS;
      const file = path.join(resultsDir, `phone-batch-${L.tag}.csv`);
      const rows = [1, 2, 3].map((n) => `Batch Guest ${n},1390000520${n},guest${n}.${L.tag}@example.com,Far Away Trading Company Limited`);
      fs.writeFileSync(file, [[c.name[L.tag], c.phone[L.tag], c.email[L.tag], c.company[L.tag]].join(','), ...rows].join('\n'));
      return file;
    };

    const context = await newContext(stack.browser, 'en-US', { viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await step(page, 'phone-signin', async () => {
      await page.goto(`${stack.server.url}/signin`);
      await page.getByRole('tab', { name: 'Employee' }).click();
      await page.getByLabel('Mobile phone').fill(HOST.phone);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: /Sign in$/ }).click();
      await page.waitForURL(/\/emporder\/sigleorder/);
    });

    for (const L of [EN, ZH]) {
      // The language as a user leaves it chosen on this browser; the session stays.
      await page.evaluate((tag) => localStorage.setItem('openvisit.lang', tag), L.tag);
      await page.goto(`${stack.server.url}/emporder/sigleorder`);
      await page.getByRole('button', { name: L.t.openMenu }).waitFor();

      const screens = await step(page, `phone-screens-${L.tag}`, async () => {
        // Each screen as a user reaches it: the menu button, the drawer, its item.
        const drawer = page.getByTestId('nav-drawer');
        const openDrawer = async () => {
          await page.getByRole('button', { name: L.t.openMenu }).click();
          await drawer.waitFor();
          await settled(page);
        };
        await openDrawer();
        const count = await drawer.getByRole('menuitem').count();
        assert.ok(count >= 5, `the portal has ${count} screens`);
        const paths: string[] = [];
        for (let i = 0; i < count; i++) {
          if (i > 0) await openDrawer();
          const item = drawer.getByRole('menuitem').nth(i);
          // The item's key is its path (RouteMenu): a lazy route changes the URL only once its code has loaded, and
          // until then the previous screen is still the one shown.
          const id = (await item.getAttribute('data-menu-id')) ?? '';
          const target = id.slice(id.indexOf('/'));
          assert.ok(target.startsWith('/'), `menu item ${i} has no path in its key: ${id}`);
          await item.click();
          await page.waitForURL((u) => u.pathname === target);
          // The screen shown already (the first) leaves the drawer open: closed as a user would.
          await settled(page);
          if (await drawer.isVisible()) await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });
          await page.locator('.ant-layout-content h1, .ant-layout-content h2, .ant-layout-content .ant-card').first().waitFor();
          const p = new URL(page.url()).pathname;
          paths.push(p);
          await fitsWidth(page, p);
          await screenshot(page, `phone-${L.tag}${p.replaceAll('/', '-')}`);
        }
        return paths;
      });
      assert.ok(screens.includes('/emporder/orderlist') && screens.includes('/emporder/dot'), screens.join(' '));

      await step(page, `phone-range-${L.tag}`, async () => {
        // The portal's date-range filters (meetings, temporary cards) open one month, on screen.
        for (const p of screens.filter((x) => /empmeeting|tcard/.test(x))) {
          await page.goto(`${stack.server.url}${p}`);
          await page.locator('.ant-layout-content .ant-picker-range input').first().click();
          const panel = openPanel(page);
          await panel.waitFor();
          await settled(page);
          await onScreen(page, panel, `the date range panel of ${p}`);
          await fitsWidth(page, `${p} with its range panel open`);
          await page.keyboard.press('Escape');
          await panel.waitFor({ state: 'hidden' });
        }
      });

      await step(page, `phone-meeting-${L.tag}`, async () => {
        // A meeting booked in the portal's drawer: its start and end pickers open on screen, nothing scrolls sideways.
        await page.goto(`${stack.server.url}/emporder/empmeeting`);
        await page.getByRole('button', { name: L.t.newMeeting }).first().click();
        const drawer = page.locator('.ant-drawer-section', { has: page.getByTestId('meeting-time-phone') });
        await drawer.waitFor();
        await fitsWidth(page, 'the meeting form');
        const closePanel = () => drawer.locator('.ant-drawer-title').click();
        await drawer.getByLabel(L.t.subject).fill(`Phone meeting ${L.tag}`);
        await pickDay(page, L.t.start, dayAfter(3));
        await pickHour(page, L.t.start, '10', closePanel);
        await pickDay(page, L.t.end, dayAfter(3));
        await pickHour(page, L.t.end, '11', closePanel);
        await drawer.getByLabel(L.t.visitorName).fill(`Meeting ${L.visitor}`);
        await drawer.getByLabel(L.t.email).fill(`meeting.${L.tag}@example.com`);
        await fitsWidth(page, 'the filled meeting form');
        // The drawer is fixed to the screen: its own box must not scroll sideways either, its button on screen.
        const inner = await drawer.locator('.ant-drawer-body').evaluate((e) => e.scrollWidth - e.clientWidth);
        assert.ok(inner <= 0, `the meeting form scrolls sideways by ${inner} px`);
        const create = drawer.getByRole('button', { name: L.t.createMeeting });
        await onScreen(page, create, `"${L.t.createMeeting}"`);
        await screenshot(page, `phone-meeting-${L.tag}`);
        await create.click();
        // The drawer gives way to the links of those invited.
        await page.getByRole('dialog').getByText(L.t.invited).waitFor();
      });

      await step(page, `phone-list-${L.tag}`, async () => {
        await page.goto(`${stack.server.url}/emporder/orderlist`);
        const card = page.locator('tr.ant-table-row', { hasText: 'Ivo Listed' });
        await card.waitFor();
        await page.locator('.ov-fit-table[data-layout="cards"]').waitFor();
        // Time and status on the card, on screen, the list's own box not scrolling sideways either. The meetings'
        // invitations come first: scrolled to, as a user would.
        await card.scrollIntoViewIfNeeded();
        await onScreen(page, card.locator('td.ov-col-dateTime'), 'the invitation time');
        await onScreen(page, card.locator('td.ov-col-tag .ant-tag'), 'the invitation status');
        const inner = await page
          .locator('.ant-table-content')
          .first()
          .evaluate((e) => e.scrollWidth - e.clientWidth);
        assert.ok(inner <= 0, `the list scrolls sideways by ${inner} px`);
        await fitsWidth(page, 'My invitations');
      });

      await step(page, `phone-invite-${L.tag}`, async () => {
        await page.goto(`${stack.server.url}/emporder/sigleorder`);
        await page.getByLabel(L.t.visitorName).fill(L.visitor);
        await page.getByLabel(L.t.email).fill(`vera.${L.tag}@example.com`);
        await pickDay(page, L.t.time, dayAfter(1));
        await pickHour(page, L.t.time, '10');
        await fitsWidth(page, 'the filled invite');
        await page.getByRole('button', { name: L.t.submit }).click();
        await page.getByText(L.t.invited).waitFor();
        await page.getByTestId('invite-links').waitFor();
        await fitsWidth(page, 'the sent invite');
        await screenshot(page, `phone-invite-sent-${L.tag}`);
      });

      await step(page, `phone-batch-${L.tag}`, async () => {
        await page.goto(`${stack.server.url}/emporder/dot`);
        await pickDay(page, L.t.batchTime, dayAfter(2));
        await page.locator('input[type="file"]').setInputFiles(csv(L));
        const run = page.getByTestId('batch-invite-run');
        await run.waitFor();
        await page.getByTestId('import-preview').getByText('Batch Guest 3').waitFor();
        await fitsWidth(page, 'the batch check');
        await run.scrollIntoViewIfNeeded();
        await onScreen(page, run, `"${L.t.run(3)}"`);
        assert.equal((await run.textContent())?.replace(/\s/g, ''), L.t.run(3).replace(/\s/g, ''));
        await screenshot(page, `phone-batch-${L.tag}`);
      });

      await step(page, `phone-invitation-${L.tag}`, async () => {
        // The visitor's page, in the language chosen on this browser (the invitation was sent in English).
        await page.goto(invited.inviteLink);
        const view = page.getByTestId('invitation');
        await view.getByText(HOST.name).waitFor();
        await view.getByText(L.type, { exact: true }).waitFor();
        await fitsWidth(page, 'the invitation page');
        await screenshot(page, `phone-invitation-${L.tag}`);
      });
    }
    await context.close();
  });
});
