import { randomBytes } from 'node:crypto';
import { LOGISTICS_PHOTO_MAX_BYTES, Role, Status } from '@openvisit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRole, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { bookingInput, seedBooking, typeInput } from '../../../test/logistics.js';

type Errors = { errors: { field: string; rule: string }[] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A picture of random blocks, so that no encoder squeezes it to nothing. */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', block = 4): Promise<Buffer> {
  const [w, h] = [Math.ceil(width / block), Math.ceil(height / block)];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .toFormat(format, { quality: 90 })
    .toBuffer();
}

describe('logistics: booking photos', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let roles: Map<number, string>;
  const as = (role: number) => roles.get(role) ?? '';
  let jpg: Buffer;
  const upload = (bytes: Buffer, token: string, name = 'truck.jpg') => t.upload<{ key: string }>('uploadLogisticsPhoto', { name, bytes }, {}, token);
  const seePhoto = (key: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/LogisticsPhoto?key=${key}`, headers: { 'x-coolvisit-token': token } });

  beforeAll(async () => {
    t = await testApp({
      rateLimits: { global: 100000, signin: 100000, captcha: 100000, register: 3, recovery: 100000, public: 100000, lookup: 100000 },
    });
    ({ a, b } = await twoTenants(t));
    roles = await everyRole(t, a);
    jpg = await photo(640, 480);
  });
  afterAll(() => t.close());

  it('stores a jpg or png re-encoded and answers its key; a booking names it and the company’s staff and desk see it', async () => {
    const sent = await upload(jpg, as(Role.LOGISTICS_SPECIALIST));
    expect(sent.status).toBe(0);
    expect(sent.result.key).toMatch(UUID);
    const png = await upload(await photo(300, 200, 'png'), a.token, 'load.PNG');
    expect(png.status).toBe(0);
    const { sid, booking } = await seedBooking(t, a.token, { photoInfo: [sent.result.key, png.result.key, sent.result.key] });
    expect(booking.photoInfo).toEqual([sent.result.key, png.result.key]);
    for (const token of [a.token, as(Role.LOGISTICS), as(Role.GATE)]) {
      const seen = await seePhoto(sent.result.key, token);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-type']).toContain('image/jpeg');
      expect(await sharp(seen.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    }
    // A replaced photo leaves the store with the change.
    const next = (await upload(jpg, a.token)).result.key;
    const changed = await t.api.updateLogisticsInfo({ sid, photoInfo: [next] }, a.token);
    expect(changed.result.photoInfo).toEqual([next]);
    expect(JSON.parse((await seePhoto(sent.result.key, a.token)).body)).toMatchObject({ status: Status.NO_SUCH_RECORD });
    expect((await seePhoto(next, a.token)).statusCode).toBe(200);
  });

  it('takes a gif (the spec’s image types), stored as a JPEG of its first frame', async () => {
    const gif = await photo(320, 240, 'gif');
    const sent = await upload(gif, a.token, 'truck.gif');
    expect(sent.status, JSON.stringify(sent.result)).toBe(0);
    const seen = await seePhoto(sent.result.key, a.token);
    expect(seen.statusCode).toBe(200);
    expect(await sharp(seen.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('refuses what is no jpg, png or gif by content, too small or too large, with the field named', async () => {
    const rule = async (bytes: Buffer, name = 'x.jpg') => ((await upload(bytes, a.token, name)).result as unknown as Errors).errors;
    expect(await rule(Buffer.from('not a picture at all'))).toEqual([{ field: 'file', rule: 'type' }]);
    expect(await rule(await photo(200, 200, 'webp'))).toEqual([{ field: 'file', rule: 'type' }]);
    expect(await rule(await photo(40, 300, 'png'), 'thin.png')).toEqual([{ field: 'file', rule: 'imageTooSmall' }]);
    // A jpeg's start then broken content: sniffed as jpeg, refused when decoded.
    expect(await rule(Buffer.concat([jpg.subarray(0, 200), randomBytes(2000)]))).toEqual([{ field: 'file', rule: 'type' }]);
    const heavy = Buffer.concat([jpg, Buffer.alloc(LOGISTICS_PHOTO_MAX_BYTES)]);
    expect(await rule(heavy)).toEqual([{ field: 'file', rule: 'size' }]);
    expect((await upload(Buffer.alloc(11 * 1024 * 1024), a.token)).http).toBe(413);
    expect((await upload(await photo(200, 200, 'png'), a.token, 'x.bmp')).status).toBe(Status.FILE_TYPE_ERROR);
    expect((await upload(jpg, as(Role.GATE))).status).toBe(Status.NO_PERMISSION);
    const tooMany = await t.call(
      'addLogisticsInfo',
      { ...bookingInput(1), photoInfo: Array(10).fill('00000000-0000-4000-8000-000000000000') },
      a.token,
    );
    expect(tooMany.status).toBe(Status.BAD_PARAMS);
    expect(JSON.stringify(tooMany.result)).toContain('"field":"photoInfo"');
    const address = await t.call('addLogisticsInfo', { ...bookingInput(1), photoInfo: ['https://example.com/a.jpg'] }, a.token);
    expect(JSON.stringify(address.result)).toContain('"field":"photoInfo.0"');
  });

  it('keeps each company’s photos its own: another company’s key is not found, booked or read', async () => {
    const theirs = (await upload(jpg, b.token)).result.key;
    expect(JSON.parse((await seePhoto(theirs, a.token)).body)).toMatchObject({ status: Status.NO_SUCH_RECORD });
    expect((await seePhoto(theirs, b.token)).statusCode).toBe(200);
    const tid = (await t.api.addExtendType({ ...typeInput, name: '照片#Photo type' }, a.token)).result.tid;
    const before = (await t.api.getLogisticsInfo({}, a.token)).result.count;
    expect((await t.api.addLogisticsInfo(bookingInput(tid, { photoInfo: [theirs] }), a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getLogisticsInfo({}, a.token)).result.count).toBe(before);
    const { sid } = await seedBooking(t, a.token);
    expect((await t.api.updateLogisticsInfo({ sid, photoInfo: [theirs] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getLogisticsInfo({}, a.token)).result.list.find((x) => x.sid === sid)?.photoInfo).toEqual([]);
    // A key never uploaded is not found either.
    expect((await seePhoto('00000000-0000-4000-8000-000000000000', a.token)).json()).toMatchObject({ status: Status.NO_SUCH_RECORD });
    expect((await seePhoto('../../x', a.token)).json()).toMatchObject({ status: Status.BAD_PARAMS });
  });

  it('takes a carrier’s photos through the link (its company’s, 740 for a link that does not work), rate-limited', async () => {
    const tid = (await t.api.addExtendType({ ...typeInput, name: '公开#Public type' }, a.token)).result.tid;
    const token = (await t.api.resetLogisticsLink({}, a.token)).result.token ?? '';
    const sent = await t.upload<{ key: string }>('uploadLogisticsBookingPhoto', { name: 'truck.jpg', bytes: jpg }, { token });
    expect(sent.status).toBe(0);
    const theirs = (await upload(jpg, b.token)).result.key;
    expect((await t.api.addLogisticsBooking({ token, ...bookingInput(tid, { photoInfo: [theirs], plateNum: '桂B12345' }) })).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    const booked = await t.api.addLogisticsBooking({ token, ...bookingInput(tid, { photoInfo: [sent.result.key], plateNum: '桂B12345' }) });
    expect(booked.status).toBe(0);
    const queued = (await t.api.getLogisticsInfo({ plateNum: '桂B12345' }, a.token)).result.list[0];
    expect(queued?.photoInfo).toEqual([sent.result.key]);
    expect((await seePhoto(sent.result.key, a.token)).statusCode).toBe(200);
    expect(JSON.parse((await seePhoto(sent.result.key, b.token)).body)).toMatchObject({ status: Status.NO_SUCH_RECORD });

    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const codes: number[] = [];
    const forgedAnswer = await t.upload('uploadLogisticsBookingPhoto', { name: 'truck.jpg', bytes: jpg }, { token: forged });
    codes.push(forgedAnswer.http);
    expect(forgedAnswer.status === Status.LOGISTICS_LINK_INVALID || forgedAnswer.http === 429).toBe(true);
    for (let i = 0; i < 3; i++) codes.push((await t.upload('uploadLogisticsBookingPhoto', { name: 'truck.jpg', bytes: jpg }, { token })).http);
    expect(codes).toContain(429);
  });
});
