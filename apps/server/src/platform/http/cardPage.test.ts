import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { cardPageHeaders } from './cardPage.js';

const CONSOLE = '<!doctype html><div id="root"></div>';
const CARD = '<!doctype html><div id="card-root"></div>';

/** A web build of the three pages, as apps/web/dist holds them. */
function webDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ov-card-'));
  fs.writeFileSync(path.join(dist, 'index.html'), CONSOLE);
  fs.writeFileSync(path.join(dist, 'kiosk.html'), '<!doctype html><div id="kiosk-root"></div>');
  fs.writeFileSync(path.join(dist, 'card.html'), CARD);
  return dist;
}

describe('the badge page the original front-desk app opens (/card/…)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    t = await testApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

  it('answers the page at /card/index.html and under /card/custom/<name>/, whatever the query', async () => {
    for (const url of [
      '/card/index.html?vid=v12&userid=7&token=desk-abc',
      '/card/',
      '/card/custom/acme/index.html?vid=v12',
      '/card/custom/Acme_2-b/',
      `/card/custom/${'x'.repeat(64)}/index.html`,
    ]) {
      const r = await get(url);
      expect([url, r.statusCode, r.headers['content-type'], r.body]).toEqual([url, 200, expect.stringContaining('text/html'), CARD]);
      expect(r.headers['cache-control']).toBe('no-cache');
      // The app shows it in a frame too: framed by this origin (no CORS origins configured), never by others.
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self';");
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const head = await get('/card/index.html', 'HEAD');
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, expect.stringContaining('text/html'), '']);
    // The console's pages keep refusing every frame.
    expect((await get('/signin')).headers['content-security-policy']).toContain("frame-ancestors 'none';");
  });

  it('anything else under /card is a 404, never the console, and a custom name cannot leave its folder', async () => {
    for (const url of [
      '/card/custom/../x',
      '/card/custom/..%2f..%2findex.html/index.html',
      '/card/custom/a.b/index.html',
      '/card/custom/index.html/index.html',
      `/card/custom/${'x'.repeat(65)}/index.html`,
      '/card/custom/acme/other.html',
      '/card/custom/acme',
      '/card/custom/',
      '/card/other',
      '/card/index.htm',
      '/card',
    ]) {
      const r = await get(url);
      expect([url, r.statusCode]).toEqual([url, 404]);
      expect(r.body).not.toContain('id="root"');
      expect(r.body).not.toContain('card-root');
    }
    expect((await t.app.inject({ method: 'POST', url: '/card/index.html' })).statusCode).toBe(404);
    // Dot segments are resolved before routing, as a browser does: what stays under /card/ is the page or a 404.
    for (const url of ['/card/custom/../index.html', '/card/custom/%2e%2e/index.html']) expect((await get(url)).body).toBe(CARD);
  });

  it('names CORS origins (and only well-formed ones) as frame ancestors, then leaving X-Frame-Options out', () => {
    expect(cardPageHeaders([])).toMatchObject({ remove: [] });
    const h = cardPageHeaders(['https://desk.example.com', 'http://10.0.0.5:8080', "https://x.test; script-src 'unsafe-inline'", '*']);
    expect(h.set['content-security-policy']).toContain("frame-ancestors 'self' https://desk.example.com http://10.0.0.5:8080;");
    expect(h.set['content-security-policy']).not.toMatch(/x\.test|\*/);
    expect(h.remove).toEqual(['x-frame-options']);
  });
});

describe('the badge page without a web build', () => {
  it('answers 404 for /card/ paths', async () => {
    const t = await testApp({ webDist: '' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/card/index.html' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('what the badge page asks: /qcvisit/getCardInfo with the token as the front-desk app keeps it', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let vid: number;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    const empid = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    vid = (await t.api.UpdatePhoto({ vname: 'Vera Visitor', vphone: '13911112222', empid }, desk.token)).result.vid;
  });
  afterAll(() => t.close());

  const ask = async (token: string | undefined, body: Record<string, unknown>) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/qcvisit/getCardInfo',
      headers: token === undefined ? {} : { 'x-coolvisit-token': token },
      payload: body,
    });
    return r.json() as { status: number; result: { visit: { vid: number; vname: string } } | null };
  };

  it('answers the badge for bare, <account>- and <userid>- tokens; refuses another prefix, another company and no token', async () => {
    for (const token of [desk.token, `${desk.account}-${desk.token}`, `${a.id}-${desk.token}`]) {
      const r = await ask(token, { vid, userid: a.id });
      expect([token, r.status, r.result?.visit.vname]).toEqual([token, 0, 'Vera Visitor']);
    }
    expect((await ask(`${desk.account}-${desk.token}`, { vid, userid: 2147483647 })).status).toBe(0);
    expect((await ask(`someone-${desk.token}`, { vid })).status).toBe(Status.TOKEN_INVALID);
    expect((await ask(`${b.id}-${desk.token}`, { vid })).status).toBe(Status.TOKEN_INVALID);
    expect((await ask(desk.token, { vid, userid: b.id })).status).toBe(Status.NO_PERMISSION);
    expect((await ask(b.token, { vid })).status).toBe(Status.INVALID_VISITOR);
    expect((await ask(undefined, { vid })).status).toBe(Status.TOKEN_MISSING);
    expect((await ask('undefined', { vid })).status).toBe(Status.TOKEN_MISSING);
  });
});
