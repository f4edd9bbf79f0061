import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Status, type TrainingVideo } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { eventually } from '../../../test/timeouts.js';
import { makeMp4 } from '../../../test/videos.js';
import { questionnaires } from '../../db/schema/index.js';
import { TEMP_FOLDER } from '../../platform/files/files.js';

const CALLS = ['getTrainingVideo', 'addTrainingVideo', 'delTrainingVideo'];
/** Lowered for the test: a few MB over it are refused with 691 without sending 200 MB. */
const LIMIT = 2_000_000;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('training videos', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let mp4: Buffer;
  const tempFolder = () => path.join(t.config.dataDir, 'files', TEMP_FOLDER);
  const leftovers = () => (fs.existsSync(tempFolder()) ? fs.readdirSync(tempFolder()) : []);
  const storedVideos = (companyId: number) => {
    const dir = path.join(t.config.dataDir, 'files', 'videos', String(companyId));
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const upload = (token: string, file: { name: string; bytes: Buffer }, title = 'Site safety') =>
    t.upload<TrainingVideo>('addTrainingVideo', file, { title }, token);

  beforeAll(async () => {
    t = await testApp({ videoMaxBytes: LIMIT });
    ({ a, b } = await twoTenants(t));
    mp4 = fs.readFileSync(makeMp4({ seconds: 2 }));
  });
  afterAll(() => t.close());

  it('no token 28; a front desk may not (610); the HSE officer may', async () => {
    const hse = await seedStaff(t, a.id, 0);
    expect((await t.api.getTrainingVideo({}, hse.token)).status).toBe(0);
    const desk = await seedStaff(t, a.id, 2);
    for (const name of CALLS) {
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
      expect((await t.call(name, {}, desk.token)).status, name).toBe(Status.NO_PERMISSION);
    }
    expect((await upload(desk.token, { name: 'a.mp4', bytes: mp4 })).status).toBe(Status.NO_PERMISSION);
    expect(leftovers()).toEqual([]);
  });

  it('uploads a real mp4, lists it with its duration and plays a range through its signed link', async () => {
    const added = await upload(a.token, { name: 'induction.mp4', bytes: mp4 }, '  Site safety  ');
    expect(added.status).toBe(0);
    expect(added.result).toMatchObject({ title: 'Site safety', fileName: 'induction.mp4', bytes: mp4.length, usedBy: [] });
    expect(added.result.durationMs).toBeGreaterThanOrEqual(1900);
    expect(added.result.durationMs).toBeLessThanOrEqual(2100);
    expect(leftovers()).toEqual([]);
    expect(storedVideos(a.id)).toHaveLength(1);

    const list = await t.api.getTrainingVideo({}, a.token);
    expect(list.result).toMatchObject({ pageNo: 1, count: 1, list: [{ id: added.result.id, title: 'Site safety', bytes: mp4.length }] });
    expect((await t.api.getTrainingVideo({ title: 'SAFETY' }, a.token)).result.count).toBe(1);
    expect((await t.api.getTrainingVideo({ title: 'other' }, a.token)).result.count).toBe(0);
    expect((await t.api.getTrainingVideo({}, b.token)).result).toMatchObject({ count: 0, list: [] });

    const url = list.result.list[0]?.url ?? '';
    expect(url).toMatch(/^\/api\/media\/videos\/\d+\/[a-z0-9-]+\.mp4\?exp=\d+&sig=/);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 1100))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    expect((await t.api.delTrainingVideo({ id: added.result.id }, a.token)).result).toEqual({ deleted: 1 });
  });

  it('690 for a PNG named .mp4, a .txt and a cut mp4; 400 without a title; nothing left behind', async () => {
    expect((await upload(a.token, { name: 'picture.mp4', bytes: PNG })).status).toBe(Status.VIDEO_NOT_MP4);
    expect((await upload(a.token, { name: 'notes.txt', bytes: Buffer.from('hello') })).status).toBe(Status.VIDEO_NOT_MP4);
    const cut = await upload(a.token, { name: 'cut.mp4', bytes: mp4.subarray(0, mp4.length - 200) });
    expect(cut.status).toBe(Status.VIDEO_NOT_MP4);
    // A valid MP4 with other data after its last box: refused, with the reason.
    const junk = await upload(a.token, { name: 'junk.mp4', bytes: Buffer.concat([mp4, Buffer.alloc(150_000, 0x41)]) });
    expect(junk).toMatchObject({ status: Status.VIDEO_NOT_MP4, reason: expect.stringContaining('does not end where its MP4 boxes end') });
    const untitled = await upload(a.token, { name: 'a.mp4', bytes: mp4 }, '   ');
    expect(untitled.status).toBe(Status.BAD_PARAMS);
    expect(untitled.result).toEqual({ errors: [{ field: 'title', rule: 'required' }] });
    expect(leftovers()).toEqual([]);
    expect(storedVideos(a.id)).toEqual([]);
    expect((await t.api.getTrainingVideo({}, a.token)).result.count).toBe(0);
  });

  it('691 over the configured limit, the temporary file removed', async () => {
    const big = Buffer.concat([mp4, Buffer.alloc(LIMIT + 3_000_000 - mp4.length)]);
    const answer = await upload(a.token, { name: 'big.mp4', bytes: big });
    expect(answer).toMatchObject({ http: 200, status: Status.VIDEO_TOO_LARGE });
    expect(leftovers()).toEqual([]);
    expect(storedVideos(a.id)).toEqual([]);
    // Exactly at the limit is taken (padded with a free box, so its boxes end where the file ends).
    const pad = Buffer.alloc(LIMIT - mp4.length);
    pad.writeUInt32BE(pad.length, 0);
    pad.write('free', 4, 'latin1');
    const exact = await upload(a.token, { name: 'exact.mp4', bytes: Buffer.concat([mp4, pad]) });
    expect(exact.result).toMatchObject({ bytes: LIMIT });
    expect((await t.api.delTrainingVideo({ id: exact.result.id }, a.token)).result).toEqual({ deleted: 1 });
    expect(leftovers()).toEqual([]);
    expect(storedVideos(a.id)).toEqual([]);
  });

  it('a client that goes away mid-upload leaves no file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----openvisitabort';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n`;
    const req = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/addTrainingVideo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-coolvisit-token': a.token, 'content-length': 1_900_000 },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(mp4);
    // The temporary file exists while the body arrives, and is gone once the client hangs up.
    expect(await eventually(() => leftovers().length === 1)).toBe(true);
    req.destroy();
    expect(await eventually(() => leftovers().length === 0)).toBe(true);
    expect(storedVideos(a.id)).toEqual([]);
  });

  it('692 while a questionnaire shows it; 602 for another company’s id; deleting removes the file', async () => {
    const video = (await upload(a.token, { name: 'v.mp4', bytes: mp4 })).result;
    const [q] = await t.db
      .insert(questionnaires)
      .values({ companyId: a.id, title: 'Visitors', topicNum: 1, passScore: 1, ansTime: 10, validityDays: 30, videoId: video.id })
      .returning();
    const listed = (await t.api.getTrainingVideo({}, a.token)).result.list[0];
    expect(listed?.usedBy).toEqual([{ qid: q?.id, title: 'Visitors' }]);
    const inUse = await t.api.delTrainingVideo({ id: video.id }, a.token);
    expect(inUse.status).toBe(Status.VIDEO_IN_USE);
    expect(inUse.result).toEqual({ usedBy: [{ qid: q?.id, title: 'Visitors' }] });
    expect((await t.api.delTrainingVideo({ id: video.id }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delTrainingVideo({ id: 2_000_000_000 }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect(storedVideos(a.id)).toHaveLength(1);

    await t.db.delete(questionnaires);
    expect((await t.api.delTrainingVideo({ id: video.id }, a.token)).result).toEqual({ deleted: 1 });
    expect(storedVideos(a.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: listed?.url ?? '' })).statusCode).toBe(404);
    expect((await t.api.delTrainingVideo({ id: video.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  it('videoOf answers this company’s video only', async () => {
    const { videoOf } = await import('./questionnaires.videos.js');
    const video = (await upload(a.token, { name: 'v.mp4', bytes: mp4 })).result;
    const { jobContext } = await import('../../platform/http/calls.js');
    const deps = {
      system: (await import('../../platform/identity/tenancy.js')).systemScope(t.db),
      config: t.config,
      services: t.services,
      log: t.app.log,
    };
    const ctxA = jobContext(deps, a.id, { job: 'test', account: 'test', name: 'test' });
    const ctxB = jobContext(deps, b.id, { job: 'test', account: 'test', name: 'test' });
    expect(await videoOf(ctxA.tenant, t.services.secrets, video.id)).toEqual({
      id: video.id,
      title: 'Site safety',
      durationMs: video.durationMs,
      url: video.url,
    });
    expect(await videoOf(ctxB.tenant, t.services.secrets, video.id)).toBeNull();
  });
});
