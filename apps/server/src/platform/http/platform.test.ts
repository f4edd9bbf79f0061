import { allCalls, EVENT_TYPES, eventCatalogue, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, seedCompany, type TestApp, testApp } from '../../../test/harness.js';
import { ConfigError, loadConfig } from '../../config.js';

describe('wire protocol and transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('unknown calls are 404 under /api and /qcvisit, as JSON without internals', async () => {
    for (const url of ['/api/NoSuchCall', '/qcvisit/NoSuchCall']) {
      const r = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ status: 404 });
    }
  });

  it('the same calls answer under /qcvisit for clients of the original', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/qcvisit/getValidationCode', payload: {} });
    expect(r.json().status).toBe(0);
  });

  it('malformed JSON is HTTP 400, an over-limit body 413, a non-object body BAD_PARAMS; never a stack trace', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/Login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, reason: 'Malformed request body' });
    expect(bad.body).not.toMatch(/at .*\.(ts|js):\d+/);

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/Login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().status).toBe(413);

    const arr = await t.app.inject({ method: 'POST', url: '/api/Login', payload: [1, 2] });
    expect(arr.statusCode).toBe(200);
    expect(arr.json().status).toBe(Status.BAD_PARAMS);
  });

  it('missing fields are named in the reason and in result.errors', async () => {
    const r = await t.call<{ errors: { field: string; rule: string }[] }>('Login', {});
    expect(r.status).toBe(Status.BAD_PARAMS);
    expect(r.result.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', rule: 'required' },
        { field: 'password', rule: 'required' },
      ]),
    );
    expect(r.reason).toMatch(/email.*password/);
  });

  it('sends security headers: CSP, no framing, no MIME sniffing; no CORS by default', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('healthz reports the database', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.json()).toEqual({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
  });

  it('openapi.json documents every call of the contract; the docs page is served with the same document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
      info: { description: string };
    };
    for (const c of allCalls) expect(doc.paths[`/api/${c.name}`], c.name).toBeDefined();
    expect(doc.info.description).toContain('610 NO_PERMISSION');
    // Each call lists the statuses it declares, with the catalogue's text.
    const add = (doc.paths['/api/addEmployee'] as { post: { description: string; 'x-statuses': { code: number }[] } }).post;
    expect(add.description).toContain('241 WORK_NUMBER_NOT_UNIQUE');
    expect(add['x-statuses'].map((s) => s.code)).toContain(241);
    // What an API key needs for each call: a write its area's write scope, a read its read scope; none for sign-in.
    type Op = { description: string; 'x-api-key-scope'?: string; security: object[] };
    const op = (path: string, method = 'post') => (doc.paths[path] as Record<string, Op>)[method];
    expect(op('/api/addEmployee')).toMatchObject({ 'x-api-key-scope': 'employees:write', security: [{ token: [] }, { apiKey: [] }] });
    expect(op('/api/getEmpListPages')?.description).toContain('API key: scope employees:read.');
    expect(op('/api/Login')?.['x-api-key-scope']).toBeUndefined();
    expect(op('/api/updatePassword')).toMatchObject({ security: [{ token: [] }] });
    expect(op('/api/ExportEmployeeList', 'get')).toMatchObject({ 'x-api-key-scope': 'employees:read' });
    // Each event of the catalogue as the request an endpoint receives, its body's schema and an example.
    const hooks = (doc as unknown as { webhooks: Record<string, { post: Hook }> }).webhooks;
    type Hook = {
      parameters: { name: string }[];
      requestBody: { content: { 'application/json': { schema: { properties: { data: object } }; example: unknown } } };
    };
    expect(Object.keys(hooks).sort()).toEqual([...EVENT_TYPES].sort());
    const checkedIn = hooks['visit.checked_in']?.post;
    expect(checkedIn?.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const json = checkedIn?.requestBody.content['application/json'];
    expect(json?.schema.properties.data).toMatchObject({ properties: { vid: expect.anything(), visitor: expect.anything() } });
    expect(eventCatalogue['visit.checked_in'].data.safeParse((json?.example as { data: unknown } | undefined)?.data).success).toBe(true);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    // The page reads the whole document, not the plugin's placeholder (app.ts makes it on first request).
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(doc);
  });

  it('GET /api/config serves labels and feature flags', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(r.result).toMatchObject({ version: 'v2.4.8', captcha: false, features: { blacklist: true, supplier: true }, hseAdminChange: false });
  });
});

describe('serving the console', () => {
  it('answers index.html for console routes, 404 for missing files, and never index.html for /api', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ov-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const t = await testApp({ webDist: dist });
    const page = await t.app.inject({ method: 'GET', url: '/setting/account/safe?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const head = await t.app.inject({ method: 'HEAD', url: '/setting/account/safe' });
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, expect.stringContaining('text/html'), '']);
    expect((await t.app.inject({ method: 'POST', url: '/setting/account/safe' })).statusCode).toBe(404);
    // An approval mail's link is a page.
    const link = await t.app.inject({ method: 'GET', url: '/approval/1~2~3~1796876927~hE7O2qKkE8_beph' });
    expect([link.statusCode, link.headers['content-type']]).toEqual([200, expect.stringContaining('text/html')]);
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-0-old.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed file the browser accepts, hashed assets cached for a year, pages and the kiosk worker revalidated', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ov-dist-'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    const page = '<!doctype html><div id="root"></div>';
    fs.mkdirSync(path.join(dist, 'assets'));
    const files: [string, string][] = [
      ['assets/app-1.js', script],
      ['index.html', page],
      ['kiosk-sw.js', script],
    ];
    for (const [name, body] of files) {
      fs.writeFileSync(path.join(dist, name), body);
      fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(body));
      fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(body));
    }
    const t = await testApp({ webDist: dist });
    const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toContain('accept-encoding');

    for (const url of ['/signin', '/kiosk-sw.js']) {
      const r = await get(url, 'br');
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    expect(zlib.brotliDecompressSync((await get('/signin', 'br')).rawPayload).toString()).toBe(page);
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
});

describe('configuration', () => {
  it('reads defaults and lists every problem at once', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.database.kind).toBe('pglite');
    expect(c.captcha).toBe(true);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA: 'maybe' });
    } catch (err) {
      expect((err as ConfigError).problems).toHaveLength(3);
    }
    expect(() => loadConfig({ FEATURES_OFF: 'blacklist,teleport' })).toThrow(/teleport/);
    expect(loadConfig({ FEATURES_OFF: 'blacklist, monitor' }).features).toMatchObject({ blacklist: false, monitor: false, notice: true });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost/db' });
  });

  it('features switched off are reported to the console', async () => {
    const t = await testApp({}, { FEATURES_OFF: 'blacklist' });
    const r = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(r.result.features.blacklist).toBe(false);
    await t.close();
  });
});

describe('rate limits', () => {
  it('sign-in attempts beyond the limit get HTTP 429 with a reason', async () => {
    const t = await testApp({ rateLimits: { global: 1000, signin: 3, captcha: 1000, register: 2, recovery: 2, public: 1000, lookup: 1000 } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.api.Login({ email: 'x@example.com', password: 'abc123x' })).http);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const r = await t.api.Login({ email: 'x@example.com', password: 'abc123x' });
    expect(r.reason).toMatch(/Too many requests/);
    // Other calls have their own budget.
    expect((await t.api.getValidationCode()).http).toBe(200);
    await t.close();
  });
});

describe('tenancy', () => {
  it('a body userid that is not the session company is refused (610), whatever the call', async () => {
    const t = await testApp();
    const a = await seedCompany(t);
    for (const userid of [a.id + 1, String(a.id + 1), -1])
      expect((await t.call('GetManagerByUser', { userid }, a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.call('GetManagerByUser', { userid: String(a.id) }, a.token)).status).toBe(0);
    await t.close();
  });
});
