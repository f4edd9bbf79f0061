import { NotifyChannel } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DingTalkSim, startDingTalkSim } from '../../../../../tools/dingtalk-sim.js';
import { drainJobs, PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { imCards } from '../../db/schema/index.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { ImConnections } from './im.connections.js';

/**
 * Approval requests as DingTalk interactive cards (docs/protocols/dingtalk.md "Interactive cards"), delivered through
 * the simulator's card API and pressed there: the press comes over Stream (CALLBACK) and is answered in its frame.
 */
describe('approval cards in DingTalk', () => {
  let t: TestApp;
  let a: Tenant;
  let dt: DingTalkSim;
  let holder: ImConnections;
  let hostToken = '';
  let invited = 0;

  const visit = async (vid: number) => (await t.api.GetVisitorByVid({ vid }, a.token)).result as { permission: number };
  const invite = async () => {
    invited += 1;
    const phone = `1395555${String(invited).padStart(4, '0')}`;
    const before = dt.sent.length;
    const r = await t.call<{ vid: number }[]>(
      'addAppointment',
      { appointmentDate: Date.now() + 60_000, visitors: [{ name: 'DingTalk Visitor', phone, lang: 'en' }] },
      hostToken,
    );
    expect(r.status, r.reason).toBe(0);
    await drainJobs(t);
    const card = dt.sent.slice(before).find((m) => m.kind === 'card' && m.to.includes('u-ann'));
    expect(card, 'a card to the approver').toBeDefined();
    return { vid: r.result[0]?.vid ?? 0, outTrackId: card?.outTrackId ?? '' };
  };

  beforeAll(async () => {
    dt = await startDingTalkSim();
    dt.addUser({ userid: 'u-ann', name: 'Ann DingTalk', mobile: '13700050001' });
    t = await testApp({}, { DINGTALK_API_URL: dt.url, DINGTALK_NEW_API_URL: dt.url });
    ({ a } = await twoTenants(t));
    await seedEmployee(t, a.id, '13800005555');
    hostToken = (await t.api.empLogin({ phone: '13800005555', empPwd: PASSWORD })).result.token;
    const app = dt.app();
    expect(
      (await t.api.updateDDNotify({ ddnotify: 1, ddcorpid: app.appKey, ddcorpsecret: app.appSecret, ddagentid: app.agentId }, a.token)).status,
    ).toBe(0);
    const saved = await t.api.updateImApp({ platform: 'dingtalk', cardTemplateId: 'openvisit-approval.schema' }, a.token);
    expect(saved.status, saved.reason).toBe(0);
    expect(saved.result.cardTemplateId).toBe('openvisit-approval.schema');
    await t.api.autoGetEmployeeFromCT({}, a.token);
    const ann = (await t.api.getEmpListPages({ name: 'Ann DingTalk' }, a.token)).result.list[0]?.empid ?? 0;
    await t.api.updateDefaultNotify({ empids: [ann], defaultNotify: NotifyChannel.DINGTALK }, a.token);
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1}'::jsonb WHERE id = ${a.id}`);
    const aid = (await t.api.addProcessArea({ aName: 'Gate' }, a.token)).result.aid;
    expect((await t.api.addProcessRule({ aid, levels: [{ level: 1, approvers: [{ rType: 1, id: ann }] }] }, a.token)).status).toBe(0);
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, a.token)).status).toBe(0);
    holder = new ImConnections({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, { holder: 'dd-cards' });
    await holder.tick();
    expect(await eventually(() => holder.ready(a.id, 'dingtalk'))).toBe(true);
  });
  afterAll(async () => {
    await holder?.stop();
    await t?.close();
    await dt?.close();
  });

  it('a bad template id is refused as you type and by the server', async () => {
    const bad = await t.call('updateImApp', { platform: 'dingtalk', cardTemplateId: 'no spaces allowed' }, a.token);
    expect(bad.status).toBe(400);
  });

  it('the request arrives as a card of the company’s template; Refuse needs a reason, Approve decides over Stream', async () => {
    const { vid, outTrackId } = await invite();
    const card = dt.card(outTrackId);
    expect(card).toMatchObject({ cardTemplateId: 'openvisit-approval.schema', callbackType: 'STREAM' });
    expect(card?.cardParamMap).toMatchObject({ status: 'waiting', approve: 'Approve' });
    const noReason = await dt.press({ outTrackId, userId: 'u-ann', actionIds: ['refuse'] });
    expect(noReason.answered).toBe(true);
    expect(noReason.view).toMatchObject({ status: 'waiting' });
    expect((await visit(vid)).permission).toBe(0);
    const approved = await dt.press({ outTrackId, userId: 'u-ann', actionIds: ['approve'] });
    expect(approved.problems).toEqual([]);
    expect(approved.view).toMatchObject({ status: 'approved' });
    expect(approved.view?.result).toMatch(/^Approved · Ann DingTalk/);
    expect((await visit(vid)).permission).toBe(1);
  });

  it('a decision taken elsewhere updates everyone’s card through the card API', async () => {
    const { vid, outTrackId } = await invite();
    const [row] = await t.db.select({ template: imCards.template }).from(imCards).where(eq(imCards.messageId, outTrackId));
    const token = row?.template.params.token ?? '';
    expect((await t.api.decideApprovalByLink({ token, result: 'refuse', remark: 'Not today' })).status).toBe(0);
    await drainJobs(t);
    expect(dt.card(outTrackId)?.cardParamMap).toMatchObject({ status: 'refused' });
    expect((await visit(vid)).permission).toBe(2);
    // A press on the stale card changes nothing.
    const late = await dt.press({ outTrackId, userId: 'u-ann', actionIds: ['approve'] });
    expect(late.answered).toBe(true);
    expect((await visit(vid)).permission).toBe(2);
  });
});
