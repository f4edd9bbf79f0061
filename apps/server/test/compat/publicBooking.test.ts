import { createHash } from 'node:crypto';
import { Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../src/db/schema/index.js';
import { facePhoto } from '../faces.js';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { originalClient } from './original.js';

type Row = Record<string, unknown> & { vid: number; status: number; state: string; code: string | null; extendCol: string };
const DAY = 86_400_000;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * A company's own site booking visits with the original's signature (`appCode`, `timestamp`, `authid = MD5(appCode +
 * timestamp + secret)`), as its developers wrote it for the original: the clock from `getTimestamp`, a `signCheck`,
 * then `addVisitorApponintmnet`; and the invitation page's face calls (`uploadFace`, `getFaceStatus`).
 */
describe('the original public booking and face calls against /qcvisit/', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let other: Tenant;
  let app: { appCode: string; secret: string };
  let host: number;

  /** A signed POST as the booking app sends it: the signature in headers, the body JSON. */
  const signed = async <T = Row>(name: string, body: unknown, sign: { appCode?: string; secret?: string; timestamp?: string } = {}) => {
    const appCode = sign.appCode ?? app.appCode;
    const timestamp = sign.timestamp ?? String((await send<number>('getTimestamp', {})).result);
    const res = await t.app.inject({
      method: 'POST',
      url: `/qcvisit/${name}`,
      headers: { 'content-type': 'application/json', appCode, timestamp, authid: md5(`${appCode}${timestamp}${sign.secret ?? app.secret}`) },
      payload: JSON.stringify(body),
    });
    return res.json() as { status: number; reason: string; result: T };
  };
  const booking = (phone: string, extra: Record<string, unknown> = {}) => ({
    name: '预约访客',
    phone,
    vcompany: 'Partner Co',
    empid: String(host),
    appointmentDate: Date.now() + DAY,
    visitReason: '洽谈',
    ...extra,
  });

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
    other = await seedCompany(t);
    host = (await t.api.addEmployee({ employee_name: 'Booked Host', phone: '13800004001', email: 'booked.host@example.com' }, company.token)).result
      .empid;
    const made = await t.api.resetBookingApp({}, company.token);
    expect(made.status, made.reason).toBe(0);
    app = { appCode: made.result.appCode ?? '', secret: made.result.secret ?? '' };
  });
  afterAll(() => t.close());

  it('books a visit signed by the app: reserved, with a code the desk checks in', async () => {
    const clock = await send<number>('getTimestamp', {});
    expect(typeof clock.result).toBe('number');
    expect(Math.abs(clock.result - Date.now())).toBeLessThan(5_000);
    const check = await signed<{ company: string }>('signCheck', {});
    expect(check.status, check.reason).toBe(0);
    expect(check.result.company).toBe(company.name);

    // Expected in a minute: inside the check-in window.
    const booked = await signed('addVisitorApponintmnet', booking('13911114001', { appointmentDate: Date.now() + 60_000 }));
    expect(booked.status, booked.reason).toBe(0);
    expect(booked.result).toMatchObject({ kind: 'appointment', status: 0, state: 'reserved', vname: '预约访客', empName: 'Booked Host' });
    expect(typeof booked.result.extendCol).toBe('string');
    expect(booked.result.code).toMatch(/^\d{8}$/);

    const desk = await seedStaff(t, company.id, Role.GATE, 'desk_booking');
    const header = `${desk.account}-${desk.token}`;
    const list = await send<{ count: number; list: Row[] }>('SearchAppointmentByConditionPage', { startIndex: 0, requestedCount: 10 }, header);
    expect(list.result.list.map((r) => r.vid)).toContain(booked.result.vid);
    const signedIn = await send<Row>('VisitAppointmentSignin', { vid: `a${booked.result.vid}` }, header);
    expect(signedIn.status, signedIn.reason).toBe(0);
    expect(signedIn.result.status).toBe(1);
    expect((await t.api.getBookingApp({}, company.token)).result.lastUsed).toEqual(expect.any(Number));
    // The host hears of it on their channels.
    const told = await t.db.select().from(mails).where(eq(mails.to, 'booked.host@example.com')).orderBy(mails.id);
    // Then, at check-in, that the visitor arrived.
    expect(told.map((m) => [m.subject, m.visitId])).toEqual([
      ['预约访客 booked a visit', booked.result.vid],
      ['Your visitor has arrived: 预约访客', booked.result.vid],
    ]);
    expect(told[0]?.text).toContain('预约访客 of Partner Co has booked a visit to you for ');
  });

  it('books by the host’s phone, and goes to approval when the company approves visits', async () => {
    expect((await t.api.updateProcessSwitch({ processSwitch: 1 }, company.token)).status).toBe(0);
    try {
      const booked = await signed('addVisitorApponintmnet', booking('13911114002', { empid: undefined, empPhone: '13800004001' }));
      expect(booked.status, booked.reason).toBe(0);
      // Waiting is `permission` 0 (status 0: the front desk reads status 4 as refused, frontdesk-app.md §3a).
      expect(booked.result).toMatchObject({ status: 0, state: 'unauthorized', permission: 0, empName: 'Booked Host' });
    } finally {
      await t.api.updateProcessSwitch({ processSwitch: 0 }, company.token);
    }
  });

  it('refuses a bad signature, an unknown appCode and a stale or missing timestamp', async () => {
    const body = booking('13911114003');
    expect((await signed('addVisitorApponintmnet', body, { secret: 'not-the-secret' })).status).toBe(Status.SIGNATURE_ERROR);
    expect((await signed('addVisitorApponintmnet', body, { appCode: 'nosuchapp' })).status).toBe(Status.INVALID_APP_CODE);
    const stale = String(Date.now() - 120_000);
    expect((await signed('addVisitorApponintmnet', body, { timestamp: stale })).status).toBe(Status.TIMESTAMP_EXPIRED);
    expect((await signed('addVisitorApponintmnet', body, { timestamp: 'soon' })).status).toBe(Status.TIMESTAMP_EXPIRED);
    // Seconds, as some of the original's integrations sent, are the same clock.
    const seconds = String(Math.floor(Date.now() / 1000));
    expect((await signed('signCheck', {}, { timestamp: seconds })).status).toBe(0);
    // No headers at all: not signed.
    expect((await send('addVisitorApponintmnet', body)).status).toBe(Status.INVALID_APP_CODE);
    const none = await t.api.SearchAppointmentByCondition({ startIndex: 0, requestedCount: 50, phone: '13911114003' }, company.token);
    expect(none.result.list).toEqual([]);
  });

  it('a signature books once: the same headers again are refused with 704 and book nothing', async () => {
    const timestamp = String((await send<number>('getTimestamp', {})).result);
    const headers = { 'content-type': 'application/json', appCode: app.appCode, timestamp, authid: md5(`${app.appCode}${timestamp}${app.secret}`) };
    const post = async (name: string, body: unknown) =>
      (await t.app.inject({ method: 'POST', url: `/qcvisit/${name}`, headers, payload: JSON.stringify(body) })).json() as {
        status: number;
        reason: string;
      };
    // Checking a signature does not spend it: the app may check the one it then books with.
    expect((await post('signCheck', {})).status).toBe(0);
    const first = await post('addVisitorApponintmnet', booking('13911114020'));
    expect(first.status, first.reason).toBe(0);
    // Replayed within its window, for the same visitor or another: refused, with the reason.
    for (const phone of ['13911114020', '13911114021']) {
      const again = await post('addVisitorApponintmnet', booking(phone, { appointmentDate: Date.now() + 2 * DAY }));
      expect(again).toMatchObject({ status: Status.SIGNATURE_ERROR, reason: expect.stringContaining('already been used') });
    }
    const list = await t.api.SearchAppointmentByCondition({ startIndex: 0, requestedCount: 50, phone: '1391111402' }, company.token);
    expect(list.result.list.filter((v) => v.vphone === '13911114020' || v.vphone === '13911114021')).toHaveLength(1);
    // A fresh timestamp signs the next booking.
    expect((await signed('addVisitorApponintmnet', booking('13911114021'))).status).toBe(0);
  });

  it('holds the booking to the company’s rules: host, type, gate, blacklist, the same phone twice, the time', async () => {
    const theirHost = (await t.api.addEmployee({ employee_name: 'Their Host', phone: '13800004009' }, other.token)).result.empid;
    expect((await signed('addVisitorApponintmnet', booking('13911114004', { empid: theirHost }))).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await signed('addVisitorApponintmnet', booking('13911114004', { empid: undefined, empPhone: '13800004009' }))).status).toBe(
      Status.EMPLOYEE_NOT_EXIST,
    );
    const closed = (await t.api.addEmployee({ employee_name: 'No Bookings', phone: '13800004002', forbidAppointment: true }, company.token)).result
      .empid;
    expect((await signed('addVisitorApponintmnet', booking('13911114004', { empid: closed }))).status).toBe(Status.INVALID_EMPLOYEE);
    expect((await signed('addVisitorApponintmnet', booking('13911114004', { tid: 999999 }))).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    expect((await signed('addVisitorApponintmnet', booking('13911114004', { gid: 999999 }))).status).toBe(Status.GATE_NOT_FOUND);

    expect((await t.api.updateblackListSwitch({ blackListSwitch: 1 }, company.token)).status).toBe(0);
    expect((await t.api.addBlacklist({ name: 'Barred', phone: '13911114666' }, company.token)).status).toBe(0);
    expect((await signed('addVisitorApponintmnet', booking('13911114666'))).status).toBe(Status.BLACKLISTED);

    expect((await signed('addVisitorApponintmnet', booking('13911114005'))).status).toBe(0);
    const twice = await signed<{ errors: unknown[] }>('addVisitorApponintmnet', booking('13911114005'));
    expect(twice.status).toBe(Status.SAME_PHONE_APPOINTMENT);
    expect(twice.result.errors).toEqual([{ field: 'phone', rule: 'invited' }]);

    const past = await signed<{ errors: unknown[] }>('addVisitorApponintmnet', booking('13911114006', { appointmentDate: Date.now() - DAY }));
    expect(past.status).toBe(Status.BAD_PARAMS);
    expect(past.result.errors).toEqual([{ field: 'appointmentDate', rule: 'past' }]);
    const noHost = await signed<{ errors: unknown[] }>('addVisitorApponintmnet', booking('13911114006', { empid: undefined }));
    expect(noHost.result.errors).toEqual([{ field: 'empid', rule: 'required' }]);
  });

  it('a new secret voids the old one; a removed app’s code is unknown; only managers see it', async () => {
    const desk = await seedStaff(t, company.id, Role.GATE, 'desk_noapp');
    expect((await t.api.getBookingApp({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    const old = app.secret;
    const renewed = await t.api.resetBookingApp({}, company.token);
    expect(renewed.result.appCode).toBe(app.appCode);
    expect(renewed.result.secret).not.toBe(old);
    expect((await signed('signCheck', {}, { secret: old })).status).toBe(Status.SIGNATURE_ERROR);
    app.secret = renewed.result.secret ?? '';
    expect((await signed('signCheck', {})).status).toBe(0);
    // Another company's app is its own: the same code cannot be had, and its secret signs for it alone.
    const theirs = (await t.api.resetBookingApp({}, other.token)).result;
    expect(theirs.appCode).not.toBe(app.appCode);
    expect((await signed('signCheck', {}, { secret: theirs.secret ?? '' })).status).toBe(Status.SIGNATURE_ERROR);

    expect((await t.api.delBookingApp({}, company.token)).status).toBe(0);
    expect((await signed('signCheck', {})).status).toBe(Status.INVALID_APP_CODE);
    expect((await t.api.delBookingApp({}, company.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getBookingApp({}, company.token)).result).toEqual({ appCode: null, secret: null, createTime: null, lastUsed: null });
  });

  it('takes the visitor’s face from the invitation page (uploadFace) and says whether it is in (getFaceStatus)', async () => {
    const invited = await t.api.addAppointment(
      { empid: host, appointmentDate: Date.now() + DAY, visitors: [{ name: 'Face Guest', phone: '13911114010' }] },
      company.token,
    );
    const secid = new URL(invited.result[0]?.inviteLink ?? 'http://x').searchParams.get('token') ?? '';
    expect((await send('getFaceStatus', { id: secid })).result).toMatchObject({ face: 0, canUpload: 0 });
    expect((await send('updateAppointmentReply', { id: secid, status: 3 })).status).toBe(0);
    expect((await send('getFaceStatus', { secid })).result).toMatchObject({ face: 0, canUpload: 1 });

    const bytes = await facePhoto({ width: 240, height: 300 });
    const boundary = '----originalFace';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${secid}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/qcvisit/uploadFace',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-coolvisit-token': 'undefined' },
      payload,
    });
    expect(res.json()).toMatchObject({ status: 0, result: { face: 1, canUpload: 1 } });
    expect((await send('getFaceStatus', { id: secid })).result).toMatchObject({ face: 1 });
    expect((await send('getFaceStatus', { id: 'A'.repeat(43) })).status).toBe(Status.INVALID_VISITOR);
  });
});
