import { Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts } from '../../src/db/schema/index.js';
import { knownCaptcha, PASSWORD, seedCompany, seedEmployee, seedStaff, type Tenant, type TestApp, testApp } from '../harness.js';
import { lftPwdRule, originalClient } from './original.js';

/**
 * The original front-desk app (v2.4.9) replayed call by call as it sends them to `/qcvisit/`: its sign-in chain with
 * the scrambled password and the captcha, its token forms, today's lists with their paging and tabs, and batch
 * sign-out. Each step asserts the fields the app reads, with the type it reads them as.
 */
describe('the original front-desk app against /qcvisit/', () => {
  let t: TestApp;
  let send: ReturnType<typeof originalClient>;
  let company: Tenant;
  let other: Tenant;
  let desk: { account: string; token: string };
  let header: string;
  let vids: number[];
  let gid: number;

  beforeAll(async () => {
    t = await testApp();
    send = originalClient(t);
    company = await seedCompany(t);
    other = await seedCompany(t);
    desk = await seedStaff(t, company.id, Role.GATE, 'desk_front');
    gid = (await t.api.addGate({ gname: '东门' }, company.token)).result.gid;
    await t.db
      .update(staffAccounts)
      .set({ gids: [gid] })
      .where(eq(staffAccounts.account, 'desk_front'));
    const group = await t.api.addEquipmentGroup({ egname: '东门访客', etype: 2, gids: [gid] }, company.token);
    expect(group.status, group.reason).toBe(0);
    const emp = await seedEmployee(t, company.id);
    const tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, company.token)).result.tid;
    const field = await t.api.addExtendVisitor({ displayName: '车牌#Plate', fieldName: 'plate', inputType: 'text', types: [{ tid }] }, company.token);
    expect(field.status).toBe(0);
    vids = [];
    for (const [vname, vphone] of [
      ['李四', '13912345678'],
      ['王五', '13912345679'],
      ['赵六', '13912345670'],
    ] as const) {
      const r = await t.api.UpdatePhoto({ vname, vphone, empid: emp.id, tid, extendCol: { plate: '沪A12345' } }, company.token);
      expect(r.status, JSON.stringify(r)).toBe(0);
      vids.push(r.result.vid);
    }
    // The captcha on from here, as on a real site (the seeds above sign in without one): the chain must pass it.
    (t.config as { captcha: boolean }).captcha = true;
  });
  afterAll(() => t.close());

  it('signs in with LoginManager: the captcha as a bare PNG, the password scrambled, the token header "undefined" before', async () => {
    const captcha = await send<{ base64Str: string; digest: string }>('getValidationCode', {});
    expect(captcha.status).toBe(0);
    expect(captcha.contentType).toMatch(/^application\/json/);
    // The app shows `data:image/png;base64,` + base64Str.
    const png = Buffer.from(captcha.result.base64Str, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(100);

    const known = await knownCaptcha(t);
    expect((await send('validationCode', { email: desk.account, phone: '', digest: known.digest, vcode: known.code })).status).toBe(0);
    const login = await send<Record<string, unknown>>('LoginManager', {
      account: desk.account,
      password: lftPwdRule(PASSWORD),
      digest: known.digest,
    });
    expect(login.status).toBe(0);
    const r = login.result;
    expect(typeof r.token).toBe('string');
    expect(r.userid).toBe(company.id);
    expect(r.account).toBe(desk.account);
    expect(r.sType).toBe(Role.GATE);
    expect(typeof r.company).toBe('string');
    expect(r.gid).toBe(String(gid));
    expect(r.gname).toBe('东门');
    header = `${desk.account}-${r.token as string}`;

    // The reads that follow sign-in: the company and its badge settings, visitor types, the door groups of the desk's gate.
    const info = await send<Record<string, unknown>>('GetUserInfo', { userid: String(company.id) }, header);
    expect(info.status).toBe(0);
    expect(info.result).toMatchObject({ userid: company.id, badgeMode: 0, badgeCustom: '' });
    expect(typeof info.result.leaveExpiryTime).toBe('number');
    const types = await send<{ tid: number; vType: string }[]>('getVisitorType', { userid: company.id }, header);
    expect(types.result.map((type) => type.vType)).toContain('访客#Guest');
    const groups = await send<{ egid: number; etype: number; gids: string }[]>('getEquipmentGroupByUserid', { userid: company.id }, header);
    expect(groups.status).toBe(0);
    expect(groups.result).toEqual([expect.objectContaining({ egname: '东门访客', etype: 2, gids: String(gid) })]);
    const managers = await send<{ account: string }[]>('GetManager', {}, company.token);
    expect(managers.result.map((m) => m.account)).toContain('desk_front');
  });

  it('resolves a call name sent with a trailing blank, and ignores the placeholder userid but not another company', async () => {
    const spaced = await send<unknown[]>('getVisitorType ', { userid: 2147483647 }, header);
    expect(spaced.status).toBe(0);
    expect(Array.isArray(spaced.result)).toBe(true);
    expect((await send('getVisitorType', { userid: String(company.id) }, header)).status).toBe(0);
    expect((await send('getVisitorType', { userid: other.id }, header)).status).toBe(Status.NO_PERMISSION);
  });

  it('pages today’s visitors as the app does: startIndex 1 is the first page, {count, list}, numeric states, extendCol a string', async () => {
    const page = await send<{ count: number; list: Record<string, unknown>[] }>(
      'SearchVisitByConditionPage',
      { userid: String(company.id), startIndex: 1, requestedCount: 2, date: today(), endDate: today() },
      header,
    );
    expect(page.status).toBe(0);
    expect(page.result.count).toBe(3);
    expect(page.result.list).toHaveLength(2);
    const row = page.result.list[0] as Record<string, unknown>;
    expect(typeof row.vid).toBe('number');
    expect(row.status).toBe(1);
    expect(row.state).toBe('signedIn');
    expect(typeof row.extendCol).toBe('string');
    expect(JSON.parse(row.extendCol as string)).toEqual({ plate: '沪A12345' });
    expect(typeof row.visitdate).toBe('number');
    expect(typeof row.vname).toBe('string');
    const second = await send<{ list: { vid: number }[] }>('SearchVisitByConditionPage', { startIndex: '2', requestedCount: '2' }, header);
    expect(second.result.list).toHaveLength(1);
    // searchType 2: signed out (none yet).
    const out = await send<{ count: number }>('SearchVisitByConditionPage', { startIndex: 0, requestedCount: 10, searchType: 2 }, header);
    expect(out.result.count).toBe(0);
  });

  it('answers the other tabs under their original names', async () => {
    for (const name of ['SearchAppointmentByConditionPage', 'searchInviteByConditionPage', 'SearchRVisitorByConditionPage']) {
      const r = await send<{ count: number; list: unknown[] }>(name, { startIndex: 1, requestedCount: 10 }, header);
      expect(r.status, name).toBe(0);
      expect(r.result.count, name).toBe(0);
    }
    const cards = await send<{ count: number; list: { vid: number; status: number }[] }>(
      'getNotSendCardVisitPage',
      { startIndex: 1, requestedCount: 10 },
      header,
    );
    expect(cards.status).toBe(0);
    expect(cards.result.count).toBe(3);
  });

  it('reads one visit by v<vid> and by a string id', async () => {
    for (const vid of [`v${vids[0]}`, String(vids[0])]) {
      const r = await send<{ vid: number; status: number; extendCol: string }>('GetVisitorByVid', { vid }, header);
      expect(r.status).toBe(0);
      expect(r.result.vid).toBe(vids[0]);
      expect(r.result.status).toBe(1);
      expect(typeof r.result.extendCol).toBe('string');
    }
  });

  it('signs visitors out with a top-level array', async () => {
    const r = await send<{ signedOut: number }>('batchSignOut', [{ vid: vids[1] }, vids[2]], header);
    expect(r.status).toBe(0);
    expect(r.result.signedOut).toBe(2);
    const out = await send<{ count: number; list: { status: number }[] }>(
      'SearchVisitByConditionPage',
      { startIndex: 0, requestedCount: 10, searchType: 2 },
      header,
    );
    expect(out.result.count).toBe(2);
    expect(out.result.list.every((v) => v.status === 2)).toBe(true);
    // The desk's figures of the day.
    const stats = await send<Record<string, number>>('getVisitorStatistics', { userid: String(company.id) }, header);
    expect(stats.status).toBe(0);
    expect(stats.result).toMatchObject({ visitorCount: 3, signinCount: 3, onSiteCount: 1, signoutCount: 2, appointmentCount: 0 });
    expect((await send<Record<string, number>>('getVisitorStatistics', { date: '2020-01-01' }, header)).result.visitorCount).toBe(0);
  });

  it('renews its token with refreshToken; the old one then ends', async () => {
    const token = header.slice(desk.account.length + 1);
    const r = await send<{ token: string }>('refreshToken', { email: desk.account, oldToken: header }, header);
    expect(r.status).toBe(0);
    expect(r.result.token).not.toBe(token);
    expect((await send('getVisitorType', {}, header)).status).toBe(Status.TOKEN_INVALID);
    header = `${desk.account}-${r.result.token}`;
    expect((await send('getVisitorType', {}, header)).status).toBe(0);
    expect((await send('refreshToken', { oldToken: 'not-this-one' }, header)).status).toBe(Status.TOKEN_INVALID);
  });

  it('keeps /api/ strict: no original names, no scrambled passwords', async () => {
    const api = await t.app.inject({ method: 'POST', url: '/api/LoginManager', payload: { account: desk.account, password: PASSWORD } });
    expect(api.statusCode).toBe(404);
    const strict = await t.app.inject({
      method: 'POST',
      url: '/api/getVisitorType',
      headers: { 'x-coolvisit-token': header },
      payload: {},
    });
    expect(strict.json().status).toBe(Status.TOKEN_INVALID);
  });
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
