import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HikDevice, startHikvisionDevice } from '../../../../../tools/hikvision-device.js';
import { IsapiError, isapiClient, isapiTime } from './credentials.isapi.js';

/** The ISAPI client against the Hikvision terminal simulator (tools/hikvision-device.ts), over real HTTP, no database. */
const PASSWORD = 'Adm1n-secret!';
const jpeg = (n = 2000) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(n)]);
const at = (s: string) => new Date(s);
const failure = async (p: Promise<unknown>): Promise<IsapiError> => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(IsapiError);
  return e as IsapiError;
};
const person = (employeeNo: string, more: object = {}) => ({
  employeeNo,
  name: `Person ${employeeNo}`,
  userType: 'normal' as const,
  validFrom: null,
  validTo: null,
  doors: [1],
  ...more,
});

let dev: HikDevice;
const started: HikDevice[] = [];
const device = async (o: Partial<Parameters<typeof startHikvisionDevice>[0]> = {}) => {
  const d = await startHikvisionDevice({ username: 'admin', password: PASSWORD, ...o });
  started.push(d);
  return d;
};
const client = (d: HikDevice, o: { password?: string; timeoutMs?: number; maxConcurrent?: number } = {}) =>
  isapiClient({ baseUrl: d.url, username: 'admin', password: o.password ?? PASSWORD, timeoutMs: o.timeoutMs ?? 2000 }, o);

beforeAll(async () => {
  dev = await device({ maxUsers: 40, maxCardsPerUser: 2 });
});
afterAll(async () => {
  for (const d of started) await d.close();
});

describe('ISAPI client against the Hikvision simulator', () => {
  it('reads the device info over Digest, reusing the nonce', async () => {
    const c = client(dev);
    const info = await c.deviceInfo();
    expect(info.model).toMatch(/^DS-K1T/);
    expect(info.serialNumber).toContain(info.model);
    expect(info.firmwareVersion).toMatch(/^V\d/);
    const before = dev.stats().requests;
    await c.deviceInfo();
    await c.deviceInfo();
    // One round trip each once the challenge is known (nc counts up on the same nonce).
    expect(dev.stats().requests - before).toBe(2);
    expect(dev.stats().authFailures).toBe(0);
  });

  it('writes and reads back persons, past the device page size of 30, with local validity times', async () => {
    const c = client(dev);
    const from = at('2026-03-01T08:00:00');
    const to = at('2026-03-01T18:30:00');
    for (let i = 1; i <= 35; i++) await c.setUser(person(`E${i}`, i === 1 ? { validFrom: from, validTo: to, doors: [1, 2] } : {}));
    await c.setUser(person('V1', { userType: 'visitor', maxOpenDoorTime: 2, validTo: to }));
    expect(dev.state.users.get('E1')?.Valid).toMatchObject({ enable: true, beginTime: isapiTime(from), endTime: '2026-03-01T18:30:00' });
    const users = await c.users();
    expect(users).toHaveLength(36);
    expect(users.find((u) => u.employeeNo === 'E1')).toMatchObject({ validFrom: from, validTo: to, doors: [1, 2], userType: 'normal' });
    expect(users.find((u) => u.employeeNo === 'V1')).toMatchObject({ userType: 'visitor', maxOpenDoorTime: 2, validFrom: null, validTo: to });
    expect(users.find((u) => u.employeeNo === 'E2')).toMatchObject({ validFrom: null, validTo: null, doors: [1] });
    // SetUp replaces.
    await c.setUser(person('E2', { name: 'Renamed' }));
    expect((await c.users()).find((u) => u.employeeNo === 'E2')?.name).toBe('Renamed');
  });

  it('cards and faces: set, replace, read back every page, delete; deleting a person removes their cards and face', async () => {
    const c = client(dev);
    for (let i = 1; i <= 32; i++) await c.setCard(`E${i}`, `1000${i}`);
    const face = jpeg();
    await c.setFace('E1', jpeg());
    await c.setFace('E1', face); // FDSetUp replaces
    await c.setFace('E3', jpeg());
    expect(await c.cards()).toHaveLength(32);
    const faces = await c.faces();
    expect(faces.map((f) => f.employeeNo).sort()).toEqual(['E1', 'E3']);
    expect(await c.faceImage(faces.find((f) => f.employeeNo === 'E1')!.faceURL)).toEqual(face);
    expect((await c.users()).find((u) => u.employeeNo === 'E1')).toMatchObject({ numOfCard: 1, numOfFace: 1 });
    // An empty list sends nothing: a UserInfoDelCond without EmployeeNoList would delete every person.
    const before = dev.stats().requests;
    await c.deleteUsers([]);
    expect(dev.stats().requests).toBe(before);
    await c.deleteCards(['10002']);
    await c.deleteFaces(['E3']);
    await c.deleteUsers(['E1']);
    expect((await c.cards()).map((k) => k.cardNo)).not.toContain('10002');
    expect((await c.cards()).map((k) => k.employeeNo)).not.toContain('E1');
    expect(await c.faces()).toEqual([]);
    expect((await c.users()).map((u) => u.employeeNo)).not.toContain('E1');
  });

  it('reports the device errors with their subStatusCode: duplicates, capacities, field limits', async () => {
    const c = client(dev);
    const dup = await failure(c.setCard('E4', '10003'));
    expect(dup).toMatchObject({ kind: 'device', httpStatus: 400, statusCode: 6, subStatusCode: 'cardNoAlreadyExist' });
    await c.setCard('E4', '20004');
    expect(await failure(c.setCard('E4', '30004'))).toMatchObject({ kind: 'device', subStatusCode: 'noMemory' }); // 2 cards per person
    expect(await failure(c.setUser(person('X'.repeat(33))))).toMatchObject({ kind: 'device', subStatusCode: 'badParameters' });
    expect(await failure(c.setUser(person('N', { name: 'n'.repeat(129) })))).toMatchObject({ subStatusCode: 'badParameters' });
    const backwards = person('T', { validFrom: at('2026-03-02T00:00:00'), validTo: at('2026-03-01T00:00:00') });
    expect(await failure(c.setUser(backwards))).toMatchObject({ subStatusCode: 'badParameters' });
    expect(await failure(c.setCard('E5', 'not a card!'))).toMatchObject({ subStatusCode: 'badParameters' });
    expect(await failure(c.setFace('E5', Buffer.from('GIF89a....')))).toMatchObject({ subStatusCode: 'badParameters' });
    expect(await failure(c.setFace('E5', jpeg(210 * 1024)))).toMatchObject({ statusCode: 3, subStatusCode: 'pictureSizeExceedLimit' });
    expect(await failure(c.setFace('nobody', jpeg()))).toMatchObject({ subStatusCode: 'employeeNoNotExist' });
    for (let i = 36; dev.state.users.size < 40; i++) await c.setUser(person(`E${i}`));
    const full = await failure(c.setUser(person('E99')));
    expect(full).toMatchObject({ kind: 'device', statusCode: 2, subStatusCode: 'noMemory' });
    expect(full.message).not.toContain(PASSWORD);
  });

  it('reads pass events after a serial No., every page, with the real major/minor codes', async () => {
    const d = await device();
    const c = client(d);
    await c.setUser(person('P1', { validTo: at('2037-01-01T00:00:00') }));
    await c.setCard('P1', '5551');
    const face = jpeg();
    await c.setFace('P1', face);
    await c.setUser(person('P2', { validFrom: at('2020-01-01T00:00:00'), validTo: at('2020-12-31T00:00:00') }));
    await c.setUser(person('V', { userType: 'visitor', maxOpenDoorTime: 1 }));
    const t0 = at('2026-05-04T09:00:00');
    expect(d.pass({ cardNo: '5551', at: t0 })).toMatchObject({ granted: true, minor: 1 });
    expect(d.pass({ face, at: t0 })).toMatchObject({ granted: true, minor: 75 });
    expect(d.pass({ face: jpeg(), at: t0 })).toMatchObject({ granted: false, minor: 76 });
    expect(d.pass({ cardNo: '999', at: t0 })).toMatchObject({ granted: false, minor: 9 });
    expect(d.pass({ employeeNo: 'P2', at: t0 })).toMatchObject({ granted: false, minor: 76 });
    expect(d.pass({ employeeNo: 'V', at: t0 })).toMatchObject({ granted: true, minor: 75 });
    expect(d.pass({ employeeNo: 'V', at: t0 })).toMatchObject({ granted: false }); // its one pass is used
    expect(d.pass({ cardNo: '5551', qr: true, at: t0 })).toMatchObject({ granted: true, minor: 1 });
    for (let i = 0; i < 39; i++) d.pass({ cardNo: '5551', at: t0 });
    const all = await c.events({ serialNo: 0, since: at('2026-05-01T00:00:00') });
    expect(all).toHaveLength(47);
    expect(all[7]).toMatchObject({ minor: 1, cardNo: '5551', qr: true });
    expect(all[0]!.qr).toBe(false);
    expect(all[0]).toMatchObject({ serialNo: 1, major: 5, minor: 1, granted: true, employeeNo: 'P1', cardNo: '5551', doorNo: 1 });
    expect(all[0]!.time).toEqual(t0);
    expect(all[2]).toMatchObject({ minor: 76, granted: false, employeeNo: null });
    const later = await c.events({ serialNo: 45, since: at('2026-05-01T00:00:00') });
    expect(later.map((e) => e.serialNo)).toEqual([46, 47]);
    expect(await c.events({ serialNo: 0, since: at('2026-06-01T00:00:00') })).toEqual([]);
  });

  it('a wrong password is refused once and never retried: one failed attempt on the device', async () => {
    const d = await device();
    const c = client(d, { password: 'wrong' });
    const results = await Promise.all([c.deviceInfo(), c.users(), c.deviceInfo()].map(failure));
    expect(results.map((e) => e.kind)).toEqual(['auth', 'auth', 'auth']);
    expect(results[0]!.message).not.toContain('wrong');
    expect(d.stats().authFailures).toBe(1);
    expect((await failure(c.cards())).kind).toBe('auth');
    expect(d.stats()).toMatchObject({ authFailures: 1, locked: false });
  });

  it('reports a locked device with the time left, without spending attempts', async () => {
    const d = await device({ lockAfter: 2, lockMinutes: 30 });
    expect((await failure(client(d, { password: 'bad0' }).deviceInfo())).kind).toBe('auth');
    // The attempt that reaches the limit is answered with the lock itself.
    expect((await failure(client(d, { password: 'bad1' }).deviceInfo())).kind).toBe('locked');
    expect(d.stats()).toMatchObject({ authFailures: 2, locked: true });
    const e = await failure(client(d).deviceInfo());
    expect(e.kind).toBe('locked');
    expect(e.retryAfterMs).toBeGreaterThan(29 * 60_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(30 * 60_000);
    expect(d.stats().authFailures).toBe(2);
  });

  it('renews a stale nonce without a failed attempt', async () => {
    const d = await device({ nonceTtlMs: 50 });
    const c = client(d);
    await c.deviceInfo();
    await new Promise((r) => setTimeout(r, 80));
    await c.deviceInfo();
    expect(d.stats().authFailures).toBe(0);
  });

  it('keeps at most maxConcurrent requests in flight, and reports busy when the device is', async () => {
    const d = await device({ maxSessions: 2 });
    const c = client(d, { maxConcurrent: 2 });
    await c.deviceInfo();
    d.fault({ kind: 'hold', holdMs: 60, times: 6 });
    await Promise.all(Array.from({ length: 6 }, () => c.deviceInfo()));
    expect(d.stats().maxConcurrent).toBe(2);
    const eager = client(d, { maxConcurrent: 4 });
    await eager.deviceInfo();
    d.fault({ kind: 'hold', holdMs: 100, times: 4 });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        eager.deviceInfo().then(
          () => null,
          (e: IsapiError) => e,
        ),
      ),
    );
    const busy = outcomes.filter((e) => e?.kind === 'busy');
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({ httpStatus: 503, statusCode: 2, subStatusCode: 'deviceBusy' });
    expect(busy[0]!.retryAfterMs).toBeGreaterThan(0);
  });

  it('maps each fault kind: error, drop, garbage, timeout', async () => {
    const d = await device();
    const c = client(d, { timeoutMs: 300 });
    await c.setUser(person('F1'));
    d.fault({ path: '/UserInfo/Search', kind: 'error', httpStatus: 500, statusCode: 3, subStatusCode: 'deviceError' });
    expect(await failure(c.users())).toMatchObject({ kind: 'device', httpStatus: 500, statusCode: 3, subStatusCode: 'deviceError' });
    d.fault({ path: '/UserInfo/Search', kind: 'drop' });
    expect((await failure(c.users())).kind).toBe('network');
    d.fault({ path: /UserInfo\/Search/, kind: 'garbage' });
    expect((await failure(c.users())).kind).toBe('garbage');
    d.fault({ path: '/UserInfo/Search', method: 'POST', kind: 'timeout' });
    expect((await failure(c.users())).kind).toBe('timeout');
    expect((await c.users()).map((u) => u.employeeNo)).toEqual(['F1']);
    expect(d.stats().authFailures).toBe(0);
  });

  it('refuses Basic authentication and unreachable devices are network errors', async () => {
    const res = await fetch(`${dev.url}/ISAPI/System/deviceInfo`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Digest .*qop="auth"/);
    const gone = isapiClient({ baseUrl: 'http://127.0.0.1:9', username: 'admin', password: PASSWORD, timeoutMs: 1000 });
    expect((await failure(gone.deviceInfo())).kind).toBe('network');
  });

  it('a site-enrolled person is read back like any other; the control server drives the device over HTTP', async () => {
    const d = await device({ control: 0 });
    const post = (path: string, body: object) =>
      fetch(`${d.controlUrl}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>);
    await post('/site-user', { employeeNo: 'S2', name: 'Cleaner', cardNo: '778' });
    expect(await post('/pass', { cardNo: '778', at: '2026-05-04T09:00:00' })).toMatchObject({ granted: true, minor: 1, serialNo: 1 });
    await post('/fault', { pathRegex: 'CardInfo', kind: 'error', subStatusCode: 'deviceError' });
    expect((await failure(client(d).cards())).subStatusCode).toBe('deviceError');
    const state = (await fetch(`${d.controlUrl}/state`).then((r) => r.json())) as { users: unknown[]; events: unknown[] };
    expect([state.users.length, state.events.length]).toEqual([1, 1]);
    await post('/reset', {});
    d.addSiteUser({ employeeNo: 'S1', name: 'Site guard', cardNo: '777', face: jpeg() });
    const c = client(d);
    expect((await c.users()).map((u) => u.employeeNo)).toEqual(['S1']);
    expect(await c.cards()).toEqual([{ employeeNo: 'S1', cardNo: '777' }]);
    expect((await c.faces()).map((f) => f.employeeNo)).toEqual(['S1']);
  });
});
