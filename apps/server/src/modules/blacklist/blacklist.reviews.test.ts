import { Role, Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { DRIVER_ID, OTHER_DRIVER_ID, seedBooking } from '../../../test/logistics.js';
import { operationLogs } from '../../db/schema/index.js';
import { jobContext } from '../../platform/http/calls.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { sweepCompany } from '../privacy/privacy.sweep.js';

type Errors = { errors: { field: string; rule: string }[] };
const DAY = 86_400_000;

describe('the screening review queue: every way in holds a possible match for a reviewer (issue 42)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: { token: string };
  let kiosk: { token: string };
  let hse: { token: string };
  let host: number;
  const waiting = async (name: string) => (await t.api.getScreeningReviews({ name }, a.token)).result.list;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, Role.GATE);
    kiosk = await seedStaff(t, a.id, Role.MACHINE);
    hse = await seedStaff(t, a.id, Role.HSE);
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800002222' }, a.token)).result.empid;
    // A name and an alias, nothing else: the written name refuses, its pinyin is possible.
    expect((await t.api.addBlacklist({ name: '張偉', aliases: ['张大伟'], remark: 'theft' }, a.token)).status).toBe(0);
  });
  afterAll(() => t.close());

  it('a kiosk walk-in as "Zhang Wei" waits for review, shown why; refused by HSE with a reason, the visit is refused, both logged', async () => {
    const walkIn = await t.api.UpdatePhoto({ vname: 'Zhang Wei', vphone: '13911110000', empid: host }, kiosk.token);
    expect(walkIn.result).toMatchObject({ status: 'unauthorized', permission: 0 });
    const [review] = await waiting('Zhang');
    expect(review).toMatchObject({
      subject: 'visit',
      vid: walkIn.result.vid,
      channel: 'kiosk',
      status: 'waiting',
      matches: [
        { name: '張偉', strength: 'possible', level: 'refuse', reason: { alias: 0, rules: ['pinyin'] }, reasonText: { en: 'pinyin of the name' } },
      ],
    });
    // The visit says why it waits.
    expect((await t.api.getVisitScreening({ vid: walkIn.result.vid }, a.token)).result.review).toMatchObject({ id: review?.id, status: 'waiting' });
    // Not checked in while held.
    expect((await t.api.AppClientSignin({ vid: walkIn.result.vid }, desk.token)).status).toBe(Status.VISITOR_UNAUTHORIZED);
    // A desk may not decide; a refusal needs a reason.
    expect((await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'refuse' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    const noReason = await t.call<Errors>('decideScreeningReview', { id: review?.id, result: 'refuse' }, hse.token);
    expect(noReason.result.errors).toEqual([{ field: 'remark', rule: 'required' }]);
    const refused = await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'refuse', remark: 'The person on the list' }, hse.token);
    expect(refused.result).toMatchObject({ status: 'refused', remark: 'The person on the list', decidedBy: expect.any(String) });
    expect((await t.api.GetVisitorByVid({ vid: walkIn.result.vid }, a.token)).result).toMatchObject({ status: 'refused', permission: 2 });
    expect((await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'allow' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.getVisitScreening({ vid: walkIn.result.vid }, hse.token)).result.review).toMatchObject({ status: 'refused' });
    const logs = await t.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.companyId, a.id), eq(operationLogs.objName, 'Zhang Wei'), eq(operationLogs.optModule, 6)));
    // Held (an alert for reception) and refused, each naming the person.
    expect(logs.map((l) => [l.optEvent, l.descKey])).toEqual([
      ['alert', 'screeningHeld'],
      ['update', 'screeningRefused'],
    ]);
    expect((await t.api.getScreeningReviews({ state: 'decided' }, a.token)).result.list.map((r) => r.status)).toContain('refused');
    // The hold was one webhook event (the desk's check-in try while it waited, none more); never the ID number nor the photo.
    const held = (await eventsOf(t, a.id, 'watchlist.matched')).filter((e) => e.data.vid === walkIn.result.vid);
    expect(held).toEqual([
      {
        type: 'watchlist.matched',
        data: expect.objectContaining({
          outcome: 'held',
          subject: 'visit',
          channel: 'kiosk',
          person: { name: 'Zhang Wei', phone: '13911110000' },
          matches: [expect.objectContaining({ name: '張偉', level: 'refuse', strength: 'possible' })],
        }),
      },
    ]);
  });

  it('the written name at refuse level stops the walk-in (66); allowed, a held walk-in is authorised and checks in', async () => {
    expect((await t.api.UpdatePhoto({ vname: '张伟', vphone: '13911110001', empid: host }, kiosk.token)).status).toBe(Status.BLACKLISTED);
    const [stopped] = (await eventsOf(t, a.id, 'watchlist.matched')).filter((e) => e.data.outcome === 'refused');
    expect(stopped?.data).toMatchObject({ subject: null, vid: null, person: { name: '张伟' }, matches: [{ name: '張偉', strength: 'strong' }] });
    const walkIn = await t.api.UpdatePhoto({ vname: 'Zhang Dawei', vphone: '13911110002', empid: host }, desk.token);
    const [review] = await waiting('Zhang Dawei');
    expect(review).toMatchObject({ channel: 'desk', matches: [{ reason: { alias: 1, rules: ['pinyin'] } }] });
    expect((await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'allow' }, a.token)).result.status).toBe('allowed');
    expect((await t.api.GetVisitorByVid({ vid: walkIn.result.vid }, a.token)).result).toMatchObject({ status: 'authorized', permission: 1 });
    expect((await t.api.AppClientSignin({ vid: walkIn.result.vid }, desk.token)).result).toMatchObject({ status: 'signedIn' });
  });

  it('with approval on, an allowed walk-in goes on to its approval policy', async () => {
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, a.token)).status).toBe(0);
    const walkIn = await t.api.UpdatePhoto({ vname: 'Zhang  Da-wei', vphone: '13911110003', empid: host }, kiosk.token);
    const [review] = await waiting('Da-wei');
    await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'allow' }, a.token);
    // The default policy leaves it to the desk: still waiting, now for the approval.
    expect((await t.api.GetVisitorByVid({ vid: walkIn.result.vid }, a.token)).result).toMatchObject({ status: 'unauthorized', permission: 0 });
    expect((await t.api.updateVisitStatus({ vid: walkIn.result.vid, event: 'approve' }, a.token)).status).toBe(0);
    expect((await t.api.updateProcessSwitch({ processSwitch: 0 }, a.token)).status).toBe(0);
  });

  it('an invitation and a desk booking hold the visitor; a check-in holds an invited visitor listed since (1121), allowed once', async () => {
    const invite = await t.call<{ vid: number; permission: number }[]>(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + DAY, visitors: [{ name: 'Zhang Wei', phone: '13911110004' }] },
      a.token,
    );
    expect(invite.result[0]).toMatchObject({ permission: 0 });
    expect((await waiting('13911110004'))[0]).toMatchObject({ channel: 'invitation', vid: invite.result[0]?.vid });
    const booked = await t.api.addDeskAppointment(
      { name: 'zhang wei', phone: '13911110005', empid: host, appointmentDate: Date.now() + 3600_000 },
      desk.token,
    );
    expect(booked.result).toMatchObject({ status: 'unauthorized' });
    expect((await waiting('13911110005'))[0]).toMatchObject({ channel: 'booking' });

    const guest = await t.call<{ vid: number }[]>(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 600_000, visitors: [{ name: '李娜', phone: '13911110006' }] },
      a.token,
    );
    const vid = guest.result[0]?.vid ?? 0;
    expect((await t.api.addBlacklist({ name: '李娜', phone: '13722223333' }, a.token)).status).toBe(0);
    const held = await t.api.AppClientSignin({ vid }, desk.token);
    expect(held).toMatchObject({ status: Status.VISITOR_UNAUTHORIZED, result: { held: true } });
    const [review] = await waiting('李娜');
    expect(review).toMatchObject({ channel: 'checkIn', vid, matches: [{ strength: 'possible', reason: { rules: ['same'] } }] });
    // Held again while waiting: still one review.
    expect((await t.api.AppClientSignin({ vid }, desk.token)).status).toBe(Status.VISITOR_UNAUTHORIZED);
    expect(await waiting('李娜')).toHaveLength(1);
    await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'allow' }, a.token);
    expect((await t.api.AppClientSignin({ vid }, desk.token)).result).toMatchObject({ status: 'signedIn' });
  });

  it('a held visit is not approved past its review (58); refused, called off or expired in the console, its review is withdrawn', async () => {
    const walkIn = await t.api.UpdatePhoto({ vname: 'Zhang Wei', vphone: '13911110031', empid: host }, kiosk.token);
    const vid = walkIn.result.vid;
    const approve = await t.api.updateVisitStatus({ vid, event: 'approve' }, a.token);
    expect(approve.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(approve.reason).toContain('screening review');
    expect((await t.api.GetVisitorByVid({ vid }, a.token)).result.permission).toBe(0);
    expect((await t.api.updateVisitStatus({ vid, event: 'reject' }, a.token)).status).toBe(0);
    expect((await t.api.getVisitScreening({ vid }, a.token)).result.review?.status).toBe('withdrawn');
    for (const event of ['cancel', 'expire'] as const) {
      const other = await t.api.UpdatePhoto({ vname: 'Zhang Wei', vphone: `1391111004${event.length}`, empid: host }, kiosk.token);
      expect((await t.api.updateVisitStatus({ vid: other.result.vid, event }, a.token)).status).toBe(0);
      expect((await t.api.getVisitScreening({ vid: other.result.vid }, a.token)).result.review?.status).toBe('withdrawn');
    }
  });

  it('the nightly sweep withdraws the review of a held visit a day after its time; one still to come keeps waiting', async () => {
    const walkIn = await t.api.UpdatePhoto({ vname: 'Zhang Wei', vphone: '13911110051', empid: host }, kiosk.token);
    const later = await t.call<{ vid: number }[]>(
      'addAppointment',
      { empid: host, appointmentDate: Date.now() + 5 * DAY, visitors: [{ name: 'Zhang Wei', phone: '13911110052' }] },
      a.token,
    );
    const sweep = (now: Date) =>
      sweepCompany(
        jobContext({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, a.id, {
          job: 'test',
          account: 'retention',
          name: 'Retention sweep',
        }),
        'daily',
        now,
      );
    await sweep(new Date(Date.now() + DAY / 2));
    expect((await t.api.getVisitScreening({ vid: walkIn.result.vid }, a.token)).result.review?.status).toBe('waiting');
    await sweep(new Date(Date.now() + 2 * DAY));
    expect((await t.api.getVisitScreening({ vid: walkIn.result.vid }, a.token)).result.review?.status).toBe('withdrawn');
    expect((await t.api.getVisitScreening({ vid: later.result[0]?.vid ?? 0 }, a.token)).result.review?.status).toBe('waiting');
  });

  it('a whitelisted phone is never held by a name alone', async () => {
    expect((await t.api.addWhitelist({ name: 'Zhang Wei', phone: '13911110007' }, a.token)).status).toBe(0);
    const walkIn = await t.api.UpdatePhoto({ vname: 'Zhang Wei', vphone: '13911110007', empid: host }, kiosk.token);
    expect(walkIn.result).toMatchObject({ status: 'signedIn' });
  });

  it('a resident worker and a truck driver are held at the desk and the gate; refused, the worker and the booking are refused', async () => {
    const pid = (
      await t.api.addProject(
        { pName: 'Canteen', leader: 'Lead', phone: '13800005555', startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY },
        a.token,
      )
    ).result.pid;
    const rid = (
      await t.api.addResidentVisitor(
        { pid, company: 'Clean Co', name: 'Zhang Wei', phone: '13911110008', startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY },
        a.token,
      )
    ).result.rid;
    await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, a.token);
    expect(await t.api.ResidentVisitorSignIn({ phone: '13911110008' }, desk.token)).toMatchObject({
      status: Status.VISITOR_UNAUTHORIZED,
      result: { held: true },
    });
    const [worker] = await waiting('13911110008');
    expect(worker).toMatchObject({ subject: 'resident', subjectId: rid, channel: 'resident', vid: 0 });
    await t.api.decideScreeningReview({ id: worker?.id ?? 0, result: 'refuse', remark: 'Listed' }, a.token);
    expect((await t.api.getResidentVisitor({ pid }, a.token)).result.list.find((r) => r.rid === rid)).toMatchObject({ rstatus: 2 });

    const { sid } = await seedBooking(t, a.token, { dname: '张偉', dmobile: '13911110009', dcardId: DRIVER_ID, plateNum: '粤B54321' });
    expect((await t.api.approveLogistics({ sid, pstatus: 1 }, a.token)).status).toBe(0);
    expect((await t.api.logisticsArrive({ sid }, a.token)).status).toBe(Status.BLACKLISTED);
    const other = await seedBooking(t, a.token, { dname: 'Zhang Wei', dmobile: '13911110010', dcardId: OTHER_DRIVER_ID, plateNum: '粤B67890' });
    await t.api.approveLogistics({ sid: other.sid, pstatus: 1 }, a.token);
    expect(await t.api.logisticsArrive({ sid: other.sid }, a.token)).toMatchObject({ status: Status.VISITOR_UNAUTHORIZED, result: { held: true } });
    const [driver] = await waiting('13911110010');
    expect(driver).toMatchObject({ subject: 'truck', subjectId: other.sid, channel: 'logistics' });
    const ofHeld = (await eventsOf(t, a.id, 'watchlist.matched')).filter((e) => e.data.outcome === 'held').map((e) => e.data);
    expect(ofHeld).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'resident', residentId: rid, vid: null, channel: 'resident' }),
        expect.objectContaining({ subject: 'truck', bookingId: other.sid, channel: 'logistics' }),
      ]),
    );
    await t.api.decideScreeningReview({ id: driver?.id ?? 0, result: 'refuse', remark: 'Listed driver' }, a.token);
    expect((await t.api.getLogisticsInfo({ plateNum: other.booking.plateNum }, a.token)).result.list.find((x) => x.sid === other.sid)).toMatchObject({
      pstatus: 2,
    });
  });

  it("another company's reviews are neither listed nor decided; the queue is the reviewers' only", async () => {
    const mine = (await t.api.getScreeningReviews({ state: 'decided' }, a.token)).result.list[0];
    expect((await t.api.getScreeningReviews({}, b.token)).result.count).toBe(0);
    expect((await t.api.decideScreeningReview({ id: mine?.id ?? 0, result: 'allow' }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getScreeningReviews({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getScreeningReviews({}, hse.token)).status).toBe(0);
    // Why a visit waits: another company's visit is none (1117); a visit never held has no review; reviewers only.
    const held = (await t.api.getScreeningReviews({ state: 'decided' }, a.token)).result.list.find((r) => r.vid > 0);
    expect((await t.api.getVisitScreening({ vid: held?.vid ?? 0 }, b.token)).status).toBe(Status.INVALID_VISITOR);
    expect((await t.api.getVisitScreening({ vid: held?.vid ?? 0 }, desk.token)).status).toBe(Status.NO_PERMISSION);
    const plain = await t.api.UpdatePhoto({ vname: 'Nobody Listed', vphone: '13911119999', empid: host }, desk.token);
    expect((await t.api.getVisitScreening({ vid: plain.result.vid }, a.token)).result).toEqual({ review: null });
  });
});
