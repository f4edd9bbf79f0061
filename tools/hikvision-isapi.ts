// The access-control model behind tools/hikvision-device.ts: persons, cards, the face library and the event log of a
// Hikvision face terminal, with its limits and its ISAPI answers (docs/protocols/hikvision-isapi.md). No HTTP here:
// route() takes a parsed, already authenticated request and returns the device's answer.
import { createHash } from 'node:crypto';

export interface HikLimits {
  maxUsers: number;
  maxCardsPerUser: number;
  maxFaces: number;
  /** Cap on maxResults of every search (the devices publish 30 in their capabilities). */
  maxResults: number;
  maxFaceBytes: number;
  /** Deleting a person also deletes their cards and face (some firmware); the guide says it does not (default false). */
  cascadeDelete: boolean;
}
export interface UserRec {
  employeeNo: string;
  name: string;
  userType: 'normal' | 'visitor';
  Valid: { enable: boolean; beginTime: string; endTime: string; timeType: 'local' };
  doorRight: string;
  RightPlan: { doorNo: number; planTemplateNo: string }[];
  maxOpenDoorTime: number;
  /** Passes already used (a visitor's maxOpenDoorTime counts down against it). */
  openDoorTime: number;
}
export interface CardRec {
  cardNo: string;
  employeeNo: string;
  cardType: 'normalCard';
}
export interface FaceRec {
  FPID: string;
  jpeg: Buffer;
  sha256: string;
  picNo: number;
}
export interface EventRec {
  major: number;
  minor: number;
  time: string;
  cardNo: string;
  employeeNoString: string;
  name: string;
  doorNo: number;
  cardReaderNo: number;
  /** 1: IC card reader, 3: QR code scanner. */
  cardReaderKind: number;
  /** 0: a card, 1: a QR code (JSON_AcsEvent). */
  swipeCardType: number;
  cardType?: number;
  serialNo: number;
  userType: string;
  currentVerifyMode: string;
}
export interface HikState {
  users: Map<string, UserRec>;
  cards: Map<string, CardRec>;
  faces: Map<string, FaceRec>;
  events: EventRec[];
  nextSerial: number;
  nextPic: number;
}
export interface Answer {
  status: number;
  body: string | Buffer;
  contentType: string;
}
interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  contentType: string;
  baseUrl: string;
}
type Obj = Record<string, unknown>;

export const newState = (): HikState => ({ users: new Map(), cards: new Map(), faces: new Map(), events: [], nextSerial: 1, nextPic: 1 });

const STATUS_STRING = ['', 'OK', 'Device Busy', 'Device Error', 'Invalid Operation', 'Invalid Format', 'Invalid Content', 'Reboot Required'];
const HTTP_OF = [200, 200, 503, 500, 403, 400, 400, 200];
// subStatusCode → [statusCode, errorCode]. Codes from the guide's error table; employeeNoAlreadyExist as devices answer
// it; the rest carry their class's generic code (clients key on subStatusCode).
const SUB: Record<string, [number, number]> = {
  deviceBusy: [2, 0x20000004],
  noMemory: [2, 0x20000001],
  deviceError: [3, 0x30000001],
  pictureSizeExceedLimit: [3, 0x3000000c],
  notSupport: [4, 0x40000001],
  methodNotAllowed: [4, 0x40000004],
  badJsonFormat: [5, 0x50000001],
  badParameters: [6, 0x60000001],
  badJsonContent: [6, 0x60000003],
  employeeNoAlreadyExist: [6, 0x60006020],
};

/** An ISAPI JSON_ResponseStatus; statusCode from the subStatusCode's class unless given. */
export function status(subStatusCode: string, errorMsg = subStatusCode, statusCode?: number, httpStatus?: number): Answer {
  const code = statusCode ?? SUB[subStatusCode]?.[0] ?? 6;
  const body = {
    statusCode: code,
    statusString: STATUS_STRING[code] ?? 'Device Error',
    subStatusCode,
    errorCode: code === 1 ? 1 : (SUB[subStatusCode]?.[1] ?? code * 0x10000000 + 1),
    errorMsg,
  };
  return json(httpStatus ?? HTTP_OF[code] ?? 500, body);
}
const json = (s: number, body: unknown): Answer => ({ status: s, body: JSON.stringify(body), contentType: 'application/json; charset="UTF-8"' });
const ok = (extra: Obj = {}) => json(200, { statusCode: 1, statusString: 'OK', subStatusCode: 'ok', ...extra });

/** Device local wall-clock time, 'YYYY-MM-DDTHH:mm:ss' (+hh:mm when withOffset, as the event log writes it). */
export function localTime(d: Date, withOffset = false): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const s = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  const off = -d.getTimezoneOffset();
  const a = Math.abs(off);
  return withOffset ? `${s}${off >= 0 ? '+' : '-'}${p(Math.floor(a / 60))}:${p(a % 60)}` : s;
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const validTime = (t: unknown): t is string => {
  const m = typeof t === 'string' ? TIME.exec(t) : null;
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const dt = new Date(y, mo - 1, d, h, mi, s);
  return dt.getMonth() === mo - 1 && dt.getDate() === d && t! >= '2000-01-01T00:00:00' && t! <= '2037-12-31T23:59:59';
};
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const list = (v: unknown, key: string): string[] => (Array.isArray(v) ? v.map((x) => String(obj(x)?.[key] ?? '')) : []);

function parseBody(req: Req, root: string): Obj | Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body.toString('utf8'));
  } catch {
    return status('badJsonFormat', 'JSON');
  }
  return obj(obj(parsed)?.[root]) ?? status('badJsonContent', root);
}
const isAnswer = (v: unknown): v is Answer => !!v && typeof v === 'object' && 'status' in v && 'contentType' in v;

/** A JSON_UserInfo applied over the stored person (Modify/SetUp keep what the message leaves out). */
function readUser(u: Obj, old: UserRec | undefined): UserRec | Answer {
  const employeeNo = String(u.employeeNo ?? '');
  if (!employeeNo || bytes(employeeNo) > 32) return status('badParameters', 'employeeNo');
  const name = u.name === undefined ? (old?.name ?? '') : String(u.name);
  if (bytes(name) > 128) return status('badParameters', 'name');
  const userType = String(u.userType ?? old?.userType ?? 'normal');
  if (userType !== 'normal' && userType !== 'visitor') return status('badParameters', 'userType');
  const v = obj(u.Valid);
  const Valid = { enable: false, beginTime: '2000-01-01T00:00:00', endTime: '2037-12-31T23:59:59', timeType: 'local' as const, ...old?.Valid };
  if (v) {
    if (v.timeType !== undefined && v.timeType !== 'local') return status('badParameters', 'timeType');
    Valid.enable = v.enable === undefined ? Valid.enable : v.enable === true || v.enable === 'true';
    if (v.beginTime !== undefined && !validTime(v.beginTime)) return status('badParameters', 'beginTime');
    if (v.endTime !== undefined && !validTime(v.endTime)) return status('badParameters', 'endTime');
    Valid.beginTime = (v.beginTime as string | undefined) ?? Valid.beginTime;
    Valid.endTime = (v.endTime as string | undefined) ?? Valid.endTime;
    if (Valid.beginTime >= Valid.endTime) return status('badParameters', 'endTime');
  }
  const plans = Array.isArray(u.RightPlan) ? u.RightPlan.map((p) => obj(p) ?? {}) : undefined;
  const RightPlan = plans
    ? plans.map((p) => ({ doorNo: Number(p.doorNo), planTemplateNo: String(p.planTemplateNo ?? '1') }))
    : (old?.RightPlan ?? []);
  const max = u.maxOpenDoorTime === undefined ? (old?.maxOpenDoorTime ?? 0) : Number(u.maxOpenDoorTime);
  if (!Number.isInteger(max) || max < 0 || max > 255) return status('badParameters', 'maxOpenDoorTime');
  const doorRight = u.doorRight === undefined ? (old?.doorRight ?? '1') : String(u.doorRight);
  if (doorRight && !/^\d+(,\d+)*$/.test(doorRight)) return status('badParameters', 'doorRight');
  return { employeeNo, name, userType, Valid, doorRight, RightPlan, maxOpenDoorTime: max, openDoorTime: old?.openDoorTime ?? 0 };
}

function userInfo(req: Req, st: HikState, lim: HikLimits, mode: 'setUp' | 'record' | 'modify'): Answer {
  const u = parseBody(req, 'UserInfo');
  if (isAnswer(u)) return u;
  const old = st.users.get(String(u.employeeNo ?? ''));
  if (mode === 'record' && old) return status('employeeNoAlreadyExist', 'checkUser');
  if (mode === 'modify' && !old && u.addUser !== true) return status('employeeNoNotExist', 'checkUser', 6);
  if (!old && st.users.size >= lim.maxUsers) return status('noMemory', 'userCapacity');
  const rec = readUser(u, old);
  if (isAnswer(rec)) return rec;
  st.users.set(rec.employeeNo, rec);
  return ok();
}

function deleteUsers(req: Req, st: HikState, lim: HikLimits): Answer {
  const c = parseBody(req, 'UserInfoDelCond');
  if (isAnswer(c)) return c;
  // The guide: without an EmployeeNoList (absent or null) every person is deleted.
  const nos = c.EmployeeNoList == null ? [...st.users.keys()] : list(c.EmployeeNoList, 'employeeNo');
  for (const no of nos) {
    st.users.delete(no);
    if (!lim.cascadeDelete) continue;
    for (const [k, card] of st.cards) if (card.employeeNo === no) st.cards.delete(k);
    st.faces.delete(no);
  }
  return ok();
}

/** One page of a search: the cond's position and maxResults (capped), the answer's status string and counts. */
function page<T>(all: T[], c: Obj, lim: HikLimits) {
  const pos = Math.max(0, Number(c.searchResultPosition ?? 0) || 0);
  const max = Math.min(lim.maxResults, Math.max(1, Number(c.maxResults ?? lim.maxResults) || lim.maxResults));
  const items = all.slice(pos, pos + max);
  const responseStatusStrg = items.length === 0 ? 'NO MATCH' : pos + items.length < all.length ? 'MORE' : 'OK';
  return { items, head: { searchID: String(c.searchID ?? ''), responseStatusStrg, numOfMatches: items.length, totalMatches: all.length } };
}

function searchUsers(req: Req, st: HikState, lim: HikLimits): Answer {
  const c = parseBody(req, 'UserInfoSearchCond');
  if (isAnswer(c)) return c;
  const only = list(c.EmployeeNoList, 'employeeNo').filter(Boolean);
  const all = [...st.users.values()].filter((u) => !only.length || only.includes(u.employeeNo));
  const { items, head } = page(all, c, lim);
  const UserInfo = items.map((u) => ({
    ...u,
    numOfCard: [...st.cards.values()].filter((k) => k.employeeNo === u.employeeNo).length,
    numOfFace: st.faces.has(u.employeeNo) ? 1 : 0,
  }));
  return json(200, { UserInfoSearch: { ...head, ...(items.length ? { UserInfo } : {}) } });
}

function cardInfo(req: Req, st: HikState, lim: HikLimits, mode: 'setUp' | 'record'): Answer {
  const c = parseBody(req, 'CardInfo');
  if (isAnswer(c)) return c;
  const employeeNo = String(c.employeeNo ?? '');
  const cardNo = String(c.cardNo ?? '');
  if (!employeeNo || bytes(employeeNo) > 32) return status('badParameters', 'employeeNo');
  if (!/^[0-9A-Za-z]{1,32}$/.test(cardNo)) return status('badParameters', 'cardNo');
  if (!st.users.has(employeeNo)) return status('employeeNoNotExist', 'checkUser', 6);
  const old = st.cards.get(cardNo);
  if (old && (mode === 'record' || old.employeeNo !== employeeNo)) return status('cardNoAlreadyExist', 'checkCard', 6);
  const held = [...st.cards.values()].filter((k) => k.employeeNo === employeeNo).length;
  if (!old && held >= lim.maxCardsPerUser) return status('noMemory', 'cardsPerUser');
  st.cards.set(cardNo, { cardNo, employeeNo, cardType: 'normalCard' });
  return ok();
}

function deleteCards(req: Req, st: HikState): Answer {
  const c = parseBody(req, 'CardInfoDelCond');
  if (isAnswer(c)) return c;
  const nos = list(c.CardNoList, 'cardNo');
  const emps = list(c.EmployeeNoList, 'employeeNo');
  for (const [k, card] of st.cards) if (nos.includes(k) || emps.includes(card.employeeNo)) st.cards.delete(k);
  return ok();
}

function searchCards(req: Req, st: HikState, lim: HikLimits): Answer {
  const c = parseBody(req, 'CardInfoSearchCond');
  if (isAnswer(c)) return c;
  const emps = list(c.EmployeeNoList, 'employeeNo').filter(Boolean);
  const nos = list(c.CardNoList, 'cardNo').filter(Boolean);
  const all = [...st.cards.values()].filter((k) => (!emps.length || emps.includes(k.employeeNo)) && (!nos.length || nos.includes(k.cardNo)));
  const { items, head } = page(all, c, lim);
  return json(200, { CardInfoSearch: { ...head, ...(items.length ? { CardInfo: items } : {}) } });
}

/** multipart/form-data parts, binary-safe. */
export function multipart(body: Buffer, contentType: string): { name: string; type: string; data: Buffer }[] {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!m) return [];
  const delim = Buffer.from(`--${m[1] ?? m[2]}`);
  const out: { name: string; type: string; data: Buffer }[] = [];
  for (let pos = body.indexOf(delim); pos >= 0; ) {
    const start = pos + delim.length;
    const next = body.indexOf(delim, start);
    if (next < 0 || body.subarray(start, start + 2).toString() === '--') break;
    const part = body.subarray(start, next);
    const sep = part.indexOf('\r\n\r\n');
    if (sep >= 0) {
      const head = part.subarray(0, sep).toString();
      const data = part.subarray(sep + 4, part.subarray(-2).toString() === '\r\n' ? part.length - 2 : part.length);
      out.push({ name: /name="([^"]*)"/i.exec(head)?.[1] ?? '', type: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim() ?? '', data });
    }
    pos = next;
  }
  return out;
}

function faceData(req: Req, st: HikState, lim: HikLimits, mode: 'setUp' | 'record'): Answer {
  const parts = multipart(req.body, req.contentType);
  const meta = parts.find((p) => p.name === 'FaceDataRecord');
  const img = parts.find((p) => p !== meta && (p.type === 'image/jpeg' || p.name === 'FaceImage' || p.name === 'img'));
  if (!meta || !img) return status('badJsonContent', 'FaceDataRecord');
  const rec = parseBody({ ...req, body: Buffer.from(`{"r":${meta.data.toString('utf8')}}`) }, 'r');
  if (isAnswer(rec)) return rec;
  if (rec.faceLibType !== 'blackFD' || String(rec.FDID) !== '1') return status('badParameters', 'FDID');
  const fpid = String(rec.FPID ?? '');
  if (!st.users.has(fpid)) return status('employeeNoNotExist', 'FPID', 6);
  if (img.data[0] !== 0xff || img.data[1] !== 0xd8 || img.data[2] !== 0xff) return status('badParameters', 'picture');
  if (img.data.length > lim.maxFaceBytes) return status('pictureSizeExceedLimit', 'pictureSize');
  const old = st.faces.get(fpid);
  if (old && mode === 'record') return status('deviceUserAlreadyExistFace', 'FPID', 6);
  if (!old && st.faces.size >= lim.maxFaces) return status('noMemory', 'faceLibrary');
  st.faces.set(fpid, { FPID: fpid, jpeg: Buffer.from(img.data), sha256: createHash('sha256').update(img.data).digest('hex'), picNo: st.nextPic++ });
  return ok({ FPID: fpid });
}

function deleteFaces(req: Req, st: HikState): Answer {
  if (req.query.get('FDID') !== '1' || req.query.get('faceLibType') !== 'blackFD') return status('badParameters', 'FDID');
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body.toString('utf8'));
  } catch {
    return status('badJsonFormat', 'JSON');
  }
  const ids = obj(parsed)?.FPID;
  if (!Array.isArray(ids)) return status('badJsonContent', 'FPID');
  for (const id of list(ids, 'value')) st.faces.delete(id);
  return ok();
}

export const faceUrl = (base: string, f: FaceRec) =>
  `${base}/LOCALS/pic/enrlFace/0/${String(f.picNo).padStart(10, '0')}.jpg@WEB${f.sha256.slice(0, 15)}`;

function searchFaces(req: Req, st: HikState, lim: HikLimits): Answer {
  let c: Obj | undefined;
  try {
    c = obj(JSON.parse(req.body.toString('utf8')));
  } catch {
    return status('badJsonFormat', 'JSON');
  }
  if (c?.faceLibType !== 'blackFD' || String(c.FDID) !== '1') return status('badParameters', 'FDID');
  const all = [...st.faces.values()].filter((f) => !c.FPID || f.FPID === String(c.FPID));
  const { items, head } = page(all, c, lim);
  const MatchList = items.map((f) => ({ FPID: f.FPID, faceURL: faceUrl(req.baseUrl, f), modelData: '' }));
  const { searchID: _id, ...rest } = head;
  return ok({ requestURL: '', ...rest, ...(items.length ? { MatchList } : {}) });
}

function searchEvents(req: Req, st: HikState, lim: HikLimits): Answer {
  const c = parseBody(req, 'AcsEventCond');
  if (isAnswer(c)) return c;
  const major = Number(c.major ?? 0);
  const minor = Number(c.minor ?? 0);
  const from = c.startTime ? Date.parse(String(c.startTime)) : Number.NEGATIVE_INFINITY;
  const to = c.endTime ? Date.parse(String(c.endTime)) : Number.POSITIVE_INFINITY;
  if (Number.isNaN(from) || Number.isNaN(to)) return status('badParameters', 'startTime');
  const begin = Number(c.beginSerialNo ?? 0);
  const all = st.events.filter((e) => {
    const t = Date.parse(e.time);
    return (!major || e.major === major) && (!minor || e.minor === minor) && t >= from && t <= to && e.serialNo >= begin;
  });
  const { items, head } = page(all, c, lim);
  return json(200, { AcsEvent: { ...head, ...(items.length ? { InfoList: items } : {}) } });
}

type Handler = (req: Req, st: HikState, lim: HikLimits) => Answer;
const ROUTES: Record<string, Record<string, Handler>> = {
  '/ISAPI/AccessControl/UserInfo/Count': { GET: (_r, st) => json(200, { UserInfoCount: { userNumber: st.users.size } }) },
  '/ISAPI/AccessControl/UserInfo/SetUp': { PUT: (r, st, l) => userInfo(r, st, l, 'setUp') },
  '/ISAPI/AccessControl/UserInfo/Record': { POST: (r, st, l) => userInfo(r, st, l, 'record') },
  '/ISAPI/AccessControl/UserInfo/Modify': { PUT: (r, st, l) => userInfo(r, st, l, 'modify') },
  '/ISAPI/AccessControl/UserInfo/Delete': { PUT: deleteUsers },
  '/ISAPI/AccessControl/UserInfo/Search': { POST: searchUsers },
  '/ISAPI/AccessControl/CardInfo/SetUp': { PUT: (r, st, l) => cardInfo(r, st, l, 'setUp') },
  '/ISAPI/AccessControl/CardInfo/Record': { POST: (r, st, l) => cardInfo(r, st, l, 'record') },
  '/ISAPI/AccessControl/CardInfo/Delete': { PUT: deleteCards },
  '/ISAPI/AccessControl/CardInfo/Search': { POST: searchCards },
  '/ISAPI/AccessControl/CardInfo/Count': { GET: (_r, st) => json(200, { CardInfoCount: { cardNumber: st.cards.size } }) },
  '/ISAPI/Intelligent/FDLib/FDSetUp': { PUT: (r, st, l) => faceData(r, st, l, 'setUp') },
  '/ISAPI/Intelligent/FDLib/FaceDataRecord': { POST: (r, st, l) => faceData(r, st, l, 'record') },
  '/ISAPI/Intelligent/FDLib/FDSearch/Delete': { PUT: deleteFaces },
  '/ISAPI/Intelligent/FDLib/FDSearch': { POST: searchFaces },
  '/ISAPI/AccessControl/AcsEvent': { POST: searchEvents },
  '/ISAPI/AccessControl/UserInfo/capabilities': {
    GET: (_r, _st, l) =>
      json(200, {
        UserInfo: {
          supportFunction: { '@opt': 'post,delete,put,get,setUp' },
          UserInfoSearchCond: { maxResults: { '@min': 1, '@max': l.maxResults }, EmployeeNoList: { maxSize: 30 } },
          UserInfoDelCond: { EmployeeNoList: { maxSize: 30 } },
          employeeNo: { '@min': 1, '@max': 32 },
          name: { '@min': 0, '@max': 128 },
          userType: { '@opt': 'normal,visitor' },
          Valid: { timeRangeBegin: '2000-01-01T00:00:00', timeRangeEnd: '2037-12-31T23:59:59', timeType: { '@opt': 'local' } },
          maxOpenDoorTime: { '@min': 0, '@max': 255 },
          maxRecordNum: l.maxUsers,
          maxCardsPerUser: l.maxCardsPerUser,
        },
      }),
  },
};

/** The device's answer to an authenticated ISAPI request, or null for a path it does not serve (the caller answers 404). */
export function route(req: Req, st: HikState, lim: HikLimits): Answer | null {
  const face = /^\/LOCALS\/pic\/enrlFace\/0\/(\d+)\.jpg/.exec(req.path);
  if (face && req.method === 'GET') {
    const f = [...st.faces.values()].find((x) => x.picNo === Number(face[1]));
    return f ? { status: 200, body: f.jpeg, contentType: 'image/jpeg' } : null;
  }
  const r = ROUTES[req.path];
  if (!r) return null;
  const h = r[req.method];
  return h ? h(req, st, lim) : status('methodNotAllowed', 'method', 4, 405);
}
