// A truck driver at the kiosk in Chromium, once in English and once in Chinese (issue 18): the administrator names the
// company's driver induction on a logistics type in the console; the driver of an approved booking for today swipes
// their ID card at the kiosk (a tablet in portrait), is sent to the induction, fails, passes with new questions and the
// truck is signed in at once; later the same ID card signs it out. No serious or critical accessibility finding.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectAccessible } from './a11y.js';
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
const MACHINE_PASSWORD = 'Kiosk!2026t';
const DRIVER_ID = '11010519491231002X';
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const LANGS = [
  {
    tag: 'en',
    locale: 'en-US',
    signin: SIGNIN_EN,
    driver: 'Dan Driver',
    plate: '粤B12345',
    t: {
      edit: 'Edit Delivery',
      induction: 'Driver safety induction',
      save: 'Save',
      account: 'Account',
      password: 'Password',
      start: 'Start the kiosk',
      idNumber: 'ID card number',
      arrive: 'Sign the truck in',
      leave: 'Sign the truck out',
      title: 'Safety induction',
      yes: 'Yes',
      no: 'No',
      submit: 'Submit my answers',
      failed: 'Not passed',
      again: 'Try again with new questions',
      arrived: (n: string, p: string) => `Welcome, ${n}: ${p} is signed in`,
      left: (n: string, p: string) => `Goodbye, ${n}: ${p} is signed out`,
      done: 'Done',
    },
  },
  {
    tag: 'zh',
    locale: 'zh-CN',
    signin: SIGNIN_ZH,
    driver: '李司机',
    plate: '沪A12345',
    t: {
      edit: '编辑 送货',
      induction: '司机安全培训',
      save: '保存',
      account: '账号',
      password: '密码',
      start: '启动访客机',
      idNumber: '身份证号',
      arrive: '车辆签到',
      leave: '车辆签离',
      title: '安全培训',
      yes: '是',
      no: '否',
      submit: '提交答案',
      failed: '未通过',
      again: '换一套题再考',
      arrived: (n: string, p: string) => `欢迎，${n}：${p} 已签到`,
      left: (n: string, p: string) => `再见，${n}：${p} 已签离`,
      done: '完成',
    },
  },
] as const;

/** A company with a driver induction (one question), an approved booking for today and a kiosk account. */
async function setUp(tag: string, driver: string, plate: string) {
  const email = `truck-kiosk-${tag}@example.com`;
  await registerCompany(stack, email, `Dock Works ${tag}`, { lang: tag as 'en' | 'zh' });
  const admin = (await ok('Login', { email, password: PASSWORD })).token;
  await ok('ModifyUserInfo', { guideDone: true }, admin);
  const kiosk = `truck_kiosk_${tag}`;
  await ok('AddManager', { account: kiosk, password: PASSWORD, sName: 'Dock kiosk', sType: 4 }, admin);
  const machine = (await ok('Login', { email: kiosk, password: PASSWORD })).token;
  await ok('updatePassword', { oldPassword: PASSWORD, password: MACHINE_PASSWORD }, machine);
  const settings = { title: 'Dock safety', topicNum: 1, passScore: 10, ansTime: 10, validityDays: 30, maxAttempts: 3, tids: [] };
  const { qid } = await ok('addQuestionnaire', settings, admin);
  const yesNo = [
    { zh: '是', en: 'Yes' },
    { zh: '否', en: 'No' },
  ];
  await ok(
    'addQuestionnaireDetail',
    {
      qid,
      kind: 'single',
      questionZh: '倒车时需要有人指挥吗？',
      questionEn: 'Is a banksman needed to reverse?',
      options: yesNo,
      answer: [0],
      score: 10,
    },
    admin,
  );
  await ok('updateQuestionnaire', { qid, ...settings, enabled: true }, admin);
  await ok('updateQuestionnaireSwitch', { questionnaireSwitch: 1 }, admin);
  const { tid } = await ok('addExtendType', { name: '送货#Delivery' }, admin);
  const booking = await ok(
    'addLogisticsInfo',
    {
      logType: tid,
      sname: 'Sam Sender',
      smobile: '13900001111',
      dname: driver,
      dmobile: '13900002222',
      dcardId: DRIVER_ID,
      plateNum: plate,
      goods: 'Steel',
      appointmentDate: today(),
    },
    admin,
  );
  await ok('approveLogistics', { sid: booking.sid, pstatus: 1 }, admin);
  return { admin, email, kiosk, sid: booking.sid };
}

for (const lang of LANGS) {
  describe(`a truck driver at the kiosk (${lang.tag})`, () => {
    it('the type names the induction; the driver fails, passes and the truck is signed in, then out, by ID card', async () => {
      const { t } = lang;
      const { admin, email, kiosk, sid } = await setUp(lang.tag, lang.driver, lang.plate);

      const console = await newContext(stack.browser, lang.locale, { viewport: { width: 1366, height: 900 } });
      try {
        const page = await console.newPage();
        await step(page, `truck-kiosk-${lang.tag}-type`, async () => {
          await page.goto(`${stack.server.url}/signin`);
          await signIn(page, email, PASSWORD, lang.signin);
          await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
          await page.goto(`${stack.server.url}/logistics/setting`);
          await page.getByRole('button', { name: t.edit }).click();
          const modal = page.locator('.ant-modal').filter({ has: page.getByLabel(t.induction) });
          await pickOption(page, modal.getByLabel(t.induction), 'Dock safety');
          await modal.getByRole('button', { name: button(t.save) }).click();
          await modal.waitFor({ state: 'hidden' });
          await page.getByRole('cell', { name: 'Dock safety' }).waitFor();
          await settled(page);
          await screenshot(page, `truck-kiosk-${lang.tag}-type`);
        });
      } finally {
        await console.close();
      }
      const [type] = await ok('getExtendType', {}, admin);
      assert.ok(type?.qid, 'the type names the induction');

      const context = await newContext(stack.browser, lang.locale, { viewport: { width: 768, height: 1024 }, hasTouch: true });
      const page = await context.newPage();
      const swipe = async (move: string) => {
        await page.getByTestId('kiosk-truck').click();
        await page.getByLabel(t.idNumber, { exact: true }).fill(DRIVER_ID);
        await page.getByRole('button', { name: move }).click();
      };
      const answer = async (right: boolean) => {
        await page.getByRole('radio', { name: right ? t.yes : t.no, exact: true }).check();
        await page.getByRole('button', { name: t.submit }).click();
      };
      try {
        await step(page, `truck-kiosk-${lang.tag}-signin`, async () => {
          await page.goto(`${stack.server.url}/kiosk`);
          await page.getByLabel(t.account, { exact: true }).fill(kiosk);
          await page.getByLabel(t.password, { exact: true }).fill(MACHINE_PASSWORD);
          await page.getByRole('button', { name: t.start }).click();
          await page.getByTestId('kiosk-truck').waitFor();
        });

        await step(page, `truck-kiosk-${lang.tag}-arrive`, async () => {
          await page.getByTestId('kiosk-truck').click();
          await page.getByLabel(t.idNumber, { exact: true }).waitFor();
          await expectAccessible(page, `kiosk truck driver (${lang.tag})`);
          await screenshot(page, `truck-kiosk-${lang.tag}-id`);
          await page.getByLabel(t.idNumber, { exact: true }).fill(DRIVER_ID);
          await page.getByRole('button', { name: t.arrive }).click();
          await page.getByRole('heading', { name: t.title, exact: true }).waitFor();
          await answer(false);
          await page.getByRole('heading', { name: t.failed }).waitFor();
          await page.getByRole('button', { name: t.again }).click();
          await answer(true);
          // Passed: the arrival goes again and the truck is in.
          await page.getByRole('heading', { name: t.arrived(lang.driver, lang.plate) }).waitFor();
          await settled(page);
          await expectAccessible(page, `kiosk truck signed in (${lang.tag})`);
          await screenshot(page, `truck-kiosk-${lang.tag}-arrived`);
          await page.getByRole('button', { name: t.done }).click();
        });

        await step(page, `truck-kiosk-${lang.tag}-leave`, async () => {
          await swipe(t.leave);
          await page.getByRole('heading', { name: t.left(lang.driver, lang.plate) }).waitFor();
          await page.getByRole('button', { name: t.done }).click();
          await page.getByTestId('kiosk-home').waitFor();
        });
      } finally {
        await context.close();
      }

      const { list } = await ok('getLogisticsInfo', { startIndex: 0, requestedCount: 10 }, admin);
      const done = list.find((b) => b.sid === sid);
      assert.equal(done?.pstatus, 3);
      assert.ok(done?.visitdate && done.leaveTime);
      const papers = await ok('getSubmitAnswerList', { startIndex: 0, requestedCount: 10 }, admin);
      assert.deepEqual(papers.list.map((p) => [p.name, p.state]).sort(), [
        [lang.driver, 'failed'],
        [lang.driver, 'passed'],
      ]);
    });
  });
}
