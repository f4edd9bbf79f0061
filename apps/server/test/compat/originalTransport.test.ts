import { Status } from '@openvisit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type TestApp, testApp } from '../harness.js';
import { type Desk, type DeskSite, deskCall, deskSignIn, deskSite } from './desk.js';

/**
 * What the original's transport needs beside the journeys (kept from the first replay suite): the captcha a real PNG,
 * a call name with a trailing blank, the placeholder userid ignored but another company's refused, and `/api/` knowing
 * none of the original's names or token forms.
 */
describe('the original’s transport under /qcvisit/ and /api/ kept strict', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let other: { id: number };
  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    other = await seedCompany(t);
    (t.config as { captcha: boolean }).captcha = true;
    desk = await deskSignIn(t, site);
  });
  afterAll(() => t.close());

  it('answers the captcha as a bare PNG the app prefixes with data:image/png;base64,', async () => {
    const captcha = await deskCall<{ base64Str: string }>(t, 'getValidationCode', {});
    const png = Buffer.from(captcha.result.base64Str, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(100);
  });

  it('resolves a call name sent with a trailing blank, and ignores the placeholder userid but not another company', async () => {
    const spaced = await desk.send<unknown[]>('getVisitorType ', { userid: 2147483647 });
    expect(spaced.status).toBe(0);
    expect(Array.isArray(spaced.result)).toBe(true);
    expect((await desk.send('getVisitorType', { userid: desk.userid })).status).toBe(0);
    expect((await desk.send('getVisitorType', { userid: other.id })).status).toBe(Status.NO_PERMISSION);
  });

  it('keeps /api/ strict: no original names, no scrambled passwords, no prefixed tokens', async () => {
    const api = await t.app.inject({ method: 'POST', url: '/api/LoginManager', payload: { account: site.account, password: site.password } });
    expect(api.statusCode).toBe(404);
    const strict = await t.app.inject({ method: 'POST', url: '/api/getVisitorType', headers: { 'x-coolvisit-token': desk.token }, payload: {} });
    expect(strict.json().status).toBe(Status.TOKEN_INVALID);
    const paged = await t.app.inject({ method: 'POST', url: '/api/SearchAppointmentByConditionPage', payload: {} });
    expect(paged.statusCode).toBe(404);
  });
});
