// Accessibility of every screen (issue 15): axe-core over each route of each console area (read from the web's route
// tables, so a new screen is checked without a line here), the public pages (sign-in and the other pages of the auth
// module, the onboarding wizard, the visitor's invitation page, an approver's mail link, the not-found page, the badge
// page's refusal) and the kiosk's screens, once in English and once in Chinese (colour contrast in English only). A serious or critical violation fails the run; every one found is listed first (rule,
// element, what is wrong), and a count per impact is printed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { type AxeViolation, axeViolations, describeViolations } from './a11y.js';
import {
  apiOf,
  employeePassword,
  newContext,
  PASSWORD,
  registerCompany,
  type Server,
  scaled,
  settled,
  startServer,
  until,
  useStack,
} from './harness.js';
import { navigateInApp } from './navigate.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

/** A11Y_ONLY=<text>[,<text>…]: only the screens whose label holds one of them (a quicker run while fixing a screen). */
const ONLY = (process.env.A11Y_ONLY ?? '').split(',');
const chosen = (label: string) => ONLY.some((o) => label.includes(o));
const VERBOSE = process.env.A11Y_VERBOSE === '1';

/** A picture of the kiosk's (logo, carousel), sent as the console would. */
async function uploadPicture(call: string, token: string, colour: string, width: number, height: number): Promise<void> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  const res = await fetch(`${stack.server.url}/api/${call}`, { method: 'POST', headers: { 'x-coolvisit-token': token }, body: form });
  assert.equal(((await res.json()) as { status: number }).status, 0, `${call} answers success`);
}

/** The parts of the web's route entries this spec reads (apps/web/src/platform/routes.ts). */
interface Entry {
  path: string;
  roles: readonly string[];
  sTypes?: readonly number[];
  children?: readonly Entry[];
}
interface Area {
  role: string;
  base: string;
  routes: readonly Entry[];
}
interface PublicEntry {
  path: string;
  session?: string;
}

const web = path.resolve(import.meta.dirname, '../apps/web/src');
/** A module of the web's source, loaded by tsx (typed here by what is read from it, not from the web's types). */
async function webModule<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(web, file)).href)) as T;
}

const joinPath = (base: string, p: string) => `${base.replace(/\/+$/, '')}/${p.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/';

/** Every screen of an area a role with this sub-type opens: leaves of its table, sections walked. */
function screensOf(entries: readonly Entry[], base: string, role: string, sType: number | null): string[] {
  return entries
    .filter((e) => e.roles.includes(role) && (!e.sTypes || (sType !== null && e.sTypes.includes(sType))))
    .flatMap((e) => (e.children ? screensOf(e.children, joinPath(base, e.path), role, sType) : [joinPath(base, e.path)]));
}

interface Lang {
  tag: 'en' | 'zh';
  locale: string;
}
const LANGS: readonly Lang[] = [
  { tag: 'en', locale: 'en-US' },
  { tag: 'zh', locale: 'zh-CN' },
];

/** Who signs in to each area: the login call's result and the console role the sign-in page would store. */
interface Login {
  role: string;
  sType: number | null;
  result: Record<string, unknown> & { token: string };
}

/** Waits for a screen to have drawn its data: no spinner or skeleton left, no animation running. */
async function ready(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await until('the screen to finish loading', async () =>
    (await page.evaluate(
      () => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton, .page-spinner').length === 0 && !!document.body.innerText.trim(),
    ))
      ? true
      : undefined,
  );
  await settled(page);
}

/** A context whose tab holds the session a sign-in would have stored (the keys of apps/web/src/platform/session.ts). */
async function signedInContext(lang: Lang, login: Login | null): Promise<BrowserContext> {
  const context = await newContext(stack.browser, lang.locale);
  if (login) {
    await context.addInitScript(
      ({ role, result }) => {
        if (sessionStorage.getItem('X-COOLVISIT-TOKEN')) return;
        sessionStorage.setItem('X-COOLVISIT-TOKEN', result.token);
        sessionStorage.setItem('role', role);
        sessionStorage.setItem('loginAccount', String(result.account ?? result.email ?? result.empPhone ?? ''));
        sessionStorage.setItem('visitor_project', JSON.stringify(result));
      },
      { role: login.role, result: login.result },
    );
  }
  return context;
}

const found: { screen: string; violations: AxeViolation[] }[] = [];

async function check(page: Page, screen: string): Promise<void> {
  if (!chosen(screen)) return;
  await ready(page);
  // Colour contrast in English only (a11y.ts): the Chinese pass checks every other rule, the words being what differs.
  const violations = await axeViolations(page, { contrast: !screen.startsWith('zh ') });
  found.push({ screen, violations });
  // Moderate findings are counted at the end; their details only on request (A11Y_VERBOSE=1), to keep CI's log readable.
  const shown = VERBOSE ? violations : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (shown.length) console.log(`axe ${describeViolations(screen, shown)}`);
}

async function visitAll(lang: Lang, login: Login | null, urls: readonly string[], server: Server = stack.server): Promise<void> {
  const context = await signedInContext(lang, login);
  const page = await context.newPage();
  try {
    let loaded = false;
    for (const url of urls) {
      if (!chosen(`${lang.tag} ${login?.role ?? 'public'} ${url}`)) continue;
      // The first screen loads the console; the next ones are reached as a person reaches them, inside the loaded app
      // (a full load per screen parsed the whole console again each time, most of this spec's time).
      if (loaded) await navigateInApp(page, url);
      else await page.goto(`${server.url}${url}`);
      loaded = true;
      await check(page, `${lang.tag} ${login?.role ?? 'public'} ${url}`);
    }
  } finally {
    await context.close();
  }
}

/**
 * A headquarters (super) account exists only through the operator's command line, run on a database no server holds:
 * a second server, on a data folder where the command created a company and the account first.
 */
async function superAccountServer(): Promise<{ server: Server; login: Login; done: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-a11y-hq-'));
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../apps/server/dist/cli.js'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
  const companyId =
    cli('create-company', '--company', 'HQ Works', '--email', 'hq@example.com', '--password', PASSWORD).trim().split('\n').pop() ?? '';
  cli('create-super-account', '--account', 'LFT_a11y', '--password', PASSWORD, '--companies', companyId);
  const server = await startServer({ DATA_DIR: dataDir });
  const result = await apiOf(() => server).ok('superAccountLogin', { account: 'LFT_a11y', password: PASSWORD });
  return {
    server,
    login: { role: 'super', sType: null, result },
    async done() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A sub-company of the head office (addSubAccount, its password given) with an employee it names its manager, so its
 * portal's screens (/subcom/…: report center, subemp, invitations, account, accountsub and its detail, pwd) show rows.
 */
async function subCompanyLogin(admin: string): Promise<{ login: Login; managerId: number }> {
  // Invitations opened to tenants, so /subcom/invite shows its form rather than the notice that they are closed.
  await ok('updatePermissionSwitch', { permissionSwitch: 1 }, admin);
  const email = 'a11y.tenant@example.com';
  await ok('addSubAccount', { companyName: 'A11y Tenant', shortName: 'A11YT', email, floor: '4F', roomNumbers: ['401'], password: PASSWORD }, admin);
  const result = await ok('subAccountLogin', { email, password: PASSWORD });
  const manager = await ok('addEmployee', { employee_name: 'Tess Tenant', phone: '13800002002' }, result.token);
  await ok('UpdateSubAccountManager', { empids: [manager.empid] }, result.token);
  return { login: { role: 'subcom', sType: null, result }, managerId: manager.empid };
}

/** The kiosk's screens (one page, no routes): sign-in, start, each errand, the staff panel; a tablet in landscape. */
async function visitKiosk(lang: Lang, account: string, password: string): Promise<void> {
  const context = await newContext(stack.browser, lang.locale, { viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  const label = (screen: string) => `${lang.tag} kiosk ${screen}`;
  try {
    await page.goto(`${stack.server.url}/kiosk`);
    await check(page, label('sign-in'));
    await page.locator('input.k-input').first().fill(account);
    await page.locator('input.k-input[type="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    const home = page.getByTestId('kiosk-home');
    await home.waitFor();
    // The company's settings (theme colour, pictures) have arrived once the logo is drawn.
    await page.locator('.k-top__brand img').waitFor();
    await check(page, label('home'));
    for (const [i, errand] of ['register', 'check-in', 'sign-out'].entries()) {
      await home.locator('.k-tile').nth(i).click();
      await home.waitFor({ state: 'detached' });
      await check(page, label(errand));
      await page.getByTestId('home-button').click();
      await home.waitFor();
    }
    // The privacy page's code, from the top bar of every screen.
    await page.getByTestId('privacy-button').click();
    await page.getByTestId('privacy-qr').waitFor();
    await page.getByTestId('privacy-notice').waitFor();
    await check(page, label('privacy'));
    await page.getByTestId('privacy-panel').getByRole('button').click();
    await page.locator('.k-staff-btn').click();
    await check(page, label('staff panel'));
  } finally {
    await context.close();
  }
}

describe('accessibility of every screen (axe-core)', () => {
  it('has no serious or critical violation on any screen, in English, and the public, administrator, sub-company and kiosk screens in Chinese', {
    timeout: scaled(1_800_000),
  }, async () => {
    const { AREAS } = await webModule<{ AREAS: readonly Area[] }>('app/routes/areas.tsx');
    const { authScreens } = await webModule<{ authScreens: readonly PublicEntry[] }>('modules/auth/routes.tsx');
    const { guideScreens } = await webModule<{ guideScreens: readonly PublicEntry[] }>('app/guide/routes.ts');

    // A company with an employee (with a password), staff of each kind, a meeting with an invited visitor.
    const email = 'a11y.admin@example.com';
    await registerCompany(stack, email, 'Access Works');
    const adminLogin = await ok('Login', { email, password: PASSWORD });
    const admin = adminLogin.token;
    const host = { employee_name: 'Hana Host', phone: '13800002001', email: 'hana.host@example.com' };
    const { empid } = await ok('addEmployee', host, admin);
    await employeePassword(stack, host.email);
    const start = Date.now() + 60 * 60_000;
    const meeting = await ok(
      'addMeeting',
      {
        subject: 'Quarterly review',
        empid,
        startTime: start,
        endTime: start + 60 * 60_000,
        visitors: [{ name: 'Vera Visitor', email: 'vera@example.com', lang: 'en' }],
      },
      admin,
    );
    await ok('addBlacklist', { name: 'Blocked Person', phone: '13700001111' }, admin);
    // The kiosk's pictures and a light theme colour (the text on it must still read).
    await uploadPicture('UpdateLogo', admin, '#264653', 400, 120);
    for (const colour of ['#2a9d8f', '#e9c46a']) await uploadPicture('UploadCarouselPic', admin, colour, 1080, 1920);
    await ok('UpdateThemeColor', { themecolor: '#40a9ff' }, admin);
    await ok('updateSignOutSwitch', { signOutSwitch: 1 }, admin);
    const inviteLink = new URL(meeting.visitors[0]?.inviteLink ?? '');
    // The carrier's public booking page, with a logistics type asking a vehicle field of each kind.
    await ok(
      'addExtendType',
      {
        name: '送货#Delivery',
        vehicleExtend: [
          { fieldName: 'colour', displayName: '颜色#Colour', inputType: 'text', required: true },
          { fieldName: 'size', displayName: '尺寸#Size', inputType: 'button', inputValue: ['大#Large', '小#Small'] },
        ],
      },
      admin,
    );
    const bookingToken = (await ok('resetLogisticsLink', {}, admin)).token ?? '';
    const tenant = await subCompanyLogin(admin);
    const logins: Login[] = [
      { role: 'manager', sType: null, result: adminLogin },
      { role: 'emporder', sType: null, result: await ok('empLogin', { phone: host.phone, empPwd: PASSWORD }) },
      tenant.login,
    ];
    const staff: [string, 0 | 1 | 2 | 3 | 4][] = [
      ['hse', 0],
      ['servercom', 1],
      ['reception', 2],
      ['logic', 3],
      ['reception', 4],
    ];
    // A server-company account acts for a supplier company; one of its workers waits for approval, so the workers'
    // screens (/supplier/resident, /supplier/approvelist, /servercom/server, /hsehome/hseemplist) show a row.
    const supplier = await ok('addSupplier', { name: 'A11y Labour Co' }, admin);
    const workWindow = { startDate: Date.now() - 86_400_000, endDate: Date.now() + 30 * 86_400_000 };
    const plant = await ok('addProject', { pName: 'A11y Plant', leader: 'Wang', phone: '13800005555', ...workWindow }, admin);
    await ok(
      'addResidentVisitor',
      { pid: plant.pid, supplierId: supplier.supplierId, name: 'Wendy Worker', phone: '13933339999', ...workWindow },
      admin,
    );
    for (const [role, sType] of staff) {
      const account = `a11y_${role}_${sType}`;
      const supplierId = sType === 1 ? supplier.supplierId : null;
      await ok('AddManager', { account, password: PASSWORD, sName: `Staff ${sType}`, sType, supplierId }, admin);
      const first = await ok('Login', { email: account, password: PASSWORD });
      await ok('updatePassword', { oldPassword: PASSWORD, password: `${PASSWORD}s` }, first.token);
      logins.push({ role, sType, result: await ok('Login', { email: account, password: `${PASSWORD}s` }) });
    }

    // An approval asked of an approver by mail, so the link's page (/approval/:token) shows a request to decide.
    const approver = await ok('addEmployee', { employee_name: 'Abe Approver', phone: '13800002003', email: 'abe.approver@example.com' }, admin);
    await ok('addApprovalPolicy', { name: 'A11y approvals', steps: [{ approvers: [{ kind: 'employee', id: approver.empid }] }] }, admin);
    await ok('updateProcessSwitch', { processSwitch: 1 }, admin);
    const hostToken = logins[1]?.result.token ?? '';
    await ok('addAppointment', { appointmentDate: start, visitors: [{ name: 'Ada Asked', phone: '13922002003', lang: 'en' }] }, hostToken);
    const approvalMail = await stack.smtp.waitFor('abe.approver@example.com', /\/approval\//);
    const approvalPath = /\/approval\/[\w~-]+/.exec(approvalMail.text)?.[0];
    assert.ok(approvalPath, 'the approver’s mail carries the link');

    const privacyLink = new URL((await ok('listErasureRequests', {}, admin)).link);
    const publicUrls = [
      approvalPath,
      // The visitor's own privacy page, at its first step (the code).
      `${privacyLink.pathname}${privacyLink.search}`,
      ...authScreens.filter((s) => !s.session).map((s) => s.path),
      '/signin?role=employee',
      `${inviteLink.pathname}${inviteLink.search}`,
      `/logistics-booking?token=${encodeURIComponent(bookingToken)}`,
      '/no-such-screen',
      // The original front-desk app's badge page, refusing a link without a token (its badge is the kiosk's).
      '/card/index.html?vid=v1',
    ];
    // A face terminal, so the device detail (/key/listd/:eid) shows its people's sync status.
    const faceTerminal = await ok('addEquipment', { deviceName: 'A11y face terminal', deviceCode: 'A11Y-FACE', eType: 'face' }, admin);
    const managerPublic = [...authScreens, ...guideScreens].filter((s) => s.session).map((s) => s.path);
    const areaUrls = (login: Login) => {
      const area = AREAS.find((a) => a.role === login.role);
      assert.ok(area, `an area for ${login.role}`);
      return screensOf(area.routes, area.base, login.role, login.sType).map((p) =>
        p
          .replace(':mid', String(meeting.mid))
          .replace('/:id?', '')
          .replace(':eid?', String(faceTerminal.device.eid))
          .replace(':empid', String(tenant.managerId)),
      );
    };
    const hq = await superAccountServer();
    // The areas no login here reaches.
    const unreached = AREAS.filter((a) => ![...logins, hq.login].some((l) => l.role === a.role)).map((a) => a.base);
    console.log(`axe: areas without an account in this spec: ${unreached.join(', ')}`);

    try {
      for (const lang of LANGS) {
        await visitAll(lang, null, publicUrls);
        // Every screen in English; in Chinese the public screens, the administrator's, the sub-company portal's (a tenant
        // of a Chinese building reads it in Chinese) and the kiosk (the other areas are built from the same pieces, and
        // the second pass of all of them cost a minute of the test budget).
        for (const login of logins)
          if (lang.tag === 'en' || login.role === 'manager' || login.role === 'subcom')
            await visitAll(lang, login, [...areaUrls(login), ...(login.role === 'manager' ? managerPublic : [])]);
        if (lang.tag === 'en') await visitAll(lang, hq.login, areaUrls(hq.login), hq.server);
        // In Chinese the kiosk wears a mid-dark theme colour (white on it at 5:1, which any dimming of the text takes under
        // 4.5:1), in English the light one (black text).
        if (lang.tag === 'zh') await ok('UpdateThemeColor', { themecolor: '#1971c2' }, admin);
        if (ONLY.some((o) => o.includes('kiosk') || `${lang.tag} kiosk`.includes(o))) await visitKiosk(lang, 'a11y_reception_4', `${PASSWORD}s`);
      }
    } finally {
      await hq.done();
    }
    const byImpact: Record<string, number> = {};
    for (const { violations } of found)
      for (const v of violations) byImpact[v.impact ?? 'unknown'] = (byImpact[v.impact ?? 'unknown'] ?? 0) + v.nodes.length;
    console.log(`axe: ${found.length} screens checked; elements in violation by impact: ${JSON.stringify(byImpact)}`);
    const failing = found
      .map(({ screen, violations }) => ({ screen, violations: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') }))
      .filter((f) => f.violations.length);
    assert.equal(failing.length, 0, `serious or critical violations:\n${failing.map((f) => describeViolations(f.screen, f.violations)).join('\n')}`);
  });
});
