// The visitor's safety induction in Chromium (issue 17), in English and in Chinese: the safety officer uploads a
// training video in the console (a real mp4 made here with ffmpeg, played back through its signed link), and a visitor
// type requires a questionnaire with that video and a single and a multiple choice question, written in both languages. At the kiosk (a tablet in portrait) a walk-in is sent to the induction: the video cannot
// be moved past what was watched and the questions open once it has been; the visitor fails, tries a new paper, passes
// and gets the badge at once; the same visitor coming back is not asked again. An invited visitor takes the induction
// on the invitation page on a phone and checks in at the kiosk at once. The console's answer report then lists every
// paper with its answers and exports them. No serious or critical accessibility finding on the induction's screens.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y.js';
import { apiOf, newContext, PASSWORD, registerCompany, SIGNIN_EN, SIGNIN_ZH, screenshot, signIn, step, until, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);

const PORTRAIT = { width: 768, height: 1024 };
const MACHINE_PASSWORD = 'Kiosk!2026c';
const VIDEO_SECONDS = 3;

/** A short H.264 mp4 (Debian's ffmpeg), made once. */
const videoFile = (() => {
  let made: Buffer | null = null;
  return () => {
    if (made) return made;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'induction-')), 'safety.mp4');
    const lavfi = `testsrc=size=320x240:rate=25:duration=${VIDEO_SECONDS}`;
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      lavfi,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ]);
    made = fs.readFileSync(file);
    return made;
  };
})();

/** The safety officer uploads the training video in the console and plays it back; answers its id. */
async function uploadVideo(L: Lang, email: string, token: string): Promise<number> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'induction-upload-')), 'safety.mp4');
  fs.writeFileSync(file, videoFile());
  const context = await newContext(stack.browser, L.locale);
  const page = await context.newPage();
  try {
    await step(page, `induction-${L.tag}-console-video`, async () => {
      await page.goto(`${stack.server.url}/signin`);
      await signIn(page, email, PASSWORD, L.tag === 'zh' ? SIGNIN_ZH : SIGNIN_EN);
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await page.goto(`${stack.server.url}/question/detail`);
      await page.getByTestId('video-add').click();
      await page.getByLabel(L.c.videoTitle, { exact: true }).fill('Site safety film');
      await page.locator('.ant-modal input[type=file]').setInputFiles(file);
      await page.getByTestId('video-upload-chosen').waitFor();
      await page.getByTestId('video-upload-send').click();
      await page.getByRole('cell', { name: 'Site safety film' }).first().waitFor();
      await page.getByTestId('video-play').first().click();
      // Played through the signed link with range requests: its metadata (the duration) loads.
      const duration = await until('the video’s metadata', () =>
        page
          .getByTestId('video-player')
          .evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : undefined))
          .catch(() => undefined),
      );
      assert.ok(Math.abs(duration - VIDEO_SECONDS) < 0.5, `duration ${duration}`);
      await screenshot(page, `induction-${L.tag}-console-video`);
    });
  } finally {
    await context.close();
  }
  const videos = await ok('getTrainingVideo', { startIndex: 0, requestedCount: 10 }, token);
  const id = videos.list.find((v) => v.title === 'Site safety film')?.id;
  assert.ok(id, 'the uploaded video is listed');
  return id;
}

/** The console's answer report: every paper of the run with its answers, and the export. */
async function checkReport(L: Lang, email: string): Promise<void> {
  const context = await newContext(stack.browser, L.locale, { acceptDownloads: true });
  const page = await context.newPage();
  try {
    await step(page, `induction-${L.tag}-console-report`, async () => {
      await page.goto(`${stack.server.url}/signin`);
      await signIn(page, email, PASSWORD, L.tag === 'zh' ? SIGNIN_ZH : SIGNIN_EN);
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await page.goto(`${stack.server.url}/visitor/answerReport`);
      await page.getByRole('button', { name: `${L.c.view} ${L.invitee}` }).waitFor();
      assert.equal(await page.getByRole('button', { name: `${L.c.view} ${L.visitor}` }).count(), 2, 'the walk-in’s two papers');
      await page.getByRole('button', { name: `${L.c.view} ${L.invitee}` }).click();
      const paper = page.getByTestId('paper-detail');
      await paper.getByText(L.t.helmet).waitFor();
      assert.equal(await paper.getByText(L.c.right, { exact: true }).count(), 3, 'the right options marked');
      await screenshot(page, `induction-${L.tag}-console-paper`);
      await page.keyboard.press('Escape');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('answers-export').click()]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      const names: string[] = [];
      wb.worksheets[0]?.eachRow((r, i) => {
        if (i > 1) names.push(String((r.values as unknown[])[1]));
      });
      // One row per answer: two questions on each of the three papers.
      assert.deepEqual(names.sort(), [L.invitee, L.invitee, L.visitor, L.visitor, L.visitor, L.visitor].sort());
    });
  } finally {
    await context.close();
  }
}

/** Watches the paper's video: a jump forward lands back at what was watched; the questions open once it has played. */
async function watch(page: Page, L: Lang): Promise<void> {
  const video = page.getByTestId('induction-video');
  await video.waitFor();
  const toQuestions = page.getByRole('button', { name: L.t.toQuestions });
  assert.equal(await toQuestions.isDisabled(), true, 'no questions before the video');
  // In-page waits end on their own: a play or seek that never settles fails here with what it waited for, instead of
  // holding the run (Playwright bounds finding the element, not the promise evaluated in the page).
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    const timer = new Promise<string>((resolve) => setTimeout(() => resolve('play() did not settle in 30 s'), 30_000));
    return Promise.race([v.play().then(() => 'playing'), timer]);
  });
  assert.equal(played, 'playing');
  const landed = await video.evaluate(
    (v: HTMLVideoElement, end) =>
      new Promise<number>((resolve) => {
        setTimeout(() => resolve(Number.NaN), 30_000);
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = end - 0.3;
      }),
    VIDEO_SECONDS,
  );
  assert.ok(!Number.isNaN(landed), 'the jump forward settled (a seeked event within 30 s)');
  assert.ok(landed < VIDEO_SECONDS - 1, `a jump forward lands back at what was watched (at ${landed} s)`);
  await until('the video played to its end', () => video.evaluate((v: HTMLVideoElement) => (v.ended ? true : undefined)), 60_000);
  await until('the questions open', async () => ((await toQuestions.isEnabled()) ? true : undefined), 30_000);
  await toQuestions.click();
}

interface Lang {
  tag: 'en' | 'zh';
  locale: string;
  visitor: string;
  phone: string;
  invitee: string;
  inviteePhone: string;
  t: Record<
    | 'account'
    | 'password'
    | 'start'
    | 'name'
    | 'phone'
    | 'hostSearch'
    | 'next'
    | 'skip'
    | 'faceDecline'
    | 'title'
    | 'helmet'
    | 'yes'
    | 'no'
    | 'submit'
    | 'failed'
    | 'attempts'
    | 'again'
    | 'done'
    | 'take'
    | 'passed'
    | 'byCode'
    | 'code'
    | 'checkIn'
    | 'toQuestions',
    string
  > & { register: RegExp; invitation: RegExp; door: (x: 'A' | 'B' | 'C') => string; welcome: (n: string) => string };
  /** The console's labels. */
  c: { videoTitle: string; view: string; right: string };
}

const EN: Lang = {
  tag: 'en',
  locale: 'en-US',
  visitor: 'Wendy Walker',
  phone: '13911112222',
  invitee: 'Ian Invited',
  inviteePhone: '13922223333',
  t: {
    account: 'Account',
    password: 'Password',
    start: 'Start the kiosk',
    register: /^Register/,
    name: 'Name',
    phone: 'Phone',
    hostSearch: 'Type the name of the person you visit',
    next: 'Next',
    skip: 'Continue without a photo',
    faceDecline: 'No, thank you',
    title: 'Safety induction',
    helmet: 'Is a helmet required?',
    yes: 'Yes',
    no: 'No',
    door: (x) => `Door ${x}`,
    submit: 'Submit my answers',
    failed: 'Not passed',
    attempts: 'Attempts left today: 2',
    again: 'Try again with new questions',
    welcome: (n) => `Welcome, ${n}`,
    done: 'Done',
    take: 'Take the induction now',
    passed: 'Passed: Site safety',
    invitation: /^I have an invitation/,
    byCode: 'Type code',
    code: 'Invitation code',
    checkIn: 'Check in',
    toQuestions: 'Go to the questions',
  },
  c: { videoTitle: 'Title', view: 'View the answers of', right: 'Right answer' },
};

const ZH: Lang = {
  tag: 'zh',
  locale: 'zh-CN',
  visitor: '安访客',
  phone: '13911114444',
  invitee: '邀访客',
  inviteePhone: '13922225555',
  t: {
    account: '账号',
    password: '密码',
    start: '启动访客机',
    register: /^访客登记/,
    name: '姓名',
    phone: '手机号',
    hostSearch: '输入被访人姓名',
    next: '下一步',
    skip: '不拍照，继续',
    faceDecline: '不同意',
    title: '安全培训',
    helmet: '需要戴安全帽吗？',
    yes: '是',
    no: '否',
    door: (x) => `${x}门`,
    submit: '提交答案',
    failed: '未通过',
    attempts: '今天还可考 2 次',
    again: '换一套题再考',
    welcome: (n) => `${n}，欢迎您`,
    done: '完成',
    take: '现在参加培训',
    passed: '已通过：Site safety',
    invitation: /^我有邀请/,
    byCode: '输入邀请码',
    code: '邀请码',
    checkIn: '签到',
    toQuestions: '开始答题',
  },
  c: { videoTitle: '标题', view: '查看答卷', right: '正确答案' },
};

/** Answers the two questions, right or wrong, and submits. */
async function answer(page: Page, L: Lang, right: boolean): Promise<void> {
  await page.getByRole('radio', { name: right ? L.t.yes : L.t.no, exact: true }).check();
  await page.getByRole('checkbox', { name: L.t.door('A') }).check();
  await page.getByRole('checkbox', { name: L.t.door(right ? 'C' : 'B') }).check();
  await page.getByRole('button', { name: L.t.submit }).click();
}

/** A company whose contractors must pass "Site safety" (its video, two questions both right, three papers a day). */
async function setUp(L: Lang) {
  const email = `induction-${L.tag}@example.com`;
  await registerCompany(stack, email, `Induction Works ${L.tag}`, { lang: L.tag });
  const admin = (await ok('Login', { email, password: PASSWORD })).token;
  const hostId = (await ok('addEmployee', { employee_name: 'Hana Host', phone: '13800007777' }, admin)).empid;
  const kiosk = `induction_kiosk_${L.tag}`;
  await ok('AddManager', { account: kiosk, password: PASSWORD, sName: 'Gate', sType: 4 }, admin);
  const machine = (await ok('Login', { email: kiosk, password: PASSWORD })).token;
  await ok('updatePassword', { oldPassword: PASSWORD, password: MACHINE_PASSWORD }, machine);
  const { tid } = await ok('addVisitorType', { vType: '施工#Contractor' }, admin);
  const videoId = await uploadVideo(L, email, admin);
  const settings = { title: 'Site safety', topicNum: 2, passScore: 20, ansTime: 10, validityDays: 30, maxAttempts: 3, videoId, tids: [tid] };
  const { qid } = await ok('addQuestionnaire', settings, admin);
  const yesNo = [
    { zh: '是', en: 'Yes' },
    { zh: '否', en: 'No' },
  ];
  await ok(
    'addQuestionnaireDetail',
    { qid, kind: 'single', questionZh: ZH.t.helmet, questionEn: EN.t.helmet, options: yesNo, answer: [0], score: 10 },
    admin,
  );
  const doors = (['A', 'B', 'C'] as const).map((x) => ({ zh: ZH.t.door(x), en: EN.t.door(x) }));
  await ok(
    'addQuestionnaireDetail',
    { qid, kind: 'multiple', questionZh: '哪些门是安全出口？', questionEn: 'Which doors are exits?', options: doors, answer: [0, 2], score: 10 },
    admin,
  );
  await ok('updateQuestionnaire', { qid, ...settings, enabled: true }, admin);
  await ok('updateQuestionnaireSwitch', { questionnaireSwitch: 1 }, admin);
  return { admin, hostId, tid, kiosk, email };
}

for (const L of [EN, ZH]) {
  describe(`the visitor’s safety induction (${L.tag})`, () => {
    it('a walk-in at the kiosk fails, passes and gets the badge; an invited visitor passes on the phone and checks in at once', async () => {
      const { admin, hostId, tid, kiosk, email } = await setUp(L);
      const context = await newContext(stack.browser, L.locale, { viewport: PORTRAIT, hasTouch: true });
      await context.addInitScript(() => {
        window.print = () => undefined;
      });
      const page = await context.newPage();
      const register = async () => {
        await page.getByRole('button', { name: L.t.register }).click();
        await page.getByLabel(L.t.name, { exact: true }).fill(L.visitor);
        await page.getByLabel(L.t.phone, { exact: true }).fill(L.phone);
        await page.getByPlaceholder(L.t.hostSearch).fill('Hana');
        await page.getByRole('button', { name: 'Hana Host' }).click();
        await page.getByTestId('host-chosen').waitFor();
        await page.getByRole('button', { name: L.t.next }).click();
        await page.getByRole('button', { name: L.t.faceDecline, exact: true }).click();
        await page.getByRole('button', { name: L.t.skip }).click();
      };

      try {
        await step(page, `induction-${L.tag}-kiosk-signin`, async () => {
          await page.goto(`${stack.server.url}/kiosk`);
          await page.getByLabel(L.t.account, { exact: true }).fill(kiosk);
          await page.getByLabel(L.t.password, { exact: true }).fill(MACHINE_PASSWORD);
          await page.getByRole('button', { name: L.t.start }).click();
          await page.getByTestId('kiosk-home').waitFor();
        });

        await step(page, `induction-${L.tag}-kiosk-walkin`, async () => {
          await register();
          await page.getByRole('heading', { name: L.t.title, exact: true }).waitFor();
          await expectAccessible(page, `kiosk induction video (${L.tag})`);
          await screenshot(page, `induction-${L.tag}-kiosk-video`);
          await watch(page, L);
          await page.getByText(L.t.helmet).waitFor();
          await expectAccessible(page, `kiosk induction questions (${L.tag})`);
          await screenshot(page, `induction-${L.tag}-kiosk-questions`);
          await answer(page, L, false);
          await page.getByRole('heading', { name: L.t.failed }).waitFor();
          await page.getByText(L.t.attempts).waitFor();
          await expectAccessible(page, `kiosk induction result (${L.tag})`);
          await screenshot(page, `induction-${L.tag}-kiosk-failed`);
          await page.getByRole('button', { name: L.t.again }).click();
          // Watched once already: the retry opens on the new questions (the questionnaire does not ask for the video again).
          await page.getByText(L.t.helmet).waitFor();
          assert.equal(await page.getByTestId('induction-video').count(), 0);
          await answer(page, L, true);
          // Passed: the same registration goes again and the badge follows.
          await page.getByRole('heading', { name: L.t.welcome(L.visitor) }).waitFor();
          await screenshot(page, `induction-${L.tag}-kiosk-badge`);
          const papers = await ok('getSubmitAnswerList', { startIndex: 0, requestedCount: 10, phone: L.phone }, admin);
          assert.deepEqual(papers.list.map((p) => p.state).sort(), ['failed', 'passed']);
          const visits = await ok('SearchVisitByConditionPage', { startIndex: 0, requestedCount: 10, name: L.visitor }, admin);
          assert.equal(visits.list.length, 1, 'one visit for the registration sent twice');
          await page.getByRole('button', { name: L.t.done }).click();
          await page.getByTestId('kiosk-home').waitFor();
        });

        await step(page, `induction-${L.tag}-kiosk-again`, async () => {
          // Within the pass's validity: straight to the badge.
          await register();
          await page.getByRole('heading', { name: L.t.welcome(L.visitor) }).waitFor();
          await page.getByRole('button', { name: L.t.done }).click();
        });

        await step(page, `induction-${L.tag}-invitation`, async () => {
          const [invited] = await ok(
            'addAppointment',
            { empid: hostId, appointmentDate: Date.now() + 5 * 60_000, tid, visitors: [{ name: L.invitee, phone: L.inviteePhone, lang: L.tag }] },
            admin,
          );
          assert.ok(invited?.inviteLink && invited.code);
          const phone = await context.newPage();
          await phone.setViewportSize({ width: 390, height: 844 });
          await phone.goto(invited.inviteLink.replace(/^https?:\/\/[^/]+/, stack.server.url));
          await phone.getByTestId('invitation-induction').waitFor();
          await expectAccessible(phone, `invitation page induction (${L.tag})`);
          await phone.getByRole('button', { name: L.t.take }).click();
          await watch(phone, L);
          await answer(phone, L, true);
          await phone.getByTestId('induction-pass').getByText(L.t.passed).waitFor();
          await expectAccessible(phone, `invitation page induction passed (${L.tag})`);
          await screenshot(phone, `induction-${L.tag}-invitation-passed`);
          await phone.close();
          // At the kiosk: the code, and in at once.
          await page.getByTestId('kiosk-home').waitFor();
          await page.getByRole('button', { name: L.t.invitation }).click();
          await page.getByRole('button', { name: L.t.byCode }).click();
          await page.getByLabel(L.t.code, { exact: true }).fill(invited.code);
          await page.getByRole('button', { name: L.t.checkIn, exact: true }).click();
          await page.getByRole('heading', { name: L.t.welcome(L.invitee) }).waitFor();
        });
      } finally {
        await context.close();
      }
      await checkReport(L, email);
    });
  });
}
