// A ZKTeco visible-light face terminal speaking Attendance PUSH (ADMS) in software: an HTTP client behind NAT that
// polls the server, as the real one does (docs/protocols/zkteco-push.md). It handshakes (GET /iclock/cdata?options=all),
// polls GET /iclock/getrequest, runs each `C:<id>:<command>` against its own tables (users, cards, face photos) with the
// limits a device enforces, reports `ID=…&Return=…&CMD=…` lines to POST /iclock/devicecmd, uploads its passes (ATTLOG,
// stamped, once; or, with `doorEvents`, `rtlog` door events granted and refused, as access-control firmware does), site
// enrolments (OPERLOG + BIOPHOTO) and query answers. Written apart from the server's protocol functions on purpose: a
// shared misreading would pass its own test. The CLI and its control server: USAGE below, docs/protocols/zkteco-push.md.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import process from 'node:process';

type Window = { validFrom: string | null; validTo: string | null };
/** A user row; the window is device local `YYYY-MM-DD HH:MM:SS`, null: open (no window: both null). */
export type ZkSimUser = Record<'pin' | 'name' | 'password' | 'card', string> & Record<'privilege' | 'group', number> & Window;
export type ZkSimRecord = { stamp: number; pin: string; time: string; inOut: number; verify: number; uploaded: boolean };
/** fail: answer `code`, change nothing; drop: do it, never report; hold: do it, report `holdMs` later (a later round). */
export type ZkFault = { command?: RegExp; times?: number; kind: 'fail' | 'drop' | 'hold'; code?: number; holdMs?: number };
type Tables = { users: Map<string, ZkSimUser>; cards: Map<string, string>; faces: Map<string, Buffer>; templates: Map<string, Buffer> };
type Queues = { pending: { table: string; line: string }[]; results: string[]; held: { line: string; due: number; round: number }[] };
/**
 * What the device holds. `timeZoneMinutes` comes from the handshake (wall clock = UTC + it); `cards` maps a card number
 * to its PIN; `faces` a PIN to its comparison photo (BIOPHOTO type 9), `templates` to the photo its face template was
 * made from (what a face pass matches: deleting the photo leaves the template, as DATA DELETE BIODATA is separate);
 * `pending` are upload lines (OPERLOG, BIODATA, ERRORLOG) not taken yet, `results` result lines, `held` delayed ones.
 */
export type ZkDeviceState = {
  sn: string;
  connected: boolean;
  timeZoneMinutes: number;
  options: Record<string, string>;
  records: ZkSimRecord[];
} & Tables &
  Queues;
const COUNTERS = ['rounds', 'handshakes', 'handshakeFailures', 'commands', 'reported', 'dropped', 'denied', 'uploadedRecords'] as const;
type Counter = (typeof COUNTERS)[number];
export type ZkDeviceStats = Record<Counter, number> & { codes: Record<string, number> };
export interface ZkDevice {
  state: ZkDeviceState;
  pollOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  fault(f: ZkFault): void;
  pass(p: { pin?: string; card?: string; face?: Buffer; at?: Date; inOut?: 0 | 1 }): { granted: boolean; pin?: string };
  addSiteUser(u: { pin: string; name: string; card?: string; face?: Buffer }): void;
  stats(): ZkDeviceStats;
}
type Options = { server: string; sn: string; pollMs?: number; clock?: () => Date; doorEvents?: boolean } & Partial<Record<Limit, number>>;
type Limit = 'maxUsers' | 'pinMaxLen' | 'nameMaxLen';

const LOCAL = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/;
// The documented Return codes the device answers with.
const [OK, BAD, SIZE, IO, NO_USER, FULL, UNSUPPORTED, TOO_LONG] = [0, -1, -2, -3, -10, -1001, -1002, -1006];

/** `Key=Value` pairs of a command, tab-separated; keys case-insensitive, the value runs to the tab. */
function fieldsOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split('\t')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1);
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
function wallClock(at: Date, tz: number): string {
  const d = new Date(at.getTime() + tz * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
// Upload lines in the document's formats (9.4 user with §10.1.1's window, 9.14 comparison photo, 9.11 template, 9.15
// error log; Security PUSH rtlog: event 0 opened, 27 unregistered card or person, 29 outside the person's window).
const iso = (v: string | null) => v?.replace(' ', 'T') ?? '';
const windowOf = (u: ZkSimUser) =>
  u.validFrom || u.validTo ? `StartDatetime=${iso(u.validFrom)}\tEndDatetime=${iso(u.validTo)}\tExpires=1` : 'Expires=0';
const userLine = (u: ZkSimUser) =>
  `USER PIN=${u.pin}\tName=${u.name}\tPri=${u.privilege}\tPasswd=${u.password}\tCard=${u.card}\tGrp=${u.group}\tTZ=0000000000000000\tVerify=-1\tViceCard=\t${windowOf(u)}`;
const rtlogLine = (time: string, pin: string, card: string, event: number, verify: number, index: number) =>
  `time=${time}\tpin=${pin || '0'}\tcardno=${card || '0'}\teventaddr=1\tevent=${event}\tinoutstatus=0\tverifytype=${verify}\tindex=${index}`;
const photoLine = (pin: string, jpeg: Buffer) => {
  const content = jpeg.toString('base64');
  return `BIOPHOTO PIN=${pin}\tFileName=${pin}.jpg\tType=9\tNo=0\tIndex=0\tSize=${content.length}\tContent=${content}`;
};
/** The simulator's stand-in for a face template: a digest of the photo it was made from. */
const templateLine = (pin: string, jpeg: Buffer) =>
  `BIODATA Pin=${pin}\tNo=0\tIndex=0\tValid=1\tDuress=0\tType=9\tMajorVer=58\tMinorVer=0\tFormat=0\tTmp=${createHash('sha256').update(jpeg).digest('base64')}`;
const noFaceLine = (id: string) => `ERRORLOG ErrCode=D01E0001\tErrMsg=no face detected\tDataOrigin=cmd\tCmdId=${id}\tAdditional=`;
const recordLine = (r: ZkSimRecord) => `${r.pin}\t${r.time}\t${r.inOut}\t${r.verify}\t0\t0\t0`;
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8;
/** A JPEG carrying these bytes has "no face" for the simulator: the device answers -1 and logs D01E0001. */
const NO_FACE = Buffer.from('NOFACE');

/** The device: its tables, its faults, its rounds. */
class Terminal implements ZkDevice {
  state: ZkDeviceState;
  private st: ZkDeviceStats = { ...(Object.fromEntries(COUNTERS.map((k) => [k, 0])) as Record<Counter, number>), codes: {} };
  private faults: (ZkFault & { left: number })[] = [];
  private seq = { record: 0, upload: 0 };
  private limits: { maxUsers: number; pinMaxLen: number; nameMaxLen: number };
  private cfg: { server: string; pollMs?: number; clock: () => Date; doorEvents: boolean };
  private busy: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(o: Options) {
    this.cfg = { server: o.server.replace(/\/+$/, ''), pollMs: o.pollMs, clock: o.clock ?? (() => new Date()), doorEvents: o.doorEvents === true };
    this.limits = { maxUsers: o.maxUsers ?? 3000, pinMaxLen: o.pinMaxLen ?? 14, nameMaxLen: o.nameMaxLen ?? 24 };
    const tables: Tables = { users: new Map(), cards: new Map(), faces: new Map(), templates: new Map() };
    this.state = { sn: o.sn, connected: false, timeZoneMinutes: 0, options: {}, records: [], ...tables, pending: [], results: [], held: [] };
  }

  stats = (): ZkDeviceStats => ({ ...this.st, codes: { ...this.st.codes } });
  fault = (f: ZkFault) => void this.faults.push({ ...f, left: f.times ?? 1 });
  private now = () => wallClock(this.cfg.clock(), this.state.timeZoneMinutes);

  private async send(path: string, query: string, body?: string): Promise<{ status: number; text: string }> {
    const url = `${this.cfg.server}/iclock/${path}?SN=${encodeURIComponent(this.state.sn)}${query}`;
    const res = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'text/plain' }, body }).catch(() => null);
    return { status: res?.status ?? 0, text: (await res?.text().catch(() => '')) ?? '' };
  }

  private async upload(table: string, lines: string[], stamp = `&Stamp=${++this.seq.upload}`): Promise<boolean> {
    if (!lines.length) return true;
    const r = await this.send('cdata', `&table=${table}${stamp}`, table === 'options' ? lines.join(',') : `${lines.join('\n')}\n`);
    return r.status === 200 && r.text.startsWith('OK');
  }

  /** GET cdata?options=all: an unknown device gets a refusal (any non-200, or UNKNOWN…/RETRY) and tries again later. */
  async handshake(): Promise<boolean> {
    const s = this.state;
    const r = await this.send('cdata', '&options=all&pushver=2.4.1&DeviceType=att&language=69');
    s.connected = r.status === 200 && r.text.startsWith('GET OPTION FROM');
    if (!s.connected) this.st.handshakeFailures++;
    if (!s.connected) return false;
    for (const line of r.text.split(/\r?\n/)) {
      const eq = line.indexOf('=');
      if (eq > 0) s.options[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
    const tz = Number(s.options.TimeZone ?? 0) || 0;
    s.timeZoneMinutes = Math.abs(tz) < 25 ? tz * 60 : tz;
    // The server's stamp is what it stored: everything after it goes (again), everything up to it is done; 0: all again.
    const stamp = Number(s.options.ATTLOGStamp);
    if (Number.isInteger(stamp)) for (const r of s.records) r.uploaded = r.stamp <= stamp;
    this.st.handshakes++;
    if (s.options.PushOptionsFlag === '1') await this.upload('options', this.reportOptions(), '');
    return true;
  }

  /** The PushOptions this device knows: its face function and face store (per biometric type, 9 the face). */
  private reportOptions(): string[] {
    const perType = (n: number) => `0:0:0:0:0:0:0:0:0:${n}:0`;
    const s = this.state;
    const known: Record<string, string> = { FaceFunOn: '1', FingerFunOn: '0', MultiBioPhotoSupport: perType(1), MultiBioDataSupport: perType(1) };
    Object.assign(known, { MaxMultiBioPhotoCount: perType(this.limits.maxUsers), MultiBioPhotoCount: perType(s.faces.size) });
    Object.assign(known, { UserCount: String(s.users.size), MaxUserCount: String(this.limits.maxUsers) });
    return (s.options.PushOptions ?? '').split(',').flatMap((k) => (known[k] ? [`${k}=${known[k]}`] : []));
  }

  private async uploadPending(): Promise<void> {
    const s = this.state;
    const waiting = s.records.filter((r) => !r.uploaded);
    if (waiting.length && (await this.upload('ATTLOG', waiting.map(recordLine), `&Stamp=${waiting.at(-1)?.stamp}`))) {
      for (const r of waiting) r.uploaded = true;
      this.st.uploadedRecords += waiting.length;
    }
    for (const table of new Set(s.pending.map((p) => p.table))) {
      const batch = s.pending.filter((p) => p.table === table);
      const lines = batch.map((p) => p.line);
      if (await this.upload(table, lines)) s.pending = s.pending.filter((p) => !batch.includes(p));
    }
  }

  private setUser(f: Record<string, string>): number {
    const s = this.state;
    const pin = f.pin ?? '';
    if (!/^\d+$/.test(pin) || pin.length > this.limits.pinMaxLen) return BAD;
    const old = s.users.get(pin);
    if (!old && s.users.size >= this.limits.maxUsers) return FULL;
    const name = f.name ?? old?.name ?? '';
    if (Buffer.byteLength(name) > this.limits.nameMaxLen) return TOO_LONG;
    const card = f.card ?? old?.card ?? '';
    if (card && (!/^\d{1,20}$/.test(card) || (s.cards.get(card) ?? pin) !== pin)) return BAD;
    for (const t of [f.startdatetime, f.enddatetime]) if (t && !LOCAL.test(t)) return BAD;
    const given = { validFrom: f.startdatetime?.replace('T', ' ') || null, validTo: f.enddatetime?.replace('T', ' ') || null };
    const kept = { validFrom: old?.validFrom ?? null, validTo: old?.validTo ?? null };
    const window: Window = f.expires === '0' ? { validFrom: null, validTo: null } : f.expires === '1' ? given : kept;
    const privilege = Number(f.pri ?? old?.privilege ?? 0);
    const group = Number(f.grp ?? old?.group ?? 1);
    if (!Number.isInteger(privilege) || !Number.isInteger(group)) return BAD;
    if (old?.card) s.cards.delete(old.card);
    if (card) s.cards.set(card, pin);
    s.users.set(pin, { pin, name, privilege, password: f.passwd ?? old?.password ?? '', card, group, ...window });
    return OK;
  }

  /** BIOPHOTO type 9: the photo is kept and a template made from it; USERPIC is kept for the screen only. */
  private setPhoto(id: string, table: string, f: Record<string, string>): number {
    const pin = f.pin ?? '';
    if (!pin) return BAD;
    if (!this.state.users.has(pin)) return NO_USER;
    if (table === 'BIOPHOTO' && f.type !== '9') return UNSUPPORTED; // a visible-light terminal: face photos only
    if (f.format === '1' || f.url) return UNSUPPORTED; // the simulator does not fetch photo URLs
    const content = f.content ?? '';
    if (!content || !/^[A-Za-z0-9+/]+={0,2}$/.test(content)) return BAD;
    if (Number(f.size) !== content.length) return SIZE;
    const jpeg = Buffer.from(content, 'base64');
    if (!isJpeg(jpeg)) return BAD;
    if (table === 'USERPIC') return OK;
    if (jpeg.includes(NO_FACE)) {
      this.state.pending.push({ table: 'ERRORLOG', line: noFaceLine(id) });
      return BAD;
    }
    this.state.faces.set(pin, jpeg);
    this.state.templates.set(pin, jpeg);
    if (f.postbacktmpflag === '1') this.state.pending.push({ table: 'BIODATA', line: templateLine(pin, jpeg) });
    return OK;
  }

  private remove(table: string, f: Record<string, string>): number {
    const s = this.state;
    const pin = f.pin ?? '';
    if (!pin) return BAD;
    if (table === 'USERINFO') {
      const u = s.users.get(pin);
      if (u?.card) s.cards.delete(u.card);
      for (const m of [s.users, s.faces, s.templates]) m.delete(pin);
      return OK; // deleting an absent user is done already
    }
    if (!s.users.has(pin)) return NO_USER;
    if (table === 'BIOPHOTO') s.faces.delete(pin);
    if (table === 'BIODATA' && (f.type ?? '9') === '9') s.templates.delete(pin);
    return OK;
  }

  /** DATA QUERY: the rows go up first (OPERLOG `USER` lines, BIODATA templates, ATTLOG); the result is their number. */
  private async query(table: string, f: Record<string, string>): Promise<number> {
    const s = this.state;
    const pin = f.pin;
    if (pin && !s.users.has(pin)) return NO_USER;
    if (table === 'USERINFO') {
      const rows = [...s.users.values()].filter((u) => !pin || u.pin === pin);
      return (await this.upload('OPERLOG', rows.map(userLine))) ? rows.length : IO;
    }
    if (table === 'ATTLOG') {
      const [from = '', to = ''] = [f.starttime, f.endtime];
      if (!LOCAL.test(from) || !LOCAL.test(to)) return BAD;
      const rows = s.records.filter((r) => r.time >= from && r.time <= to);
      return (await this.upload('ATTLOG', rows.map(recordLine), '')) ? rows.length : IO; // no stamp: the server's cursor stays
    }
    if (f.type !== '9') return UNSUPPORTED;
    const lines = [...s.templates].filter(([p]) => !pin || p === pin).map(([p, jpeg]) => templateLine(p, jpeg));
    return (await this.upload('BIODATA', lines)) ? lines.length : IO;
  }

  private async data(id: string, text: string): Promise<number> {
    const m = /^(UPDATE|DELETE|QUERY) ([A-Za-z]+)(?:[ \t]+(.*))?$/.exec(text);
    if (!m) return BAD;
    const [, verb, rawTable = '', rest = ''] = m;
    const table = rawTable.toUpperCase();
    const f = fieldsOf(rest);
    if (verb === 'UPDATE' && table === 'USERINFO') return this.setUser(f);
    if (verb === 'UPDATE' && (table === 'BIOPHOTO' || table === 'USERPIC')) return this.setPhoto(id, table, f);
    if (verb === 'DELETE' && ['USERINFO', 'BIOPHOTO', 'BIODATA', 'USERPIC'].includes(table)) return this.remove(table, f);
    if (verb === 'QUERY' && ['USERINFO', 'BIODATA', 'ATTLOG'].includes(table)) return this.query(table, f);
    return UNSUPPORTED;
  }

  private async execute(id: string, text: string): Promise<{ cmd: string; code: number }> {
    const cmd = /^(DATA|CHECK|INFO|REBOOT)\b/.exec(text)?.[1];
    if (cmd === 'DATA') return { cmd, code: await this.data(id, text.slice(5)) };
    if (cmd === 'CHECK' || cmd === 'REBOOT') this.state.connected = false; // handshake again before the next poll
    return cmd ? { cmd, code: OK } : { cmd: 'UNKNOWN', code: UNSUPPORTED };
  }

  private async runLine(line: string, out: string[]): Promise<void> {
    const m = /^C:([^:]+):(.*)$/.exec(line);
    if (!m) return; // not a command line: ignored, as the firmware does
    const [, id = '', text = ''] = m;
    this.st.commands++;
    const fault = this.faults.find((f) => f.left > 0 && (!f.command || f.command.test(text)));
    if (fault) fault.left--;
    const failed = fault?.kind === 'fail' ? { cmd: /^\w+/.exec(text)?.[0] ?? '', code: fault.code ?? -1005 } : null;
    const { cmd, code } = failed ?? (await this.execute(id, text.trim()));
    this.st.codes[code] = (this.st.codes[code] ?? 0) + 1;
    const result = `ID=${id}&Return=${code}&CMD=${cmd}`;
    if (fault?.kind === 'drop') this.st.dropped++;
    else if (fault?.kind === 'hold') this.state.held.push({ line: result, due: Date.now() + (fault.holdMs ?? 0), round: this.st.rounds });
    else out.push(result);
  }

  private async round(): Promise<void> {
    const s = this.state;
    this.st.rounds++;
    if (!s.connected && !(await this.handshake())) return;
    await this.uploadPending();
    const r = await this.send('getrequest', '');
    if (r.status !== 200 || r.text.startsWith('UNKNOWN')) {
      s.connected = false; // the firmware drops the session and handshakes again
      return;
    }
    const out: string[] = [];
    for (const line of r.text.split(/\r?\n/)) if (line.trim()) await this.runLine(line.trim(), out);
    const due = s.held.filter((h) => h.round < this.st.rounds && h.due <= Date.now());
    s.held = s.held.filter((h) => !due.includes(h));
    s.results.push(...out, ...due.map((h) => h.line));
    if (s.results.length && (await this.send('devicecmd', '', `${s.results.join('\n')}\n`)).status === 200) {
      this.st.reported += s.results.length;
      s.results = [];
    }
    await this.uploadPending(); // what the commands produced goes in the same round, as Realtime=1 asks
  }

  pollOnce = async (): Promise<void> => {
    while (this.busy) await this.busy;
    this.busy = this.round().finally(() => {
      this.busy = null;
    });
    await this.busy;
  };

  start = () => {
    if (this.running) return;
    this.running = true;
    const schedule = () => {
      const every = this.cfg.pollMs ?? (Number(this.state.options.Delay) || 10) * 1000;
      this.timer = setTimeout(async () => {
        await this.pollOnce().catch(() => undefined);
        if (this.running) schedule();
      }, every);
    };
    schedule();
  };

  stop = async () => {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    while (this.busy) await this.busy;
  };

  /** A face matches the template made from the same bytes; the window is checked on the device's wall clock. */
  pass = (p: { pin?: string; card?: string; face?: Buffer; at?: Date; inOut?: 0 | 1 }) => {
    const s = this.state;
    const byFace = p.face ? [...s.templates].find(([, jpeg]) => jpeg.equals(p.face!))?.[0] : undefined;
    const pin = p.face ? byFace : p.card ? s.cards.get(p.card) : p.pin;
    const user = pin ? s.users.get(pin) : undefined;
    const time = wallClock(p.at ?? this.cfg.clock(), s.timeZoneMinutes);
    const verify = p.face ? 15 : p.card ? 4 : 2;
    const outside = !!user && ((!!user.validFrom && time < user.validFrom) || (!!user.validTo && time > user.validTo));
    const event = !user ? 27 : outside ? 29 : 0;
    if (this.cfg.doorEvents)
      s.pending.push({ table: 'rtlog', line: rtlogLine(time, user?.pin ?? '', p.card ?? '', event, verify, ++this.seq.record) });
    if (!user || outside) {
      this.st.denied++;
      return { granted: false };
    }
    if (!this.cfg.doorEvents) s.records.push({ stamp: ++this.seq.record, pin: user.pin, time, inOut: p.inOut ?? 0, verify, uploaded: false });
    return { granted: true, pin: user.pin };
  };

  /** Enrolled at the terminal: OPLOG 30 (new user) with the USER row, then the face (OPLOG 101, photo and template). */
  addSiteUser = (u: { pin: string; name: string; card?: string; face?: Buffer }) => {
    const s = this.state;
    if (this.setUser({ pin: u.pin, name: u.name, card: u.card ?? '' }) !== OK) throw new Error(`the device refuses user ${u.pin}`);
    const op = (code: number) => ({ table: 'OPERLOG', line: `OPLOG ${code}\t0\t${this.now()}\t${u.pin}\t0\t0\t0` });
    s.pending.push(op(30), { table: 'OPERLOG', line: userLine(s.users.get(u.pin)!) });
    if (!u.face || !isJpeg(u.face)) return;
    s.faces.set(u.pin, u.face);
    s.templates.set(u.pin, u.face);
    s.pending.push(op(101), { table: 'OPERLOG', line: photoLine(u.pin, u.face) }, { table: 'BIODATA', line: templateLine(u.pin, u.face) });
  };
}

/** A device that has tried its handshake once (state.connected says whether the server took it). */
export async function startZktecoDevice(o: Options): Promise<ZkDevice> {
  const d = new Terminal(o);
  await d.handshake();
  return d;
}

// ---------------------------------------------------------------------------------------------------- CLI

function view(d: ZkDevice) {
  const { sn, connected, timeZoneMinutes, records, users, cards, faces, templates } = d.state;
  const lengths = (m: Map<string, Buffer>) => Object.fromEntries([...m].map(([pin, b]) => [pin, b.length]));
  const tables = { users: [...users.values()], cards: Object.fromEntries(cards), faces: lengths(faces), templates: lengths(templates) };
  return { sn, connected, timeZoneMinutes, ...tables, records, stats: d.stats() };
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function control(d: ZkDevice, port: number, exit: () => Promise<void>): http.Server {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const jpeg = (v: unknown) => (str(v) ? Buffer.from(String(v), 'base64') : undefined);
  const routes: Record<string, (b: Record<string, unknown>) => unknown> = {
    'GET /state': () => view(d),
    'POST /pass': (b) => d.pass({ pin: str(b.pin), card: str(b.card), face: jpeg(b.face), inOut: b.inOut === 1 ? 1 : 0 }),
    'POST /fault': (b) => {
      const kind = b.kind === 'drop' || b.kind === 'hold' ? b.kind : 'fail';
      const command = str(b.command) ? new RegExp(String(b.command)) : undefined;
      d.fault({ kind, command, times: Number(b.times) || 1, code: Number(b.code) || undefined, holdMs: Number(b.holdMs) || 0 });
    },
    'POST /site-user': (b) => d.addSiteUser({ pin: String(b.pin ?? ''), name: String(b.name ?? ''), card: str(b.card), face: jpeg(b.face) }),
    'POST /poll': () => d.pollOnce().then(() => view(d)),
  };
  const server = http.createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    try {
      const key = `${req.method} ${req.url}`;
      if (key === 'POST /stop') {
        res.end('{"ok":true}');
        return void exit();
      }
      const route = routes[key];
      if (!route) {
        res.statusCode = 404;
        return void res.end('{"error":"not found"}');
      }
      res.end(JSON.stringify((await route(req.method === 'POST' ? await readJson(req) : {})) ?? { ok: true }));
    } catch (err) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: String(err) }));
    }
  });
  return server.listen(port, '127.0.0.1');
}

const USAGE = 'usage: zkteco-device --server URL --sn SN [--every S] [--control PORT] [--max-users N] [--pin-max-len N] [--name-max-len N]\n';

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
  const num = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));
  const [server, sn] = [arg('server') ?? process.env.OPENVISIT_URL, arg('sn')];
  if (!server || !sn) {
    process.stderr.write(USAGE);
    process.exit(1);
  }
  const limits = { maxUsers: num('max-users'), pinMaxLen: num('pin-max-len'), nameMaxLen: num('name-max-len') };
  const d = await startZktecoDevice({ server, sn, pollMs: (num('every') ?? 2) * 1000, ...limits });
  const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
  print({ event: 'handshake', connected: d.state.connected, timeZoneMinutes: d.state.timeZoneMinutes });
  d.start();
  let ctl: http.Server | null = null;
  const exit = async () => {
    await d.stop();
    ctl?.close();
    print({ event: 'stopped', stats: d.stats() });
    process.exit(0);
  };
  const port = num('control');
  if (port !== undefined) {
    const c = control(d, port, exit);
    ctl = c;
    c.once('listening', () => print({ event: 'ready', control: `http://127.0.0.1:${(c.address() as AddressInfo).port}` }));
  }
  process.once('SIGTERM', exit);
  process.once('SIGINT', exit);
}

if (import.meta.url === `file://${process.argv[1]}`) void main(process.argv.slice(2));
