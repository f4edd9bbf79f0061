import { randomBytes } from 'node:crypto';
import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture, facePhoto } from '../../../test/faces.js';
import { seedCompany, seedStaff, type TestApp, testApp } from '../../../test/harness.js';
import { operationLogs, visits } from '../../db/schema/index.js';

interface Page {
  status: string;
  followers: { name: string; phone: string }[];
  followersMax: number;
  hasPhoto: boolean;
  canSupplement: boolean;
  canReply: boolean;
}
type Errors = { errors: { field: string; rule: string }[] };

/** A photo of random blocks (`block` px square), so that no encoder squeezes it to nothing. */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', block = 1): Promise<Buffer> {
  const [w, h] = [Math.ceil(width / block), Math.ceil(height / block)];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .toFormat(format, { quality: 100 })
    .toBuffer();
}

describe('the visitor’s invitation page: companions and photo', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedCompany>>;
  let host: number;
  const tokenOf = (link?: string) => new URL(link ?? 'http://x').searchParams.get('token') ?? '';
  const invite = async (phone: string) => {
    const r = await t.api.addAppointment(
      { empid: host, appointmentDate: Date.now() + 86_400_000, visitors: [{ name: 'Page Guest', phone }] },
      a.token,
    );
    const v = r.result[0];
    return { vid: v?.vid ?? 0, secid: tokenOf(v?.inviteLink) };
  };
  const companions = (secid: string, followers: unknown[]) => t.call<Page>('updateSupplementAppointment', { secid, followers });
  const sendPhoto = (secid: string, name: string, bytes: Buffer) => t.upload<Page>('uploadAppointmentPhoto', { name, bytes }, { secid });

  beforeAll(async () => {
    t = await testApp();
    a = await seedCompany(t, 'Alpha');
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
  });
  afterAll(() => t.close());

  it('companions once accepted: listed on the page and on the visit, replaced as a whole, checked, at most 20', async () => {
    const { vid, secid } = await invite('13966660001');
    const page = await t.api.getAppointmentbySecId({ secid });
    expect(page.result).toMatchObject({ followers: [], followersMax: 20, hasPhoto: false, canSupplement: false });
    expect((await companions(secid, [{ name: 'Early' }])).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.updateAppointmentReply({ id: secid, status: 3 })).result.canSupplement).toBe(true);

    const r = await companions(secid, [{ name: '同事甲', phone: '+86 139 0000 1111' }, { name: 'Colleague B' }]);
    expect(r.status).toBe(0);
    expect(r.result.followers).toEqual([
      { name: '同事甲', phone: '13900001111' },
      { name: 'Colleague B', phone: '' },
    ]);
    const visit = await t.api.GetVisitorByVid({ vid }, a.token);
    expect(visit.result).toMatchObject({ peopleCount: 3, followers: r.result.followers });
    expect((await companions(secid, [{ name: 'Colleague B' }])).result.followers).toEqual([{ name: 'Colleague B', phone: '' }]);
    const [log] = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id)).orderBy(sql`${operationLogs.id} desc`).limit(1);
    expect(log).toMatchObject({ optName: 'Page Guest', optRole: 10, optDesc: '1 companions' });

    expect(((await companions(secid, [{ name: 'Bad', phone: '12345' }])).result as unknown as Errors).errors).toEqual([
      { field: 'followers.0.phone', rule: 'format' },
    ]);
    expect(((await companions(secid, [{ name: '<b>' }])).result as unknown as Errors).errors[0]).toEqual({
      field: 'followers.0.name',
      rule: 'illegalChars',
    });
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `Person ${i}` }));
    expect((await companions(secid, many)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.GetVisitorByVid({ vid }, a.token)).result.followers).toHaveLength(1);
  });

  it('a face photo: jpg or png of at least 100×100 px and at most 1 MB with one face, stored and replacing the earlier one', async () => {
    const { vid, secid } = await invite('13966660002');
    const jpg = await facePhoto({ width: 300, height: 400 });
    expect((await sendPhoto(secid, 'me.jpg', jpg)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    await t.api.updateAppointmentReply({ id: secid, status: 3 });

    const small = await sendPhoto(secid, 'small.png', await photo(80, 120, 'png'));
    expect((small.result as unknown as Errors).errors).toEqual([{ field: 'file', rule: 'imageTooSmall' }]);
    const big = await photo(1000, 1000, 'jpeg');
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(((await sendPhoto(secid, 'big.jpg', big)).result as unknown as Errors).errors).toEqual([{ field: 'file', rule: 'size' }]);
    const webp = await photo(200, 200, 'webp');
    expect(((await sendPhoto(secid, 'renamed.jpg', webp)).result as unknown as Errors).errors).toEqual([{ field: 'file', rule: 'type' }]);
    expect(((await sendPhoto(secid, 'fake.jpg', Buffer.from('not a picture at all'))).result as unknown as Errors).errors).toEqual([
      { field: 'file', rule: 'type' },
    ]);
    expect((await sendPhoto(secid, 'me.bmp', await photo(200, 200, 'png'))).status).toBe(Status.FILE_TYPE_ERROR);
    // The detector: a picture without a face (a room, grey noise) or with two is refused with the reason.
    const faces = async (name: string, bytes: Buffer) => ((await sendPhoto(secid, name, bytes)).result as unknown as Errors).errors;
    expect(await faces('room.jpg', faceFixture('no-face'))).toEqual([{ field: 'file', rule: 'noFace' }]);
    expect(await faces('noise.jpg', await photo(600, 600, 'jpeg', 3))).toEqual([{ field: 'file', rule: 'noFace' }]);
    expect(await faces('us.jpg', faceFixture('two-faces'))).toEqual([{ field: 'file', rule: 'multipleFaces' }]);
    expect((await t.api.getAppointmentbySecId({ secid })).result.hasPhoto).toBe(false);

    const ok = await sendPhoto(secid, 'me.jpg', jpg);
    expect(ok.status).toBe(0);
    expect(ok.result.hasPhoto).toBe(true);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, vid));
    const first = row?.photo ?? '';
    expect(first).toMatch(new RegExp(`^visits/${a.id}/[0-9a-f-]+\\.jpg$`));
    const stored = await t.services.files.read(first);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    // The front desk sees it with the visit.
    const desk = await seedStaff(t, a.id, 2);
    const seen = await t.app.inject({ method: 'GET', url: `/api/VisitorPhoto?vid=${vid}`, headers: { 'x-coolvisit-token': desk.token } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toContain('image/jpeg');

    expect((await sendPhoto(secid, 'again.png', await facePhoto({ width: 160, height: 200, format: 'png' }))).status).toBe(0);
    const [after] = await t.db.select().from(visits).where(eq(visits.id, vid));
    expect(after?.photo).not.toBe(first);
    expect(await t.services.files.read(first)).toBeUndefined();
    // A gif (one of the spec's image types) too, stored as a JPEG of its first frame.
    expect((await sendPhoto(secid, 'me.gif', await facePhoto({ width: 240, height: 300, format: 'gif' }))).status).toBe(0);
    const [gif] = await t.db.select().from(visits).where(eq(visits.id, vid));
    expect(await sharp((await t.services.files.read(gif?.photo ?? '')) ?? Buffer.alloc(0)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 240,
      height: 300,
    });
  });

  it('refuses a cancelled, declined or expired invitation with 58, and a tampered or unknown link', async () => {
    const cancelled = await invite('13966660003');
    await t.api.updateAppointmentReply({ id: cancelled.secid, status: 3 });
    expect((await t.api.setCancelStatusForWeb({ vid: cancelled.vid }, a.token)).status).toBe(0);
    const r = await companions(cancelled.secid, [{ name: 'Late Add' }]);
    expect(r).toMatchObject({ status: Status.UPDATE_NOT_ALLOWED, result: { status: 'ended' } });
    expect((await sendPhoto(cancelled.secid, 'me.jpg', await photo(200, 200))).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const declined = await invite('13966660004');
    await t.api.updateAppointmentReply({ id: declined.secid, status: 4 });
    expect((await companions(declined.secid, [{ name: 'X' }])).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const expired = await invite('13966660005');
    await t.api.updateAppointmentReply({ id: expired.secid, status: 3 });
    await t.api.updateVisitStatus({ vid: expired.vid, event: 'expire' }, a.token);
    expect((await companions(expired.secid, [{ name: 'X' }])).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const open = await invite('13966660006');
    await t.api.updateAppointmentReply({ id: open.secid, status: 3 });
    // Past the check-in window, even an accepted invitation takes nothing more.
    await t.db
      .update(visits)
      .set({ appointmentAt: new Date(Date.now() - 3600_000) })
      .where(eq(visits.id, open.vid));
    expect((await companions(open.secid, [{ name: 'X' }])).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const tampered = `${open.secid.slice(0, -2)}${open.secid.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await companions(tampered, [{ name: 'X' }])).status).toBe(Status.INVALID_VISITOR);
    expect((await sendPhoto(tampered, 'me.jpg', await photo(200, 200))).status).toBe(Status.INVALID_VISITOR);
    expect((await companions('bad token!', [])).status).toBe(Status.BAD_PARAMS);
    expect((await t.upload('uploadAppointmentPhoto', { name: 'me.jpg', bytes: await photo(200, 200) }, {})).status).toBe(Status.BAD_PARAMS);
  });

  it('is rate-limited per client address (the public bucket)', async () => {
    const limited = await testApp({
      rateLimits: { global: 100000, signin: 100000, captcha: 100000, register: 100000, recovery: 100000, public: 2, lookup: 100000 },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.api.updateSupplementAppointment({ secid: 'A'.repeat(43), followers: [] })).http);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
