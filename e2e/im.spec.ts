// Work apps end to end (issue 40): an employee signs in with DingTalk (the simulator's sign-in page), invites a visitor
// from the employee portal, the approver approves on the Feishu card (pressed in the Feishu simulator, answered over the
// long connection the served product holds), and the visitor's QR pass opens the door. Every platform is its simulator
// in tools/, as the installation's DINGTALK_* and FEISHU_API_URL addresses; nothing of the server is stubbed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatDateTime } from '@openvisit/contract';
import type { Browser } from 'playwright-core';
import { type DingTalkSim, startDingTalkSim } from '../tools/dingtalk-sim.js';
import { type FeishuSim, startFeishuSim } from '../tools/feishu-sim.js';
import {
  apiOf,
  launchBrowser,
  newContext,
  PASSWORD,
  registerCompany,
  type Server,
  type Smtp,
  screenshot,
  startServer,
  startSmtp,
  step,
  until,
} from './harness.js';

let smtp: Smtp;
let server: Server;
let browser: Browser;
let dt: DingTalkSim;
let fs: FeishuSim;
const { ok, call } = apiOf(() => server);

const ADMIN = 'im.admin@example.com';
const HOST = { name: 'Dana Ding', phone: '13800170001' };
const APPROVER = { name: 'Ann Feishu', mobile: '+8613800170002' };
const VISITOR = { name: 'Vic Visitor', email: 'vic.visitor@example.com' };

interface Scan {
  status: number;
  reason?: string;
  result?: { open?: boolean };
}

describe('work apps end to end', () => {
  before(async () => {
    dt = await startDingTalkSim();
    fs = await startFeishuSim();
    smtp = await startSmtp();
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      DINGTALK_API_URL: dt.url,
      DINGTALK_NEW_API_URL: dt.url,
      DINGTALK_LOGIN_URL: dt.url,
      FEISHU_API_URL: fs.url,
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await dt?.close();
    await fs?.close();
  });

  it('signs in with DingTalk, invites, is approved on a Feishu card, and the pass opens the door', async () => {
    await registerCompany({ server, smtp }, ADMIN, 'Work Apps Journey', { lang: 'en', phone: '13900170000' });
    const admin = (await ok('Login', { email: ADMIN, password: PASSWORD })).token;
    const companyId = (await ok('GetUserInfo', {}, admin)).userid as number;
    // The directory comes from Feishu (the host and the approver); the approver reads her notices there.
    fs.addDepartment({ departmentId: 'd-e2e', name: 'Office' });
    fs.addUser({ userId: 'f-dana', name: HOST.name, mobile: `+86${HOST.phone}`, departmentIds: ['d-e2e'] });
    fs.addUser({ userId: 'f-ann', name: APPROVER.name, mobile: APPROVER.mobile, departmentIds: ['d-e2e'] });
    await ok('updateImApp', { platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret }, admin);
    await ok('updateAppDirectory', { channel: 'feishu', on: 1 }, admin);
    await ok('autoGetEmployeeFromCT', {}, admin);
    const ann = (await ok('getEmpListPages', { name: APPROVER.name }, admin)).list[0]?.empid as number;
    assert.ok(ann, 'the approver came from Feishu');
    await ok('updateDefaultNotify', { empids: [ann], defaultNotify: 64 }, admin);
    // Employees sign in with DingTalk beside their passwords; the host is a DingTalk member with the same mobile.
    const app = dt.app();
    await ok(
      'updateImApp',
      { platform: 'dingtalk', appKey: app.appKey, appSecret: app.appSecret, agentId: String(app.agentId), signIn: 'on' },
      admin,
    );
    const member = dt.addUser({ userid: 'dd-dana', name: HOST.name, mobile: HOST.phone });
    // One approval level: the approver; employees may invite; a QR reader on the visitors' doors.
    await ok('updatePermissionSwitch', { permissionSwitch: 1 }, admin);
    const { aid } = await ok('addProcessArea', { aName: 'Office' }, admin);
    await ok('addProcessRule', { aid, levels: [{ level: 1, approvers: [{ rType: 1, id: ann }] }] }, admin);
    await ok('updateProcessSwitch', { processSwitch: 1 }, admin);
    const group = await ok('addEquipmentGroup', { egname: 'Lobby', etype: 2, defaultOn: true }, admin);
    const reader = await ok(
      'addEquipment',
      {
        deviceName: 'Lobby reader',
        deviceCode: 'QR-IM',
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
    const credential = `${reader.device.eid}.${reader.secret}`;
    const scan = async (qrcode: string): Promise<Scan> =>
      (await (
        await fetch(`${server.url}/api/uploadQrcode`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Device ${credential}` },
          body: JSON.stringify({ qrcode }),
        })
      ).json()) as Scan;

    const host = await (await newContext(browser, 'en-US', { viewport: { width: 1366, height: 860 } })).newPage();
    try {
      await step(host, 'im-dingtalk-signin', async () => {
        await host.goto(`${server.url}/signin/apps?company=${companyId}&via=dingtalk`);
        await host.waitForURL((u) => u.origin === new URL(dt.url).origin);
        await host.getByText(member.name).first().click();
        await host.waitForURL((u) => u.pathname.startsWith('/emporder'), { timeout: 20_000 });
      });
      await step(host, 'im-invite', async () => {
        await host.goto(`${server.url}/emporder/sigleorder`);
        await host.getByLabel('Visitor name').fill(VISITOR.name);
        await host.getByLabel('Email').fill(VISITOR.email);
        const time = host.getByLabel('Visit time');
        await time.click();
        await time.fill(formatDateTime(new Date(Date.now() + 10 * 60_000), 'en'));
        await time.press('Enter');
        await host.getByText('1 visitor invited').waitFor();
        await screenshot(host, 'im-invite-sent');
      });
    } finally {
      await host.context().close();
    }

    // The visitor accepts from the mail's link and holds a pass; the door stays shut while the visit waits.
    const mail = await smtp.waitFor(VISITOR.email, /invite\?token=/);
    const secid = /invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    await ok('updateAppointmentReply', { id: secid, status: 3 });
    const pass = (await ok('updateAppPreview', { secid })).pass as string;
    assert.ok(pass, 'the visitor has a QR pass');
    assert.notEqual((await scan(pass)).status, 0, 'refused while waiting for approval');

    // The approval request reaches the approver in Feishu as a card; she presses Approve.
    const card = await fs.waitForSent((m) => m.userId === 'f-ann' && m.msgType === 'interactive', 60_000);
    assert.match(JSON.stringify(fs.card(card.messageId)), new RegExp(VISITOR.name));
    const pressed = await until('the card press answered over the long connection', async () => {
      const r = await fs.press({ messageId: card.messageId, userId: 'f-ann', button: 'approve', name: 'approve' });
      return r.answered ? r : undefined;
    });
    assert.deepEqual(pressed.toast, { type: 'success', content: 'Approved' });
    assert.match(JSON.stringify(pressed.card), new RegExp(APPROVER.name));

    // Approved: the pass opens the door.
    const opened = await until('the door to open for the approved pass', async () => {
      const answer = await scan(pass);
      return answer.status === 0 ? answer : undefined;
    });
    assert.equal(opened.result?.open ?? true, true, JSON.stringify(opened));
    assert.equal((await call('getNoApproveRecords', {}, admin)).status, 0);
  });
});
