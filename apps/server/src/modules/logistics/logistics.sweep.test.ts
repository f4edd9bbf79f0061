import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { seedBooking } from '../../../test/logistics.js';
import { logisticsUploads } from '../../db/schema/index.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { photoPath } from './logistics.photos.js';
import { ensurePhotoSweep, PHOTO_GRACE_MS, PHOTO_SWEEP_EVERY_MS, sweepPhotos } from './logistics.sweep.js';

describe('logistics: the photo sweep', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let jpg: Buffer;
  const upload = async (token: string) =>
    (await t.upload<{ key: string }>('uploadLogisticsPhoto', { name: 'truck.jpg', bytes: jpg }, {}, token)).result.key;
  const stored = async (company: Tenant, key: string) => (await t.services.files.size(photoPath(company.id, key))) !== undefined;
  const listed = async (keys: string[]) =>
    (await t.db.select({ key: logisticsUploads.key }).from(logisticsUploads).where(inArray(logisticsUploads.key, keys))).map((r) => r.key).sort();
  /** Makes uploads look older than the grace, as a day passing would. */
  const age = (keys: string[], ms = PHOTO_GRACE_MS + 60_000) =>
    t.db
      .update(logisticsUploads)
      .set({ uploadedAt: new Date(Date.now() - ms) })
      .where(inArray(logisticsUploads.key, keys));

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const [w, h] = [160, 120];
    jpg = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('removes an unnamed photo a day after its upload, never a named one nor a fresh one, each company by its own bookings', async () => {
    const [named, old, fresh, dropped, replacement] = [
      await upload(a.token),
      await upload(a.token),
      await upload(a.token),
      await upload(a.token),
      await upload(a.token),
    ];
    const [theirsNamed, theirsOld] = [await upload(b.token), await upload(b.token)];
    await seedBooking(t, a.token, { photoInfo: [named] });
    const { sid } = await seedBooking(t, a.token, { photoInfo: [dropped] });
    expect((await t.api.updateLogisticsInfo({ sid, photoInfo: [replacement] }, a.token)).status).toBe(0);
    await seedBooking(t, b.token, { photoInfo: [theirsNamed] });
    const all = [named, old, fresh, dropped, replacement, theirsNamed, theirsOld];

    // Within the grace nothing goes, named or not.
    expect(await sweepPhotos(systemScope(t.db), t.services.files, new Date(Date.now() + PHOTO_GRACE_MS - 60_000))).toBe(0);
    expect(await stored(a, old)).toBe(true);
    expect(await stored(a, fresh)).toBe(true);

    await age([named, old, dropped, replacement, theirsNamed, theirsOld]);
    expect(await sweepPhotos(systemScope(t.db), t.services.files, new Date())).toBe(3);
    expect(await stored(a, old)).toBe(false);
    expect(await stored(b, theirsOld)).toBe(false);
    expect(await stored(a, fresh)).toBe(true);
    for (const key of [named, replacement]) expect(await stored(a, key)).toBe(true);
    expect(await stored(b, theirsNamed)).toBe(true);
    // The photo a change dropped left the store at once; the sweep forgets its upload too.
    expect(await listed(all)).toEqual([named, fresh, replacement, theirsNamed].sort());

    // A day later the fresh one goes too; the named ones still stay.
    expect(await sweepPhotos(systemScope(t.db), t.services.files, new Date(Date.now() + PHOTO_GRACE_MS + 60_000))).toBe(1);
    expect(await stored(a, fresh)).toBe(false);
    expect(await listed(all)).toEqual([named, replacement, theirsNamed].sort());
  });

  it('runs as the hourly job the server registers', async () => {
    const orphan = await upload(a.token);
    await age([orphan]);
    await ensurePhotoSweep(t.services.jobs, new Date(Date.now() - PHOTO_SWEEP_EVERY_MS));
    expect(await t.services.jobs.runDue()).toBeGreaterThan(0);
    expect(await stored(a, orphan)).toBe(false);
    expect(await listed([orphan])).toEqual([]);
  });
});
