import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { bookingInput, typeInput } from '../../../test/logistics.js';
import { employees } from '../../db/schema/index.js';

/** Trucks and temporary cards through the same engine as visits: a policy by request kind, decided by its approvers. */
describe('approval policies for trucks and temporary cards', () => {
  let t: TestApp;
  let a: Tenant;
  let approver: { id: number; token: string };
  let applicant: { id: number; token: string };
  let desk: string;
  let logType: number;

  const login = async (phone: string) => (await t.api.empLogin({ phone, empPwd: PASSWORD })).result.token;
  const queue = async () => (await t.api.getNoApproveRecords({}, approver.token)).result.list;

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    const e = await seedEmployee(t, a.id, '13830000001');
    await t.db.update(employees).set({ name: 'Tess Approver' }).where(eq(employees.id, e.id));
    approver = { id: e.id, token: await login('13830000001') };
    const p = await seedEmployee(t, a.id, '13830000002');
    applicant = { id: p.id, token: await login('13830000002') };
    desk = (await seedStaff(t, a.id, 2)).token;
    logType = (await t.api.addExtendType(typeInput, a.token)).result.tid;
    // Approval of visits is off: trucks and cards have always needed a decision, and follow policies regardless.
    for (const [name, kind] of [
      ['Trucks', 'truck'],
      ['Cards', 'interimCard'],
      ['Workers', 'resident'],
    ] as const)
      expect(
        (
          await t.api.addApprovalPolicy(
            { name, conditions: [{ field: 'kind', not: false, in: [kind] }], steps: [{ approvers: [{ kind: 'employee', id: approver.id }] }] },
            a.token,
          )
        ).status,
      ).toBe(0);
  });
  afterAll(() => t.close());

  it('a truck booking waits for the policy’s approver, not the desk, and is approved by them', async () => {
    const booking = (await t.api.addLogisticsInfo(bookingInput(logType), a.token)).result;
    expect(booking.pstatus).toBe(0);
    const mine = (await queue()).find((r) => r.subject === 'truck' && r.subjectId === booking.sid);
    expect(mine).toMatchObject({ aName: 'Trucks', vname: '李司机 粤B12345', kind: 'truck', vid: 0, canDecide: true });
    expect((await t.api.approveLogistics({ sid: booking.sid, pstatus: 1 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.completeProcessRecord({ rid: mine?.rid ?? 0, result: 'approve' }, approver.token)).status).toBe(0);
    const after = (await t.api.getLogisticsInfo({ startIndex: 0, requestedCount: 50 }, a.token)).result.list.find((b) => b.sid === booking.sid);
    expect(after).toMatchObject({ pstatus: 1, approver: 'Tess Approver' });
  });

  it('a policy’s refusal refuses a temporary card application, with the reason; before it the desk can neither lend nor refuse', async () => {
    const card = (await t.api.addInterimCard({ office: 'B2-301' }, applicant.token)).result;
    expect((await t.api.updateInterimCard({ cid: card.cid, cardNo: 'T0001' }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.refuseInterimCard({ cid: card.cid, refuseReason: 'no' }, desk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const mine = (await queue()).find((r) => r.subject === 'interimCard' && r.subjectId === card.cid);
    expect(mine).toMatchObject({ aName: 'Cards', vcompany: 'B2-301' });
    expect((await t.api.completeProcessRecord({ rid: mine?.rid ?? 0, result: 'refuse', remark: 'Not this week' }, approver.token)).status).toBe(0);
    const after = (await t.api.getInterimCard({}, desk)).result.list.find((c) => c.cid === card.cid);
    expect(after).toMatchObject({ icStatus: 3, refuseReason: 'Not this week' });
  });

  it('a resident worker waits for the policy’s approver; a change of their dates asks again', async () => {
    const DAY = 86_400_000;
    const pid = (
      await t.api.addProject(
        { pName: 'Canteen', leader: 'Wang', phone: '13800005555', startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY },
        a.token,
      )
    ).result.pid;
    const body = { pid, company: 'Clean Co', name: '赵常驻', phone: '13922220001', startDate: Date.now() - DAY, endDate: Date.now() + 10 * DAY };
    const rid = (await t.api.addResidentVisitor(body, a.token)).result.rid;
    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const mine = (await queue()).find((r) => r.subject === 'resident' && r.subjectId === rid);
    expect(mine).toMatchObject({ aName: 'Workers', vname: '赵常驻', empName: 'Canteen', vcompany: 'Clean Co' });
    await t.api.completeProcessRecord({ rid: mine?.rid ?? 0, result: 'approve' }, approver.token);
    const status = async () => (await t.api.getResidentVisitor({ pid }, a.token)).result.list.find((r) => r.rid === rid)?.rstatus;
    expect(await status()).toBe(1);
    expect((await t.api.updateResidentVisitor({ ...body, rid, endDate: Date.now() + 20 * DAY }, a.token)).status).toBe(0);
    expect(await status()).toBe(0);
    expect((await queue()).filter((r) => r.subject === 'resident' && r.subjectId === rid && r.status === 'pending')).toHaveLength(1);
  });

  it('once a policy approved the application, the desk lends the card as before', async () => {
    const card = (await t.api.addInterimCard({ office: 'B2-302' }, applicant.token)).result;
    const mine = (await queue()).find((r) => r.subject === 'interimCard' && r.subjectId === card.cid);
    await t.api.completeProcessRecord({ rid: mine?.rid ?? 0, result: 'approve' }, approver.token);
    expect((await t.api.updateInterimCard({ cid: card.cid, cardNo: 'T0009' }, desk)).result).toMatchObject({ icStatus: 1 });
  });
});
