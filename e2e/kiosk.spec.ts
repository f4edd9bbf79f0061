// The visitor kiosk (kiosk.html) in Chromium with a fake camera, in a tablet viewport, once in English and once in
// Chinese. The company has a visitor type with reasons and a required custom field, safety terms, a theme colour, the
// sign-out switch on and a card style (English: 90×60 mm in colour; Chinese: 4-inch in black and white). A
// visitor-machine account starts the kiosk; a walk-in registers with a photo and signs the terms with the pointer, gets
// a badge whose printed page has the card's size; a check-in by an unknown code and by phone; an invited visitor
// checks in with the invitation's code and signs the terms; a blacklisted visitor
// stopped with the neutral message; a registration taken offline, queued and sent once when the network is back;
// sign-out; the language switch; screenshots in landscape and portrait.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  apiOf,
  FAKE_CAMERA_ARGS,
  faceFixture,
  newContext,
  PASSWORD,
  registerCompany,
  resultsDir,
  SIGNIN_EN,
  SIGNIN_ZH,
  screenshot,
  signIn,
  step,
  useStack,
  writeQrFrame,
} from './harness.js';

/** What the fake camera films: a QR code holding this text, on white, beside a visitor's face (the photo step's). */
const SCANNED_CODE = 'SCAN4321';
const face = await sharp(faceFixture('one-face'))
  .extract({ left: 60, top: 60, width: 360, height: 450 })
  .resize(300, 376)
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });

// The whole browser: the desk opens a visit's PDF in a tab of its viewer.
const stack = useStack({
  fullBrowser: true,
  browserArgs: [
    ...FAKE_CAMERA_ARGS,
    `--use-file-for-fake-video-capture=${writeQrFrame(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-camera-')), 'qr.y4m'), SCANNED_CODE, { data: face.data, width: face.info.width, height: face.info.height })}`,
  ],
});
const { ok } = apiOf(() => stack.server);

interface Lang {
  tag: 'en' | 'zh';
  locale: 'en-US' | 'zh-CN';
  company: string;
  /** The card style set in the console, and the page it prints on. */
  card: { style: Record<string, unknown>; page: string; px: [number, number]; pt: [number, number] };
  host: string;
  visitor: string;
  offlineVisitor: string;
  invitee: string;
  t: {
    account: string;
    password: string;
    start: string;
    welcome: string;
    register: string;
    checkIn: string;
    signOut: string;
    name: string;
    phone: string;
    company: string;
    badgeNo: string;
    signOutCode: string;
    reason: string;
    area: string;
    typeTitle: string;
    hostSearch: string;
    phoneFormat: string;
    next: string;
    take: string;
    use: string;
    skip: string;
    /** The face-recognition consent asked before the camera. */
    faceAgree: string;
    faceDecline: string;
    accept: string;
    submit: string;
    welcomeName: (n: string) => string;
    print: string;
    done: string;
    scan: string;
    byCode: string;
    byPhone: string;
    phoneNumber: string;
    code: string;
    checkInSubmit: string;
    unknown: string;
    repeated: string;
    refused: string;
    queued: string;
    pending: RegExp;
    signOutSubmit: string;
    signedOut: (n: string) => string;
    switchTo: string;
    otherWelcome: string;
    home: string;
    /** The invitation page's accept button. */
    accept2: RegExp;
    /** The console's status labels. */
    statusSignedIn: string;
    statusSignedOut: string;
  };
}

const EN: Lang = {
  tag: 'en',
  locale: 'en-US',
  company: 'Kiosk Works',
  // Ordinary badge in colour, with the company's QR switch on (the code beside the details).
  card: { style: { cardSize: 0, printType: 0 }, page: '90mm 60mm', px: [340, 227], pt: [255.1, 170.1] },
  host: 'Helen Host',
  visitor: 'Victor Walker',
  offlineVisitor: 'Olive Offline',
  invitee: 'Ivy Invited',
  t: {
    account: 'Account',
    password: 'Password',
    start: 'Start the kiosk',
    welcome: 'Welcome',
    register: 'Register',
    checkIn: 'I have an invitation',
    signOut: 'Sign out',
    name: 'Name',
    phone: 'Phone',
    company: 'Company',
    badgeNo: 'Badge number',
    signOutCode: 'Visit code',
    reason: 'Meeting',
    area: 'Factory',
    typeTitle: 'Register · Business visitor',
    hostSearch: 'Type the name of the person you visit',
    phoneFormat: 'The format of the phone number is not correct',
    next: 'Next',
    take: 'Take photo',
    use: 'Use this photo',
    skip: 'Continue without a photo',
    faceAgree: 'I agree',
    faceDecline: 'No, thank you',
    accept: 'I have read and accept the terms',
    submit: 'Submit',
    welcomeName: (n) => `Welcome, ${n}`,
    print: 'Print badge',
    done: 'Done',
    scan: 'Scan QR code',
    byCode: 'Type code',
    byPhone: 'Use phone',
    phoneNumber: 'Phone number',
    code: 'Invitation code',
    checkInSubmit: 'Check in',
    unknown: 'No invitation matches. Check the code, or ask at reception.',
    repeated: 'You are already checked in.',
    refused: 'Sorry, we cannot register this visit here. Please contact reception.',
    queued: 'Saved, will be sent',
    pending: /1 record waiting to be sent/,
    signOutSubmit: 'Sign out',
    signedOut: (n) => `Goodbye, ${n}. Thank you for your visit.`,
    switchTo: '中文',
    otherWelcome: '欢迎光临',
    home: 'Start screen',
    accept2: /Accept$/,
    statusSignedIn: 'Signed in',
    statusSignedOut: 'Signed out',
  },
};

const ZH: Lang = {
  tag: 'zh',
  locale: 'zh-CN',
  company: '自助机测试公司',
  // Customized badge, 4-inch, black and white: the brand as text at the top and the visit's QR code as the avatar.
  card: {
    style: { cardSize: 1, printType: 1, cardType: 1, brandType: 0, brandPosition: 0, customText: '访客通行证', showAvatar: 1, avatarType: 2 },
    page: '102mm 76mm',
    px: [386, 287],
    pt: [289.1, 215.4],
  },
  host: '王主人',
  visitor: '李访客',
  offlineVisitor: '赵离线',
  invitee: '钱受邀',
  t: {
    account: '账号',
    password: '密码',
    start: '启动访客机',
    welcome: '欢迎光临',
    register: '访客登记',
    checkIn: '我有邀请',
    signOut: '签离',
    name: '姓名',
    phone: '手机号',
    company: '公司',
    badgeNo: '工牌号',
    signOutCode: '访客码',
    reason: '会议',
    area: '工厂',
    typeTitle: '访客登记 · 商务访客',
    hostSearch: '输入被访人姓名',
    phoneFormat: '手机号格式不正确',
    next: '下一步',
    take: '拍照',
    use: '使用这张照片',
    skip: '不拍照，继续',
    faceAgree: '我同意',
    faceDecline: '不同意',
    accept: '我已阅读并同意以上条款',
    submit: '提交',
    welcomeName: (n) => `${n}，欢迎您`,
    print: '打印访客证',
    done: '完成',
    scan: '扫描二维码',
    byCode: '输入邀请码',
    byPhone: '使用手机号',
    phoneNumber: '手机号',
    code: '邀请码',
    checkInSubmit: '签到',
    unknown: '没有找到对应的邀请，请核对邀请码或到前台咨询。',
    repeated: '您已经签到过了。',
    refused: '抱歉，无法在此登记本次来访，请联系前台。',
    queued: '已保存，稍后提交',
    pending: /1 条记录等待提交/,
    signOutSubmit: '签离',
    signedOut: (n) => `${n}，再见，感谢您的来访。`,
    switchTo: 'English',
    otherWelcome: 'Welcome',
    home: '返回首页',
    accept2: /接\s?受$/,
    statusSignedIn: '已签到',
    statusSignedOut: '已签出',
  },
};

const TABLET = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
/** A floor-standing visitor machine. */
const MACHINE = { width: 1080, height: 1920 };
const MACHINE_PASSWORD = 'Kiosk!2026b';

/** Signs a finger-like stroke across the signature pad. */
async function sign(page: Page): Promise<void> {
  const box = await page.getByTestId('signature-pad').boundingBox();
  assert.ok(box);
  await page.mouse.move(box.x + 40, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 30, box.y + box.height * (0.6 - 0.25 * Math.sin(i / 2)));
  await page.mouse.up();
}

/** Fills the standard walk-in form (name, phone, company, host). */
async function fillForm(page: Page, L: Lang, name: string, phone: string): Promise<void> {
  await page.getByLabel(L.t.name, { exact: true }).fill(name);
  await page.getByLabel(L.t.phone, { exact: true }).fill(phone);
  // Optional fields say so after their name.
  await page.getByLabel(new RegExp(`^${L.t.company}`)).fill('Visiting Co');
  await page.getByLabel(L.t.badgeNo, { exact: true }).fill('B-42');
  await page.getByRole('button', { name: L.t.reason, exact: true }).click();
  await page.getByRole('button', { name: L.t.area, exact: true }).click();
  await page.getByPlaceholder(L.t.hostSearch).fill(L.host.slice(0, 2));
  await page.getByRole('button', { name: L.host }).click();
  await page.getByTestId('host-chosen').waitFor();
}

describe('kiosk page', () => {
  it('is served at /kiosk.html and /kiosk, never cached, while other paths stay the console', async () => {
    for (const p of ['/kiosk.html', '/kiosk', '/kiosk/anything']) {
      const res = await fetch(`${stack.server.url}${p}`);
      assert.equal(res.status, 200, p);
      assert.equal(res.headers.get('cache-control'), 'no-cache', p);
      assert.match(await res.text(), /id="kiosk-root"/, p);
    }
    const consolePage = await (await fetch(`${stack.server.url}/emp/emplist`)).text();
    assert.match(consolePage, /id="root"/);
    assert.doesNotMatch(consolePage, /kiosk-root/);
  });
});

/** What a visitor reads on a start screen under `root`: the welcome, the company and each button's first words. */
async function faceOf(root: Locator) {
  return root.getByTestId('kiosk-home').evaluate((home) => ({
    welcome: home.querySelector('h1')?.textContent ?? '',
    company: home.querySelector('.k-home__company')?.textContent ?? '',
    buttons: [...home.querySelectorAll('button')].map((b) => b.querySelector('strong')?.textContent ?? b.textContent ?? ''),
  }));
}

/** The kiosk's screen fits the viewport: the page and the screen's own area neither overflow nor scroll. */
async function assertFits(page: Page, what: string) {
  const m = await page.evaluate(() => {
    const d = document.documentElement;
    const main = document.querySelector('.k-main') as HTMLElement;
    const boxes = [...document.querySelectorAll('.k-camera, .k-main button')].map((e) => e.getBoundingClientRect());
    return {
      page: [d.scrollWidth - innerWidth, d.scrollHeight - innerHeight],
      main: [main.scrollWidth - main.clientWidth, main.scrollHeight - main.clientHeight],
      outside: boxes.filter((r) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5).length,
      camera: Math.round((document.querySelector('.k-camera') as HTMLElement).getBoundingClientRect().height),
    };
  });
  const [pageX = 0, pageY = 0] = m.page;
  const [mainX = 0, mainY = 0] = m.main;
  assert.ok(pageX <= 0 && pageY <= 0, `${what}: the page overflows ${JSON.stringify(m)}`);
  assert.ok(mainX <= 0 && mainY <= 0, `${what}: the screen scrolls ${JSON.stringify(m)}`);
  assert.equal(m.outside, 0, `${what}: camera or buttons outside the viewport ${JSON.stringify(m)}`);
  assert.ok(m.camera >= 240, `${what}: the camera is too small ${JSON.stringify(m)}`);
}

for (const L of [EN, ZH]) {
  describe(`visitor kiosk (${L.tag})`, () => {
    it('runs a visitor machine: walk-in with photo and badge, check-in, blacklist, offline queue, sign-out', async () => {
      const email = `kiosk-${L.tag}@example.com`;
      await registerCompany(stack, email, L.company, { lang: L.tag });
      const admin = (await ok('Login', { email, password: PASSWORD })).token;
      const hostId = (await ok('addEmployee', { employee_name: L.host, phone: '13800008888' }, admin)).empid;
      const account = `kiosk_${L.tag}`;
      await ok('AddManager', { account, password: PASSWORD, sName: 'Kiosk', sType: 4 }, admin);
      // New staff accounts must change their password first: done here through the API (the kiosk would ask too).
      const machine = (await ok('Login', { email: account, password: PASSWORD })).token;
      await ok('updatePassword', { oldPassword: PASSWORD, password: MACHINE_PASSWORD }, machine);
      await ok('addBlacklist', { name: 'Blocked Person', phone: '13700001111' }, admin);
      await ok('updateblackListSwitch', { blackListSwitch: 1 }, admin);
      // Registration settings: a visitor type with reasons and a required custom field, terms, colour, sign-out, card.
      const type = await ok('addVisitorType', { vType: '商务访客#Business visitor', reasons: ['会议#Meeting', '面试#Interview'] }, admin);
      await ok('addExtendVisitor', { displayName: '工牌号#Badge number', inputType: 'text', types: [{ tid: type.tid, required: true }] }, admin);
      // A choice: the kiosk shows the option in the visitor's language and sends it as configured.
      await ok(
        'addExtendVisitor',
        { displayName: '区域#Area', inputType: 'button', inputValue: ['办公区#Office', '工厂#Factory'], types: [{ tid: type.tid, required: false }] },
        admin,
      );
      await ok(
        'updateSecureProtocol',
        { secureProtocol: '请遵守安全规定，佩戴访客证。', secureProtocolEn: 'Please follow the safety rules and wear your badge.' },
        admin,
      );
      await ok('updateSignOutSwitch', { signOutSwitch: 1 }, admin);
      await ok('UpdateThemeColor', { themecolor: '#0a7d55' }, admin);
      await ok('updateCardStyle', L.card.style, admin);
      if (L.tag === 'en') await ok('updateQRcode', { qrcodeSwitch: 1 }, admin);

      const context = await newContext(stack.browser, L.locale, { viewport: TABLET, hasTouch: true });
      await context.addInitScript(() => {
        const w = window as unknown as { print: () => void; __printed: number };
        w.__printed = 0;
        w.print = () => {
          w.__printed += 1;
        };
      });
      const page = await context.newPage();
      try {
        await step(page, `kiosk-${L.tag}-signin`, async () => {
          await page.goto(`${stack.server.url}/kiosk`);
          await page.getByLabel(L.t.account, { exact: true }).fill(account);
          await page.getByLabel(L.t.password, { exact: true }).fill(MACHINE_PASSWORD);
          await screenshot(page, `kiosk-${L.tag}-signin`);
          await page.getByRole('button', { name: L.t.start }).click();
          await page.getByTestId('kiosk-home').waitFor();
          await page.getByRole('heading', { name: L.t.welcome }).waitFor();
          // The company's theme colour, once the settings have arrived.
          await page.waitForFunction(
            (name) =>
              [...document.querySelectorAll('.k-tile')].some(
                (b) => b.textContent?.startsWith(name) && getComputedStyle(b).backgroundColor === 'rgb(10, 125, 85)',
              ),
            L.t.register,
          );
          await screenshot(page, `kiosk-${L.tag}-home-landscape`);
          await page.setViewportSize(PORTRAIT);
          await screenshot(page, `kiosk-${L.tag}-home-portrait`);
          await page.setViewportSize(MACHINE);
          await screenshot(page, `kiosk-${L.tag}-home-machine`);
          await page.setViewportSize(TABLET);
        });

        const phone = L.tag === 'en' ? '13911110001' : '13911110002';
        await step(page, `kiosk-${L.tag}-walkin`, async () => {
          await page.getByRole('button', { name: new RegExp(`^${L.t.register}`) }).click();
          await page.getByRole('heading', { name: L.t.typeTitle }).waitFor();
          await page.getByLabel(L.t.phone, { exact: true }).fill('12345');
          await page.getByText(L.t.phoneFormat).waitFor();
          await fillForm(page, L, L.visitor, phone);
          assert.equal(await page.getByText(L.t.phoneFormat).count(), 0);
          await screenshot(page, `kiosk-${L.tag}-form`);
          await page.setViewportSize(PORTRAIT);
          await screenshot(page, `kiosk-${L.tag}-form-portrait`);
          await page.setViewportSize(TABLET);
          await page.getByRole('button', { name: L.t.next }).click();
          // Face recognition is asked apart, before the camera: English agrees, Chinese declines (the photo is then for the badge only).
          await page.getByTestId('face-consent-text').waitFor();
          await screenshot(page, `kiosk-${L.tag}-face-consent`);
          await page.getByRole('button', { name: L.tag === 'en' ? L.t.faceAgree : L.t.faceDecline, exact: true }).click();
          if (L.tag === 'zh') await page.getByTestId('face-declined').waitFor();
          // The fake camera's stream: the button is enabled once it plays.
          const take = page.getByRole('button', { name: L.t.take, exact: true });
          await take.waitFor();
          await page.waitForFunction(() => ((document.querySelector('[data-testid="camera"]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
          // The photo step fits the common tablets in both orientations: nothing overflows or scrolls (issue 15).
          await assertFits(page, 'photo, landscape');
          await page.setViewportSize(PORTRAIT);
          await assertFits(page, 'photo, portrait');
          await screenshot(page, `kiosk-${L.tag}-photo-portrait`);
          await page.setViewportSize(TABLET);
          await take.click();
          await page.getByTestId('photo-preview').waitFor();
          await assertFits(page, 'photo taken, landscape');
          const src = await page.getByTestId('photo-preview').getAttribute('src');
          assert.match(src ?? '', /^data:image\/jpeg;base64,/);
          await screenshot(page, `kiosk-${L.tag}-photo`);
          await page.getByRole('button', { name: L.t.use }).click();
          await page
            .getByTestId('protocol-text')
            .getByText(L.tag === 'en' ? 'Please follow the safety rules' : '请遵守安全规定')
            .waitFor();
          // The privacy notice, from the terms: the product's text until the company writes its own.
          await page.getByTestId('protocol-privacy').click();
          await page
            .getByTestId('privacy-notice')
            .getByText(L.tag === 'en' ? /^When you visit, we collect/ : /^我们在您来访时收集/)
            .waitFor();
          await screenshot(page, `kiosk-${L.tag}-privacy-notice`);
          await page.getByTestId('privacy-panel').getByRole('button').click();
          await page.getByText(L.t.accept).click();
          await sign(page);
          await screenshot(page, `kiosk-${L.tag}-terms`);
          await page.getByRole('button', { name: L.t.submit }).click();
          await page.getByRole('heading', { name: L.t.welcomeName(L.visitor) }).waitFor();
          await screenshot(page, `kiosk-${L.tag}-badge`);
        });

        // The badge names the visit's code and shows its signed pass as a QR code (it signs the visitor out, opens doors).
        const code = await step(page, `kiosk-${L.tag}-badge-code`, async () => {
          const qr = page.locator('.k-badge-preview [data-testid="badge-qr"]');
          await qr.waitFor();
          assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
          const text = (await page.locator('.k-badge-preview [data-testid="badge-code"]').textContent()) ?? '';
          const m = text.match(/\d{8}/);
          assert.ok(m, `code on the badge: ${text}`);
          return m[0];
        });

        await step(page, `kiosk-${L.tag}-print`, async () => {
          await page.getByRole('button', { name: L.t.print }).click();
          await page.waitForFunction(() => (window as unknown as { __printed: number }).__printed === 1);
          await page.emulateMedia({ media: 'print' });
          const printed = await page.evaluate(() => {
            const rules = [...document.styleSheets].flatMap((s) => [...s.cssRules]);
            const pageRule = rules.find((r): r is CSSPageRule => r instanceof CSSPageRule);
            const badge = document.querySelector('#kiosk-print [data-testid="badge"]') as HTMLElement | null;
            const rect = badge?.getBoundingClientRect();
            return {
              size: pageRule?.style.getPropertyValue('size'),
              app: getComputedStyle(document.getElementById('kiosk-root') as HTMLElement).display,
              badge: rect ? [Math.round(rect.width), Math.round(rect.height)] : null,
              name: badge?.querySelector('[data-testid="badge-name"]')?.textContent,
              bw: badge?.dataset.bw,
            };
          });
          assert.equal(printed.size, L.card.page);
          assert.equal(printed.app, 'none');
          assert.deepEqual(printed.badge, L.card.px); // millimetres at 96 px per inch
          assert.equal(printed.name, L.visitor);
          assert.equal(printed.bw, L.card.style.printType === 1 ? '1' : '0');
          // The printed page itself: one page of the card's size in points.
          const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
          fs.mkdirSync(resultsDir, { recursive: true });
          fs.writeFileSync(path.join(resultsDir, `kiosk-${L.tag}-badge.pdf`), pdf, 'latin1');
          const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
          assert.equal(boxes.length, 1, 'one page');
          assert.ok(Math.abs((boxes[0]?.[0] ?? 0) - L.card.pt[0]) < 1 && Math.abs((boxes[0]?.[1] ?? 0) - L.card.pt[1]) < 1, `page ${boxes[0]}`);
          await page.emulateMedia({ media: 'screen' });
          await page.getByRole('button', { name: L.t.done }).click();
          await page.getByTestId('kiosk-home').waitFor();
        });

        await step(page, `kiosk-${L.tag}-checkin`, async () => {
          await page.getByRole('button', { name: new RegExp(`^${L.t.checkIn}`) }).click();
          // Scanning: the camera shows a QR code of a code nobody was given; the kiosk reads it and asks the server.
          await page.getByRole('button', { name: L.t.scan }).click();
          await page.getByTestId('qr-scanner').waitFor();
          await page.getByText(L.t.unknown).waitFor();
          await screenshot(page, `kiosk-${L.tag}-scan`);
          await page.getByRole('button', { name: L.t.byCode }).click();
          await page.getByLabel(L.t.code, { exact: true }).fill('NOPE1234');
          await page.getByRole('button', { name: L.t.checkInSubmit, exact: true }).click();
          await page.getByText(L.t.unknown).waitFor();
          await page.getByRole('button', { name: L.t.byPhone }).click();
          await page.getByLabel(L.t.phoneNumber, { exact: true }).fill(phone);
          await page.getByRole('button', { name: L.t.checkInSubmit, exact: true }).click();
          await page.getByText(L.t.repeated).waitFor();
          await page.getByRole('button', { name: L.t.done }).click();
        });

        await step(page, `kiosk-${L.tag}-invitation`, async () => {
          // An administrator invites a visitor for the host; the visitor opens the invitation link, accepts and reads
          // the pass's code, types it at the kiosk, reads and signs the terms (not accepted before), and is welcomed.
          const [invited] = await ok(
            'addAppointment',
            {
              empid: hostId,
              appointmentDate: Date.now() + 5 * 60_000,
              visitors: [{ name: L.invitee, phone: L.tag === 'en' ? '13922220001' : '13922220002', lang: L.tag }],
            },
            admin,
          );
          assert.ok(invited?.inviteLink);
          const token = new URL(invited.inviteLink).searchParams.get('token') ?? '';
          const phone = await context.newPage();
          await phone.setViewportSize({ width: 390, height: 844 });
          await phone.goto(`${stack.server.url}/invite?token=${token}`);
          await phone.getByTestId('invitation').getByText(L.host).waitFor();
          await phone.getByRole('button', { name: L.t.accept2 }).click();
          await phone.getByTestId('invitation-qr').waitFor();
          const passText = (await phone.getByTestId('invitation-code').textContent()) ?? '';
          assert.ok(passText.includes(String(invited.code)), `pass shows the code: ${passText}`);
          await screenshot(phone, `kiosk-${L.tag}-invitation-page`);
          await phone.close();
          await page.getByRole('button', { name: new RegExp(`^${L.t.checkIn}`) }).click();
          await page.getByRole('button', { name: L.t.byCode }).click();
          await page.getByLabel(L.t.code, { exact: true }).fill(invited.code ?? '');
          await page.getByRole('button', { name: L.t.checkInSubmit, exact: true }).click();
          await page.getByText(L.t.accept).click();
          await sign(page);
          await page.getByRole('button', { name: L.t.checkInSubmit, exact: true }).click();
          await page.getByRole('heading', { name: L.t.welcomeName(L.invitee) }).waitFor();
          await screenshot(page, `kiosk-${L.tag}-invitation`);
          const visit = await ok('GetVisitorByVid', { vid: invited.vid }, admin);
          assert.equal(visit.kind, 'invite');
          assert.equal(visit.status, 'signedIn');
          assert.equal(visit.empName, L.host);
          await page.getByRole('button', { name: L.t.done }).click();
          await page.getByTestId('kiosk-home').waitFor();
        });

        await step(page, `kiosk-${L.tag}-blacklist`, async () => {
          await page.getByRole('button', { name: new RegExp(`^${L.t.register}`) }).click();
          await fillForm(page, L, 'Blocked Person', '13700001111');
          await page.getByRole('button', { name: L.t.next }).click();
          await page.getByRole('button', { name: L.t.faceDecline, exact: true }).click();
          await page.getByRole('button', { name: L.t.skip }).click();
          await page.getByText(L.t.accept).click();
          await sign(page);
          await page.getByRole('button', { name: L.t.submit }).click();
          await page.getByText(L.t.refused).waitFor();
          await screenshot(page, `kiosk-${L.tag}-refused`);
          await page.getByRole('button', { name: L.t.done }).click();
        });

        await step(page, `kiosk-${L.tag}-offline`, async () => {
          await page.getByRole('button', { name: new RegExp(`^${L.t.register}`) }).click();
          await fillForm(page, L, L.offlineVisitor, L.tag === 'en' ? '13911110003' : '13911110004');
          await page.getByRole('button', { name: L.t.next }).click();
          await page.getByRole('button', { name: L.t.faceDecline, exact: true }).click();
          await page.getByRole('button', { name: L.t.skip }).click();
          await page.getByText(L.t.accept).click();
          await sign(page);
          await context.setOffline(true);
          await page.getByRole('button', { name: L.t.submit }).click();
          await page.getByRole('heading', { name: L.t.queued }).waitFor();
          await page.getByTestId('pending-count').getByText(L.t.pending).waitFor();
          await screenshot(page, `kiosk-${L.tag}-queued`);
          await context.setOffline(false);
          await page.getByTestId('pending-count').waitFor({ state: 'detached' });
          const found = await ok('SearchVisitByConditionPage', { startIndex: 0, requestedCount: 10, name: L.offlineVisitor }, admin);
          assert.equal(found.count, 1, 'recorded once');
          assert.equal(found.list[0]?.status, 'signedIn');
          await page.getByRole('button', { name: L.t.done }).click();
        });

        await step(page, `kiosk-${L.tag}-signout`, async () => {
          await page.getByRole('button', { name: new RegExp(`^${L.t.signOut}`) }).click();
          if (L.tag === 'en') {
            // The code printed on the badge, typed (its QR code holds the signed pass of the same visit).
            await page.getByRole('button', { name: L.t.byCode }).click();
            await page.getByLabel(L.t.signOutCode, { exact: true }).fill(code);
          } else {
            await page.getByRole('button', { name: L.t.byPhone }).click();
            await page.getByLabel(L.t.phoneNumber, { exact: true }).fill(phone);
          }
          await page.getByRole('button', { name: L.t.signOutSubmit, exact: true }).click();
          await page.getByRole('heading', { name: L.t.signedOut(L.visitor) }).waitFor();
          await screenshot(page, `kiosk-${L.tag}-signed-out`);
          await page.getByRole('button', { name: L.t.done }).click();
        });

        await step(page, `kiosk-${L.tag}-language`, async () => {
          await page.getByRole('button', { name: L.t.switchTo }).click();
          await page.getByRole('heading', { name: L.t.otherWelcome }).waitFor();
          await page.getByRole('button', { name: L.t.switchTo === '中文' ? 'English' : '中文' }).click();
          await page.getByRole('heading', { name: L.t.welcome }).waitFor();
        });

        const list = await ok('SearchVisitByConditionPage', { startIndex: 0, requestedCount: 20 }, admin);
        const statusOf = (name: string) => list.list.find((v) => v.vname === name)?.status;
        assert.equal(list.list.find((v) => v.vname === L.visitor)?.vphoto, true, 'the photo reached the server');
        assert.deepEqual(Object.values(list.list.find((v) => v.vname === L.visitor)?.extendCol ?? {}).sort(), ['B-42', '工厂#Factory']);
        assert.equal(statusOf(L.visitor), 'signedOut');
        // The per-visit PDF holds the photo and the signature drawn on the kiosk.
        const signed = list.list.find((v) => v.vname === L.visitor);
        assert.ok(signed?.visitdate);
        const d = new Date(signed.visitdate);
        const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        const pdfRes = await fetch(`${stack.server.url}/pdf/${day}_${signed.vid}.pdf`, { headers: { 'x-coolvisit-token': admin } });
        assert.match(pdfRes.headers.get('content-type') ?? '', /application\/pdf/);
        const visitPdf = Buffer.from(await pdfRes.arrayBuffer()).toString('latin1');
        assert.ok((visitPdf.match(/\/Subtype\s*\/Image/g) ?? []).length >= 2, 'photo and signature in the PDF');
        // The switch off again: a visitor machine is refused with the kiosk's explanation.
        await ok('updateSignOutSwitch', { signOutSwitch: 0 }, admin);
        await step(page, `kiosk-${L.tag}-signout-off`, async () => {
          await page.reload();
          await page.getByTestId('kiosk-home').waitFor();
          await page.getByRole('button', { name: new RegExp(`^${L.t.signOut}`) }).waitFor({ state: 'detached' });
        });
        assert.equal(statusOf(L.offlineVisitor), 'signedIn');
        assert.equal(statusOf('Blocked Person'), undefined, 'nothing stored for the blacklisted visitor');
        // The PDF is in the visitor's language and names them (Chinese rendered with the embedded CJK font).
        const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
        const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.from(visitPdf, 'latin1')), useSystemFonts: false, isEvalSupported: false })
          .promise;
        const text = (await (await doc.getPage(1)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join('');
        assert.ok(text.includes(L.visitor), `visitor name in the PDF: ${text.slice(0, 200)}`);
        assert.ok(text.includes(L.host), 'host in the PDF');

        await step(page, `kiosk-${L.tag}-console`, async () => {
          // The administrator's visitor list shows each kiosk visitor with their status, and the drawer opens the PDF.
          await ok('ModifyUserInfo', { guideDone: true }, admin);
          const desk = await context.newPage();
          await desk.setViewportSize({ width: 1366, height: 900 });
          await desk.goto(`${stack.server.url}/signin`);
          await signIn(desk, email, PASSWORD, L.tag === 'zh' ? SIGNIN_ZH : SIGNIN_EN);
          // The admin home is the report center's statistics; the list is beside it.
          await desk.waitForURL(/\/visitor$/);
          await desk.goto(`${stack.server.url}/visitor/vlist`);
          const rows: [string, string][] = [
            [L.visitor, L.t.statusSignedOut],
            [L.invitee, L.t.statusSignedIn],
            [L.offlineVisitor, L.t.statusSignedIn],
          ];
          for (const [name, status] of rows) await desk.getByRole('row').filter({ hasText: name }).getByText(status, { exact: true }).waitFor();
          await screenshot(desk, `kiosk-${L.tag}-console-list`);
          await desk.getByRole('row').filter({ hasText: L.visitor }).getByRole('button', { name: L.visitor, exact: true }).click();
          await desk.getByTestId('visit-detail').waitFor();
          // The consent given at the kiosk, in English; the Chinese visitor declined it.
          const consent = (await desk.getByTestId('face-consent').textContent()) ?? '';
          if (L.tag === 'en') assert.match(consent, /^Given .+ at the kiosk, text version 1 \(English\)$/);
          else assert.equal(consent, '未同意：照片仅用于访客证，门禁人脸终端不会获得');
          // The terms' version read at the kiosk, in the kiosk's language.
          const terms = (await desk.getByTestId('terms-accepted').textContent()) ?? '';
          if (L.tag === 'en') assert.match(terms, /^Version 1 \(English\) accepted .+ at the kiosk$/);
          else assert.match(terms, /^.+ 于访客机接受第 1 版（中文）$/);
          // And the privacy notice's version the kiosk showed.
          const notice = (await desk.getByTestId('notice-given').textContent()) ?? '';
          if (L.tag === 'en') assert.match(notice, /^Version 1 \(English\) given .+ at the kiosk$/);
          else assert.match(notice, /^.+ 于访客机告知第 1 版（中文）$/);
          const [popup] = await Promise.all([desk.waitForEvent('popup'), desk.getByTestId('visit-pdf').click()]);
          assert.match(popup.url(), /^blob:/);

          // The registration settings' preview is the kiosk's own start screen: the same words, buttons and colour.
          await desk.goto(`${stack.server.url}/setting/padset`);
          const preview = desk.getByTestId('kiosk-preview');
          await preview.waitFor();
          await desk
            .getByTestId('preview-lang')
            .getByText(L.tag === 'zh' ? '中文' : 'English', { exact: true })
            .click();
          const kioskFace = await faceOf(page.locator('body'));
          assert.equal(kioskFace.welcome, L.t.welcome);
          assert.deepEqual(kioskFace.buttons.slice(0, 2), [L.t.register, L.t.checkIn]);
          await desk.waitForFunction((welcome) => document.querySelector('[data-testid="kiosk-preview"] h1')?.textContent === welcome, L.t.welcome);
          assert.deepEqual(await faceOf(preview), kioskFace);
          assert.equal(await preview.getAttribute('data-theme'), '#0a7d55');
          await screenshot(desk, `kiosk-${L.tag}-console-preview`);
          await desk.close();
        });
      } finally {
        await context.close();
      }
    });
  });
}
