// The doors end to end (issue 16), the device side played by the device simulator (tools/device-simulator.ts) as a
// separate process speaking the device API over HTTP: a company with a visitors' door group, a QR reader and its
// secret, its doors signing visitors in; an invited visitor opens the invitation on their phone (Chromium) and the
// reader scans the QR code the phone shows (decoded from the screen). The reader opens and signs them in; a strategy
// whose pass time is not now refuses them (1124); the company's qrMaxCount refuses a third entry (1114); the way out
// signs them out. The records screen shows every pass in English and Chinese; the monitor shows the reader online,
// then offline once the simulator stops.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { apiOf, newContext, PASSWORD, registerCompany, SIGNIN_EN, SIGNIN_ZH, scaled, screenshot, signIn, step, until, useStack } from './harness.js';

const stack = useStack();
const { ok } = apiOf(() => stack.server);
const ADMIN = 'doors.admin@example.com';
const root = path.resolve(import.meta.dirname, '..');

type Answer = { status: number; reason?: string; result: Record<string, unknown> | null };

/** The simulator as a QR reader, running: its control address once it printed it. */
async function startReader(credential: string): Promise<{ child: ChildProcess; control: string; lines: string[] }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'tools/device-simulator.ts'),
      '--server',
      stack.server.url,
      '--device',
      credential,
      'run',
      '--heartbeat',
      '2',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (c: string) => lines.push(...c.split('\n').filter(Boolean)));
  child.stderr?.setEncoding('utf8').on('data', (c: string) => lines.push(c));
  const ready = await until('the simulator ready', () => {
    if (child.exitCode !== null) throw new Error(`simulator exited: ${lines.join('\n')}`);
    const line = lines.find((l) => l.includes('"ready"'));
    return line ? (JSON.parse(line) as { control: string }) : undefined;
  });
  return { child, control: ready.control, lines };
}

async function scan(control: string, qrcode: string, direction?: 1 | 2): Promise<Answer> {
  const res = await fetch(`${control}/scan`, { method: 'POST', body: JSON.stringify({ qrcode, ...(direction ? { direction } : {}) }) });
  return (await res.json()) as Answer;
}

async function swipe(control: string, cardNo: string): Promise<Answer> {
  const res = await fetch(`${control}/card`, { method: 'POST', body: JSON.stringify({ cardNo }) });
  return (await res.json()) as Answer;
}

/**
 * The text of the QR code an element shows, read from the screen as a reader's camera would: looked at again until it
 * reads, since the code is drawn after the element appears (its chunk loads, the page fades it in).
 */
async function qrOf(page: Page, testId: string): Promise<string> {
  return until('a readable QR code', async () => {
    const png = await page.getByTestId(testId).screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data || undefined;
  });
}

/** A pass time that is not now: a half hour starting in an hour (tomorrow's small hours near midnight). */
function notNow(): string {
  const h = (new Date().getHours() + 1) % 24;
  const hh = String(h).padStart(2, '0');
  return `${hh}:00-${hh}:30`;
}

describe('doors', () => {
  let reader: ChildProcess | undefined;
  after(() => {
    reader?.kill('SIGTERM');
  });

  it('a simulated reader opens for an invited visitor’s pass, refuses it out of its pass time and past qrMaxCount; the records show it; the monitor sees it go dark', {
    timeout: scaled(900_000),
  }, async () => {
    await registerCompany(stack, ADMIN, 'Door Works');
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    const group = await ok('addEquipmentGroup', { egname: 'Lobby', etype: 2, defaultOn: true }, admin);
    const added = await ok(
      'addEquipment',
      {
        deviceName: 'Lobby reader',
        deviceCode: 'QR-LOBBY-1',
        extendCode: '',
        roomNum: '1F',
        deviceIp: '',
        devicePort: null,
        readerNo: '',
        enterStatus: 1,
        eType: 'qr',
        egids: [group.egid],
      },
      admin,
    );
    await ok('updateDoorSignInSwitch', { doorSignIn: 1 }, admin);
    await ok('updateQrcodeConf', { qrMaxCount: 2, qrMaxDuration: 0 }, admin);
    const host = (await ok('addEmployee', { employee_name: 'Grace Host', phone: '13800138123' }, admin)).empid;
    const sim = await startReader(`${added.device.eid}.${added.secret}`);
    reader = sim.child;

    const [invited] = await ok(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 5 * 60_000, visitors: [{ name: 'Vera Visitor', phone: '13922223333', lang: 'en' }] },
      admin,
    );
    assert.ok(invited?.inviteLink);
    const phoneContext = await newContext(stack.browser, 'en-US', { viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    const pass = await step(phone, 'doors-phone-pass', async () => {
      await phone.goto(invited.inviteLink);
      await phone.getByRole('button', { name: 'Accept' }).click();
      await phone.getByTestId('invitation-qr').waitFor();
      return qrOf(phone, 'invitation-qr');
    });
    assert.match(pass, /^OV3\d{8}[A-Za-z0-9]{16}$/);

    // First entry: opens and signs the visitor in.
    const first = await scan(sim.control, pass);
    assert.equal(first.status, 0, JSON.stringify(first));
    assert.equal(first.result?.signedIn, true);
    // The phone now keeps the pass for the doors.
    await phone.reload();
    await phone.getByText('You are signed in: show this QR code at the doors during your visit.').waitFor();
    assert.equal(await qrOf(phone, 'invitation-qr'), pass);

    // A strategy for visitors at this group whose pass time is not now.
    const rule = await ok(
      'addPassRule',
      { rname: 'Later today', mon: [notNow()], tue: [notNow()], wed: [notNow()], thu: [notNow()], fri: [notNow()], sat: [notNow()], sun: [notNow()] },
      admin,
    );
    const strategy = await ok('addPassConfig', { cname: 'Visitors later', forVisitors: true, egids: [group.egid], rid: rule.rid }, admin);
    const outOfTime = await scan(sim.control, pass);
    assert.equal(outOfTime.status, 1124, JSON.stringify(outOfTime));
    await ok('delPassConfig', { cid: strategy.cid }, admin);

    // Second entry opens; the third is one more than the company's qrMaxCount.
    assert.equal((await scan(sim.control, pass)).status, 0);
    const third = await scan(sim.control, pass);
    assert.equal(third.status, 1114, JSON.stringify(third));
    // The way out always opens, and signs them out.
    const out = await scan(sim.control, pass, 2);
    assert.equal(out.status, 0);
    assert.equal(out.result?.signedOut, true);
    // A tampered pass is refused as forged.
    assert.equal((await scan(sim.control, `${pass.slice(0, -1)}${pass.endsWith('A') ? 'B' : 'A'}`)).status, 1112);

    const en = await (await newContext(stack.browser, 'en-US')).newPage();
    await step(en, 'doors-records-en', async () => {
      await en.goto(`${stack.server.url}/signin`);
      await signIn(en, ADMIN, PASSWORD, SIGNIN_EN);
      await en.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await en.goto(`${stack.server.url}/key/record`);
      const rows = en.locator('.ant-table-tbody tr', { hasText: 'Lobby reader' });
      await until('six passes listed', async () => ((await rows.count()) === 6 ? true : undefined));
      await en.locator('.ant-table-tbody tr', { hasText: 'Vera Visitor' }).first().waitFor();
      assert.equal(await rows.filter({ hasText: 'Success' }).count(), 3);
      // Refusals read as such, the one out of its pass time naming the schedule that refused it.
      assert.equal(await rows.filter({ hasText: 'Refused' }).count(), 3);
      assert.equal(await rows.filter({ hasText: 'Refused by schedule Later today' }).count(), 1);
      await screenshot(en, 'doors-records-en');
    });
    const zh = await (await newContext(stack.browser, 'zh-CN')).newPage();
    await step(zh, 'doors-records-zh', async () => {
      await zh.goto(`${stack.server.url}/signin`);
      await signIn(zh, ADMIN, PASSWORD, SIGNIN_ZH);
      await zh.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await zh.goto(`${stack.server.url}/key/record`);
      const rows = zh.locator('.ant-table-tbody tr', { hasText: 'Lobby reader' });
      await until('six passes listed', async () => ((await rows.count()) === 6 ? true : undefined));
      assert.equal(await rows.filter({ hasText: '成功' }).count(), 3);
      assert.equal(await rows.filter({ hasText: '拒绝通行' }).count(), 2);
      assert.equal(await rows.filter({ hasText: '被通行时刻表“Later today”拒绝' }).count(), 1);
      await screenshot(zh, 'doors-records-zh');
    });

    // The same reader takes cards: the host's opens once the group serves everyone and is granted to them.
    await ok('updateCardNo', { empid: host, cardNo: 'C-1001' }, admin);
    assert.equal((await swipe(sim.control, 'C-1001')).status, 1111);
    await ok('updateEquipmentGroup', { egid: group.egid, egname: 'Lobby', etype: 0, defaultOn: true, eids: [added.device.eid] }, admin);
    await ok('updateAccessControl', { empids: [host], egids: [group.egid] }, admin);
    const swiped = await swipe(sim.control, 'c-1001');
    assert.equal(swiped.status, 0, JSON.stringify(swiped));
    assert.equal(swiped.result?.empid, host);
    assert.equal((await swipe(sim.control, 'NOBODY-1')).status, 1123);

    // The simulator reported as the device all along: the server saw it, and so does the monitor.
    const device = (await ok('getEquipmentbyUserid', {}, admin)).find((d) => d.eid === added.device.eid);
    assert.equal(device?.onlineStatus, 1);
    await ok('updateEqptMonitorSetting', { offlineMinutes: 2 }, admin);
    await step(en, 'doors-monitor-online', async () => {
      await en.goto(`${stack.server.url}/monitor`);
      const row = en.getByTestId('monitor-table').locator('tr', { hasText: 'Lobby reader' });
      await row.getByText('Online', { exact: true }).waitFor();
      await row.getByText('Door device').waitFor();
    });
    // The reader goes dark: offline once its last report is older than the threshold (polled, no fixed wait).
    sim.child.kill('SIGTERM');
    await until('the simulator stopped', () => (sim.child.exitCode !== null ? true : undefined));
    const readerId = `device:${added.device.eid}`;
    await until(
      'the reader offline',
      async () => ((await ok('getEqptMonitor', { status: 'offline' }, admin)).list.some((d) => d.clientId === readerId) ? true : undefined),
      scaled(300_000),
    );
    await step(zh, 'doors-monitor-offline-zh', async () => {
      await zh.goto(`${stack.server.url}/monitor`);
      const row = zh.getByTestId('monitor-table').locator('tr', { hasText: 'Lobby reader' });
      await row.getByText('离线', { exact: true }).waitFor();
      await row.getByText('门禁设备').waitFor();
      await screenshot(zh, 'doors-monitor-offline-zh');
    });
  });
});
