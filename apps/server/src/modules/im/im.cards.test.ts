import { NotifyChannel, Status, statusInfo } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeishuSim, startFeishuSim } from '../../../../../tools/feishu-sim.js';
import { drainJobs, PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { operationLogs } from '../../db/schema/index.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { onPress } from './im.cards.js';
import { ImConnections } from './im.connections.js';

/**
 * Approval requests as Feishu cards (docs/protocols/feishu.md "Card callbacks"), pressed in the simulator and answered
 * over the long connection: the decision goes through approvals' engine, the card changes only after it is committed.
 */
describe('approval cards in Feishu', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let fs: FeishuSim;
  let holder: ImConnections;
  let hostToken: string;
  let cardId = '';
  let vid = 0;
  let approveValue: unknown;

  const drain = () => drainJobs(t);
  const visit = async (vid: number) => (await t.api.GetVisitorByVid({ vid }, a.token)).result as { permission: number; status: string };
  let invited = 0;
  const invite = async () => {
    invited += 1;
    const phone = `1397777${String(1110 + invited).padStart(4, '0')}`;
    const r = await t.call<{ vid: number }[]>(
      'addAppointment',
      { appointmentDate: Date.now() + 60_000, visitors: [{ name: 'Card Visitor', phone, lang: 'en' }] },
      hostToken,
    );
    expect(r.status, r.reason).toBe(0);
    return r.result[0]?.vid ?? 0;
  };

  beforeAll(async () => {
    fs = await startFeishuSim();
    fs.addDepartment({ departmentId: 'd-sec', name: 'Security' });
    fs.addUser({ userId: 'f-ann', name: 'Ann Approver', mobile: '+8613700070001', departmentIds: ['d-sec'] });
    t = await testApp({}, { FEISHU_API_URL: fs.url });
    ({ a, b } = await twoTenants(t));
    await seedEmployee(t, a.id, '13800007777');
    hostToken = (await t.api.empLogin({ phone: '13800007777', empPwd: PASSWORD })).result.token;
    expect((await t.api.updateImApp({ platform: 'feishu', appId: fs.app.appId, appSecret: fs.app.appSecret }, a.token)).status).toBe(0);
    expect((await t.api.updateAppDirectory({ channel: 'feishu', on: 1 }, a.token)).status).toBe(0);
    await t.api.autoGetEmployeeFromCT({}, a.token);
    const ann = (await t.api.getEmpListPages({ name: 'Ann Approver' }, a.token)).result.list[0]?.empid ?? 0;
    await t.api.updateDefaultNotify({ empids: [ann], defaultNotify: NotifyChannel.FEISHU }, a.token);
    // One level, Ann approving; employees may invite.
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1}'::jsonb WHERE id = ${a.id}`);
    const aid = (await t.api.addProcessArea({ aName: 'Gate' }, a.token)).result.aid;
    expect((await t.api.addProcessRule({ aid, levels: [{ level: 1, approvers: [{ rType: 1, id: ann }] }] }, a.token)).status).toBe(0);
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, a.token)).status).toBe(0);
    holder = new ImConnections({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, { holder: 'cards' });
    await holder.tick();
    expect(await eventually(() => holder.ready(a.id))).toBe(true);
  });
  afterAll(async () => {
    await holder?.stop();
    await t?.close();
    await fs?.close();
  });

  it('the approver gets the request as a card with Approve, Refuse and a reason; Refuse without a reason changes nothing', async () => {
    vid = await invite();
    await drain();
    const sent = fs.sent.find((m) => m.userId === 'f-ann' && m.msgType === 'interactive');
    expect(sent).toBeDefined();
    cardId = sent?.messageId ?? '';
    expect(JSON.stringify(fs.card(cardId))).toContain('Card Visitor');
    const noReason = await fs.press({ messageId: cardId, userId: 'f-ann', button: 'refuse', name: 'refuse' });
    expect(noReason).toMatchObject({ answered: true, toast: { type: 'warning' } });
    expect(JSON.stringify(fs.card(cardId))).toContain('"name":"approve"');
    expect((await visit(vid)).permission).toBe(0);
  });

  it('a forged value and another company’s press are refused, logged, and change nothing', async () => {
    const forged = await fs.press({
      messageId: cardId,
      userId: 'f-ann',
      value: { k: 'openvisit-decision', t: `${a.id}~1~1~9999999999~forged`, d: 'approve' },
    });
    expect(forged).toMatchObject({ answered: true, toast: { type: 'error', content: statusInfo(Status.APPROVAL_LINK_INVALID)?.en } });
    const sent = fs.sent.find((m) => m.messageId === cardId);
    approveValue = JSON.parse(JSON.stringify(fs.card(cardId))).body.elements[1].elements[1].behaviors[0].value;
    // The same card and value arriving on company b's connection: not b's card, not b's request.
    const deps = { system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log };
    const other = await onPress(deps, b.id, { messageId: cardId, userId: sent?.userId ?? '', value: approveValue, formValue: {} }, t.app.log);
    expect(other.toast.type).toBe('error');
    expect(other.card).toBeUndefined();
    expect(JSON.stringify(fs.card(cardId))).toContain('"name":"approve"');
  });

  it('Approve decides through the engine, answered in time; the card then shows who decided; a second press is refused', async () => {
    const approved = await fs.press({ messageId: cardId, userId: 'f-ann', button: 'approve', name: 'approve' });
    expect(approved).toMatchObject({ answered: true, toast: { type: 'success', content: 'Approved' } });
    const card = JSON.stringify(approved.card);
    expect(card).toContain('Ann Approver');
    expect(card).not.toContain('"name":"approve"');
    expect((await visit(vid)).permission).toBe(1);
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id));
    expect(logs.some((l) => l.optName === 'Ann Approver' && l.objName === 'Card Visitor')).toBe(true);
    // The old buttons pressed again (a double press, a stale client): the request already moved on.
    const again = await fs.press({ messageId: cardId, userId: 'f-ann', value: approveValue });
    expect(again).toMatchObject({ answered: true, toast: { type: 'error' } });
    expect((await visit(vid)).permission).toBe(1);
  });

  it('Refuse with a reason refuses the visit; the card shows it in red with the approver', async () => {
    const v = await invite();
    await drain();
    const sent = fs.sent.filter((m) => m.userId === 'f-ann' && m.msgType === 'interactive').at(-1);
    const id = sent?.messageId ?? '';
    const refused = await fs.press({ messageId: id, userId: 'f-ann', button: 'refuse', name: 'refuse', formValue: { reason: 'No escort today' } });
    expect(refused).toMatchObject({ answered: true, toast: { type: 'success', content: 'Refused' } });
    const card = fs.card(id) as { header: { template: string } };
    expect(card.header.template).toBe('red');
    expect(JSON.stringify(card)).toContain('Ann Approver');
    expect((await visit(v)).permission).toBe(2);
  });

  it('a decision taken elsewhere (the browser page) updates the card: outcome, who and when, no buttons; a press then changes nothing', async () => {
    const v = await invite();
    await drain();
    const sent = fs.sent.filter((m) => m.userId === 'f-ann' && m.msgType === 'interactive').at(-1);
    const id = sent?.messageId ?? '';
    const stale = JSON.parse(JSON.stringify(fs.card(id))) as unknown;
    const value = JSON.parse(JSON.stringify(stale)).body.elements[1].elements[1].behaviors[0].value as { t: string };
    // The card's "Open in the browser" page, decided there.
    const decided = await t.api.decideApprovalByLink({ token: value.t, result: 'approve', remark: '' });
    expect(decided.status, decided.reason).toBe(0);
    await drain();
    const after = JSON.stringify(fs.card(id));
    expect(after).toContain('Approved');
    expect(after).toContain('Ann Approver');
    expect(after).not.toContain('"name":"approve"');
    expect((fs.cardState(id)?.history ?? []).at(-1)?.via).toBe('patch');
    // A client that still shows the old card: its press is refused, the decision stands.
    const late = await fs.press({ messageId: id, userId: 'f-ann', value });
    expect(late).toMatchObject({ answered: true, toast: { type: 'error' } });
    expect((await visit(v)).permission).toBe(1);
    // Nothing left to update: another decision's job finds no open card.
    await drain();
    expect((fs.cardState(id)?.history ?? []).filter((h) => h.via === 'patch')).toHaveLength(1);
  });
});
