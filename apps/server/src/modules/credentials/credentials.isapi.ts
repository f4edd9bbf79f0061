// The server's client of Hikvision access-control terminals over ISAPI (docs/protocols/hikvision-isapi.md): persons,
// cards, faces, the event log (an ANPR camera's plates: .plates.ts), every search read to its last page, over the
// transport of credentials.isapi.wire.ts (Digest, session limit, lock-out avoidance).
import { randomBytes } from 'node:crypto';
import { plateCalls } from './credentials.isapi.plates.js';
import {
  type Call,
  fromIsapiTime,
  IsapiError,
  type IsapiTarget,
  interpret,
  isapiTime,
  type JsonCall,
  type Obj,
  obj,
  RANGE_BEGIN,
  RANGE_END,
  transport,
} from './credentials.isapi.wire.js';

export {
  IsapiError,
  type IsapiErrorKind,
  type IsapiTarget,
  interpret,
  isapiTime,
  RANGE_BEGIN,
  RANGE_END,
  type Raw,
} from './credentials.isapi.wire.js';

export interface HikUserInput {
  employeeNo: string;
  name: string;
  userType: 'normal' | 'visitor';
  validFrom: Date | null;
  validTo: Date | null;
  doors: number[];
  /** Passes allowed (a visitor's remaining passes); 0 or absent: unlimited. */
  maxOpenDoorTime?: number;
}
export interface HikUser extends Required<HikUserInput> {
  numOfCard: number;
  numOfFace: number;
}
export interface HikCard {
  employeeNo: string;
  cardNo: string;
}
export interface HikFace {
  employeeNo: string;
  /** Where the device keeps the enrolled picture (a new one for each enrolment); faceImage() fetches it. */
  faceURL: string;
}
export interface HikEvent {
  serialNo: number;
  time: Date;
  major: number;
  minor: number;
  granted: boolean;
  employeeNo: string | null;
  cardNo: string | null;
  doorNo: number | null;
  name: string;
  /** The card number was a QR code read by the scanner (swipeCardType 1). */
  qr: boolean;
}

/** Event minors of a granted pass (major 5, the guide's MAJOR_EVENT table): card 0x01, card+password 0x02, fingerprint
 * 0x26, card+fingerprint 0x28/0x2b, fingerprint+password 0x2e, employee No.+fingerprint 0x45/0x48, face 0x4b, employee
 * No.+face 0x4d, employee No.+password 0x65, combined 0x99, password 0xb5. */
export const GRANTED_MINORS = new Set([0x01, 0x02, 0x26, 0x28, 0x2b, 0x2e, 0x45, 0x48, 0x4b, 0x4d, 0x65, 0x99, 0xb5]);
const PAGE = 30;
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / PAGE) }, (_, i) => xs.slice(i * PAGE, i * PAGE + PAGE));

function multipart(fields: { name: string; type: string; data: Buffer }[]): { body: Buffer; contentType: string } {
  const boundary = `----openvisit${randomBytes(12).toString('hex')}`;
  const parts = fields.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\nContent-Type: ${f.type}\r\nContent-Length: ${f.data.length}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function toUser(u: Obj): HikUser {
  const v = obj(u.Valid) ?? {};
  const on = v.enable === true || v.enable === 'true';
  const begin = String(v.beginTime ?? RANGE_BEGIN);
  const end = String(v.endTime ?? RANGE_END);
  const plans = Array.isArray(u.RightPlan) ? u.RightPlan.map((p) => Number(obj(p)?.doorNo)) : [];
  const right = String(u.doorRight ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
  return {
    employeeNo: String(u.employeeNo ?? ''),
    name: String(u.name ?? ''),
    userType: u.userType === 'visitor' ? 'visitor' : 'normal',
    validFrom: on && begin !== RANGE_BEGIN ? fromIsapiTime(begin) : null,
    validTo: on && end !== RANGE_END ? fromIsapiTime(end) : null,
    doors: [...new Set(right.length ? right : plans)].filter((n) => Number.isInteger(n)).sort((a, b) => a - b),
    maxOpenDoorTime: Number(u.maxOpenDoorTime ?? 0) || 0,
    numOfCard: Number(u.numOfCard ?? 0) || 0,
    numOfFace: Number(u.numOfFace ?? 0) || 0,
  };
}

/** Every page of a search: position advances by what each page held, until the device stops answering MORE. */
async function searchAll(jsonCall: JsonCall, path: string, cond: (pos: number) => unknown, pick: (r: Obj) => unknown, listKey: string) {
  const out: Obj[] = [];
  for (let pos = 0, pages = 0; pages < 100_000; pages++) {
    const r = obj(pick(await jsonCall('POST', path, cond(pos))));
    if (!r) throw new IsapiError('garbage', `POST ${path.split('?')[0]}: no search result`);
    const items = Array.isArray(r[listKey]) ? (r[listKey] as unknown[]).map((x) => obj(x) ?? {}) : [];
    out.push(...items);
    pos += items.length;
    if (r.responseStatusStrg !== 'MORE' || items.length === 0) break;
  }
  return out;
}

const toEvent = (e: Obj): HikEvent => ({
  serialNo: Number(e.serialNo ?? 0),
  time: new Date(String(e.time ?? '')),
  major: Number(e.major ?? 0),
  minor: Number(e.minor ?? 0),
  granted: GRANTED_MINORS.has(Number(e.minor)),
  employeeNo: e.employeeNoString ? String(e.employeeNoString) : null,
  cardNo: e.cardNo ? String(e.cardNo) : null,
  doorNo: e.doorNo === undefined ? null : Number(e.doorNo),
  name: String(e.name ?? ''),
  qr: Number(e.swipeCardType) === 1,
});
const FACE_DELETE = '/ISAPI/Intelligent/FDLib/FDSearch/Delete?format=json&FDID=1&faceLibType=blackFD';
const CARD_DELETE = '/ISAPI/AccessControl/CardInfo/Delete?format=json';

function writes(call: Call, jsonCall: JsonCall) {
  return {
    async setUser(u: HikUserInput): Promise<void> {
      const enable = u.validFrom !== null || u.validTo !== null;
      const Valid = {
        enable,
        beginTime: u.validFrom ? isapiTime(u.validFrom) : RANGE_BEGIN,
        endTime: u.validTo ? isapiTime(u.validTo) : RANGE_END,
        timeType: 'local',
      };
      const doors = [...new Set(u.doors)].sort((a, b) => a - b);
      const RightPlan = doors.map((doorNo) => ({ doorNo, planTemplateNo: '1' }));
      const { employeeNo, name, userType } = u;
      const UserInfo = { employeeNo, name, userType, Valid, doorRight: doors.join(','), RightPlan, maxOpenDoorTime: u.maxOpenDoorTime ?? 0 };
      await jsonCall('PUT', '/ISAPI/AccessControl/UserInfo/SetUp?format=json', { UserInfo });
    },
    /** The persons with their cards and faces: deleting a person alone leaves those on the device (the guide's rule). */
    async deleteUsers(employeeNos: string[]): Promise<void> {
      for (const part of chunks(employeeNos)) {
        const EmployeeNoList = part.map((employeeNo) => ({ employeeNo }));
        await jsonCall('PUT', CARD_DELETE, { CardInfoDelCond: { EmployeeNoList } });
        await jsonCall('PUT', FACE_DELETE, { FPID: part.map((value) => ({ value })) });
        await jsonCall('PUT', '/ISAPI/AccessControl/UserInfo/Delete?format=json', { UserInfoDelCond: { EmployeeNoList } });
      }
    },
    async setCard(employeeNo: string, cardNo: string): Promise<void> {
      await jsonCall('PUT', '/ISAPI/AccessControl/CardInfo/SetUp?format=json', { CardInfo: { employeeNo, cardNo, cardType: 'normalCard' } });
    },
    /** Every card of these persons (a person's cards replaced: the old numbers need not be known). */
    async deleteCardsOf(employeeNos: string[]): Promise<void> {
      for (const part of chunks(employeeNos))
        await jsonCall('PUT', CARD_DELETE, { CardInfoDelCond: { EmployeeNoList: part.map((employeeNo) => ({ employeeNo })) } });
    },
    async deleteCards(cardNos: string[]): Promise<void> {
      for (const part of chunks(cardNos)) await jsonCall('PUT', CARD_DELETE, { CardInfoDelCond: { CardNoList: part.map((cardNo) => ({ cardNo })) } });
    },
    /** Enrols or replaces the person's face (FDSetUp; FaceDataRecord would refuse a second one). */
    async setFace(employeeNo: string, jpeg: Buffer): Promise<void> {
      const record = Buffer.from(JSON.stringify({ faceLibType: 'blackFD', FDID: '1', FPID: employeeNo }));
      const m = multipart([
        { name: 'FaceDataRecord', type: 'application/json', data: record },
        { name: 'FaceImage', type: 'image/jpeg', data: jpeg },
      ]);
      interpret(await call('PUT', '/ISAPI/Intelligent/FDLib/FDSetUp?format=json', m.body, m.contentType), 'PUT /ISAPI/Intelligent/FDLib/FDSetUp');
    },
    async deleteFaces(employeeNos: string[]): Promise<void> {
      for (const part of chunks(employeeNos)) await jsonCall('PUT', FACE_DELETE, { FPID: part.map((value) => ({ value })) });
    },
  };
}

function reads(t: IsapiTarget, call: Call, jsonCall: JsonCall) {
  const search = (path: string, root: string | null, result: string | null, listKey: string, extra: Obj = {}) => {
    const searchID = randomBytes(8).toString('hex');
    const cond = (pos: number) => {
      const c = { ...(root ? { searchID } : {}), searchResultPosition: pos, maxResults: PAGE, ...extra };
      return root ? { [root]: c } : c;
    };
    return searchAll(jsonCall, path, cond, (r) => (result ? r[result] : r), listKey);
  };
  return {
    async deviceInfo() {
      const raw = await call('GET', '/ISAPI/System/deviceInfo');
      const xml = raw.body.toString('utf8');
      const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.trim() ?? '';
      if (raw.status >= 400) interpret(raw, 'GET /ISAPI/System/deviceInfo');
      if (!tag('model') || !tag('serialNumber'))
        throw new IsapiError('garbage', 'GET /ISAPI/System/deviceInfo: not a DeviceInfo', { httpStatus: raw.status });
      return { model: tag('model'), serialNumber: tag('serialNumber'), firmwareVersion: tag('firmwareVersion'), deviceName: tag('deviceName') };
    },
    async users(): Promise<HikUser[]> {
      return (await search('/ISAPI/AccessControl/UserInfo/Search?format=json', 'UserInfoSearchCond', 'UserInfoSearch', 'UserInfo')).map(toUser);
    },
    async cards(): Promise<HikCard[]> {
      const rows = await search('/ISAPI/AccessControl/CardInfo/Search?format=json', 'CardInfoSearchCond', 'CardInfoSearch', 'CardInfo');
      return rows.map((c) => ({ employeeNo: String(c.employeeNo ?? ''), cardNo: String(c.cardNo ?? '') }));
    },
    async faces(): Promise<HikFace[]> {
      const rows = await search('/ISAPI/Intelligent/FDLib/FDSearch?format=json', null, null, 'MatchList', { faceLibType: 'blackFD', FDID: '1' });
      return rows.map((f) => ({ employeeNo: String(f.FPID ?? ''), faceURL: String(f.faceURL ?? '') }));
    },
    /** The enrolled picture behind a faceURL, fetched from the configured address (the device may name its LAN one). */
    async faceImage(faceURL: string): Promise<Buffer> {
      const u = new URL(faceURL, t.baseUrl);
      const raw = await call('GET', u.pathname + u.search);
      if (raw.status !== 200) interpret(raw, 'GET face picture');
      return raw.body;
    },
    /** Access events (major 5) after the given serial No. and not before `since`, every page, in serial order. */
    async events(after: { serialNo: number; since: Date }): Promise<HikEvent[]> {
      const endTime = `${RANGE_END}${isapiTime(new Date(), true).slice(19)}`;
      const cond = { major: 5, minor: 0, startTime: isapiTime(after.since, true), endTime, beginSerialNo: after.serialNo + 1 };
      const rows = await search('/ISAPI/AccessControl/AcsEvent?format=json', 'AcsEventCond', 'AcsEvent', 'InfoList', cond);
      return rows
        .map(toEvent)
        .filter((e) => e.serialNo > after.serialNo)
        .sort((a, b) => a.serialNo - b.serialNo);
    },
  };
}

export function isapiClient(t: IsapiTarget, o: { maxConcurrent?: number } = {}) {
  const call = transport(t, Math.max(1, o.maxConcurrent ?? 2));
  const jsonCall: JsonCall = async (method, path, body) => {
    const raw = await call(method, path, body === undefined ? undefined : Buffer.from(JSON.stringify(body)), 'application/json');
    return interpret(raw, `${method} ${path.split('?')[0]}`);
  };
  return { ...reads(t, call, jsonCall), ...writes(call, jsonCall), ...plateCalls(call, jsonCall) };
}
export type IsapiClient = ReturnType<typeof isapiClient>;
