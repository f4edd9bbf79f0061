// Strategic in Chromium, once in English and once in Chinese: the administrator opens Custom settings › Traffic
// schedules from the menu, adds a holiday on the holidays tab, builds a schedule with two slots on the working days
// (a bad, overlapping slot refused on its field as typed), then a pass strategy on that schedule; the API reads back
// exactly what the screens saved.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate } from '@openvisit/contract';
import {
  apiOf,
  newContext,
  openMenu,
  PASSWORD,
  pickOption,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  settled,
  signIn,
  step,
  until,
  useStack,
} from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    company: 'Strategic Works',
    signin: SIGNIN_EN,
    holiday: 'Founders day',
    schedule: 'Office hours',
    strategy: 'Guests by day',
    gate: 'North gate',
    t: {
      custom: 'Custom settings',
      schedules: 'Traffic schedules',
      holidaysTab: 'Holidays',
      addHoliday: 'Add a holiday',
      addSchedule: 'Add a schedule',
      overlap: 'Overlaps another time slot',
      slotOrder: 'The end must be after the start',
      saved: 'Schedule saved',
      strategies: 'Pass strategies',
      addStrategy: 'Add a strategy',
      strategySaved: 'Strategy saved',
      face: 'Face',
      wayOf: (g: string) => `Pass way of ${g}`,
      schedule: 'Traffic schedule',
      save: /Save$/,
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    company: '策略测试公司',
    signin: SIGNIN_ZH,
    holiday: '公司纪念日',
    schedule: '办公时间',
    strategy: '访客白天通行',
    gate: '北门',
    t: {
      custom: '自定义设置',
      schedules: '通行时刻表',
      holidaysTab: '节假日',
      addHoliday: '添加节假日',
      addSchedule: '添加时刻表',
      overlap: '与其他时间段重叠',
      slotOrder: '结束时间必须晚于开始时间',
      saved: '时刻表已保存',
      strategies: '通行策略',
      addStrategy: '添加策略',
      strategySaved: '策略已保存',
      face: '人脸',
      wayOf: (g: string) => `${g} 的通行方式`,
      schedule: '通行时刻表',
      save: /保\s?存$/,
    },
  },
] as const;

const YEAR = new Date().getFullYear();

for (const L of LANGS) {
  describe(`strategic (${L.tag})`, () => {
    it('adds a holiday, a schedule with two slots on the working days and a strategy; refuses a bad slot on its field', async () => {
      const email = `strategic-${L.tag}@example.com`;
      await registerCompany(stack, email, L.company, { lang: L.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      await ok('ModifyUserInfo', { guideDone: true }, admin);
      const gate = await ok('addGate', { gname: L.gate }, admin);

      const context = await newContext(stack.browser, L.locale, { viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      try {
        await step(page, `strategic-${L.tag}-holiday`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await signIn(page, email, PASSWORD, L.signin);
          await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
          await openMenu(page, L.t.custom, L.t.schedules);
          await page.waitForURL(/\/strategic\/tschedule/);
          await page.getByRole('tab', { name: L.t.holidaysTab }).click();
          await page.getByTestId('holiday-add').click();
          const dialog = page.getByTestId('holiday-modal');
          // Typed as the picker shows a day in the page's language (the contract's formatter).
          await dialog.locator('#holiday_hdate').fill(formatDate(`${YEAR}-05-04`, L.tag));
          await dialog.locator('#holiday_hdate').press('Enter');
          await dialog.getByTestId('holiday-name').fill(L.holiday);
          await dialog.getByRole('button', { name: L.t.save }).click();
          await page.getByTestId('holidays-table').locator('tr.ant-table-row').filter({ hasText: L.holiday }).waitFor();
          await settled(page);
          await screenshot(page, `strategic-${L.tag}-holidays`);
        });

        await step(page, `strategic-${L.tag}-schedule`, async () => {
          await page.getByTestId('rule-add').click();
          await page.waitForURL(/\/strategic\/tsdetail/);
          await page.getByTestId('rule-name').fill(L.schedule);
          // Monday: 08:00–12:00 and 13:00–18:00, then copied to the other working days.
          await page.getByTestId('slot-mon-0-from').fill('08:00');
          await page.getByTestId('slot-mon-0-to').fill('12:00');
          await page.getByTestId('slot-add-mon').click();
          await page.getByTestId('slot-mon-1-from').fill('11:00');
          await page.getByTestId('slot-mon-1-to').fill('13:30');
          await page.getByTestId('slots-mon').getByText(L.t.overlap).waitFor();
          await page.getByTestId('slot-mon-1-to').fill('10:00');
          await page.getByTestId('slots-mon').getByText(L.t.slotOrder).waitFor();
          await page.getByTestId('slot-mon-1-from').fill('13:00');
          await page.getByTestId('slot-mon-1-to').fill('18:00');
          const errors = page.getByTestId('slots-mon').locator('.ant-form-item-explain-error');
          await until('the slot errors to go', async () => ((await errors.count()) === 0 ? true : undefined));
          await page.getByTestId('copy-monday').click();
          await page
            .getByTestId('week-fri')
            .getByRole('img', { name: /08:00-12:00, 13:00-18:00/ })
            .waitFor();
          await settled(page);
          await screenshot(page, `strategic-${L.tag}-schedule-editor`);
          await page.getByTestId('rule-save').click();
          await page.getByText(L.t.saved).waitFor();
          await page.waitForURL(/\/strategic\/tschedule/);
          await page.getByTestId('rules-table').locator('tr.ant-table-row').filter({ hasText: L.schedule }).waitFor();
          await settled(page);
          await screenshot(page, `strategic-${L.tag}-schedules`);
        });

        await step(page, `strategic-${L.tag}-strategy`, async () => {
          await openMenu(page, L.t.custom, L.t.strategies);
          await page.getByTestId('strategy-add').click();
          await page.waitForURL(/\/strategic\/strategyd/);
          await page.getByTestId('strategy-name').fill(L.strategy);
          await pickOption(page, page.getByRole('combobox', { name: L.t.schedule }), L.schedule);
          await page.getByTestId('strategy-max-uses').fill('3');
          await page.getByTestId('strategy-save').click();
          await page.getByText(L.t.strategySaved).waitFor();
          await page.getByTestId('strategies-table').locator('tr.ant-table-row').filter({ hasText: L.strategy }).waitFor();
          // The gate's doors take faces only from now on.
          await pickOption(page, page.getByRole('combobox', { name: L.t.wayOf(L.gate) }), L.t.face);
          await until('the gate to take faces only', async () => {
            const ways = await ok('getGatePassWay', {}, admin);
            return ways[0]?.passWay === 'face' ? true : undefined;
          });
          await settled(page);
          await screenshot(page, `strategic-${L.tag}-strategies`);
        });
      } finally {
        await context.close();
      }

      const holidays = await ok('getHoliday', { year: YEAR }, admin);
      assert.deepEqual(
        holidays.map((h) => [h.hdate, h.hname, h.passFlag]),
        [[`${YEAR}-05-04`, L.holiday, 1]],
      );
      const [rule] = await ok('getPassRuleList', {}, admin);
      const two = ['08:00-12:00', '13:00-18:00'];
      assert.deepEqual(rule && [rule.rname, rule.mon, rule.tue, rule.wed, rule.thu, rule.fri, rule.sat, rule.sun, rule.configs], [
        L.schedule,
        two,
        two,
        two,
        two,
        two,
        [],
        [],
        1,
      ]);
      const configs = await ok('getPassConfigList', {}, admin);
      assert.deepEqual(
        configs.map((c) => [c.cname, c.rname, c.forVisitors, c.maxUses, c.entryMode, c.passWay]),
        [[L.strategy, L.schedule, true, 3, 'multiple', 'both']],
      );
      assert.deepEqual(await ok('getGatePassWay', {}, admin), [{ gid: gate.gid, gname: L.gate, passWay: 'face' }]);
    });
  });
}
