// A Hikvision access-control face terminal (DS-K1T series) played in software: an HTTP server speaking the ISAPI subset
// OpenVisit uses (docs/protocols/hikvision-isapi.md), with the device's Digest authentication, its lock-out after
// failed logins, its small session limit, its capacities and field limits. The tests drive it through its API; the
// end-to-end suite and installers run it as a process:
//
//   node --import tsx tools/hikvision-device.ts --port 8081 --user admin --password P [--control 0] [--max-users N]
//        [--max-cards-per-user N] [--max-sessions N] [--lock-after N] [--lock-minutes N] [--max-plates N]
//
// prints one JSON line {url, control, model}. The control server (127.0.0.1) answers GET /state, POST /pass, POST /fault,
// POST /site-user, POST /plate (a plate seen at the gate), POST /site-plate, POST /reset with JSON bodies shaped like
// the API below (pictures as base64). It is also an ANPR camera's plate lists (tools/hikvision-plates.ts).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import process from 'node:process';
import { type Answer, type HikLimits, type HikState, localTime, newState, route, status, type UserRec } from './hikvision-isapi.js';
import { type AnprRec, type PlateState, plateCamera } from './hikvision-plates.js';

export interface HikOptions {
  port?: number;
  username: string;
  password: string;
  maxUsers?: number;
  maxCardsPerUser?: number;
  maxFaces?: number;
  /** Requests in flight at once; one more is answered 503 deviceBusy. */
  maxSessions?: number;
  /** Failed authentications from one address before it is locked (web manuals: 7 for admin, 5 for other users). */
  lockAfter?: number;
  lockMinutes?: number;
  /** A Digest nonce older than this is answered stale="TRUE". */
  nonceTtlMs?: number;
  cascadeDelete?: boolean;
  /** Entries an ANPR camera's plate lists hold (both lists together); `noMemory` beyond. */
  maxPlates?: number;
  /** Port of the control server (0: any free port); none when absent. */
  control?: number;
  clock?: () => Date;
}
export interface HikFault {
  path?: string | RegExp;
  method?: string;
  times?: number;
  kind: 'error' | 'drop' | 'hold' | 'garbage' | 'timeout';
  httpStatus?: number;
  statusCode?: number;
  subStatusCode?: string;
  holdMs?: number;
}
export interface PassInput {
  employeeNo?: string;
  /** A card, or a QR code the terminal reads as a card number. */
  cardNo?: string;
  /** The cardNo came from the QR scanner (the event says so: swipeCardType 1, cardReaderKind 3). */
  qr?: boolean;
  /** A face shown: matches the person whose enrolled picture has the same bytes. */
  face?: Buffer;
  door?: number;
  at?: Date;
}
export interface SiteUser {
  employeeNo: string;
  name: string;
  cardNo?: string;
  face?: Buffer;
}
export interface HikDevice {
  url: string;
  controlUrl: string | null;
  state: HikState;
  close(): Promise<void>;
  fault(f: HikFault): void;
  pass(p: PassInput): { granted: boolean; minor: number; serialNo: number };
  addSiteUser(u: SiteUser): void;
  /** An ANPR camera's plate lists and pass log (tools/hikvision-plates.ts). */
  plates: PlateState;
  /** A plate read at the gate: opened when allowlisted within its window; logged either way. */
  seePlate(p: { plate: string; at?: Date; direction?: 'enter' | 'exit' }): AnprRec;
  addSitePlate(e: { plate: string; cardNo?: string; listType?: 'allowList' | 'blockList' }): void;
  reset(): void;
  stats(): { requests: number; authFailures: number; maxConcurrent: number; locked: boolean };
}

export const MODEL = 'DS-K1T671MF';
const REALM = 'DS-K1T671MF';

/** Access-control event minors (HCNetSDK/ISAPI, major 5): card 1 pass, 6 no right, 8 expired, 9 unknown; face 75 pass, 76 fail. */
export function decide(state: HikState, p: PassInput, at: Date): { user: UserRec | undefined; minor: number; mode: 'card' | 'face' } {
  const mode = p.cardNo !== undefined ? 'card' : 'face';
  let user: UserRec | undefined;
  if (p.face) user = state.users.get([...state.faces.values()].find((f) => f.jpeg.equals(p.face!))?.FPID ?? '');
  else if (p.cardNo !== undefined) user = state.users.get(state.cards.get(p.cardNo)?.employeeNo ?? '');
  else user = state.users.get(p.employeeNo ?? '');
  const now = localTime(at);
  const door = String(p.door ?? 1);
  let minor = mode === 'card' ? 1 : 75;
  if (!user) minor = mode === 'card' ? 9 : 76;
  else if (user.Valid.enable && (now < user.Valid.beginTime || now > user.Valid.endTime)) minor = mode === 'card' ? 8 : 76;
  else if (!user.doorRight.split(',').includes(door) || (user.maxOpenDoorTime > 0 && user.openDoorTime >= user.maxOpenDoorTime))
    minor = mode === 'card' ? 6 : 76;
  return { user, minor, mode };
}

function deviceInfo(serial: string): Answer {
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<DeviceInfo version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">
<deviceName>Access Controller</deviceName>
<deviceID>${createHash('md5').update(serial).digest('hex')}</deviceID>
<model>${MODEL}</model>
<serialNumber>${serial}</serialNumber>
<macAddress>44:47:cc:00:00:01</macAddress>
<firmwareVersion>V3.2.30</firmwareVersion>
<firmwareReleasedDate>build 230601</firmwareReleasedDate>
<deviceType>ACS</deviceType>
</DeviceInfo>
`;
  return { status: 200, body, contentType: 'application/xml; charset="UTF-8"' };
}

const digestParams = (h: string): Record<string, string> =>
  Object.fromEntries([...h.matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)].map((m) => [m[1]!.toLowerCase(), m[2] ?? m[3] ?? '']));
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The device's logins: Digest nonces, failed attempts and lock-outs per client address (the manuals lock the address). */
function authority(o: HikOptions, clock: () => Date) {
  const lockAfter = o.lockAfter ?? 5;
  const lockMs = (o.lockMinutes ?? 30) * 60_000;
  const nonceTtl = o.nonceTtlMs ?? 5 * 60_000;
  const nonces = new Map<string, { at: number; seen: Set<string> }>();
  const fails = new Map<string, { count: number; lockedUntil: number }>();
  let failures = 0;
  const lockedFor = (ip: string) => Math.max(0, (fails.get(ip)?.lockedUntil ?? 0) - clock().getTime());
  return {
    failures: () => failures,
    locked: () => [...fails.keys()].some((ip) => lockedFor(ip) > 0),
    clear: () => fails.clear(),
    challenge(stale: boolean) {
      const nonce = randomBytes(16).toString('hex');
      nonces.set(nonce, { at: Date.now(), seen: new Set() });
      return `Digest qop="auth", realm="${REALM}", nonce="${nonce}", stale="${stale ? 'TRUE' : 'FALSE'}"`;
    },
    /** RFC 7616 Digest (MD5, qop=auth): a correct answer on an old or replayed nonce is stale, not a failure. */
    check(method: string, uri: string, header: string | undefined, ip: string): 'ok' | 'none' | 'stale' | 'fail' | 'locked' {
      if (lockedFor(ip) > 0) return 'locked';
      if (!header?.startsWith('Digest ')) return 'none'; // Basic is refused: answered with the Digest challenge
      const p = digestParams(header.slice(7));
      if (p.qop !== 'auth' || !p.nc || !p.cnonce || !p.nonce) return 'none';
      const ha1 = md5(`${o.username}:${REALM}:${o.password}`);
      const expect = md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${md5(`${method}:${p.uri}`)}`);
      if (p.username !== o.username || p.response !== expect || p.uri !== uri) {
        failures++;
        const f = fails.get(ip) ?? { count: 0, lockedUntil: 0 };
        f.count++;
        if (f.count >= lockAfter) Object.assign(f, { count: 0, lockedUntil: clock().getTime() + lockMs });
        fails.set(ip, f);
        return 'fail';
      }
      const n = nonces.get(p.nonce);
      if (!n || Date.now() - n.at > nonceTtl || n.seen.has(p.nc)) return 'stale';
      n.seen.add(p.nc);
      fails.delete(ip);
      return 'ok';
    },
    /** The 401 body: ISAPI userCheck with the lock status, seconds until unlock and attempts left. */
    userCheck(ip: string): string {
      const locked = lockedFor(ip);
      const left = locked ? 0 : lockAfter - (fails.get(ip)?.count ?? 0);
      return `<?xml version="1.0" encoding="UTF-8"?>
<userCheck version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">
<statusValue>401</statusValue>
<statusString>Unauthorized</statusString>
<lockStatus>${locked ? 'lock' : 'unlock'}</lockStatus>
<unlockTime>${Math.ceil(locked / 1000)}</unlockTime>
<retryLoginTime>${left}</retryLoginTime>
</userCheck>
`;
    },
  };
}

const send = (res: http.ServerResponse, a: Answer) => {
  if (res.destroyed) return;
  res.writeHead(a.status, { 'Content-Type': a.contentType, 'Content-Length': Buffer.byteLength(a.body) });
  res.end(a.body);
};

/** A pass at the door, recorded in the event log as the terminal records it. */
function passEvent(state: HikState, p: PassInput, at: Date) {
  const { user, minor, mode } = decide(state, p, at);
  const granted = minor === 1 || minor === 75;
  if (granted && user && user.maxOpenDoorTime > 0) user.openDoorTime++;
  const serialNo = state.nextSerial++;
  state.events.push({
    major: 5,
    minor,
    time: localTime(at, true),
    cardNo: mode === 'card' ? (p.cardNo ?? '') : '',
    employeeNoString: user?.employeeNo ?? '',
    name: user?.name ?? '',
    doorNo: p.door ?? 1,
    cardReaderNo: 1,
    cardReaderKind: p.qr ? 3 : 1,
    swipeCardType: p.qr ? 1 : 0,
    ...(mode === 'card' ? { cardType: 1 } : {}),
    serialNo,
    userType: user?.userType ?? 'normal',
    currentVerifyMode: 'cardOrFace',
  });
  return { granted, minor, serialNo };
}

/** A person enrolled at the terminal itself (not through OpenVisit). */
function siteUser(state: HikState, u: SiteUser) {
  const Valid = { enable: false, beginTime: '2000-01-01T00:00:00', endTime: '2037-12-31T23:59:59', timeType: 'local' as const };
  const RightPlan = [{ doorNo: 1, planTemplateNo: '1' }];
  const { employeeNo, name } = u;
  state.users.set(employeeNo, { employeeNo, name, userType: 'normal', Valid, doorRight: '1', RightPlan, maxOpenDoorTime: 0, openDoorTime: 0 });
  if (u.cardNo) state.cards.set(u.cardNo, { cardNo: u.cardNo, employeeNo, cardType: 'normalCard' });
  if (u.face)
    state.faces.set(employeeNo, {
      FPID: employeeNo,
      jpeg: u.face,
      sha256: createHash('sha256').update(u.face).digest('hex'),
      picNo: state.nextPic++,
    });
}

export async function startHikvisionDevice(o: HikOptions): Promise<HikDevice> {
  const clock = o.clock ?? (() => new Date());
  const lim: HikLimits = {
    maxUsers: o.maxUsers ?? 3000,
    maxCardsPerUser: o.maxCardsPerUser ?? 5,
    maxFaces: o.maxFaces ?? o.maxUsers ?? 3000,
    maxResults: 30,
    maxFaceBytes: 200 * 1024,
    cascadeDelete: o.cascadeDelete ?? false,
  };
  const maxSessions = o.maxSessions ?? 4;
  const serial = `${MODEL}20230601V032030ENL${randomBytes(4).toString('hex').toUpperCase()}`;
  const auth = authority(o, clock);
  let state = newState();
  const anpr = plateCamera(o.maxPlates ?? 10_000, clock);
  let faults: (HikFault & { left: number })[] = [];
  const counters = { requests: 0, inFlight: 0, maxConcurrent: 0 };

  function takeFault(method: string, path: string): HikFault | undefined {
    const f = faults.find(
      (x) => (!x.method || x.method === method) && (!x.path || (typeof x.path === 'string' ? path.includes(x.path) : x.path.test(path))),
    );
    if (f && --f.left <= 0) faults = faults.filter((x) => x !== f);
    return f;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, base: string) {
    counters.requests++;
    if (counters.inFlight >= maxSessions) {
      req.resume();
      return send(res, status('deviceBusy', 'deviceBusy'));
    }
    counters.inFlight++;
    counters.maxConcurrent = Math.max(counters.maxConcurrent, counters.inFlight);
    res.once('close', () => counters.inFlight--);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', base);
    const ip = req.socket.remoteAddress ?? '';
    const verdict = auth.check(method, req.url ?? '/', req.headers.authorization, ip);
    if (verdict !== 'ok') {
      res.setHeader('WWW-Authenticate', auth.challenge(verdict === 'stale'));
      return send(res, { status: 401, body: auth.userCheck(ip), contentType: 'application/xml; charset="UTF-8"' });
    }
    const fault = takeFault(method, url.pathname);
    if (fault?.kind === 'drop') return void req.socket.destroy();
    if (fault?.kind === 'timeout') return; // never answered: the client gives up
    if (fault?.kind === 'hold') await new Promise((r) => setTimeout(r, fault.holdMs ?? 1000));
    if (fault?.kind === 'garbage') return send(res, { status: 200, body: '\u0000<html>Error 0x1f', contentType: 'application/json' });
    if (fault?.kind === 'error') {
      const sub = fault.subStatusCode ?? 'deviceError';
      return send(res, status(sub, sub, fault.statusCode ?? 3, fault.httpStatus));
    }
    if (url.pathname === '/ISAPI/System/deviceInfo' && method === 'GET') return send(res, deviceInfo(serial));
    const r = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: Buffer.concat(chunks),
      contentType: String(req.headers['content-type'] ?? ''),
    };
    send(res, route({ ...r, baseUrl: base }, state, lim) ?? anpr.route(r, lim.maxResults) ?? status('notSupport', 'notSupport', 4, 404));
  }

  const server = http.createServer((req, res) => {
    handle(req, res, dev.url).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(o.port ?? 0, '127.0.0.1', r));
  const dev: HikDevice = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    controlUrl: null,
    get state() {
      return state;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await control?.close();
    },
    fault: (f) => faults.push({ ...f, left: f.times ?? 1 }),
    pass: (p) => passEvent(state, p, p.at ?? clock()),
    addSiteUser: (u) => siteUser(state, u),
    ...anpr.members,
    reset() {
      state = newState();
      anpr.reset();
      faults = [];
      auth.clear();
    },
    stats: () => ({ requests: counters.requests, authFailures: auth.failures(), maxConcurrent: counters.maxConcurrent, locked: auth.locked() }),
  };
  const control = o.control === undefined ? null : await startControl(dev, o.control);
  dev.controlUrl = control?.url ?? null;
  return dev;
}

/** The control server: the e2e suite and installers drive the device's people and doors over HTTP. */
async function startControl(dev: HikDevice, port: number) {
  const b64 = (v: unknown) => (typeof v === 'string' ? Buffer.from(v, 'base64') : undefined);
  const actions: Record<string, (b: Record<string, unknown>) => unknown> = {
    'GET /state': () => ({
      users: [...dev.state.users.values()],
      cards: [...dev.state.cards.values()],
      faces: [...dev.state.faces.values()].map((f) => ({ FPID: f.FPID, bytes: f.jpeg.length, sha256: f.sha256 })),
      events: dev.state.events,
      plates: [...dev.plates.plates.values()],
      anpr: dev.plates.anpr,
      stats: dev.stats(),
    }),
    'POST /pass': (b) => dev.pass({ ...b, face: b64(b.face), at: b.at ? new Date(String(b.at)) : undefined } as PassInput),
    'POST /fault': (b) => dev.fault({ ...b, path: b.pathRegex ? new RegExp(String(b.pathRegex)) : (b.path as string | undefined) } as HikFault),
    'POST /site-user': (b) => dev.addSiteUser({ ...b, face: b64(b.face) } as SiteUser),
    'POST /plate': (b) =>
      dev.seePlate({
        plate: String(b.plate ?? ''),
        at: b.at ? new Date(String(b.at)) : undefined,
        direction: b.direction === 'exit' ? 'exit' : 'enter',
      }),
    'POST /site-plate': (b) => dev.addSitePlate(b as { plate: string }),
    'POST /reset': () => dev.reset(),
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const act = actions[`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`];
    try {
      const out = act ? act(chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {}) : undefined;
      res.writeHead(act ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(out ?? { ok: !!act }));
    } catch (e) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: String(e) }));
    }
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const num = (name: string) => (opt(name) === undefined ? undefined : Number(opt(name)));
  const dev = await startHikvisionDevice({
    port: num('port') ?? 8081,
    username: opt('user') ?? 'admin',
    password: opt('password') ?? '',
    maxUsers: num('max-users'),
    maxCardsPerUser: num('max-cards-per-user'),
    maxSessions: num('max-sessions'),
    maxPlates: num('max-plates'),
    lockAfter: num('lock-after'),
    lockMinutes: num('lock-minutes'),
    control: num('control'),
  });
  process.stdout.write(`${JSON.stringify({ url: dev.url, control: dev.controlUrl, model: MODEL })}\n`);
  const stop = () => void dev.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
