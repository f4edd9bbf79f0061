import { randomBytes } from 'node:crypto';
import { MeetingStatus, Status } from '@openvisit/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, mails, meetings, operationLogs, visitEvents, visits } from '../../db/schema/index.js';

interface V {
  vid: number;
  kind: string;
  status: string;
  vname: string;
  vphone: string;
  vemail: string;
  empid: number | null;
  empName: string;
  code: string | null;
  mid: number | null;
  appointmentDate: number | null;
  visitReason: string;
  gid: number | null;
  inviteLink?: string;
}
type Errors = { errors: { field: string; rule: string }[] };

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A phone no other test uses (one phone may be invited once a day). */
let phoneSeq = 0;
const phone = () => `1391${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneSeq++).padStart(3, '0')}`;

describe('meetings', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: number;
  let emp: { id: number; token: string };
  let other: { id: number; token: string };
  let kiosk: string;

  const meet = (body: Record<string, unknown> = {}, token = a.token) =>
    t.api.addMeeting(
      {
        subject: `Review ${randomBytes(3).toString('hex')}`,
        empid: host,
        startTime: Date.now() + DAY,
        endTime: Date.now() + DAY + HOUR,
        visitors: [{ name: '王参会', phone: phone() }],
        ...body,
      },
      token,
    );
  const byId = (mid: number, token = a.token) => t.api.getMeetingById({ mid }, token);
  const setSettings = (companyId: number, patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, companyId));
  const mailsTo = (to: string) => t.db.select().from(mails).where(eq(mails.to, to)).orderBy(mails.id);
  const meetingCount = async (companyId: number) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(meetings).where(eq(meetings.companyId, companyId)))[0]?.n;
  const lastLog = async () =>
    (await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(desc(operationLogs.id)).limit(1))[0];
  /** Moves a meeting's times (and its invitations' time) into the past or future directly: no test waits for the clock. */
  const setTimes = async (mid: number, startAt: Date, endAt: Date) => {
    await t.db.update(meetings).set({ startAt, endAt }).where(eq(meetings.id, mid));
    await t.db.update(visits).set({ appointmentAt: startAt }).where(eq(visits.meetingId, mid));
  };
  const signIn = async (phoneNo: string) => (await t.api.empLogin({ phone: phoneNo, empPwd: PASSWORD })).result.token;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    const e1 = await seedEmployee(t, a.id, '13955550001');
    const e2 = await seedEmployee(t, a.id, '13955550002');
    emp = { id: e1.id, token: await signIn(e1.phone) };
    other = { id: e2.id, token: await signIn(e2.phone) };
    kiosk = (await seedStaff(t, a.id, 4)).token;
  });
  afterAll(() => t.close());

  it('an administrator creates a meeting: every visitor is invited with a code and link, mailed, and the meeting logged', async () => {
    const gate = await t.api.addGate({ gname: 'South gate' }, a.token);
    const start = Date.now() + DAY;
    const r = await meet({
      subject: 'Quarterly review',
      startTime: start,
      endTime: start + 2 * HOUR,
      address: 'Room 301',
      gid: gate.result.gid,
      remark: 'Bring the figures',
      visitors: [
        { name: '李会议', phone: '+86 139 0000 1001', company: 'Guest Co' },
        { name: 'Meg Guest', email: 'meg@example.com', lang: 'en' },
      ],
    });
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      subject: 'Quarterly review',
      empid: host,
      empName: 'Host One',
      startTime: start,
      endTime: start + 2 * HOUR,
      address: 'Room 301',
      gname: 'South gate',
      remark: 'Bring the figures',
      meetingStatus: MeetingStatus.NOT_STARTED,
      visitorCount: 2,
      signedInCount: 0,
    });
    const mid = r.result.mid;
    expect(r.result.visitors).toHaveLength(2);
    expect(r.result.visitors?.[0]).toMatchObject({
      kind: 'invite',
      status: 'sent',
      vname: '李会议',
      vphone: '13900001001',
      mid,
      empid: host,
      appointmentDate: start,
      visitReason: 'Quarterly review',
      gid: gate.result.gid,
    });
    expect(r.result.visitors?.map((v) => v.code)).toEqual([expect.stringMatching(/^\d{8}$/), expect.stringMatching(/^\d{8}$/)]);
    expect(r.result.visitors?.[1]?.inviteLink).toMatch(/^http:\/\/openvisit\.test\/invite\?token=/);
    // The visitor with an email gets the meeting's invitation in their language, with their own link.
    const [mail] = await mailsTo('meg@example.com');
    expect(mail?.subject).toBe('Alpha invites you to a meeting: Quarterly review');
    expect(mail?.text).toContain('Host One invites you to the meeting "Quarterly review" on');
    expect(mail?.text).toContain('Place: Room 301');
    expect(mail?.text).toContain('Please come to South gate.');
    // Under the footer, the company's privacy page (modules/privacy).
    expect(mail?.text).toMatch(
      new RegExp(`Your personal data \\(see, download or ask to erase it\\): http://openvisit\\.test/my-data\\?c=${a.id}\\.\\S{16}$`),
    );
    expect(t.services.outbox.opened(mail?.text ?? '')).toContain(r.result.visitors?.[1]?.inviteLink);
    // The QR pass travels inline, as in every invitation mail.
    expect(mail?.html).toContain('src="cid:pass@openvisit"');
    expect(mail?.text).toContain(`Check-in code ${r.result.visitors?.[1]?.code}`);
    expect(mail?.attachments).toEqual([expect.objectContaining({ cid: 'pass@openvisit', contentType: 'image/png' })]);
    expect(mail).toMatchObject({ toName: 'Meg Guest', visitId: r.result.visitors?.[1]?.vid });
    expect(await lastLog()).toMatchObject({ objName: 'Quarterly review', objId: String(mid), optName: 'Admin Person' });
    expect((await lastLog())?.optDesc).toMatch(/^meeting \d{4}-\d\d-\d\d \d\d:\d\d – \d{4}-\d\d-\d\d \d\d:\d\d, organiser Host One, 2 invited$/);

    // The detail lists the visitors with their invitation's status; the invitation page shows the meeting and its window.
    const detail = await byId(mid);
    expect(detail.result.visitors?.map((v) => [v.vname, v.status])).toEqual([
      ['李会议', 'sent'],
      ['Meg Guest', 'sent'],
    ]);
    const secid = new URL(r.result.visitors?.[1]?.inviteLink ?? '').searchParams.get('token');
    const page = await t.call<Record<string, unknown>>('updateAppPreview', { secid });
    expect(page.result).toMatchObject({
      status: 'viewed',
      opensAt: start - 30 * 60_000,
      closesAt: start + 2 * HOUR,
      meeting: { subject: 'Quarterly review', address: 'Room 301', startTime: start, endTime: start + 2 * HOUR },
    });
    expect((await byId(mid)).result.visitors?.map((v) => v.status)).toEqual(['sent', 'viewed']);
  });

  it('refuses bad input on its fields and stores nothing: no visitor, no contact, bad times, no organiser', async () => {
    const before = await meetingCount(a.id);
    const errorsOf = async (body: Record<string, unknown>) => {
      const r = await meet(body);
      expect(r.status).toBe(Status.BAD_PARAMS);
      return (r.result as unknown as Errors).errors;
    };
    expect(await errorsOf({ visitors: [] })).toEqual([{ field: 'visitors', rule: 'atLeastOne' }]);
    expect(await errorsOf({ visitors: undefined })).toEqual([{ field: 'visitors', rule: 'required' }]);
    expect(await errorsOf({ visitors: [{ name: '无联系' }] })).toEqual([{ field: 'visitors.0.phone', rule: 'phoneOrEmail' }]);
    expect(await errorsOf({ visitors: [{ name: '错邮', email: 'not-an-email' }] })).toEqual([{ field: 'visitors.0.email', rule: 'format' }]);
    const p = phone();
    expect(
      await errorsOf({
        visitors: [
          { name: '甲', phone: p },
          { name: '乙', phone: `+86${p}` },
        ],
      }),
    ).toEqual([{ field: 'visitors.1.phone', rule: 'duplicate' }]);
    const start = Date.now() + DAY;
    expect(await errorsOf({ startTime: start, endTime: start })).toEqual([{ field: 'endTime', rule: 'beforeStart' }]);
    expect(await errorsOf({ startTime: start, endTime: start - HOUR })).toEqual([{ field: 'endTime', rule: 'beforeStart' }]);
    expect(await errorsOf({ startTime: Date.now() - DAY, endTime: Date.now() + HOUR })).toEqual([{ field: 'startTime', rule: 'past' }]);
    expect(await errorsOf({ startTime: Date.now() + 31 * DAY, endTime: Date.now() + 31 * DAY + HOUR })).toEqual([
      { field: 'startTime', rule: 'tooFar' },
      { field: 'endTime', rule: 'tooFar' },
    ]);
    expect(await errorsOf({ startTime: undefined })).toEqual([{ field: 'startTime', rule: 'required' }]);
    expect(await errorsOf({ subject: '  ' })).toEqual([{ field: 'subject', rule: 'required' }]);
    expect(await errorsOf({ empid: undefined })).toEqual([{ field: 'empid', rule: 'required' }]);
    expect(await meetingCount(a.id)).toBe(before);
  });

  it('108 for a meeting of the same name that day (any case); another day or after cancelling is fine', async () => {
    const day = Date.now() + 2 * DAY;
    const first = await meet({ subject: 'Board Meeting', startTime: day, endTime: day + HOUR });
    expect(first.status).toBe(0);
    const again = await meet({ subject: 'board meeting', startTime: day, endTime: day + 2 * HOUR });
    expect(again.status).toBe(Status.MEETING_NAME_TAKEN);
    expect(again.result).toEqual({ errors: [{ field: 'subject', rule: 'taken' }] });
    expect((await meet({ subject: 'Board Meeting', startTime: day + 3 * DAY, endTime: day + 3 * DAY + HOUR })).status).toBe(0);
    expect((await t.api.delMeeting({ mid: first.result.mid }, a.token)).status).toBe(0);
    expect((await meet({ subject: 'Board Meeting', startTime: day, endTime: day + HOUR })).status).toBe(0);
  });

  it('roles: no token 28; desks, kiosks and HSE 610; another company’s ids 602 for every call', async () => {
    const m = (await meet()).result;
    expect((await t.api.getMeeting({})).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    const hse = await seedStaff(t, a.id, 0);
    for (const token of [desk.token, kiosk, hse.token]) {
      expect((await t.api.getMeeting({}, token)).status).toBe(Status.NO_PERMISSION);
      expect((await t.api.getMeetingById({ mid: m.mid }, token)).status).toBe(Status.NO_PERMISSION);
      expect((await meet({}, token)).status).toBe(Status.NO_PERMISSION);
    }
    const mid = m.mid;
    const visitors = [{ name: '外人', phone: phone() }];
    expect((await t.api.getMeetingById({ mid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateMeeting({ mid, subject: 'x', startTime: m.startTime, endTime: m.endTime }, b.token)).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect((await t.api.delMeeting({ mid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateMeetingStatus({ mid, status: 1 }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.syncJoinMeeting({ mid, visitors }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getMeeting({}, b.token)).result.count).toBe(0);
    expect((await t.api.getMeetingByUserid({}, b.token)).result).toEqual([]);
    // Another company's organiser, gate and visitor type are not this company's.
    const bHost = (await t.api.addEmployee({ employee_name: 'Host B', phone: '13800002222' }, b.token)).result.empid;
    expect((await meet({ empid: bHost })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const bGate = await t.api.addGate({ gname: 'B gate' }, b.token);
    expect((await meet({ gid: bGate.result.gid })).status).toBe(Status.GATE_NOT_FOUND);
    const bType = await t.api.addVisitorType({ vType: '会议#Meeting' }, b.token);
    expect((await meet({ tid: bType.result.tid })).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    // The untouched meeting still has its one visitor.
    expect((await byId(mid)).result.visitorCount).toBe(1);
  });

  it('employees organise as themselves (116 until invitations are opened) and see and touch only their own meetings', async () => {
    await setSettings(a.id, { permissionSwitch: 0 });
    expect((await meet({}, emp.token)).status).toBe(Status.INVITE_FEATURE_OFF);
    await setSettings(a.id, { permissionSwitch: 1 });
    const mine = await meet({ subject: 'Emp sync', empid: host }, emp.token);
    expect(mine.status).toBe(0);
    expect(mine.result).toMatchObject({ empid: emp.id, empName: '张三' });
    expect(mine.result.visitors?.[0]?.empid).toBe(emp.id);
    const theirs = (await meet({ subject: 'Admin only' })).result;

    const page = await t.api.getMeeting({ startIndex: 0, requestedCount: 50 }, emp.token);
    expect(page.result.list.map((m) => m.subject)).toEqual(['Emp sync']);
    expect((await t.api.getMeetingByUserid({}, emp.token)).result.map((m) => m.subject)).toEqual(['Emp sync']);
    expect((await t.api.getMeetingByUserid({}, other.token)).result).toEqual([]);
    const all = await t.api.getMeeting({ startIndex: 0, requestedCount: 100 }, a.token);
    expect(all.result.list.map((m) => m.subject)).toEqual(expect.arrayContaining(['Emp sync', 'Admin only']));

    // Another employee's meeting, and the administrator's, are not found for this employee.
    const mid = mine.result.mid;
    const visitors = [{ name: '旁人', phone: phone() }];
    for (const [token, id] of [
      [other.token, mid],
      [emp.token, theirs.mid],
    ] as const) {
      expect((await byId(id, token)).status).toBe(Status.NO_SUCH_RECORD);
      const m = id === mid ? mine.result : theirs;
      expect((await t.api.updateMeeting({ mid: id, subject: 'Taken over', startTime: m.startTime, endTime: m.endTime }, token)).status).toBe(
        Status.NO_SUCH_RECORD,
      );
      expect((await t.api.syncJoinMeeting({ mid: id, visitors }, token)).status).toBe(Status.NO_SUCH_RECORD);
      expect((await t.api.updateMeetingStatus({ mid: id, status: 1 }, token)).status).toBe(Status.NO_SUCH_RECORD);
      expect((await t.api.delMeeting({ mid: id }, token)).status).toBe(Status.NO_SUCH_RECORD);
    }
    expect((await byId(mid)).result).toMatchObject({ subject: 'Emp sync', meetingStatus: MeetingStatus.NOT_STARTED, visitorCount: 1 });
    // The organiser manages it; the administrator may too.
    expect((await t.api.syncJoinMeeting({ mid, visitors }, emp.token)).status).toBe(0);
    expect((await t.api.delMeeting({ mid }, a.token)).result.meetingStatus).toBe(MeetingStatus.CANCELLED);
    await setSettings(a.id, { permissionSwitch: 0 });
  });

  it('adds visitors before the start (each mailed), refuses someone already invited, and 62/63/58 once started, ended or cancelled', async () => {
    const m = (await meet({ visitors: [{ name: '原有', phone: '13966661000', email: 'first@example.com' }] })).result;
    const added = await t.api.syncJoinMeeting(
      {
        mid: m.mid,
        visitors: [
          { name: '新增', phone: '13966661001' },
          { name: 'New Mail', email: 'joiner@example.com', lang: 'en' },
        ],
      },
      a.token,
    );
    expect(added.status).toBe(0);
    expect(added.result.map((v) => [v.vname, v.status, v.mid, v.appointmentDate])).toEqual([
      ['新增', 'sent', m.mid, m.startTime],
      ['New Mail', 'sent', m.mid, m.startTime],
    ]);
    expect((await mailsTo('joiner@example.com'))[0]?.subject).toBe(`Alpha invites you to a meeting: ${m.subject}`);
    expect((await byId(m.mid)).result.visitorCount).toBe(3);
    expect((await lastLog())?.optDesc).toBe('2 more invited to the meeting');

    const dup = await t.api.syncJoinMeeting(
      {
        mid: m.mid,
        visitors: [
          { name: '重复', phone: '+86 139 6666 1000' },
          { name: 'Dup', email: 'FIRST@example.com' },
        ],
      },
      a.token,
    );
    expect(dup.result).toEqual({
      errors: [
        { field: 'visitors.0.phone', rule: 'invited' },
        { field: 'visitors.1.email', rule: 'invited' },
      ],
    });
    expect((await t.api.syncJoinMeeting({ mid: m.mid, visitors: [] }, a.token)).result).toEqual({
      errors: [{ field: 'visitors', rule: 'atLeastOne' }],
    });

    const late = [{ name: '迟来', phone: phone() }];
    expect((await t.api.updateMeetingStatus({ mid: m.mid, status: 1 }, a.token)).status).toBe(0);
    expect((await t.api.syncJoinMeeting({ mid: m.mid, visitors: late }, a.token)).status).toBe(Status.MEETING_STARTED);
    expect((await t.api.updateMeetingStatus({ mid: m.mid, status: 2 }, a.token)).status).toBe(0);
    expect((await t.api.syncJoinMeeting({ mid: m.mid, visitors: late }, a.token)).status).toBe(Status.MEETING_ENDED);
    const c = (await meet()).result;
    await t.api.delMeeting({ mid: c.mid }, a.token);
    expect((await t.api.syncJoinMeeting({ mid: c.mid, visitors: late }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // A meeting whose start time has come is in progress without being started.
    const d = (await meet()).result;
    await setTimes(d.mid, new Date(Date.now() - 60_000), new Date(Date.now() + HOUR));
    expect((await byId(d.mid)).result.meetingStatus).toBe(MeetingStatus.IN_PROGRESS);
    expect((await t.api.syncJoinMeeting({ mid: d.mid, visitors: late }, a.token)).status).toBe(Status.MEETING_STARTED);
    expect((await byId(d.mid)).result.visitorCount).toBe(1);
  });

  it('changes a meeting before it starts (its invitations follow, visitors told); in progress only the texts (62); ended 63', async () => {
    const start = Date.now() + 3 * DAY;
    const m = (
      await meet({
        subject: 'Planning',
        startTime: start,
        endTime: start + HOUR,
        address: 'Room 1',
        visitors: [{ name: 'Moved Guest', email: 'moved@example.com', lang: 'en' }],
      })
    ).result;
    const body = {
      mid: m.mid,
      subject: 'Planning II',
      startTime: start + DAY,
      endTime: start + DAY + 2 * HOUR,
      address: 'Room 2',
      remark: 'New room',
    };
    const r = await t.api.updateMeeting(body, a.token);
    expect(r.result).toMatchObject({
      subject: 'Planning II',
      startTime: start + DAY,
      endTime: start + DAY + 2 * HOUR,
      address: 'Room 2',
      remark: 'New room',
    });
    const [v] = (await byId(m.mid)).result.visitors ?? [];
    expect(v).toMatchObject({ appointmentDate: start + DAY, visitReason: 'Planning II', status: 'sent' });
    const sent = await mailsTo('moved@example.com');
    expect(sent.map((x) => x.subject)).toEqual(['Alpha invites you to a meeting: Planning', 'Meeting changed: Planning II']);
    expect(sent[1]?.text).toContain('Place: Room 2');
    expect(sent[1]?.text).toContain('Your invitation link and QR code stay valid.');
    expect((await lastLog())?.optDesc).toMatch(/^meeting \d{4}-\d\d-\d\d \d\d:\d\d – /);

    const bad = await t.api.updateMeeting({ ...body, startTime: Date.now() - DAY, endTime: Date.now() + HOUR }, a.token);
    expect(bad.result).toEqual({ errors: [{ field: 'startTime', rule: 'past' }] });
    expect((await t.api.updateMeeting({ ...body, endTime: body.startTime }, a.token)).result).toEqual({
      errors: [{ field: 'endTime', rule: 'beforeStart' }],
    });

    expect((await t.api.updateMeetingStatus({ mid: m.mid, status: 1 }, a.token)).status).toBe(0);
    const moved = await t.api.updateMeeting({ ...body, startTime: body.startTime + HOUR, endTime: body.endTime + HOUR }, a.token);
    expect(moved.status).toBe(Status.MEETING_STARTED);
    const texts = await t.api.updateMeeting({ ...body, subject: 'Planning (live)', remark: 'Agenda fixed' }, a.token);
    expect(texts.result).toMatchObject({ subject: 'Planning (live)', remark: 'Agenda fixed', meetingStatus: MeetingStatus.IN_PROGRESS });
    // Only a change of time or place is mailed.
    expect(await mailsTo('moved@example.com')).toHaveLength(2);
    expect((await t.api.updateMeetingStatus({ mid: m.mid, status: 2 }, a.token)).status).toBe(0);
    expect((await t.api.updateMeeting({ ...body, subject: 'After' }, a.token)).status).toBe(Status.MEETING_ENDED);
  });

  it('starts and ends a meeting: 62 started twice, 63 once ended, 58 ending one not started', async () => {
    const m = (await meet()).result;
    const change = (status: 1 | 2) => t.api.updateMeetingStatus({ mid: m.mid, status }, a.token);
    expect((await change(2)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const started = await change(1);
    expect(started.result).toMatchObject({ meetingStatus: MeetingStatus.IN_PROGRESS, startedAt: expect.any(Number), endedAt: null });
    expect((await lastLog())?.optDesc).toBe('meeting started');
    expect((await change(1)).status).toBe(Status.MEETING_STARTED);
    const ended = await change(2);
    expect(ended.result).toMatchObject({ meetingStatus: MeetingStatus.ENDED, endedAt: expect.any(Number) });
    expect((await lastLog())?.optDesc).toBe('meeting ended');
    expect((await change(2)).status).toBe(Status.MEETING_ENDED);
    expect((await change(1)).status).toBe(Status.MEETING_ENDED);
    expect((await t.call('updateMeetingStatus', { mid: m.mid, status: 3 }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('cancels a meeting before it starts: invitations called off through the state machine, visitors told; 92 in progress, 63 ended, 109 twice', async () => {
    const m = (
      await meet({
        subject: 'Cancelled talk',
        visitors: [
          { name: 'Told Guest', email: 'told@example.com', lang: 'en', phone: '13966662001' },
          { name: '已拒绝', phone: '13966662002' },
        ],
      })
    ).result;
    const [told, refuser] = m.visitors ?? [];
    const token = (v?: V) => new URL(v?.inviteLink ?? '').searchParams.get('token');
    expect((await t.call('updateAppointmentReply', { id: token(refuser), status: 4 })).status).toBe(0);

    const r = await t.api.delMeeting({ mid: m.mid }, a.token);
    // The declined visitor still counts as invited; the called-off one does not.
    expect(r.result).toMatchObject({ meetingStatus: MeetingStatus.CANCELLED, cancelledAt: expect.any(Number), visitorCount: 1 });
    const detail = (await byId(m.mid)).result;
    // The declined invitation is final already; the other is called off, with a history row naming the meeting.
    expect(detail.visitors?.map((v) => v.status)).toEqual(['ended', 'refused']);
    const history = await t.db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.visitId, told?.vid ?? 0), eq(visitEvents.event, 'cancel')));
    expect(history).toEqual([expect.objectContaining({ fromStatus: 'sent', toStatus: 'ended', note: 'meeting cancelled' })]);
    const sent = await mailsTo('told@example.com');
    expect(sent.map((x) => x.subject)).toEqual(['Alpha invites you to a meeting: Cancelled talk', 'Meeting cancelled: Cancelled talk']);
    expect(sent[1]?.text).toContain('is cancelled. Its invitation and QR code no longer work.');
    expect(sent[1]?.html).toContain(`/my-data?c=${a.id}.`);
    expect((await lastLog())?.optDesc).toBe('meeting cancelled; invitations called off: 1');
    // The link and the code stop working.
    expect((await t.call('getAppointmentbySecId', { secid: token(told) })).result).toMatchObject({ status: 'ended', code: null, canReply: false });
    expect((await t.call('AppClientSignin', { verifyCode: told?.code }, kiosk)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.delMeeting({ mid: m.mid }, a.token)).status).toBe(Status.NO_REPEATED_CANCEL);
    expect((await t.api.updateMeetingStatus({ mid: m.mid, status: 1 }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.updateMeeting({ mid: m.mid, subject: 'x', startTime: m.startTime, endTime: m.endTime }, a.token)).status).toBe(
      Status.UPDATE_NOT_ALLOWED,
    );

    const live = (await meet()).result;
    await t.api.updateMeetingStatus({ mid: live.mid, status: 1 }, a.token);
    expect((await t.api.delMeeting({ mid: live.mid }, a.token)).status).toBe(Status.MEETING_IN_PROGRESS);
    expect((await byId(live.mid)).result.visitors?.map((v) => v.status)).toEqual(['sent']);
    await t.api.updateMeetingStatus({ mid: live.mid, status: 2 }, a.token);
    expect((await t.api.delMeeting({ mid: live.mid }, a.token)).status).toBe(Status.MEETING_ENDED);
    // Over by its end time without being ended.
    const past = (await meet()).result;
    await setTimes(past.mid, new Date(Date.now() - 2 * HOUR), new Date(Date.now() - HOUR));
    expect((await t.api.delMeeting({ mid: past.mid }, a.token)).status).toBe(Status.MEETING_ENDED);
  });

  it('the kiosk checks a meeting’s visitor in within the meeting’s window: 64 too early, then in, 65 once it ended', async () => {
    const early = (await meet({ startTime: Date.now() + 2 * HOUR, endTime: Date.now() + 3 * HOUR })).result;
    const [e] = early.visitors ?? [];
    const tooEarly = await t.call<{ opensAt: number }>('AppClientSignin', { verifyCode: e?.code }, kiosk);
    expect(tooEarly.status).toBe(Status.TOO_EARLY);
    expect(tooEarly.result.opensAt).toBe(early.startTime - 30 * 60_000);
    // Started early by the organiser: the window opens with it.
    await t.api.updateMeetingStatus({ mid: early.mid, status: 1 }, a.token);
    const ok = await t.api.AppClientSignin({ phone: e?.vphone }, kiosk);
    expect(ok.result).toMatchObject({ vid: e?.vid, status: 'signedIn' });
    expect((await byId(early.mid)).result).toMatchObject({ visitorCount: 1, signedInCount: 1 });

    // A long meeting: an invitation alone would be late an hour after its time, a meeting's visitor not until it ends.
    const long = (
      await meet({
        startTime: Date.now() + DAY,
        endTime: Date.now() + DAY + 4 * HOUR,
        visitors: [
          { name: '晚到', phone: phone() },
          { name: '太晚', phone: phone() },
        ],
      })
    ).result;
    await setTimes(long.mid, new Date(Date.now() - 2 * HOUR), new Date(Date.now() + 2 * HOUR));
    const [inTime, tooLate] = long.visitors ?? [];
    expect((await t.call<V>('AppClientSignin', { verifyCode: inTime?.code }, kiosk)).result.status).toBe('signedIn');
    await t.api.updateMeetingStatus({ mid: long.mid, status: 2 }, a.token);
    const late = await t.call<{ closedAt: number }>('AppClientSignin', { verifyCode: tooLate?.code }, kiosk);
    expect(late.status).toBe(Status.LATE);
    expect((await byId(long.mid)).result.visitors?.map((v) => v.status)).toEqual(['signedIn', 'sent']);

    // Ended by its time alone.
    const over = (await meet()).result;
    await setTimes(over.mid, new Date(Date.now() - 3 * HOUR), new Date(Date.now() - 60_000));
    expect((await t.call('AppClientSignin', { verifyCode: over.visitors?.[0]?.code }, kiosk)).status).toBe(Status.LATE);
  });

  it('lists meetings paged with subject, day range and status filters, latest start first', async () => {
    const base = Date.now() + 10 * DAY;
    const tag = randomBytes(3).toString('hex');
    const first = (await meet({ subject: `Filter ${tag} one`, startTime: base, endTime: base + HOUR })).result;
    const second = (await meet({ subject: `Filter ${tag} two`, startTime: base + DAY, endTime: base + DAY + HOUR })).result;
    await t.api.delMeeting({ mid: first.mid }, a.token);
    const list = (f: Record<string, unknown>) => t.api.getMeeting({ startIndex: 0, requestedCount: 10, subject: tag, ...f }, a.token);
    expect((await list({})).result).toMatchObject({ pageNo: 1, pageSize: 10, count: 2 });
    expect((await list({})).result.list.map((m) => m.mid)).toEqual([second.mid, first.mid]);
    const day = (ms: number) => {
      const d = new Date(ms);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    expect((await list({ date: day(base), endDate: day(base) })).result.list.map((m) => m.mid)).toEqual([first.mid]);
    expect((await list({ date: day(base + DAY) })).result.list.map((m) => m.mid)).toEqual([second.mid]);
    expect((await list({ meetingStatus: MeetingStatus.CANCELLED })).result.list.map((m) => m.mid)).toEqual([first.mid]);
    expect((await list({ meetingStatus: MeetingStatus.NOT_STARTED })).result.list.map((m) => m.mid)).toEqual([second.mid]);
    expect((await list({ meetingStatus: MeetingStatus.IN_PROGRESS })).result.count).toBe(0);
    expect((await list({ requestedCount: 1, startIndex: 1 })).result).toMatchObject({ pageNo: 2, count: 2, list: [{ mid: first.mid }] });
    await setTimes(second.mid, new Date(Date.now() - HOUR), new Date(Date.now() + HOUR));
    expect((await list({ meetingStatus: MeetingStatus.IN_PROGRESS })).result.list.map((m) => m.mid)).toEqual([second.mid]);
    expect((await list({ meetingStatus: 7 })).status).toBe(Status.BAD_PARAMS);
    expect((await list({ date: '2026/01/01' })).status).toBe(Status.BAD_PARAMS);
  });

  it('the invitation list shows meeting invitations with their meeting id', async () => {
    const m = (await meet({ visitors: [{ name: '列表可见', phone: phone() }] })).result;
    const page = await t.api.searchInviteByCondition({ startIndex: 0, requestedCount: 5, name: '列表可见' }, a.token);
    expect(page.result.list).toEqual([expect.objectContaining({ vname: '列表可见', mid: m.mid, kind: 'invite' })]);
    const [row] = await t.db
      .select({ meetingId: visits.meetingId })
      .from(visits)
      .where(eq(visits.id, page.result.list[0]?.vid ?? 0));
    expect(row?.meetingId).toBe(m.mid);
  });
});
