// The sub-company portal end to end (issue 19), in both languages: a head office with two sub-companies (created through
// the API, addSubAccount; the console's creation drawer is multicompany.spec's); each sub-company's administrator signs
// in on the tenant tab, adds an employee accepting the head office's exemption clause, invites a visitor for that
// employee with its own invitation template (the visitor's mail carries its text) and sees only its own invitations.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatDateTime } from '@openvisit/contract';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { approvalsEn } from '../apps/web/src/modules/approvals/locales/en.js';
import { approvalsZh } from '../apps/web/src/modules/approvals/locales/zh.js';
import { authEn } from '../apps/web/src/modules/auth/locales/en.js';
import { authZh } from '../apps/web/src/modules/auth/locales/zh.js';
import { employeesEn } from '../apps/web/src/modules/employees/locales/en.js';
import { employeesZh } from '../apps/web/src/modules/employees/locales/zh.js';
import { invitationsEn } from '../apps/web/src/modules/invitations/locales/en.js';
import { invitationsZh } from '../apps/web/src/modules/invitations/locales/zh.js';
import {
  apiOf,
  buttonName as btn,
  launchBrowser,
  newContext,
  PASSWORD,
  pickOption,
  registerCompany,
  type Server,
  SIGNIN_EN,
  SIGNIN_ZH,
  type Smtp,
  screenshot,
  settled,
  startServer,
  startSmtp,
  step,
} from './harness.js';

const ADMIN = 'tower.admin@example.com';
const TEXTS = {
  en: { auth: authEn, emp: employeesEn, inv: invitationsEn, appr: approvalsEn, locale: 'en-US', approver: { employee: 'Employee', role: 'Role' } },
  zh: { auth: authZh, emp: employeesZh, inv: invitationsZh, appr: approvalsZh, locale: 'zh-CN', approver: { employee: '员工', role: '角色' } },
} as const;
type Lang = keyof typeof TEXTS;
const TENANTS: Record<
  Lang,
  { company: string; short: string; email: string; host: string; phone: string; visitor: string; visitorEmail: string; letter: string }
> = {
  en: {
    company: 'Acme Tenant',
    short: 'ACME',
    email: 'acme@tenant.example',
    host: 'Tina Tenant',
    phone: '13700137001',
    visitor: 'Vic Visitor',
    visitorEmail: 'vic@visitor.example',
    letter: 'Welcome to Acme on floor 3',
  },
  zh: {
    company: '北辰科技',
    short: '北辰',
    email: 'beichen@tenant.example',
    host: '李娜',
    phone: '13700137002',
    visitor: '王访客',
    visitorEmail: 'wang@visitor.example',
    letter: '欢迎来到北辰科技五楼',
  },
};

let smtp: Smtp;
let server: Server;
let browser: Browser;
const { ok } = apiOf(() => server);

/** The two sub-companies, created by the head office with their passwords (the console's drawer is multicompany.spec's). */
async function addSubCompanies(admin: string): Promise<void> {
  for (const [i, t] of Object.values(TENANTS).entries())
    await ok('addSubAccount', { companyName: t.company, shortName: t.short, email: t.email, phone: `1360013600${i}`, password: PASSWORD }, admin);
}

async function tenantSignIn(lang: Lang): Promise<Page> {
  const { auth } = TEXTS[lang];
  const context = await newContext(browser, TEXTS[lang].locale, { viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/signin`);
  await page.getByRole('tab', { name: auth.signin.tabs.sub }).click();
  await page.getByLabel(auth.signin.fields.subEmail).fill(TENANTS[lang].email);
  await page.getByLabel(auth.signin.fields.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: (lang === 'en' ? SIGNIN_EN : SIGNIN_ZH).submit }).click();
  await page.waitForURL(/\/subcom\/visitors/);
  return page;
}

describe('the sub-company portal', () => {
  before(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    server = await startServer(env);
    await registerCompany({ server, smtp }, ADMIN, 'Tower Holdings');
    const admin = await ok('Login', { email: ADMIN, password: PASSWORD });
    await ok('updatePermissionSwitch', { permissionSwitch: 1 }, admin.token);
    await ok('updateEscapeClause', { escapeClause: 'Tenants answer for the people they register.' }, admin.token);
    await ok('addEmployee', { employee_name: 'Head Office Hugo', phone: '13700137000', acceptClause: true }, admin.token);
    // The head office's own template, which a sub-company neither sees nor sends.
    await ok('addUserTemplate', { templateType: 0, inviteContent: 'Tower Holdings head office letter' }, admin.token);
    await addSubCompanies(admin.token);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`a sub-company adds an employee and invites a visitor with its own template (${lang})`, async () => {
      const { emp, inv } = TEXTS[lang];
      const me = TENANTS[lang];
      const page = await tenantSignIn(lang);
      try {
        await step(page, 'its own template', async () => {
          const token = await page.evaluate(() => sessionStorage.getItem('X-COOLVISIT-TOKEN'));
          assert.ok(token, 'no session token');
          await ok('addUserTemplate', { templateType: 0, inviteContent: me.letter }, token);
        });
        await step(page, 'add an employee, accepting the clause', async () => {
          await page.goto(`${server.url}/subcom/subemp`);
          await page.getByTestId('subemp-add').first().click();
          const drawer = page.getByRole('dialog');
          await drawer.getByLabel(emp.fields.name, { exact: true }).fill(me.host);
          await drawer.getByLabel(emp.fields.phone, { exact: true }).fill(me.phone);
          await drawer.getByTestId('employee-save').click();
          await drawer.getByText(emp.clause.required).waitFor();
          await drawer.getByRole('checkbox', { name: emp.clause.accept }).check();
          await drawer.getByTestId('employee-save').click();
          await page.getByRole('cell', { name: me.host }).first().waitFor();
          await settled(page);
        });
        await step(page, 'invite a visitor for that employee', async () => {
          await page.goto(`${server.url}/subcom/invite`);
          await page.getByText(inv.invite.templateFrom.subCompany.split('{{')[0] ?? '').waitFor();
          await pickOption(page, page.getByTestId('invite-host').getByRole('combobox'), me.host);
          await page.getByLabel(inv.invite.name, { exact: true }).fill(me.visitor);
          await page.getByLabel(inv.invite.email, { exact: true }).fill(me.visitorEmail);
          const time = page.getByLabel(inv.invite.time, { exact: true });
          await time.click();
          // Typed as the picker shows a moment in the page's language (the contract's formatter).
          await time.fill(formatDateTime(dayjs().add(1, 'day').hour(10).minute(0).valueOf(), lang));
          // Enter confirms the time and, as in any form, sends it (the "Send invitations" button's submit).
          await time.press('Enter');
          await page.getByTestId('invite-links').waitFor();
        });
        await step(page, 'the visitor’s mail carries its template', async () => {
          // The invitation itself (the mail with its link), read as the visitor's client decodes it.
          const mail = await smtp.waitFor(me.visitorEmail, /invite\?token=/);
          assert.ok(mail.plain.includes(me.letter), `the template's letter in:\n${mail.plain}`);
          assert.ok(!mail.plain.includes('head office letter'));
        });
        await step(page, 'its own approval policy names its own employee and routes its host’s visitors', async () => {
          const T = TEXTS[lang].appr;
          const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k]));
          await page.goto(`${server.url}/subcom/approve`);
          await page.getByText(T.switch.byHeadOffice).waitFor();
          await page.getByText(T.policies.ownEmptyHelp).waitFor();
          await page.getByTestId('policy-add').click();
          const editor = page.locator('.ant-drawer', { hasText: T.editor.addTitle });
          await editor.getByLabel(T.editor.name, { exact: true }).fill(`${me.short} visitors`);
          const card = editor.locator('.ant-card').filter({ has: page.getByLabel(fill(T.editor.approverKind, { n: 1 })) });
          // A role is the head office's: not offered to a sub-company.
          await card.getByRole('combobox', { name: fill(T.editor.approverKind, { n: 1 }) }).click();
          const listbox = page.locator('.ant-select-dropdown:visible');
          await listbox.getByText(TEXTS[lang].approver.employee, { exact: true }).waitFor();
          assert.equal(await listbox.getByText(TEXTS[lang].approver.role, { exact: true }).count(), 0, 'no role approvers');
          await listbox.getByText(TEXTS[lang].approver.employee, { exact: true }).click();
          const pick = card.getByRole('combobox', { name: fill(T.editor.pick, { n: 1 }) });
          await pick.fill(me.host);
          await page.locator('.ant-select-dropdown:visible').getByText(me.host).first().waitFor();
          assert.equal(await page.locator('.ant-select-dropdown:visible').getByText('Head Office Hugo').count(), 0, 'only its own people');
          await pick.press('Enter');
          await card.getByRole('button', { name: btn(T.editor.addApprover) }).click();
          await editor.getByRole('tab', { name: T.dry.title }).click();
          // The host is found as typed (getEmpByName: a sub-company finds only its own).
          await editor.locator('#dry-host').fill(me.host);
          await page.locator('.ant-select-dropdown:visible').getByText(me.host).first().click();
          await editor.getByRole('button', { name: btn(T.dry.run) }).click();
          await editor
            .getByTestId('dry-result')
            .getByText(fill(T.dry.matched, { name: `${me.short} visitors` }), { exact: false })
            .waitFor();
          await editor.getByRole('button', { name: btn(T.editor.save) }).click();
          await page
            .locator('tr.ant-table-row', { hasText: `${me.short} visitors` })
            .getByText(`${TEXTS[lang].approver.employee}: ${me.host}`, { exact: false })
            .waitFor();
          await screenshot(page, `subcom-approval-${lang}`);
        });
        await step(page, 'its list shows only its own', async () => {
          await page.goto(`${server.url}/subcom/invitelist`);
          await page.getByText(me.visitor).first().waitFor();
          const other = TENANTS[lang === 'en' ? 'zh' : 'en'];
          assert.equal(await page.getByText(other.visitor).count(), 0);
          await page.goto(`${server.url}/subcom/subemp`);
          await page.getByRole('cell', { name: me.host }).first().waitFor();
          assert.equal(await page.getByText('Head Office Hugo').count(), 0);
          assert.equal(await page.getByText(other.host).count(), 0);
        });
      } catch (err) {
        await screenshot(page, `subcom-${lang}`);
        throw err;
      } finally {
        await page.context().close();
      }
    });
  }
});
