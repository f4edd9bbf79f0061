import { Role } from '@openvisit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoKeysOf } from '../../src/core/visits/visits.public.js';
import { VISIT_PHOTO_LINK_TTL_MS } from '../../src/modules/compat/compat.photos.js';
import type { AuthedContext } from '../../src/platform/http/calls.js';
import { tenantScope } from '../../src/platform/identity/tenancy.js';
import { faceDataUrl } from '../faces.js';
import { seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { originalClient } from './original.js';

type Row = { vid: number; vname: string; vphoto: unknown };
type Page = { list: Row[] };

const LINK = /^\/api\/media\/(visits\/\d+\/[\w-]+\.jpg)\?exp=(\d+)&sig=([\w-]+)$/;

const jpegDataUrl = () => faceDataUrl({ width: 300, height: 400 });

/** A walk-in with a photo and one without, registered as the original front desk sends them. */
async function twoWalkIns(send: ReturnType<typeof originalClient>, header: string, host: number, tid: number, phones: [string, string]) {
  const withPhoto = await send<Row>('UpdatePhoto', { vname: '有照片', vphone: phones[0], empid: host, tid, photoUrl: await jpegDataUrl() }, header);
  const without = await send<Row>('UpdatePhoto', { vname: '无照片', vphone: phones[1], empid: host, tid, photoUrl: '' }, header);
  expect(withPhoto.status, withPhoto.reason).toBe(0);
  expect(without.status, without.reason).toBe(0);
  // The desk's walk-in answers the vid as its badge names it (`v12`); the checks below want the number.
  const numbered = (row: Row) => ({ ...row, vid: Number(String(row.vid).replace(/^v/, '')) });
  return { withPhoto: numbered(withPhoto.result), without: numbered(without.result) };
}

async function seedDesk(t: TestApp, company: Tenant) {
  const desk = await seedStaff(t, company.id, Role.GATE, `desk_photos_${company.id}`);
  const host = (await t.api.addEmployee({ employee_name: '接待人', phone: '13800001111' }, company.token)).result.empid;
  const tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, company.token)).result.tid;
  return { header: `${desk.account}-${desk.token}`, host, tid };
}

/**
 * The front desk shows a visit's `vphoto` in an `<img>` with no token: under `/qcvisit/` every visit answered carries
 * a signed, short-lived link to its photo ('' for none); `/api/` keeps the boolean.
 */
describe('visit photos as the original front desk shows them', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let other: Tenant;
  let desk: Awaited<ReturnType<typeof seedDesk>>;
  let walkIns: Awaited<ReturnType<typeof twoWalkIns>>;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
    other = await seedCompany(t);
    desk = await seedDesk(t, company);
    walkIns = await twoWalkIns(send, desk.header, desk.host, desk.tid, ['13911120001', '13911120002']);
  });
  afterAll(() => t.close());

  it('answers the walk-in’s photo as a signed link, short-lived, and "" for a visit without one', () => {
    const m = LINK.exec(String(walkIns.withPhoto.vphoto));
    expect(m, String(walkIns.withPhoto.vphoto)).not.toBeNull();
    expect(m?.[1]).toMatch(new RegExp(`^visits/${company.id}/`));
    const exp = Number(m?.[2]);
    expect(exp).toBeGreaterThan(Date.now());
    expect(exp).toBeLessThanOrEqual(Date.now() + VISIT_PHOTO_LINK_TTL_MS + 60_000);
    expect(walkIns.without.vphoto).toBe('');
  });

  it('the list, look-ups and sign-out answer the links; the image loads with no token, as the download gives it', async () => {
    const page = await send<Page>('SearchVisitByConditionPage', { startIndex: 1, requestedCount: 10, searchType: 1 }, desk.header);
    expect(page.status, page.reason).toBe(0);
    const byVid = new Map(page.result.list.map((r) => [r.vid, r.vphoto]));
    const link = String(byVid.get(walkIns.withPhoto.vid));
    expect(link).toMatch(LINK);
    expect(byVid.get(walkIns.without.vid)).toBe('');
    const img = await get(link);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);
    expect((await sharp(img.rawPayload).metadata()).format).toBe('jpeg');
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/VisitorPhoto?vid=${walkIns.withPhoto.vid}`,
      headers: { 'x-coolvisit-token': company.token },
    });
    expect(img.rawPayload.equals(download.rawPayload)).toBe(true);
    const one = await send<Row>('GetVisitorByVid', { vid: `v${walkIns.withPhoto.vid}` }, desk.header);
    expect(String(one.result.vphoto)).toMatch(LINK);
    const [byPhone] = (await send<Row[]>('getVisitorSignOutByPhone', { phone: '13911120001' }, desk.header)).result;
    expect(String(byPhone?.vphoto)).toMatch(LINK);
    const out = await send<Row>('VisitorSignOutByVid', { vid: `v${walkIns.withPhoto.vid}` }, desk.header);
    expect(out.status, out.reason).toBe(0);
    expect(String(out.result.vphoto)).toMatch(LINK);
    expect((await get(String(out.result.vphoto))).statusCode).toBe(200);
  });

  it('a tampered, moved or expired link is a 404', async () => {
    const link = String(walkIns.withPhoto.vphoto);
    const [, key, exp, sig] = LINK.exec(link) ?? [];
    const flipped = `${sig?.slice(0, -1)}${sig?.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(link.replace(`sig=${sig}`, `sig=${flipped}`))).statusCode).toBe(404);
    expect((await get(link.replace(/&sig=.*$/, ''))).statusCode).toBe(404);
    expect((await get(link.replace(`exp=${exp}`, `exp=${Number(exp) + 60_000}`))).statusCode).toBe(404);
    expect((await get(`/api/media/${key}?exp=${Date.now() - 60_000}&sig=${sig}`)).statusCode).toBe(404);
    // The signature names one file: another visit's photo under it is not served.
    const second = await send<Row>(
      'UpdatePhoto',
      { vname: '第二张', vphone: '13911120003', empid: desk.host, tid: desk.tid, photoUrl: await jpegDataUrl() },
      desk.header,
    );
    const [, otherKey] = LINK.exec(String(second.result.vphoto)) ?? [];
    expect(otherKey).not.toBe(key);
    expect((await get(`/api/media/${otherKey}?exp=${exp}&sig=${sig}`)).statusCode).toBe(404);
  });

  it('keeps the boolean on /api/', async () => {
    const page = await t.api.SearchVisitByConditionPage({ startIndex: 0, requestedCount: 50 }, company.token);
    expect(page.status, page.reason).toBe(0);
    const byVid = new Map(page.result.list.map((r) => [r.vid, r.vphoto]));
    expect(byVid.get(walkIns.withPhoto.vid)).toBe(true);
    expect(byVid.get(walkIns.without.vid)).toBe(false);
  });

  it('reads photo keys only of the caller’s company, in one read', async () => {
    const as = (companyId: number) => ({ tenant: tenantScope(t.db, { companyId }), session: { role: Role.ADMIN } }) as unknown as AuthedContext;
    const vids = [walkIns.withPhoto.vid, walkIns.without.vid];
    const mine = await photoKeysOf(as(company.id), vids);
    expect([...mine.keys()]).toEqual([walkIns.withPhoto.vid]);
    expect((await photoKeysOf(as(other.id), vids)).size).toBe(0);
  });
});

describe('visit photo links where the front desk is served from another host (CORS_ORIGINS)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await testApp({ corsOrigins: ['http://desk.example'] });
  });
  afterAll(() => t.close());

  it('are absolute on PUBLIC_URL, and the image may be shown by that page', async () => {
    const company = await seedCompany(t);
    const desk = await seedDesk(t, company);
    const { withPhoto } = await twoWalkIns(originalClient(t), desk.header, desk.host, desk.tid, ['13911130001', '13911130002']);
    const link = String(withPhoto.vphoto);
    expect(link.startsWith(`${t.config.publicUrl}/api/media/visits/${company.id}/`)).toBe(true);
    const img = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length), headers: { origin: 'http://desk.example' } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
