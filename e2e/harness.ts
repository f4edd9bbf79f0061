import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { CallByName, CallInput, CallName, CallOutput, Envelope } from '@openvisit/contract';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Every wait in the specs bounds a hang, never a speed: a loaded machine should make the run slower, not red.
 * E2E_TIMEOUT_SCALE (default 1) multiplies them all for a machine slower still.
 */
export const TIMEOUT_SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE) || 1);
export const scaled = (ms: number): number => Math.round(ms * TIMEOUT_SCALE);
/** A button's accessible name ending in `label` (an icon adds words before it); antd spaces a two-character Chinese label. */
export const buttonName = (label: string): RegExp =>
  new RegExp(`${/^[\u4e00-\u9fff]{2}$/.test(label) ? `${label[0]}\\s?${label[1]}` : label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Polls `probe` until it answers a value (not undefined), bounded by `ms` (scaled); `what` names it in the error. */
export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + scaled(ms);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until no finite animation (antd's zooms, slides, switch and message transitions) is running on the page, in
 * place of a fixed pause; endless ones (spinners) are ignored.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
export const resultsDir = path.join(root, 'test-results');

export interface Mail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and =3D undone, for finding links. */
  text: string;
  /** The text/plain part decoded (base64 or quoted-printable, UTF-8): what a reader of the plain mail sees. */
  plain: string;
}

/** The decoded text/plain parts of a raw MIME message (enough for what our mailer sends; no parser dependency). */
function plainText(raw: string): string {
  const out: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]*\r?\n/)) {
    const m = part.match(/^([\s\S]*?)\r?\n\r?\n([\s\S]*)$/);
    if (!m || !/content-type:\s*text\/plain/i.test(m[1] ?? '')) continue;
    const body = m[2] ?? '';
    const encoding = m[1]?.match(/content-transfer-encoding:\s*(\S+)/i)?.[1]?.toLowerCase();
    if (encoding === 'base64') out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable')
      out.push(
        Buffer.from(
          body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
      );
    else out.push(body);
  }
  return out.join('\n');
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text, plain: plainText(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    /** Waits for a mail to `to` whose text matches (the bound only ends a hang). */
    waitFor(to: string, match: RegExp): Promise<Mail> {
      return until(`a mail to ${to} matching ${match} (got ${received.length})`, () => received.find((x) => x.to.includes(to) && match.test(x.text)));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The runner migrates one embedded database before the specs (`makeDataTemplate`) and names it here: each server
 * starts from a copy of it (a file copy instead of some 30 migrations per server).
 */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/** A data directory with the current migrations applied: the built server started on it once and stopped. */
export async function makeDataTemplate(): Promise<string> {
  const server = await startServer();
  await server.stop({ keep: true });
  return server.dataDir;
}

/**
 * The built product on a free port with a fresh embedded database (a copy of the runner's migrated one when it made one).
 * `host` names its address (`localhost` where a spec needs a domain: an IP address cannot be WebAuthn's relying party).
 */
export async function startServer(env: Record<string, string> = {}, opts: { host?: string } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      NODE_ENV: 'production',
      // The specs' SMTP server and providers listen on 127.0.0.1: a company may point at them only with this allowance.
      ALLOW_PRIVATE_ENDPOINTS: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
  // A fresh embedded database is created and migrated first: on a busy 2-core machine that takes a while.
  const deadline = Date.now() + scaled(300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server not up in time:\n${log.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    log,
    dataDir,
    async stop(opts: { keep?: boolean } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Input<N extends CallName> = CallInput<CallByName<N>>;
type Output<N extends CallName> = CallOutput<CallByName<N>>;

/**
 * The API of a running server, called directly for a test's setup and checks, typed from the contract registry:
 * `call` answers the envelope, `ok` asserts status 0 and answers the result; `raw` sends an untyped body (for input
 * the contract refuses). `server` is read at each call (stacks start in a `before` hook).
 */
export function apiOf(server: () => { url: string }) {
  async function raw<T = unknown>(name: string, body: unknown, token?: string): Promise<Envelope<T>> {
    const res = await fetch(`${server().url}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-coolvisit-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }
  const call = <N extends CallName>(name: N, body: Input<N>, token?: string): Promise<Envelope<Output<N>>> => raw(name, body, token);
  async function ok<N extends CallName>(name: N, body: Input<N>, token?: string): Promise<Output<N>> {
    const env = await call(name, body, token);
    assert.equal(env.status, 0, `${name}: ${env.status} ${env.reason}`);
    return env.result;
  }
  return { call, ok, raw };
}

/** Chromium flags for a camera without hardware: a synthetic video stream, allowed without asking. */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] as const;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same engine without the browser's own
 * interface, about a sixth less CPU over a spec than the full browser headless), else Debian's Chromium;
 * CHROMIUM_PATH chooses another. `full` asks for the whole browser, for what only it does (its PDF viewer opens a PDF
 * in a tab; the shell downloads it). A fresh profile per launch (Playwright makes one); `extraArgs` add flags.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export async function launchBrowser(extraArgs: readonly string[] = [], opts: { full?: boolean } = {}): Promise<Browser> {
  const shell = !opts.full && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? shell,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Actions and waits default to a generous bound (Playwright's own is 30 s), scaled by E2E_TIMEOUT_SCALE. */
export const ACTION_TIMEOUT = scaled(90_000);

/**
 * Pages ask for reduced motion, as a person can in their system's settings, and the console then animates nothing
 * (rootProviders.tsx): the journeys are the same without Chromium drawing every modal's zoom and menu's slide on a
 * machine without a GPU, nor a click landing mid-animation. E2E_MOTION=on runs them with motion.
 */
const REDUCED_MOTION = process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce';

export async function newContext(browser: Browser, locale: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 860 }, reducedMotion: REDUCED_MOTION, ...options });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT);
  return context;
}

/** Runs a step; on failure saves a screenshot named after the step before rethrowing. */
export async function step<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    fs.mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: path.join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true }).catch(() => {});
    throw err;
  }
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;
export type Server = Awaited<ReturnType<typeof startServer>>;

/** The password of the companies the specs register. */
export const PASSWORD = 'Visit0r!2026';

/**
 * A button's accessible name: antd spaces the two characters of a two-character Chinese button, and a loading icon
 * that lingers after a request adds a prefix (so only the end is anchored).
 */
export const button = (text: string) => new RegExp(`${[...text].join('\\s?')}$`);

export function activationLink(text: string): string {
  const m = text.match(/https?:\/\/[^\s"<>]+\/active\?token=[A-Za-z0-9_-]+/);
  assert.ok(m, `no activation link in:\n${text}`);
  return m[0];
}

/** Registers and activates a company through the API and the real activation mail. */
export async function registerCompany(
  env: { server: Server; smtp: Smtp },
  email: string,
  company: string,
  opts: { username?: string; phone?: string; lang?: 'en' | 'zh'; password?: string } = {},
): Promise<void> {
  const { server, smtp } = env;
  const res = await fetch(`${server.url}/api/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: opts.password ?? PASSWORD,
      company,
      username: opts.username ?? 'Ada Lovelace',
      phone: opts.phone ?? '13900139000',
      lang: opts.lang ?? 'en',
    }),
  });
  assert.equal(((await res.json()) as { status: number }).status, 0);
  const link = activationLink((await smtp.waitFor(email, /active\?token=/)).text);
  const token = new URL(link).searchParams.get('token');
  const act = await fetch(`${server.url}/api/webActivateAccount`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  assert.equal(((await act.json()) as { status: number }).status, 0);
}

/** Gives an employee a password the way they would: the link mailed by resetEmpPwd, then ModifyPassword. */
export async function employeePassword(env: { server: Server; smtp: Smtp }, email: string, password = PASSWORD): Promise<void> {
  const { ok } = apiOf(() => env.server);
  await ok('resetEmpPwd', { email, digest: '', lang: 'en' });
  const mail = await env.smtp.waitFor(email, /token=/);
  const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  assert.ok(token, `no link in ${mail.text}`);
  await ok('ModifyPassword', { token, password });
}

export interface SignInLabels {
  account: string;
  password: string;
  submit: string | RegExp;
}
// The submit button's name is matched at its end: a loading icon that lingers after a request adds "loading" in front.
export const SIGNIN_EN: SignInLabels = { account: 'Email or account name', password: 'Password', submit: /Sign in$/ };
export const SIGNIN_ZH: SignInLabels = { account: '邮箱或账号', password: '密码', submit: /^登\s?录$/ };

/** Fills the administrator sign-in form of the page and submits it. */
export async function signIn(page: Page, account: string, password: string, labels: SignInLabels = SIGNIN_EN): Promise<void> {
  await page.getByLabel(labels.account).fill(account);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: typeof labels.submit === 'string' }).click();
}

/**
 * A full-page picture of the screen into test-results/, for a person to look at. E2E_SCREENSHOTS=off (scripts/ci.sh,
 * whose results nobody opens) skips them: each re-lays the page out at its full height and encodes a PNG, some 7 % of a
 * spec's browser time. A failing step's picture (`step`) is taken either way.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  if (process.env.E2E_SCREENSHOTS === 'off') return file;
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface Stack {
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  server: Awaited<ReturnType<typeof startServer>>;
  browser: Browser;
}

/**
 * What every spec drives: a local SMTP server, the built product mailing through it, and Chromium (with
 * `browserArgs`, e.g. FAKE_CAMERA_ARGS; `fullBrowser` as in launchBrowser; `host` as in startServer). Started before the file's tests and
 * stopped after them; the fields are filled in once `before` has run.
 */
export function useStack(opts: { browserArgs?: readonly string[]; fullBrowser?: boolean; host?: string } = {}): Stack {
  const stack = {} as Stack;
  before(async () => {
    stack.smtp = await startSmtp();
    stack.server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${stack.smtp.port}` }, { host: opts.host });
    stack.browser = await launchBrowser(opts.browserArgs, { full: opts.fullBrowser });
  });
  after(async () => {
    await stack.browser?.close();
    await stack.server?.stop();
    await stack.smtp?.close();
  });
  return stack;
}

/**
 * The onboarding steps after "add employees" (registration content, pad settings), each skipped with nothing
 * chosen, which ends the wizard on the admin home.
 */
export async function skipRestOfGuide(page: Page, lang: 'en' | 'zh' = 'en'): Promise<void> {
  // antd puts a space between the two characters of a two-character Chinese button.
  const skip = lang === 'zh' ? /跳\s?过$/ : /Skip$/;
  await page.getByTestId('guide-presets').waitFor();
  await page.getByRole('button', { name: skip }).click();
  // Notification mode: email through the installation's server stays as it is.
  await page.getByTestId('guide-notice-skip').click();
  await page.getByTestId('kiosk-preview').waitFor();
  await page.getByRole('button', { name: skip }).click();
}

/**
 * Opens a screen of a drop-down of the top navigation: hovers the group (its visible name), then clicks the item.
 * An item's accessible name is its icon's label and its text, so the item matches on how its name ends.
 */
export async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const escaped = item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const entry = page.getByRole('menuitem', { name: new RegExp(`${escaped}$`) });
  // On a busy machine the pointer's trip from the group to its drop-down can close the drop-down before the click
  // lands (a CI run then waited 90 s for a screen that was never asked for): the click is confirmed by the address
  // changing or the item being the selected one, and tried again, as a person would.
  const before = page.url();
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByRole('menuitem', { name: group }).hover({ timeout: scaled(10_000) });
      await entry.click({ timeout: scaled(10_000) });
      await until(
        `the menu item ${item} to open its screen`,
        async () =>
          page.url() !== before || (await entry.getAttribute('class', { timeout: 500 }).catch(() => null))?.includes('ant-menu-item-selected')
            ? true
            : undefined,
        10_000,
      );
      break;
    } catch (e) {
      if (attempt === 4) throw e;
      await closeMenus(page);
    }
  }
  await closeMenus(page);
}

/**
 * Moves the pointer off the top navigation and waits for its drop-downs to close: one left open by where the pointer
 * happened to rest (a page that scrolled under it on a busy machine) covers the filters below it.
 */
export async function closeMenus(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.mouse.move(1, (size?.height ?? 600) - 1);
  const popups = page.locator('.ant-menu-submenu-popup:visible');
  await until('the navigation drop-downs to close', async () => ((await popups.count()) ? undefined : true));
}

/**
 * Picks an option of an antd select. A click that lands while the drop-down is still animating in (a busy machine) can
 * be dropped, so the pick is confirmed on the select itself and tried again, as a person would. A navigation drop-down
 * that opens under the pointer as it travels to the select keeps itself open while the pointer rests on it (a CI run
 * retried such a click for 90 s), so each attempt is bounded and starts with the pointer moved off the navigation.
 */
export async function pickOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await closeMenus(page);
    try {
      await combobox.click({ timeout: scaled(10_000) });
      await page
        .locator('.ant-select-dropdown:visible')
        .last()
        .getByTitle(option, { exact: true })
        .click({ timeout: scaled(10_000) });
      await select.getByTitle(option, { exact: true }).waitFor({ timeout: scaled(5000) });
      return;
    } catch (e) {
      if (attempt === 4) throw e;
      if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
    }
  }
}

/** A real photo for the server's face detector (apps/server/test/fixtures/faces; its README names source and licence). */
export function faceFixture(name: 'one-face' | 'two-faces' | 'no-face'): Buffer {
  return fs.readFileSync(path.join(root, 'apps/server/test/fixtures/faces', `${name}.jpg`));
}

/** A picture (RGB, three bytes a pixel) to film beside a QR code: the kiosk's photo step needs a face in the frame. */
export interface RgbPicture {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Writes one 640×480 frame (Y4M, 4:2:0) showing a QR code of `text` to `file`, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`) to loop: the kiosk's scanner reads it like a visitor holding up a phone. With
 * `face` (at most 300×440, even sizes), that picture stands on the left in colour and the code, smaller, on the right:
 * the photo taken there has a face for the server's detector.
 */
export function writeQrFrame(file: string, text: string, face?: RgbPicture): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const [w, h] = [640, 480];
  const cell = Math.floor((face ? 280 : 360) / (size + 8));
  const x0 = face ? w - 16 - cell * (size + 4) : Math.floor((w - cell * size) / 2);
  const y0 = Math.floor((h - cell * size) / 2);
  const y = Buffer.alloc(w * h, 235);
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  if (face) {
    // Full-range BT.601, as C420jpeg means; chroma from each 2×2 block's top-left pixel.
    const [fx, fy] = [16, 2 * Math.floor((h - face.height) / 4)];
    for (let r = 0; r < face.height; r++)
      for (let c = 0; c < face.width; c++) {
        const i = (r * face.width + c) * 3;
        const [R, G, B] = [face.data[i] ?? 0, face.data[i + 1] ?? 0, face.data[i + 2] ?? 0];
        y[(fy + r) * w + fx + c] = Math.round(0.299 * R + 0.587 * G + 0.114 * B);
        if (r % 2 === 0 && c % 2 === 0) {
          const at = ((fy + r) / 2) * (w / 2) + (fx + c) / 2;
          chroma[at] = Math.round(128 - 0.168736 * R - 0.331264 * G + 0.5 * B);
          chroma[(w / 2) * (h / 2) + at] = Math.round(128 + 0.5 * R - 0.418688 * G - 0.081312 * B);
        }
      }
  }
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < cell; dy++) y.fill(16, (y0 + r * cell + dy) * w + x0 + c * cell, (y0 + r * cell + dy) * w + x0 + (c + 1) * cell);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, chroma]));
  return file;
}
