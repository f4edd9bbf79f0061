import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/harness.js';
import { MEDIA_LINK_TTL_MS, mediaUrl, parseRange } from './media.js';

describe('parseRange', () => {
  it('reads one range of the three forms, refuses past the end, ignores what it does not parse', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=9-1', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('media links', () => {
  let t: TestApp;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  const key = 'videos/1/sample.mp4';
  beforeAll(async () => {
    t = await testApp();
    await t.services.files.put(key, bytes);
    await t.services.files.put('questions/1/p.png', Buffer.from('png'));
  });
  afterAll(() => t.close());

  it('serves the whole file and single ranges, with the headers a player needs', async () => {
    const url = mediaUrl(t.services.secrets, key);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
      'content-length': '1000',
    });
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const cases: [string, number, number][] = [
      ['bytes=10-19', 10, 19],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe('100');
    expect(head.rawPayload.length).toBe(0);
    const png = await t.app.inject({ method: 'GET', url: mediaUrl(t.services.secrets, 'questions/1/p.png') });
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('404 without detail: a wrong signature, another key’s signature, an expired link, a missing file', async () => {
    const url = mediaUrl(t.services.secrets, key);
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    const exp = new URL(url, 'http://x').searchParams.get('exp') ?? '';
    const refused = [
      url.replace(/sig=[^&]+/, 'sig=AAAA'),
      url.replace(/exp=\d+/, `exp=${Number(exp) + 60_000}`),
      `/api/media/questions/1/p.png?exp=${exp}&sig=${sig}`,
      `/api/media/${key}`,
      mediaUrl(t.services.secrets, key, Date.now() - MEDIA_LINK_TTL_MS - 120_000),
      mediaUrl(t.services.secrets, 'videos/1/missing.mp4'),
      mediaUrl(t.services.secrets, 'videos/../secret.key'),
    ];
    for (const u of refused) {
      const res = await t.app.inject({ method: 'GET', url: u });
      expect(res.statusCode, u).toBe(404);
      expect(res.body, u).toBe('Not found');
    }
  });
});
