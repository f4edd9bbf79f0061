// ZKTeco PUSH ("ADMS", /iclock/*), the Attendance PUSH variant that ZKTeco's visible-light face terminals speak in their
// standard firmware: pure functions over the protocol's strings, no I/O and no OpenVisit imports. What the server
// receives is parsed here (requests, uploads, command results); what it answers is built here (handshake, command
// lines, upload acknowledgements). docs/protocols/zkteco-push.md says which documents this follows and where it chose.

/** The device's HTTP requests, by path under /iclock/. */
export type ZkRequestKind = 'handshake' | 'upload' | 'poll' | 'result' | 'queryData' | 'ping' | 'other';

export interface ZkRequest {
  kind: ZkRequestKind;
  /** The serial number (SN); '' when the device sent none (refuse it). */
  sn: string;
  /** `table` of an upload (ATTLOG, OPERLOG, BIOPHOTO…), `tablename` of a querydata upload, upper-cased. */
  table: string;
  /** The upload's stamp (`Stamp`, `OpStamp`…): the server keeps it and echoes it in the next handshake. */
  stamp: string;
  /** Every query parameter, keys lower-cased (firmwares disagree on case: SN, sn, Stamp, stamp). */
  params: Record<string, string>;
}

/** `method` and the request target (`/iclock/cdata?SN=…&options=all`) → what the device is doing. */
export function parseZkRequest(method: string, target: string): ZkRequest {
  const url = new URL(target, 'http://device.invalid');
  const params: Record<string, string> = {};
  for (const [k, v] of url.searchParams) params[k.toLowerCase()] = v;
  const path = url.pathname.replace(/\/+$/, '').split('/').pop()?.toLowerCase() ?? '';
  const post = method.toUpperCase() === 'POST';
  const table = (params.table === 'tabledata' ? (params.tablename ?? '') : (params.table ?? params.tablename ?? '')).toUpperCase();
  const stamp = params.stamp ?? params.opstamp ?? params.photostamp ?? '';
  let kind: ZkRequestKind = 'other';
  if (path === 'cdata') kind = post ? 'upload' : 'handshake';
  else if (path === 'getrequest') kind = 'poll';
  else if (path === 'devicecmd') kind = 'result';
  else if (path === 'querydata') kind = 'queryData';
  else if (path === 'ping') kind = 'ping';
  return { kind, sn: params.sn ?? '', table, stamp, params };
}

/** The `INFO=` a device adds to a getrequest after its data changed: firmware, counts, IP, algorithm versions, functions. */
export function parseZkInfo(info: string) {
  const v = info.split(',');
  const n = (i: number) => (/^\d+$/.test(v[i] ?? '') ? Number(v[i]) : null);
  const [firmware = '', ip = '', fpVersion = '', faceVersion = '', functions = ''] = [v[0], v[4], v[5], v[6], v[9]];
  return {
    firmware,
    users: n(1),
    fingerprints: n(2),
    records: n(3),
    ip,
    fpVersion,
    faceVersion,
    faces: n(8),
    functions,
    cards: n(10),
    userPhotos: n(11),
  };
}

// ---------------------------------------------------------------------------------------------------- answers

export interface ZkHandshakeOptions {
  sn: string;
  /** The last stamps the server stored per table; the device uploads what is newer, everything again after 0. */
  attlogStamp?: string;
  operlogStamp?: string;
  attphotoStamp?: string;
  biodataStamp?: string;
  /** Device local time's offset from UTC in minutes (+480 for UTC+8). Sent in hours when whole, else in minutes. */
  timeZoneMinutes: number;
  /** Seconds between getrequest polls (`Delay`) and after an error (`ErrorDelay`). */
  delaySec?: number;
  errorDelaySec?: number;
  /** Upload records as they happen (1) or only at `TransTimes`/`TransInterval`. */
  realtime?: boolean;
  transTimes?: string;
  transIntervalMin?: number;
  /** What the device uploads: attendance, operations, new/changed users, user photos, comparison photos (faces). */
  transFlag?: string;
  /** Options the device should post to `cdata?table=options` (capacities, counts): `PushOptionsFlag=1`. */
  pushOptions?: string[];
}

export const ZK_PUSH_VERSION = '2.4.1';
export const ZK_TRANS_FLAG = 'TransData AttLog\tOpLog\tEnrollUser\tChgUser\tUserPic\tBioPhoto';
/** Per biometric type 0-10 (appendix "biometric type index"), only 9: visible-light face. */
export const ZK_VISIBLE_FACE_ONLY = '0:0:0:0:0:0:0:0:0:1:0';
/** What the server asks a face terminal to report about its face store (PushOptions). */
export const ZK_FACE_OPTIONS = ['FaceFunOn', 'MultiBioPhotoSupport', 'MaxMultiBioPhotoCount', 'MultiBioPhotoCount', 'UserCount', 'MaxUserCount'];
/** Answer to a device the server does not know: the firmware matches this text and retries after ErrorDelay. */
export const ZK_UNKNOWN_DEVICE = 'UNKNOWN DEVICE';
/** The documented bound of one answer to the device ("single download ≤ 900 KB"). */
export const ZK_MAX_ANSWER_BYTES = 900 * 1024;

/** The answer to `GET /iclock/cdata?SN=…&options=all`: the device's options, one `Key=Value` a line. */
export function zkHandshakeAnswer(o: ZkHandshakeOptions): string {
  const tz = o.timeZoneMinutes;
  // Firmware reads |TimeZone| < 25 as hours, otherwise as minutes (UTC+5:30 is 330).
  const timeZone = tz % 60 === 0 ? String(tz / 60) : String(tz);
  const lines = [`GET OPTION FROM: ${oneLine(o.sn)}`];
  const stamps = { ATTLOG: o.attlogStamp, OPERLOG: o.operlogStamp, ATTPHOTO: o.attphotoStamp, BIODATA: o.biodataStamp };
  for (const [table, stamp] of Object.entries(stamps)) lines.push(`${table}Stamp=${stamp || 'None'}`);
  lines.push(`ErrorDelay=${o.errorDelaySec ?? 30}`, `Delay=${o.delaySec ?? 10}`, `TransTimes=${o.transTimes ?? '00:00;14:05'}`);
  lines.push(`TransInterval=${o.transIntervalMin ?? 1}`, `TransFlag=${o.transFlag ?? ZK_TRANS_FLAG}`, `TimeZone=${timeZone}`);
  lines.push(`Realtime=${o.realtime === false ? 0 : 1}`, 'Encrypt=None', `ServerVer=${ZK_PUSH_VERSION}`, `PushProtVer=${ZK_PUSH_VERSION}`);
  lines.push(`MultiBioDataSupport=${ZK_VISIBLE_FACE_ONLY}`, `MultiBioPhotoSupport=${ZK_VISIBLE_FACE_ONLY}`);
  if (o.pushOptions?.length) lines.push('PushOptionsFlag=1', `PushOptions=${o.pushOptions.join(',')}`);
  return `${lines.join('\n')}\n`;
}

/** A command queued for one device: `id` is echoed back in its result (letters and digits, at most 16). */
export interface ZkCommand {
  id: string;
  /** The command without the `C:<id>:` prefix, e.g. `DATA DELETE USERINFO PIN=1001`. */
  text: string;
}

/**
 * The answer to `GET /iclock/getrequest`: `OK` when nothing is queued, else one `C:<id>:<command>` line each, as many
 * queued commands (in order) as fit in `maxBytes`; `sent` says how many went, the rest wait for the next poll.
 */
export function zkPollAnswer(commands: ZkCommand[], maxBytes = ZK_MAX_ANSWER_BYTES): { text: string; sent: number } {
  const lines: string[] = [];
  let bytes = 0;
  for (const c of commands) {
    if (!/^[A-Za-z0-9]{1,16}$/.test(c.id)) throw new Error(`command id ${JSON.stringify(c.id)}: letters and digits, 1-16`);
    if (/[\r\n]/.test(c.text) || !c.text) throw new Error('a command is one non-empty line');
    const line = `C:${c.id}:${c.text}\n`;
    bytes += Buffer.byteLength(line);
    if (bytes > maxBytes && lines.length) break;
    if (bytes > maxBytes) throw new Error(`command ${c.id} alone is over ${maxBytes} bytes`);
    lines.push(line);
  }
  return { text: lines.length ? lines.join('') : 'OK', sent: lines.length };
}

/** The answer to an upload (`POST /iclock/cdata`): how many records the server took. Anything but 200 + OK is a retry. */
export const zkUploadAnswer = (accepted: number) => `OK:${accepted}`;
/** The answer to `POST /iclock/querydata` (PUSH 3.x firmware): `<table>=<count>`. */
export const zkQueryDataAnswer = (table: string, count: number) => `${table.toLowerCase()}=${count}`;

// ---------------------------------------------------------------------------------------------------- commands

/** A user row as the device holds it (USERINFO). Times are device local `YYYY-MM-DD HH:MM:SS`. */
export interface ZkUserRow {
  pin: string;
  name: string;
  /** 0 normal user (OpenVisit writes 0), 14 administrator. */
  privilege?: number;
  card?: string;
  group?: number;
  password?: string;
  validFrom?: string | null;
  validTo?: string | null;
}

export interface ZkLimits {
  /** Bytes of UTF-8 the device keeps of a name (24 on most firmwares); longer names are cut on a character edge. */
  nameMaxBytes?: number;
}

const PIN = /^[1-9]\d{0,11}$/;
const CARD = /^\d{1,20}$/;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A value inside a tab-separated command line: no tab, CR, LF or other control character. */
export function zkValue(v: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
const oneLine = zkValue;

/** Cuts `text` to `max` UTF-8 bytes without splitting a character. */
export function zkTruncate(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

function checkPin(pin: string): string {
  if (!PIN.test(pin)) throw new Error(`PIN ${JSON.stringify(pin)}: 1-12 digits, no leading zero`);
  return pin;
}

/** The window goes as `YYYY-MM-DDTHH:MM:SS` with `Expires=1`; an open end gets these (the document has no open end). */
const OPEN_FROM = '2000-01-01 00:00:00';
const OPEN_TO = '2099-12-31 23:59:59';

/**
 * Add or replace a user: PIN, name, privilege, card, group and, when either end is given (null: open), the validity
 * window (the device enforces it when its `UserValidTimeFun` is on). Both ends null: `Expires=0`, no window.
 */
export function zkSetUser(u: ZkUserRow, limits: ZkLimits = {}): string {
  checkPin(u.pin);
  const card = u.card ?? '';
  if (card && !CARD.test(card)) throw new Error(`card ${JSON.stringify(card)}: 1-20 digits`);
  const name = zkTruncate(zkValue(u.name), limits.nameMaxBytes ?? 24);
  const fields = [
    `PIN=${u.pin}`,
    `Name=${name}`,
    `Pri=${u.privilege ?? 0}`,
    `Passwd=${zkValue(u.password ?? '')}`,
    `Card=${card}`,
    `Grp=${u.group ?? 1}`,
  ];
  if (u.validFrom !== undefined || u.validTo !== undefined) {
    for (const t of [u.validFrom, u.validTo]) if (t && !LOCAL_TIME.test(t)) throw new Error(`time ${t}: YYYY-MM-DD HH:MM:SS`);
    if (!u.validFrom && !u.validTo) fields.push('StartDatetime=\tEndDatetime=\tExpires=0');
    else
      fields.push(
        `StartDatetime=${(u.validFrom || OPEN_FROM).replace(' ', 'T')}\tEndDatetime=${(u.validTo || OPEN_TO).replace(' ', 'T')}\tExpires=1`,
      );
  }
  return `DATA UPDATE USERINFO ${fields.join('\t')}`;
}

/** Attendance PUSH has no card table: the card is a USERINFO field, so a card change sends the whole row again. */
export const zkSetCard = (u: ZkUserRow, card: string, limits?: ZkLimits) => zkSetUser({ ...u, card }, limits);
/** Removes the user with everything they hold on the device (card, photos, templates). */
export const zkDeleteUser = (pin: string) => `DATA DELETE USERINFO PIN=${checkPin(pin)}`;

/**
 * The face a visible-light terminal matches: a comparison photo (BIOPHOTO, biometric type 9) that the device turns into
 * its own template; `postBackTemplate` asks it to upload that template (BIODATA), the proof the photo enrolled. USERPIC
 * is only the picture shown on the screen and enrols nothing. `Size` is the length of the base64 text.
 */
export function zkSetFace(pin: string, jpeg: Buffer, o: { postBackTemplate?: boolean } = {}): string {
  checkPin(pin);
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('a face photo is a JPEG');
  const content = jpeg.toString('base64');
  return `DATA UPDATE BIOPHOTO PIN=${pin}\tType=9\tNo=0\tIndex=0\tSize=${content.length}\tContent=${content}\tFormat=0\tPostBackTmpFlag=${o.postBackTemplate ? 1 : 0}`;
}

/** Removes the comparison photo; the template made from it goes with zkDeleteFaceTemplate (send both). */
export const zkDeleteFace = (pin: string) => `DATA DELETE BIOPHOTO PIN=${checkPin(pin)}\tType=9`;
export const zkDeleteFaceTemplate = (pin: string) => `DATA DELETE BIODATA Pin=${checkPin(pin)}\tType=9`;
/**
 * Readbacks: the device uploads the rows (OPERLOG `USER …` lines; BIODATA type 9 templates: the photo itself cannot be
 * read back), then reports the command. The document queries USERINFO by PIN; without one is a firmware extension.
 */
export const zkQueryUsers = (pin?: string) => (pin ? `DATA QUERY USERINFO PIN=${checkPin(pin)}` : 'DATA QUERY USERINFO');
export const zkQueryCards = zkQueryUsers;
export const zkQueryFaces = (pin?: string) => (pin ? `DATA QUERY BIODATA Type=9\tPin=${checkPin(pin)}` : 'DATA QUERY BIODATA Type=9');
/** Passes between two device local times, uploaded again as ATTLOG without a stamp (to fill gaps: stamps are unreliable). */
export function zkQueryRecords(from: string, to: string): string {
  if (!LOCAL_TIME.test(from) || !LOCAL_TIME.test(to)) throw new Error('times: YYYY-MM-DD HH:MM:SS');
  return `DATA QUERY ATTLOG StartTime=${from}\tEndTime=${to}`;
}
/** Makes the device handshake again (new options, stamps) and upload what the server has not acknowledged. */
export const zkCheck = () => 'CHECK';

// ---------------------------------------------------------------------------------------------------- results

/** The documented `Return` codes (Attendance PUSH, appendix 1 "error codes"); `retry`: worth sending again later. */
export const ZK_RETURN_CODES = {
  0: { kind: 'ok', meaning: 'success', retry: false },
  [-1]: { kind: 'badParameter', meaning: 'the parameter is incorrect', retry: false },
  [-2]: { kind: 'sizeMismatch', meaning: 'the photo data does not match the given size', retry: false },
  [-3]: { kind: 'io', meaning: 'reading or writing error', retry: true },
  [-9]: { kind: 'sizeMismatch', meaning: 'the template data does not match the given size', retry: false },
  [-10]: { kind: 'unknownUser', meaning: 'the user specified by PIN does not exist on the device', retry: false },
  [-11]: { kind: 'badTemplate', meaning: 'illegal fingerprint template format', retry: false },
  [-12]: { kind: 'badTemplate', meaning: 'illegal fingerprint template', retry: false },
  [-22]: { kind: 'unknownCommand', meaning: 'unknown command (PUSH SDK firmware code)', retry: false },
  [-30]: { kind: 'badTemplate', meaning: 'the template algorithm version does not match', retry: false },
  [-1001]: { kind: 'capacity', meaning: 'limited capacity', retry: false },
  [-1002]: { kind: 'unsupported', meaning: 'not supported by the device', retry: false },
  [-1003]: { kind: 'timeout', meaning: 'command execution timeout', retry: true },
  [-1004]: { kind: 'inconsistent', meaning: 'the data and the device configuration are inconsistent', retry: false },
  [-1005]: { kind: 'busy', meaning: 'the device is busy', retry: true },
  [-1006]: { kind: 'tooLong', meaning: 'the data is too long', retry: false },
  [-1007]: { kind: 'memory', meaning: 'memory error', retry: true },
  [-1008]: { kind: 'fetchFailed', meaning: 'failed to get the server data', retry: true },
} as const;
export type ZkResultKind = (typeof ZK_RETURN_CODES)[keyof typeof ZK_RETURN_CODES]['kind'] | 'other';
const RETURN_CODES: Record<number, { kind: ZkResultKind; meaning: string; retry: boolean } | undefined> = ZK_RETURN_CODES;

/** One command's result. A `code` ≥ 0 is success (queries return the number of rows they uploaded). */
export interface ZkResult {
  id: string;
  code: number;
  cmd: string;
  ok: boolean;
  kind: ZkResultKind;
  meaning: string;
  retry: boolean;
  /** Every field of the line (INFO answers carry more). */
  fields: Record<string, string>;
}

/** The body of `POST /iclock/devicecmd`: `ID=…&Return=…&CMD=…`, one a line, several per body. */
export function parseZkResults(body: string): ZkResult[] {
  const out: ZkResult[] = [];
  let fields: Record<string, string> | null = null;
  const flush = () => {
    if (!fields?.ID) return;
    const code = Number(fields.Return);
    const known = Number.isInteger(code) ? RETURN_CODES[code] : undefined;
    const ok = Number.isInteger(code) && code >= 0;
    const kind: ZkResultKind = ok ? 'ok' : (known?.kind ?? 'other');
    const meaning = known?.meaning ?? (ok ? 'success' : `undocumented code ${fields.Return ?? '(none)'}`);
    out.push({
      id: fields.ID,
      code: Number.isInteger(code) ? code : Number.NaN,
      cmd: fields.CMD ?? '',
      ok,
      kind,
      meaning,
      retry: known?.retry ?? false,
      fields,
    });
  };
  for (const line of body.split(/\r?\n/)) {
    if (!line) continue;
    // A new result starts at ID=; the long form (INFO, Shell) spreads one result over several `Key=Value` lines.
    if (line.startsWith('ID=')) {
      flush();
      fields = {};
    }
    if (!fields) continue;
    for (const part of line.split('&')) {
      const eq = part.indexOf('=');
      if (eq > 0) fields[part.slice(0, eq)] = part.slice(eq + 1);
    }
  }
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------------- uploads

/** A pass: the device logs a verified user (an attendance device logs no refusal). */
export interface ZkRecord {
  pin: string;
  /** Device local time, `YYYY-MM-DD HH:MM:SS` (zkLocalToDate with the device's time zone). */
  time: string;
  /** Punch state: 0 check-in, 1 check-out, 2 break-out, 3 break-in, 4 overtime-in, 5 overtime-out, 255 none. */
  inOut: number;
  verify: number;
  verifyName: string;
  workCode: string;
}

/** Verification modes in records (and USERINFO `Verify`), appendix 7; combinations are not named here. */
export const ZK_VERIFY: Record<number, string> = {
  0: 'any',
  1: 'fingerprint',
  2: 'pin',
  3: 'password',
  4: 'card',
  15: 'face',
  21: 'vein',
  25: 'palm',
  200: 'other',
};
/** ERRORLOG codes a face terminal reports for a photo it could not enrol (appendix 9). */
export const ZK_FACE_ERRORS: Record<string, string> = {
  D01E0001: 'no face detected',
  D01E0002: 'face covered',
  D01E0003: 'not sharp enough',
  D01E0004: 'face angle too large',
  D01E0005: 'liveness check failed',
  D01E0006: 'template extraction failed',
};

/** A comparison photo (BIOPHOTO, `type` 9: visible-light face) or a user photo (USERPIC), base64 `content`. */
export type ZkPhotoRow = { kind: 'biophoto' | 'userpic'; pin: string; type: number; content: string; size: number; fileName: string };
/** A biometric template (BIODATA): `type` 9 is the face template a visible-light terminal made from a photo. */
export type ZkTemplateRow = { pin: string; type: number; no: number; index: number; valid: boolean; majorVer: string; tmp: string };
/** An operation log line (OPLOG): op 30 new user enrolled, 9 user deleted, 101 face enrolled…; `who` is the user's PIN. */
export type ZkOpLog = { op: number; operator: string; time: string; who: string; values: string[] };
/** An ERRORLOG line: `code` (D01E0001…), `cmdId` the command it is about when `origin` is `cmd`. */
export type ZkErrorLog = { code: string; message: string; origin: string; cmdId: string };

export interface ZkUpload {
  records: ZkRecord[];
  users: ZkUserRow[];
  faces: ZkPhotoRow[];
  templates: ZkTemplateRow[];
  ops: ZkOpLog[];
  errors: ZkErrorLog[];
  /** `table=options`: what the device reports about itself (FaceFunOn, MaxMultiBioPhotoCount…). */
  options: Record<string, string>;
  /** Lines of a kind this module does not read (fingerprints, ATTPHOTO…): kept (cut to 200 characters), not dropped. */
  other: string[];
}

/** `Key=Value` fields of a keyword line: tab-separated; the value runs to the next tab (base64 keeps its `=`). */
export function zkFields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = text.includes('\t') ? text.split('\t') : text.split(/ (?=[A-Za-z]\w*=)/);
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim();
  }
  return out;
}

const timeOf = (v: string | undefined) => (v && v !== '0' ? v.replace('T', ' ') : null);

function userOf(f: Record<string, string>): ZkUserRow {
  const window = f.expires === '0' ? { validFrom: null, validTo: null } : { validFrom: timeOf(f.startdatetime), validTo: timeOf(f.enddatetime) };
  const card = f.card ?? f.cardno ?? '';
  const [privilege, group] = [Number(f.pri ?? f.privilege ?? 0), Number(f.grp ?? f.group ?? 1)];
  return { pin: f.pin ?? '', name: f.name ?? '', privilege, card, group, password: f.passwd ?? f.password ?? '', ...window };
}

function recordOf(line: string): ZkRecord | null {
  const [pin = '', time = '', inOut = '0', verify = '0', workCode = ''] = line.split('\t');
  if (!pin || !LOCAL_TIME.test(time.trim())) return null;
  const v = Number(verify);
  return { pin: pin.trim(), time: time.trim(), inOut: Number(inOut) || 0, verify: v, verifyName: ZK_VERIFY[v] ?? 'other', workCode };
}

/** One keyword line (`OPLOG`, `USER`, `BIOPHOTO`, `USERPIC`, `BIODATA`, `ERRORLOG`; PUSH 3.x `user`) into `out`. */
function keywordLine(word: string, rest: string, out: ZkUpload): boolean {
  if (word === 'OPLOG') {
    const [op = '', operator = '', time = '', who = '', ...values] = rest.split('\t');
    out.ops.push({ op: Number(op), operator, time, who, values });
    return true;
  }
  const f = zkFields(rest);
  if (word === 'USER' || word === 'USERINFO') out.users.push(userOf(f));
  else if (word === 'BIOPHOTO' || word === 'USERPIC') {
    const content = f.content ?? '';
    const kind = word === 'USERPIC' ? 'userpic' : 'biophoto';
    out.faces.push({
      kind,
      pin: f.pin ?? '',
      type: Number(f.type ?? (kind === 'userpic' ? 0 : 9)),
      content,
      size: Number(f.size ?? content.length),
      fileName: f.filename ?? '',
    });
  } else if (word === 'BIODATA') {
    const [no, index, type] = [Number(f.no ?? 0), Number(f.index ?? 0), Number(f.type ?? 0)];
    out.templates.push({ pin: f.pin ?? '', type, no, index, valid: f.valid !== '0', majorVer: f.majorver ?? '', tmp: f.tmp ?? '' });
  } else if (word === 'ERRORLOG')
    out.errors.push({ code: f.errcode ?? '', message: f.errmsg ?? '', origin: f.dataorigin ?? '', cmdId: f.cmdid ?? '' });
  else return false;
  return true;
}

/**
 * The body of `POST /iclock/cdata?table=…`: ATTLOG positional lines; OPERLOG, BIODATA, ERRORLOG keyword lines (`OPLOG`,
 * `USER`, `BIOPHOTO`, `USERPIC`, `BIODATA`…); `options` as `k=v,k=v`; or of `POST /iclock/querydata` (PUSH 3.x `user
 * uid=…` rows). A device's PIN is kept as sent.
 */
export function parseZkUpload(table: string, body: string): ZkUpload {
  const out: ZkUpload = { records: [], users: [], faces: [], templates: [], ops: [], errors: [], options: {}, other: [] };
  if (table.toUpperCase() === 'OPTIONS') {
    for (const part of body.trim().split(','))
      if (part.includes('=')) out.options[part.slice(0, part.indexOf('='))] = part.slice(part.indexOf('=') + 1);
    return out;
  }
  for (const line of body.split(/\r?\n/)) {
    if (!line.trim()) continue;
    // ATTLOG lines are positional (a PIN may be letters too); everything else starts with its keyword.
    const record = table.toUpperCase() === 'ATTLOG' ? recordOf(line) : null;
    if (record) out.records.push(record);
    const word = record ? '' : (/^([A-Za-z]+)[ \t]/.exec(line)?.[1]?.toUpperCase() ?? '');
    if (!record && !(word && keywordLine(word, line.slice(word.length + 1), out)))
      out.other.push(line.length > 200 ? `${line.slice(0, 200)}…` : line);
  }
  return out;
}

/** A door event (Security PUSH `rtlog`, one `key=value` line each): who (PIN, card), when, the event code, the door. */
export type ZkDoorEvent = { time: string; pin: string; card: string; event: number; door: number; inOut: number; verify: number; index: string };
/** Events that opened the door for a person (punch, first-card, multi-card, fingerprint opens: 0-3, 14-19). */
export const ZK_GRANTED_EVENTS = new Set([0, 1, 2, 3, 14, 15, 16, 17, 18, 19]);
/** A person's pass: 1 granted, 0 refused (20-99: interval, time zone, denied, anti-passback, unregistered, expired…), null not a pass. */
export const zkEventResult = (event: number): 0 | 1 | null => (ZK_GRANTED_EVENTS.has(event) ? 1 : event >= 20 && event < 100 ? 0 : null);

/** The body of `POST /iclock/cdata?table=rtlog`; lines without a time are dropped. */
export function parseZkRtlog(body: string): ZkDoorEvent[] {
  return body.split(/\r?\n/).flatMap((line) => {
    const f = zkFields(line);
    const time = (f.time ?? '').replace('T', ' ');
    if (!LOCAL_TIME.test(time)) return [];
    const n = (v: string | undefined) => (/^-?\d+$/.test(v ?? '') ? Number(v) : -1);
    const card = f.cardno && f.cardno !== '0' ? f.cardno : '';
    const pin = f.pin && f.pin !== '0' ? f.pin : '';
    return [{ time, pin, card, event: n(f.event), door: n(f.eventaddr), inOut: n(f.inoutstatus), verify: n(f.verifytype), index: f.index ?? '' }];
  });
}

// ---------------------------------------------------------------------------------------------------- time

const pad = (n: number) => String(n).padStart(2, '0');

/** `at` as the device's wall clock (`timeZoneMinutes` east of UTC), the form records and windows use. */
export function zkLocalTime(at: Date, timeZoneMinutes: number): string {
  const d = new Date(at.getTime() + timeZoneMinutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A device local time back to an instant, or null when it is not `YYYY-MM-DD HH:MM:SS`. */
export function zkLocalToDate(local: string, timeZoneMinutes: number): Date | null {
  if (!LOCAL_TIME.test(local)) return null;
  const t = Date.parse(`${local.replace(' ', 'T')}Z`);
  return Number.isNaN(t) ? null : new Date(t - timeZoneMinutes * 60_000);
}
