import { NotifyChannel } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeishuSim, startFeishuSim } from '../../../../../tools/feishu-sim.js';
import { startWeComSim, type WeComSim } from '../../../../../tools/wecom-sim.js';
import { drainJobs, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { scopeForCompany, systemScope } from '../../platform/identity/tenancy.js';
import { sendWorkAppText } from './im.notices.js';

/**
 * Notices as Feishu and WeCom messages (docs/protocols/feishu.md "Messages", wecom.md "Messages"), through the
 * notifications outbox against the simulators: a walk-in's arrival notice reaches its host in the app, with a delivery
 * record; a person found by phone; refusals kept with the reason and not retried.
 */
describe('notices through the Feishu and WeCom apps', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: { token: string };
  let fs: FeishuSim;
  let wc: WeComSim;
  const corpId = 'ww0000000000ab71ce';

  beforeAll(async () => {
    [fs, wc] = await Promise.all([startFeishuSim(), startWeComSim({ seed: false })]);
    fs.addDepartment({ departmentId: 'd-front', name: 'Front' });
    fs.addUser({ userId: 'f-host', name: 'Hana Host', mobile: '+8613700060001', departmentIds: ['d-front'] });
    wc.addApp({ corpId, agentId: 1000020, secret: 'wecom-notice-secret' });
    wc.addUser({ userid: 'w-host', name: 'Wen Host', department: [1], mobile: '13700060003' }, corpId);
    wc.addUser({ userid: 'w-gone', name: 'Gone Host', department: [1], mobile: '13700060004', status: 5 }, corpId);
    t = await testApp({}, { FEISHU_API_URL: fs.url, WECOM_API_URL: wc.url });
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    expect((await t.api.updateImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret }, a.token)).status).toBe(0);
    expect((await t.api.updateImApp({ platform: 'wecom', corpId, agentId: '1000020', secret: 'wecom-notice-secret' }, b.token)).status).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([fs?.close(), wc?.close()]);
  });

  const drain = () => drainJobs(t);
  const records = async (token: string, channel: 'feishu' | 'wecom') =>
    (await t.api.getSendRecords({ requestedCount: 100, channel }, token)).result.list;
  const employee = async (token: string, name: string, phone: string, defaultNotify: number) => {
    const r = await t.api.addEmployee({ employee_name: name, phone }, token);
    expect(r.status, r.reason).toBe(0);
    await t.api.updateDefaultNotify({ empids: [r.result.empid], defaultNotify }, token);
    return r.result.empid;
  };

  it('a walk-in’s arrival notice reaches the host in Feishu, addressed by the user id the directory sync linked', async () => {
    expect((await t.api.updateAppDirectory({ channel: 'feishu', on: 1 }, a.token)).status).toBe(0);
    await t.api.autoGetEmployeeFromCT({}, a.token);
    const empid = (await t.api.getEmpListPages({ name: 'Hana Host' }, a.token)).result.list[0]?.empid ?? 0;
    expect(empid).toBeGreaterThan(0);
    await t.api.updateDefaultNotify({ empids: [empid], defaultNotify: NotifyChannel.FEISHU }, a.token);
    const walkIn = await t.api.UpdatePhoto({ vname: 'Vera Visitor', vphone: '13900060001', empid }, desk.token);
    expect(walkIn.status, walkIn.reason).toBe(0);
    await drain();
    const sent = fs.sent.filter((m) => m.userId === 'f-host');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ receiveIdType: 'user_id', msgType: 'text' });
    expect(JSON.stringify(sent[0]?.content)).toContain('Vera Visitor');
    expect((await records(a.token, 'feishu'))[0]).toMatchObject({ channel: 'feishu', to: 'f-host', state: 'sent', attempts: 1 });
  });

  it('an employee not linked is found by phone at delivery; a failed attempt is retried, and a re-sent message is not sent twice', async () => {
    // Joined Feishu after the last sync: no link yet.
    fs.addUser({ userId: 'f-phone', name: 'Pei Phone', mobile: '+8613700060002', departmentIds: ['d-front'] });
    const pei = await employee(a.token, 'Pei Phone', '13700060002', NotifyChannel.FEISHU);
    // Three server errors in a row: the attempt gives up (674), and the outbox tries again later.
    fs.fail('messages.create', { status: 500, code: 1, msg: 'system busy', times: 3 });
    const told = await t.services.notifier.tellEmployee(a.id, pei, { subject: 'Your visitor', text: 'is here' });
    expect(told).toEqual([expect.objectContaining({ channel: 'feishu', state: 'queued' })]);
    await drain();
    expect(fs.sent.filter((m) => m.userId === 'f-phone').map((m) => m.content)).toEqual([{ text: 'Your visitor\nis here' }]);
    const [record] = await records(a.token, 'feishu');
    expect(record).toMatchObject({ to: 'tel:13700060002', state: 'sent', attempts: 2 });
    // The same delivery record sent again (its answer lost, say) carries the same uuid: Feishu sends nothing new.
    const deps = { tenant: scopeForCompany(systemScope(t.db), a.id), config: t.config, services: t.services };
    await sendWorkAppText(deps, 'feishu', { id: record?.id ?? 0, to: 'tel:13700060002', subject: 'Your visitor', text: 'is here' });
    expect(fs.sent.filter((m) => m.userId === 'f-phone')).toHaveLength(1);
  });

  it('WeCom: the member by phone; one who left is refused once, with the reason, not retried', async () => {
    const wen = await employee(b.token, 'Wen Host', '13700060003', NotifyChannel.WECOM);
    const gone = await employee(b.token, 'Gone Host', '13700060004', NotifyChannel.WECOM);
    await t.services.notifier.tellEmployee(b.id, wen, { subject: '访客已到达', text: '王五已签到' });
    await t.services.notifier.tellEmployee(b.id, gone, { subject: '访客已到达', text: '赵六已签到' });
    await drain();
    expect(wc.sent.map((m) => [m.to, m.content])).toEqual([[['w-host'], '访客已到达\n王五已签到']]);
    const byTo = new Map((await records(b.token, 'wecom')).map((r) => [r.to, r]));
    expect(byTo.get('tel:13700060003')).toMatchObject({ state: 'sent' });
    expect(byTo.get('tel:13700060004')).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('a company without the app: the notice is on record as failed, saying the app is not set up', async () => {
    const told = await t.services.notifier.tellEmployee(b.id, await employee(b.token, 'Fei Nope', '13700060009', NotifyChannel.FEISHU), {
      subject: 'S',
      text: 'T',
    });
    expect(told).toEqual([
      expect.objectContaining({ channel: 'feishu', state: 'failed', reason: 'The Feishu app is not set up (Settings › Work apps)' }),
    ]);
  });
});
