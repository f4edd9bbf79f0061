import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type ListedPerson, Status } from '@openvisit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

type Errors = { errors: { field: string; rule: string }[] };

/** An image of random pixels, so that no encoder can squeeze it to nothing. */
function picture(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('watchlist entry photos', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const stored = (key: string) => fs.existsSync(path.join(t.config.dataDir, 'files', key));
  const photoOf = (bid: number, token: string, list = 'Blacklist') =>
    t.app.inject({ method: 'GET', url: `/api/${list}Photo?bid=${bid}`, headers: { 'x-coolvisit-token': token } });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('a photo is stored re-encoded, read back by the readers, replaced and removed; its files go with it', async () => {
    const bid = (await t.api.addBlacklist({ name: '張偉' }, a.token)).result.bid;
    const up = await t.upload<ListedPerson>(
      'uploadBlacklistPhoto',
      { name: 'still.png', bytes: await picture(640, 480) },
      { bid: String(bid) },
      a.token,
    );
    expect(up.status).toBe(0);
    expect(up.result.photo).toMatch(/^listed\/\d+\/\d+-[0-9a-f]{12}\.jpg$/);
    const first = up.result.photo;
    expect(stored(first)).toBe(true);
    // The front desk reads the list, so it sees the photo too.
    const desk = await seedStaff(t, a.id, 2);
    const res = await photoOf(bid, desk.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    expect((await t.api.getBlacklist({}, a.token)).result.list[0]?.photo).toBe(first);

    const again = await t.upload<ListedPerson>(
      'uploadBlacklistPhoto',
      { name: 'b.jpg', bytes: await picture(200, 200) },
      { bid: String(bid) },
      a.token,
    );
    expect(again.result.photo).not.toBe(first);
    expect(stored(first)).toBe(false);
    const removed = await t.api.delBlacklistPhoto({ bid }, a.token);
    expect(removed.result.photo).toBe('');
    expect(stored(again.result.photo)).toBe(false);
    expect((await photoOf(bid, a.token)).json().status).toBe(Status.NO_SUCH_RECORD);

    const last = await t.upload<ListedPerson>(
      'uploadBlacklistPhoto',
      { name: 'c.jpg', bytes: await picture(200, 200) },
      { bid: String(bid) },
      a.token,
    );
    expect((await t.api.delBlacklist({ bids: [bid] }, a.token)).status).toBe(0);
    expect(stored(last.result.photo)).toBe(false);
  });

  it('a screening match and the review queue carry the entry’s photo', async () => {
    const bid = (await t.api.addBlacklist({ name: 'Photo Person', level: 'review' }, a.token)).result.bid;
    const up = await t.upload<ListedPerson>('uploadBlacklistPhoto', { name: 'p.jpg', bytes: await picture(300, 300) }, { bid: String(bid) }, a.token);
    const check = await t.api.checkBlacklist({ name: 'photo person' }, a.token);
    expect(check.result.matches.find((m) => m.bid === bid)?.photo).toBe(up.result.photo);
    const host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800002222' }, a.token)).result.empid;
    const walkIn = await t.api.UpdatePhoto({ vname: 'Photo Person', vphone: '13911110000', empid: host }, (await seedStaff(t, a.id, 2)).token);
    expect(walkIn.result.permission).toBe(0);
    // A photo set after the person was held is the one the reviewer sees.
    const later = await t.upload<ListedPerson>(
      'uploadBlacklistPhoto',
      { name: 'q.jpg', bytes: await picture(320, 320) },
      { bid: String(bid) },
      a.token,
    );
    const [review] = (await t.api.getScreeningReviews({ name: 'Photo Person' }, a.token)).result.list;
    expect(review?.matches[0]).toMatchObject({ bid, photo: later.result.photo });
    expect((await t.api.getVisitScreening({ vid: walkIn.result.vid }, a.token)).result.review?.matches[0]?.photo).toBe(later.result.photo);
  });

  it('bad files get their field rule; another company’s entry, a whitelist id on the blacklist and a writer-less role are refused', async () => {
    const bid = (await t.api.addBlacklist({ name: 'Bad Files' }, a.token)).result.bid;
    const send = (bytes: Buffer, name = 'x.jpg', token = a.token, id = bid, call = 'uploadBlacklistPhoto') =>
      t.upload<Errors>(call, { name, bytes }, { bid: String(id) }, token);
    expect((await send(Buffer.from('not an image at all'))).result.errors).toEqual([{ field: 'file', rule: 'type' }]);
    expect((await send(await picture(60, 60))).result.errors).toEqual([{ field: 'file', rule: 'imageTooSmall' }]);
    expect((await send(await picture(200, 200), 'x.pdf')).status).toBe(Status.FILE_TYPE_ERROR);
    expect((await send(await picture(200, 200), 'x.jpg', b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await photoOf(bid, b.token)).json().status).toBe(Status.NO_SUCH_RECORD);
    expect((await send(await picture(200, 200), 'x.jpg', a.token, bid, 'uploadWhitelistPhoto')).status).toBe(Status.NO_SUCH_RECORD);
    const desk = await seedStaff(t, a.id, 2);
    expect((await send(await picture(200, 200), 'x.jpg', desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.delBlacklistPhoto({ bid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getBlacklist({ name: 'Bad Files' }, a.token)).result.list[0]?.photo).toBe('');
  });

  it('the whitelist keeps photos the same way', async () => {
    const bid = (await t.api.addWhitelist({ name: 'Trusted Courier' }, a.token)).result.bid;
    const up = await t.upload<ListedPerson>('uploadWhitelistPhoto', { name: 'w.jpg', bytes: await picture(150, 150) }, { bid: String(bid) }, a.token);
    expect(up.status).toBe(0);
    expect((await photoOf(bid, a.token, 'Whitelist')).statusCode).toBe(200);
    expect((await photoOf(bid, a.token, 'Blacklist')).json().status).toBe(Status.NO_SUCH_RECORD);
  });
});
