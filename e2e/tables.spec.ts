// Readable tables (issue 15, "Tables"): at 1280×800, in English and Chinese, every list screen of the console (seeded
// with long names, long company names, phone numbers and dates) fits its width without sideways scrolling, keeps phone
// numbers and dates on one line, and ends a cut-off name in "…" with the whole of it in a tooltip on hover.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiOf, employeePassword, newContext, PASSWORD, registerCompany, scaled, screenshot, settled, until, useStack } from './harness.js';
import { navigateInApp } from './navigate.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const DAY = 86_400_000;
const LONG_COMPANY = 'Shenzhen Northern Lights Precision Instruments International Trading Co., Ltd.';
const VISITORS = [
  { name: 'Maximiliane von Wolkenstein-Rabenhorst', phone: '13912345678', company: LONG_COMPANY },
  { name: '欧阳娜娜', phone: '+8613800138000', company: '北京华夏未来科技发展有限公司上海分公司' },
  { name: 'Bartholomew Featherstonehaugh-Cholmondeley', phone: '13700001234', company: 'Acme' },
] as const;

interface Screen {
  /** What the failures and screenshots are named after. */
  name: string;
  url: string;
  /** Who opens it: the administrator, the host employee or the front desk. */
  as: 'admin' | 'employee' | 'desk';
  /** The seeded rows are there: the screen is checked once they have arrived. */
  rows: boolean;
  /** A name or text is long enough to be cut off here: its tooltip is checked. */
  cut: boolean;
}

interface Sessions {
  admin: { token: string; result: Record<string, unknown> };
  employee: { token: string; result: Record<string, unknown> };
  desk: { token: string; result: Record<string, unknown> };
}

/** One company with people, visits, meetings, residents, approvals and accounts, every text as long as real ones get. */
async function seed(): Promise<{ sessions: Sessions; mid: number; rid: number }> {
  const email = 'tables.admin@example.com';
  await registerCompany(stack, email, 'Northern Lights Instruments');
  const adminLogin = await ok('Login', { email, password: PASSWORD });
  const admin = adminLogin.token;
  await ok('ModifyUserInfo', { guideDone: true }, admin);
  const rd = await ok('addDepartment', { deptName: 'Research and Development – Advanced Materials Laboratory' }, admin);
  const cs = await ok('addDepartment', { deptName: 'Customer Success and Key Account Management' }, admin);
  const host = await ok(
    'addEmployee',
    {
      employee_name: 'Alexandra Konstantinopoulou-Whitfield',
      phone: '13800002001',
      email: 'alexandra.konstantinopoulou-whitfield@northern-lights-instruments.example.com',
      empNo: 'EMP-2026-000123',
      empPosition: 'Senior Principal Solutions Architect, Asia-Pacific',
      deptIds: [rd.deptid, cs.deptid],
    },
    admin,
  );
  for (let i = 0; i < 6; i++)
    await ok(
      'addEmployee',
      {
        employee_name: i % 2 ? `诸葛明远${i}` : `Christopher Montgomery-Fairweather ${i}`,
        phone: `1380000300${i}`,
        email: `employee.number.${i}@northern-lights-instruments.example.com`,
        empNo: `EMP-2026-00020${i}`,
        empPosition: i % 2 ? '高级采购经理' : 'Regional Procurement and Logistics Coordinator',
        deptIds: [i % 2 ? rd.deptid : cs.deptid],
      },
      admin,
    );
  // A role lives in a group (the top level of the roles' tree).
  const group = await ok('addRARG', { rgName: 'Security' }, admin);
  const role = await ok('addRARG', { rgName: 'Visitor approvers of the main campus', parentId: group.rid }, admin);
  await ok('addEmpRole', { rid: role.rid, empids: [host.empid] }, admin);

  // Approvals: every visit waits for the administrator, in an area with a long name.
  const area = await ok(
    'addProcessArea',
    { aName: 'Main campus – Building C clean rooms', address: '88 Science Park Road, Nanshan District' },
    admin,
  );
  await ok('addProcessRule', { aid: area.aid, levels: [{ level: 1, approvers: [{ rType: 3, id: 0 }] }] }, admin);
  await ok('updateProcessSwitch', { processSwitch: 1 }, admin);

  // Tomorrow at ten: a meeting of the same day, whatever the hour the run starts at.
  const tomorrow = new Date(Date.now() + DAY);
  const at = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), 10).getTime();
  for (const [i, v] of VISITORS.entries())
    await ok(
      'addAppointment',
      {
        empid: host.empid,
        appointmentDate: at + i * 60_000,
        visitReason: 'Quarterly supplier quality review and factory acceptance test',
        visitors: [{ name: v.name, phone: v.phone, company: v.company, lang: 'en' }],
      },
      admin,
    );
  const meeting = await ok(
    'addMeeting',
    {
      subject: 'Annual strategic partnership review with the Northern Lights supplier delegation',
      empid: host.empid,
      startTime: at,
      endTime: at + 90 * 60_000,
      address: 'Building C, 12th floor, Conference room “Pacific”',
      visitors: [{ name: 'Maximiliane von Wolkenstein-Rabenhorst', phone: '13912340000', email: 'max.wolkenstein@example.com', lang: 'en' }],
    },
    admin,
  );
  await ok(
    'addBlacklist',
    { name: 'Bartholomew Featherstonehaugh-Cholmondeley', phone: '13700001111', remark: 'Repeatedly tailgated at the main gate' },
    admin,
  );
  await ok('addWhitelist', { name: '欧阳娜娜', phone: '+8613800138000', remark: '长期合作供应商驻场代表，免审批入场' }, admin);
  const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
  const project = await ok(
    'addProject',
    { pName: 'Canteen and facility cleaning services 2026', leader: 'Wang Jianguo', phone: '13800005555', area: 'Building C', ...window },
    admin,
  );
  await ok(
    'addResidentVisitor',
    { pid: project.pid, company: LONG_COMPANY, name: 'Konstantin Wolkenstein-Rabenhorst', phone: '13800006666', ...window },
    admin,
  );
  await ok(
    'AddManager',
    { account: 'front_desk_main_gate', password: PASSWORD, sName: 'Front desk of the main gate (north)', sType: 2, phone: '13800007777' },
    admin,
  );
  await seedPasses(admin);
  const first = await ok('Login', { email: 'front_desk_main_gate', password: PASSWORD });
  await ok('updatePassword', { oldPassword: PASSWORD, password: `${PASSWORD}d` }, first.token);
  const desk = await ok('Login', { email: 'front_desk_main_gate', password: `${PASSWORD}d` });
  await employeePassword(stack, 'alexandra.konstantinopoulou-whitfield@northern-lights-instruments.example.com');
  const employee = await ok('empLogin', { phone: '13800002001', empPwd: PASSWORD });
  return {
    sessions: {
      admin: { token: admin, result: adminLogin },
      employee: { token: employee.token, result: employee },
      desk: { token: desk.token, result: desk },
    },
    mid: meeting.mid,
    rid: role.rid,
  };
}

/** Door and barrier passes reported by devices with long names, for the records screens (names of unknown people are empty). */
async function seedPasses(admin: string): Promise<void> {
  const group = await ok('addEquipmentGroup', { egname: 'Research and development laboratories', defaultOn: true }, admin);
  const device = { extendCode: '', roomNum: '1F', deviceIp: '', devicePort: null, readerNo: '', enterStatus: 1, egids: [group.egid] };
  const face = await ok(
    'addEquipment',
    { ...device, deviceName: 'Face terminal at the north turnstile, lane 2', deviceCode: 'FACE-N-2', eType: 'face' },
    admin,
  );
  const barrier = await ok(
    'addEquipment',
    { ...device, deviceName: 'Car park barrier (underground level B2)', deviceCode: 'BAR-B2', eType: 'barrier' },
    admin,
  );
  const report = async (d: typeof face, name: string, body: unknown) => {
    const res = await fetch(`${stack.server.url}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${d.device.eid}.${d.secret}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { status: number };
    assert.equal(answer.status, 0, `${name}: ${JSON.stringify(answer)}`);
  };
  const records = [1, 0, 2].map((result, i) => ({
    recordId: `tables-${i}`,
    personKind: 'unknown',
    time: Date.now() - i * 60_000,
    result,
    code: result ? 0 : 1124,
  }));
  await report(face, 'faceSyncUploadRecords', { records });
  await report(barrier, 'uploadVehicleInfo', { plateNum: '粤B12345', direction: 1 });
}

/** A day as the console's URLs write it (yyyy-mm-dd, local). */
const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function screens(mid: number, rid: number): Screen[] {
  // The report's period holds tomorrow's visits.
  const period = `from=${dayOf(Date.now())}&to=${dayOf(Date.now() + 2 * DAY)}`;
  return [
    { name: 'visitor-list', url: '/visitor/vlist', as: 'admin', rows: true, cut: true },
    { name: 'visitor-report', url: `/visitor/data?${period}&group=none`, as: 'admin', rows: true, cut: true },
    { name: 'report-by-company', url: `/visitor/data?${period}&group=company`, as: 'admin', rows: true, cut: true },
    { name: 'employees', url: '/emp/emplist', as: 'admin', rows: true, cut: true },
    { name: 'role-members', url: `/emp/rolist?rid=${rid}`, as: 'admin', rows: true, cut: true },
    { name: 'residents', url: '/visitlist', as: 'admin', rows: true, cut: true },
    { name: 'resident-projects', url: '/visitlist?tab=projects', as: 'admin', rows: true, cut: true },
    { name: 'resident-visits', url: '/visitlist?tab=visits', as: 'admin', rows: false, cut: false },
    { name: 'blacklist', url: '/blacklist', as: 'admin', rows: true, cut: true },
    { name: 'whitelist', url: '/whitelist', as: 'admin', rows: true, cut: false },
    { name: 'overtime', url: '/overtime', as: 'admin', rows: false, cut: false },
    { name: 'operation-log', url: '/emplog', as: 'admin', rows: true, cut: true },
    { name: 'approval-flows', url: '/setting/approve', as: 'admin', rows: true, cut: false },
    { name: 'approval-records', url: '/setting/approve?tab=records', as: 'admin', rows: true, cut: true },
    { name: 'invite-power', url: '/setting/invitepower', as: 'admin', rows: true, cut: true },
    { name: 'meetings', url: '/meeting', as: 'admin', rows: true, cut: true },
    { name: 'meeting-detail', url: `/mdetail/${mid}`, as: 'admin', rows: true, cut: false },
    { name: 'managers', url: '/setting/account/stage', as: 'admin', rows: true, cut: true },
    { name: 'delivery-records', url: '/setting/notice?tab=records', as: 'admin', rows: true, cut: true },
    { name: 'pass-records', url: '/key/record', as: 'admin', rows: true, cut: true },
    { name: 'vehicle-records', url: '/key/vrecord', as: 'admin', rows: true, cut: true },
    { name: 'my-invitations', url: '/emporder/orderlist', as: 'employee', rows: true, cut: true },
    { name: 'my-approvals', url: '/emporder/approve', as: 'employee', rows: false, cut: false },
    { name: 'front-desk', url: '/reception', as: 'desk', rows: false, cut: false },
  ];
}

/** What is wrong with the tables of the page: sideways scrolling, phones or dates on two lines or cut off. */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')].filter((w) => w.offsetParent !== null);
    if (!tables.length) problems.push('no table shown');
    for (const wrapper of tables) {
      const box = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? wrapper;
      const table = box.querySelector('table');
      if (box.scrollWidth > box.clientWidth) problems.push(`a table scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
      if (table && table.getBoundingClientRect().width > wrapper.getBoundingClientRect().width + 0.5) problems.push('a table is wider than its box');
    }
    for (const cell of document.querySelectorAll<HTMLElement>('td.ov-col-phone, td.ov-col-date, td.ov-col-dateTime')) {
      const text = cell.querySelector<HTMLElement>('.ov-cell-text') ?? cell;
      const content = text.textContent?.trim() ?? '';
      if (!content || content === '—') continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const lineHeight = Number.parseFloat(getComputedStyle(text).lineHeight);
      const height = range.getBoundingClientRect().height;
      if (height > lineHeight * 1.5) problems.push(`"${content}" takes ${Math.round(height / lineHeight)} lines`);
      if (text.scrollWidth > text.clientWidth) problems.push(`"${content}" is cut off`);
    }
    return problems;
  });
}

/**
 * A cut-off cell text in a shown table (a name link that opens the details first, where there is one): its index among
 * all cell texts and its whole text.
 */
async function firstCut(page: Page): Promise<{ index: number; text: string } | null> {
  return page.evaluate(() => {
    // (no named functions in here: the test's compiler would wrap them in a helper the page does not have)
    const cells = [...document.querySelectorAll<HTMLElement>('.ov-cell-text')].map((c) => ({
      shown: c.offsetParent !== null && !!c.closest('td'),
      text: c.scrollWidth > c.clientWidth,
      link: [...c.querySelectorAll<HTMLElement>(':scope > button')].some((b) => b.scrollWidth > b.clientWidth),
      content: c.textContent ?? '',
    }));
    const link = cells.findIndex((c) => c.shown && c.link);
    const index = link >= 0 ? link : cells.findIndex((c) => c.shown && c.text);
    return index < 0 ? null : { index, text: cells[index]?.content ?? '' };
  });
}

/** The screen has drawn its data: no spinner left, its rows (when seeded) there, no animation running. */
async function ready(page: Page, screen: Screen): Promise<void> {
  await until(`${screen.name} to draw its table`, async () =>
    (await page.evaluate(
      (rows) =>
        document.querySelectorAll('.ant-spin-spinning, .ant-skeleton').length === 0 &&
        [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')].some(
          (w) => w.offsetParent !== null && (rows ? w.querySelector('.ant-table-row') : w.querySelector('.ant-table-row, .ant-empty')),
        ),
      screen.rows,
    ))
      ? true
      : undefined,
  );
  await settled(page);
}

async function checkScreen(page: Page, lang: string, screen: Screen, failures: string[]): Promise<void> {
  // The first screen loads the console; the next are reached inside it, as its links do (a11y.spec.ts does the same).
  // A screen on the path of the one before (another tab or grouping) is loaded afresh: its table could still show the
  // old rows when checked.
  const loaded = page.url().startsWith(stack.server.url);
  if (loaded && new URL(page.url()).pathname !== new URL(screen.url, stack.server.url).pathname) await navigateInApp(page, screen.url);
  else await page.goto(`${stack.server.url}${screen.url}`);
  await ready(page, screen);
  const label = `${lang} ${screen.name}`;
  for (const p of await tableProblems(page)) failures.push(`${label}: ${p}`);
  await screenshot(page, `tables-${lang}-${screen.name}`);
  if (!screen.cut) return;
  const cut = await firstCut(page);
  if (!cut) {
    failures.push(`${label}: no long text is cut off (the seeded names should be)`);
    return;
  }
  await page.locator('.ov-cell-text').nth(cut.index).hover();
  const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: cut.text });
  try {
    await tooltip.first().waitFor({ timeout: scaled(10_000) });
    const shown = (await tooltip.first().textContent())?.trim();
    if (shown !== cut.text.trim()) failures.push(`${label}: the tooltip says "${shown}", not "${cut.text}"`);
  } catch {
    failures.push(`${label}: no tooltip with "${cut.text}" on hover`);
  }
  await page.mouse.move(0, 0);
}

describe('readable tables at 1280 px', () => {
  it('fits every list screen without sideways scrolling, phones and dates on one line, cut names in tooltips, in English and Chinese', {
    timeout: scaled(900_000),
  }, async () => {
    const { sessions, mid, rid } = await seed();
    const failures: string[] = [];
    let checked = 0;
    for (const lang of [
      { tag: 'en', locale: 'en-US' },
      { tag: 'zh', locale: 'zh-CN' },
    ]) {
      for (const as of ['admin', 'employee', 'desk'] as const) {
        // A browser context of its own per person: a browser's tabs share one session (apps/web/src/platform/session.ts).
        const context = await newContext(stack.browser, lang.locale, { viewport: { width: 1280, height: 800 } });
        const list = screens(mid, rid).filter((s) => s.as === as);
        const session = sessions[as];
        const role = as === 'admin' ? 'manager' : as === 'employee' ? 'emporder' : 'reception';
        // The session a sign-in would have stored in the tab (apps/web/src/platform/session.ts).
        const page = await context.newPage();
        await page.addInitScript(
          ({ role, result }) => {
            if (sessionStorage.getItem('X-COOLVISIT-TOKEN')) return;
            sessionStorage.setItem('X-COOLVISIT-TOKEN', String(result.token));
            sessionStorage.setItem('role', role);
            sessionStorage.setItem('loginAccount', String(result.account ?? result.email ?? result.empPhone ?? ''));
            sessionStorage.setItem('visitor_project', JSON.stringify(result));
          },
          { role, result: session.result },
        );
        try {
          for (const screen of list) {
            await checkScreen(page, lang.tag, screen, failures);
            checked++;
          }
        } finally {
          await context.close();
        }
      }
    }
    console.log(`tables: ${checked} screens checked at 1280×800`);
    assert.deepEqual(failures, []);
  });
});
