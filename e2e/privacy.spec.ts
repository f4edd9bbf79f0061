// Data retention (issue 41) end to end, in English and in Chinese: the administrator opens Settings › data retention,
// sees the installation's defaults, is stopped while typing a photo kept longer than the visit record, saves a
// shorter one (kept after a reload), and runs the sweep by hand after confirming, whose report appears. The operation
// log, which recorded both, checks intact against the server's key. Then a person's data request: the administrator
// finds a visitor by phone, downloads their data (a zip whose summary is in the chosen language) and erases it after
// confirming; nothing is held any more and the log still checks intact. The safety terms' versions name who accepted
// each. Last, the visitor's side: invited by e-mail, they check in and leave, open the privacy page from the invitation
// mail, prove the address with a mailed code, download their data and ask for erasure; the administrator carries it out
// and a search by phone or e-mail finds nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import { logsEn } from '../apps/web/src/modules/logs/locales/en.js';
import { logsZh } from '../apps/web/src/modules/logs/locales/zh.js';
import { privacyEn } from '../apps/web/src/modules/privacy/locales/en.js';
import { privacyZh } from '../apps/web/src/modules/privacy/locales/zh.js';
import { expectAccessible } from './a11y.js';
import {
  apiOf,
  buttonName as btn,
  newContext,
  PASSWORD,
  pickOption,
  registerCompany,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  signIn,
  step,
  until,
  useStack,
} from './harness.js';

const TEXTS = {
  en: { t: privacyEn, logs: logsEn, locale: 'en-US', signIn: SIGNIN_EN },
  zh: { t: privacyZh, logs: logsZh, locale: 'zh-CN', signIn: SIGNIN_ZH },
} as const;

const stack = useStack();
const { ok } = apiOf(() => stack.server);

describe('data retention', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`sets the company's rules and runs the sweep (${lang})`, async () => {
      const { t, locale, signIn: labels } = TEXTS[lang];
      const admin = `privacy.${lang}@example.com`;
      await registerCompany(stack, admin, `Privacy ${lang}`, { lang, phone: lang === 'en' ? '13900160001' : '13900160002' });
      const page = await (await newContext(stack.browser, locale)).newPage();
      try {
        await page.goto(`${stack.server.url}/signin`);
        await signIn(page, admin, PASSWORD, labels);
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        await step(page, `privacy-rules-${lang}`, async () => {
          await page.goto(`${stack.server.url}/setting/privacy`);
          const company = page.locator('#retentionCompany');
          await page.getByText(t.defaults).waitFor();
          const photo = company.getByLabel(t.kinds.photo);
          assert.equal(await photo.inputValue(), '30');
          await photo.fill('400');
          await company.getByText(t.validation.longerThanRecord).waitFor();
          await photo.fill('14');
          await company.getByRole('button', { name: btn(t.company.save) }).click();
          await page.getByText(t.company.saved).first().waitFor();
          await page.reload();
          await page.locator('#retentionCompany').getByLabel(t.kinds.photo).waitFor();
          assert.equal(await page.locator('#retentionCompany').getByLabel(t.kinds.photo).inputValue(), '14');
          assert.equal(await page.getByText(t.defaults).count(), 0, 'no longer the defaults');
          await screenshot(page, `privacy-rules-${lang}`);
        });
        await step(page, `privacy-sweep-${lang}`, async () => {
          await page.getByRole('button', { name: btn(t.sweeps.run) }).click();
          await page.getByText(t.sweeps.confirmText).waitFor();
          await page.getByRole('button', { name: btn(t.sweeps.confirm) }).click();
          await page
            .getByText(t.sweeps.done_other.split('{{')[0] ?? '')
            .first()
            .waitFor();
          await page.getByText(t.sweeps.manual, { exact: true }).waitFor();
          await page.getByText(t.sweeps.nothing).waitFor();
          await screenshot(page, `privacy-sweep-${lang}`);
        });
        // The safety terms in versions: a visitor accepts them at the desk; the card names who accepted which version.
        await step(page, `privacy-terms-${lang}`, async () => {
          const { token } = await ok('Login', { email: admin, password: PASSWORD });
          const empid = (await ok('addEmployee', { employee_name: 'Terms Host', phone: lang === 'en' ? '13800160021' : '13800160022' }, token)).empid;
          await ok('updateSecureProtocol', { secureProtocol: '请佩戴安全帽。', secureProtocolEn: 'Please wear a helmet.' }, token);
          const visitor = { vname: 'Terry Terms', vphone: lang === 'en' ? '13900160021' : '13900160022', empid, lang };
          await ok('UpdatePhoto', { ...visitor, protocolAccepted: true }, token);
          await page.reload();
          const card = page.getByTestId('agreement-versions-protocol');
          await card.getByRole('tab', { name: t.agreements.lang[lang] }).click();
          await card
            .getByTestId(`agreement-current-${lang}`)
            .getByText(lang === 'en' ? 'Please wear a helmet.' : '请佩戴安全帽。')
            .waitFor();
          await card.getByTestId(`acceptances-${lang}-1`).click();
          const drawer = page.getByTestId('acceptances');
          await drawer.getByText('Terry Terms').waitFor();
          await drawer.getByText(t.acceptances.where.desk, { exact: true }).waitFor();
          await expectAccessible(page, `privacy terms accepted by (${lang})`);
          await screenshot(page, `privacy-terms-${lang}`);
        });
        await step(page, `privacy-log-chain-${lang}`, async () => {
          const { logs } = TEXTS[lang];
          await page.goto(`${stack.server.url}/emplog`);
          await page.getByRole('button', { name: btn(logs.verify) }).click();
          await page.getByText(logs.chain.intact_other.split('{{')[0] ?? '').waitFor();
          await screenshot(page, `privacy-log-chain-${lang}`);
        });
      } finally {
        await page.context().close();
      }
    });
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`finds a visitor by phone, downloads their data and erases it (${lang})`, async () => {
      const { t, logs, locale, signIn: labels } = TEXTS[lang];
      const admin = `person.${lang}@example.com`;
      await registerCompany(stack, admin, `Person Data ${lang}`, { lang, phone: lang === 'en' ? '13900160003' : '13900160004' });
      const session = await ok('Login', { email: admin, password: PASSWORD });
      await ok('ModifyUserInfo', { guideDone: true }, session.token);
      const empid = (await ok('addEmployee', { employee_name: 'Host Person', phone: lang === 'en' ? '13800160001' : '13800160002' }, session.token))
        .empid;
      await ok('AddManager', { account: `person_desk_${lang}`, password: PASSWORD, sName: 'Desk', sType: 2 }, session.token);
      const desk = await ok('Login', { email: `person_desk_${lang}`, password: PASSWORD });
      const visitor = { vname: lang === 'en' ? 'Quorra Lindqvist' : '林夏雨', vphone: lang === 'en' ? '13912160041' : '13912160042' };
      const idNumber = lang === 'en' ? '11010519491231002X' : '440304199001011233';
      const { vid } = await ok('UpdatePhoto', { ...visitor, vemail: `quorra.${lang}@example.org`, cardId: idNumber, empid, lang }, desk.token);
      const page = await (await newContext(stack.browser, locale)).newPage();
      try {
        await page.goto(`${stack.server.url}/signin`);
        await signIn(page, admin, PASSWORD, labels);
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        await step(page, `person-id-number-${lang}`, async () => {
          // The visit's detail shows the ID number masked; "Show" reads it whole, and the log records the view.
          await page.goto(`${stack.server.url}/visitor/vlist`);
          await page.getByRole('row').filter({ hasText: visitor.vname }).getByRole('button', { name: visitor.vname, exact: true }).click();
          const shown = page.getByTestId('id-number-visit');
          await shown.waitFor();
          assert.ok(((await shown.textContent()) ?? '').endsWith(`${idNumber.slice(0, 3)}${'*'.repeat(13)}${idNumber.slice(-2)}`));
          await page
            .getByTestId('visit-detail')
            .getByRole('button', { name: btn(t.idNumber.show) })
            .click();
          await until('the whole number shown', async () => (((await shown.textContent()) ?? '').endsWith(idNumber) ? true : undefined));
          await screenshot(page, `person-id-number-${lang}`);
          await expectAccessible(page, `person-id-number-${lang}`);
          const views = await ok('getLogList', { optEvent: 'view', startIndex: 0, requestedCount: 10 }, session.token);
          assert.deepEqual(
            views.list.map((l: { objId: string; objName: string }) => [l.objId, l.objName]),
            [[String(vid), visitor.vname]],
          );
        });
        await step(page, `person-find-${lang}`, async () => {
          await page.goto(`${stack.server.url}/setting/person-data`);
          const form = page.locator('#personSearch');
          await form.getByLabel(t.people.keys.phone).fill('1391216');
          await form.getByRole('button', { name: btn(t.people.search) }).click();
          await form.locator('.ant-form-item-explain-error').waitFor();
          await form.getByLabel(t.people.keys.phone).fill(visitor.vphone);
          await form.getByRole('button', { name: btn(t.people.search) }).click();
          await page.getByText(`quorra.${lang}@example.org`).first().waitFor();
          await page.getByText(visitor.vname).first().waitFor();
          await screenshot(page, `person-find-${lang}`);
        });
        await step(page, `person-export-${lang}`, async () => {
          const downloading = page.waitForEvent('download');
          await page.getByRole('button', { name: btn(t.people.export) }).click();
          const file = await (await downloading).path();
          const zip = unzipSync(new Uint8Array(await fs.readFile(file)));
          const summary = Buffer.from(zip['summary.html'] ?? []).toString('utf8');
          assert.match(summary, lang === 'en' ? /Personal data held about you/ : /我们保存的您的个人数据/);
          assert.ok(summary.includes(visitor.vname), 'the summary names the visitor');
          assert.ok(zip['data.json'], 'the records as JSON');
        });
        await step(page, `person-on-site-${lang}`, async () => {
          // Still on site: the dialog says so and will not erase until the desk signs them out.
          await page.getByRole('button', { name: btn(t.people.erase) }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByText(t.people.onSite).waitFor();
          assert.ok(await dialog.getByRole('button', { name: btn(t.people.eraseConfirm) }).isDisabled());
          await screenshot(page, `person-on-site-${lang}`);
          await dialog.getByRole('button', { name: btn(lang === 'en' ? 'Cancel' : '取消') }).click();
          await dialog.waitFor({ state: 'hidden' });
          await ok('VisitorSignOutByVid', { vid }, desk.token);
          const asked = page.waitForResponse((r) => r.url().includes('findPerson'));
          await page
            .locator('#personSearch')
            .getByRole('button', { name: btn(t.people.search) })
            .click();
          await asked;
        });
        await step(page, `person-erase-${lang}`, async () => {
          await page.getByRole('button', { name: btn(t.people.erase) }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByText(t.people.eraseText).waitFor();
          assert.equal(await dialog.getByText(t.people.onSite).count(), 0, 'signed out, no longer on site');
          await dialog.getByText(t.people.eraseText).waitFor();
          await screenshot(page, `person-erase-confirm-${lang}`);
          await dialog.getByRole('button', { name: btn(t.people.eraseConfirm) }).click();
          await page.getByText(t.people.nothing).waitFor();
          await screenshot(page, `person-erased-${lang}`);
        });
        await step(page, `person-log-chain-${lang}`, async () => {
          // The view of their ID number went with the rest of them.
          const views = await ok('getLogList', { optEvent: 'view', startIndex: 0, requestedCount: 10 }, session.token);
          assert.ok(views.list.every((l: { objName: string }) => l.objName !== visitor.vname));
          await page.goto(`${stack.server.url}/emplog`);
          await page.getByRole('button', { name: btn(logs.verify) }).click();
          await page.getByText(logs.chain.intact_other.split('{{')[0] ?? '').waitFor();
        });
      } finally {
        await page.context().close();
      }
    });
  }
  for (const lang of ['en', 'zh'] as const) {
    it(`an invited visitor checks in, opens the privacy page from the mail, downloads their data and asks for erasure; the administrator carries it out and nothing remains (${lang})`, async () => {
      const { t, locale, signIn: labels } = TEXTS[lang];
      const admin = `mydata.${lang}@example.com`;
      await registerCompany(stack, admin, `My Data ${lang}`, { lang, phone: lang === 'en' ? '13900160005' : '13900160006' });
      const session = await ok('Login', { email: admin, password: PASSWORD });
      await ok('ModifyUserInfo', { guideDone: true }, session.token);
      const empid = (await ok('addEmployee', { employee_name: 'Host Person', phone: lang === 'en' ? '13800160003' : '13800160004' }, session.token))
        .empid;
      await ok('AddManager', { account: `mydata_desk_${lang}`, password: PASSWORD, sName: 'Desk', sType: 2 }, session.token);
      const desk = await ok('Login', { email: `mydata_desk_${lang}`, password: PASSWORD });
      const email = `ivo.${lang}@example.org`;
      const name = lang === 'en' ? 'Ivo Marchetti' : '马天宇';
      // Invited by e-mail: the invitation mail links the privacy page; the visitor checks in with the code and leaves.
      const phone = lang === 'en' ? '13912160043' : '13912160044';
      const [invited] = await ok(
        'addAppointment',
        { empid, appointmentDate: Date.now() + 60_000, visitors: [{ name, phone, email, lang }] },
        session.token,
      );
      assert.ok(invited?.code);
      const mail = await stack.smtp.waitFor(email, /\/my-data\?c=/);
      const link = (/https?:\/\/\S+\/my-data\?c=[\w.-]+/.exec(mail.plain)?.[0] ?? '').replace(/^https?:\/\/[^/]+/, stack.server.url);
      assert.ok(link.includes('/my-data?c='), `the privacy link in the invitation mail: ${mail.plain}`);
      const inside = await ok('AppClientSignin', { verifyCode: invited.code }, desk.token);
      await ok('VisitorSignOutByVid', { vid: inside.vid }, desk.token);
      const visitor = await (await newContext(stack.browser, locale)).newPage();
      try {
        await step(visitor, `my-data-code-${lang}`, async () => {
          await visitor.goto(link);
          // The company's privacy notice comes first, folded: the product's text, version 1.
          const notice = visitor.getByTestId('privacy-notice');
          await notice.getByText(t.mine.notice.replace('{{version}}', '1')).click();
          await notice.getByText(lang === 'en' ? /^When you visit, we collect/ : /^我们在您来访时收集/).waitFor();
          const form = visitor.locator('#privacyProve');
          await form.getByLabel(t.people.keys.email, { exact: true }).fill('not-an-address');
          await form.getByRole('button', { name: btn(t.mine.send) }).click();
          await form.locator('.ant-form-item-explain-error').waitFor();
          await form.getByLabel(t.people.keys.email, { exact: true }).fill(email);
          await form.getByRole('button', { name: btn(t.mine.send) }).click();
          await visitor.getByText(t.mine.sent.split('{{')[0] ?? '').waitFor();
          await form.getByLabel(t.mine.code, { exact: true }).fill('000000');
          await form.getByRole('button', { name: btn(t.mine.open) }).click();
          await form.getByText(t.mine.wrongCode).waitFor();
          const codeIn = lang === 'en' ? /personal data is (\d{6})/ : /验证码是 (\d{6})/;
          // The code's mail, not the invitation before it (matched on the decoded text: the Chinese one is base64).
          const codeMail = await until(`the code mailed to ${email}`, () =>
            stack.smtp.received.find((m) => m.to.includes(email) && codeIn.test(m.plain)),
          );
          const code = codeIn.exec(codeMail.plain)?.[1] ?? '';
          await form.getByLabel(t.mine.code, { exact: true }).fill(code);
          await form.getByRole('button', { name: btn(t.mine.open) }).click();
          await visitor.getByText(t.mine.retention).waitFor();
          await visitor.getByText(name).first().waitFor();
          await screenshot(visitor, `my-data-${lang}`);
        });
        await step(visitor, `my-data-download-${lang}`, async () => {
          const downloading = visitor.waitForEvent('download');
          await visitor.getByRole('button', { name: btn(t.mine.download) }).click();
          const zip = unzipSync(new Uint8Array(await fs.readFile(await (await downloading).path())));
          assert.ok(
            Buffer.from(zip['summary.html'] ?? [])
              .toString('utf8')
              .includes(name),
            'the summary names the visitor',
          );
        });
        await step(visitor, `my-data-erasure-${lang}`, async () => {
          await visitor.getByRole('button', { name: btn(t.mine.ask) }).click();
          const dialog = visitor.getByRole('dialog');
          await dialog.getByText(t.mine.askText).waitFor();
          await dialog.getByRole('button', { name: btn(t.mine.askConfirm) }).click();
          await visitor.getByText(t.mine.pending.split('{{')[0] ?? '').waitFor();
          await screenshot(visitor, `my-data-asked-${lang}`);
        });
      } finally {
        await visitor.context().close();
      }
      const page = await (await newContext(stack.browser, locale)).newPage();
      try {
        await page.goto(`${stack.server.url}/signin`);
        await signIn(page, admin, PASSWORD, labels);
        await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
        await step(page, `erasure-request-${lang}`, async () => {
          await page.goto(`${stack.server.url}/setting/person-data`);
          await page.getByText(email).first().waitFor();
          await screenshot(page, `erasure-request-${lang}`);
          await page.getByRole('button', { name: btn(t.requests.approve) }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByText(t.requests.approveText).waitFor();
          await dialog.getByRole('button', { name: btn(t.requests.approveConfirm) }).click();
          await page.getByText(t.requests.states.done).waitFor();
          const form = page.locator('#personSearch');
          // Nothing of the visitor remains, by phone or by e-mail.
          await form.getByLabel(t.people.keys.phone).fill(phone);
          await form.getByRole('button', { name: btn(t.people.search) }).click();
          await page.getByText(t.people.nothing).waitFor();
          await pickOption(page, form.getByLabel(t.people.by), t.people.keys.email);
          await form.getByLabel(t.people.keys.email).fill(email);
          await form.getByRole('button', { name: btn(t.people.search) }).click();
          await page.getByText(t.people.nothing).waitFor();
        });
      } finally {
        await page.context().close();
      }
    });
  }
});
