// The plate lists of a Hikvision ANPR entrance camera (DS-TCG / iDS-TCM) behind tools/hikvision-device.ts: the
// allowlist and blocklist with validity windows and a capacity, their ISAPI answers (docs/protocols/hikvision-isapi.md,
// "Plates"), and a plate seen at the gate: the camera opens the barrier itself for a plate allowed at that time and
// logs the pass (its ANPR event). No HTTP here: plateRoute() takes an authenticated request like route() does.
import { type Answer, localTime, status } from './hikvision-isapi.js';

export interface PlateRec {
  id: string;
  LicensePlate: string;
  listType: 'allowList' | 'blockList';
  cardNo: string;
  /** Local 'YYYY-MM-DDTHH:mm:ss': the entry's window. */
  createTime: string;
  effectiveTime: string;
}
/** A plate the camera read, as its ANPR event log keeps it. */
export interface AnprRec {
  serialNo: number;
  /** The read's picture name (unique). */
  picName: string;
  time: string;
  licensePlate: string;
  /** allowList, blockList or '' (not listed). */
  listType: string;
  /** The barrier was opened by the camera's own list. */
  open: boolean;
  direction: 'enter' | 'exit';
}
export interface PlateState {
  plates: Map<string, PlateRec>;
  anpr: AnprRec[];
  nextAnpr: number;
}
interface Req {
  method: string;
  path: string;
  body: Buffer;
}
type Obj = Record<string, unknown>;

export const newPlateState = (): PlateState => ({ plates: new Map(), anpr: [], nextAnpr: 1 });

const CHANNEL = '/ISAPI/Traffic/channels/1';
const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
/** Letters (any script: 粤B12345) and digits, 1–16 characters; the camera's own lists keep them so. */
const PLATE = /^[\p{L}\p{N}]{1,16}$/u;
const CARD = /^[0-9A-Za-z]{0,32}$/;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const ok = (): Answer => ({
  status: 200,
  body: JSON.stringify({ statusCode: 1, statusString: 'OK', subStatusCode: 'ok' }),
  contentType: 'application/json; charset="UTF-8"',
});
const validTime = (t: unknown): t is string => typeof t === 'string' && TIME.test(t) && t >= '1970-01-01T00:00:00' && t <= '2099-12-31T23:59:59';
/** A local time with the offset it has in this process's zone on that day (as the search answers it). */
function withOffset(local: string): string {
  const [y, mo, d, h, mi, se] = (TIME.exec(local) ?? []).slice(1).map(Number) as [number, number, number, number, number, number];
  return localTime(new Date(y, mo - 1, d, h, mi, se), true);
}
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function parse(req: Req): Obj | Answer {
  try {
    return obj(JSON.parse(req.body.toString('utf8'))) ?? status('badJsonContent', 'root');
  } catch {
    return status('badJsonFormat', 'JSON');
  }
}
const isAnswer = (v: unknown): v is Answer => !!v && typeof v === 'object' && 'contentType' in v;

/** One entry of a record request, checked as the camera checks it; an Answer for the first refusal. */
function readEntry(e: Obj, plates: Map<string, PlateRec>, maxPlates: number): PlateRec | Answer {
  const plate = String(e.LicensePlate ?? '');
  if (!PLATE.test(plate)) return status('badParameters', 'LicensePlate');
  const kind = String(e.listType ?? '');
  const listType = kind === 'allowList' || kind === 'whiteList' ? 'allowList' : kind === 'blockList' || kind === 'blackList' ? 'blockList' : null;
  if (!listType) return status('badParameters', 'listType');
  const cardNo = String(e.cardNo ?? '');
  if (!CARD.test(cardNo)) return status('badParameters', 'cardNo');
  const { createTime, effectiveTime } = e;
  if (!validTime(createTime) || !validTime(effectiveTime) || createTime >= effectiveTime) return status('badParameters', 'effectiveTime');
  const exists = plates.has(plate);
  // Some firmware refuses a second `add` of a listed plate (integrators' reports): the client says `modify`.
  if (exists && e.operationType !== 'modify') return status('badParameters', 'LicensePlate already listed');
  if (!exists && plates.size >= maxPlates) return status('noMemory', 'plateCapacity');
  return { id: plate, LicensePlate: plate, listType, cardNo, createTime, effectiveTime };
}

function record(req: Req, st: PlateState, maxPlates: number): Answer {
  const body = parse(req);
  if (isAnswer(body)) return body;
  const list = Array.isArray(body.LicensePlateInfoList) ? body.LicensePlateInfoList : null;
  if (!list?.length) return status('badJsonContent', 'LicensePlateInfoList');
  for (const e of list) {
    const rec = readEntry(obj(e) ?? {}, st.plates, maxPlates);
    if (isAnswer(rec)) return rec;
    st.plates.set(rec.LicensePlate, rec);
  }
  return ok();
}

function remove(req: Req, st: PlateState): Answer {
  const body = parse(req);
  if (isAnswer(body)) return body;
  if (body.deleteAllEnabled === true) {
    st.plates.clear();
    return ok();
  }
  const plates = Array.isArray(body.licensePlate) ? body.licensePlate : Array.isArray(body.id) ? body.id : null;
  if (!plates) return status('badJsonContent', 'licensePlate');
  for (const p of plates) st.plates.delete(String(p));
  return ok();
}

/** The XML search: both lists, a page at a time (maxResults capped), answered with the read wording whiteList/blackList. */
function search(req: Req, st: PlateState, maxResults: number): Answer {
  const xml = req.body.toString('utf8');
  if (!/<LPListAuditSearchDescription[\s>]/.test(xml)) return status('badXmlContent', 'LPListAuditSearchDescription', 6, 400);
  const num = (name: string, d: number) => Number(new RegExp(`<${name}>\\s*(\\d+)`).exec(xml)?.[1] ?? d);
  const pos = num('searchResultPosition', 0);
  const max = Math.min(maxResults, Math.max(1, num('maxResults', maxResults)));
  const all = [...st.plates.values()];
  const items = all.slice(pos, pos + max);
  const strg = items.length === 0 ? 'NO MATCH' : pos + items.length < all.length ? 'MORE' : 'OK';
  const info = items.map(
    (p) =>
      `<LicensePlateInfo><id>${esc(p.id)}</id><LicensePlate>${esc(p.LicensePlate)}</LicensePlate>` +
      `<type>${p.listType === 'allowList' ? 'whiteList' : 'blackList'}</type>${p.cardNo ? `<cardNo>${p.cardNo}</cardNo>` : ''}` +
      `<effectiveTime>${withOffset(p.effectiveTime)}</effectiveTime><createTime>${withOffset(p.createTime)}</createTime></LicensePlateInfo>`,
  );
  const searchID = esc(/<searchID>([^<]*)<\/searchID>/.exec(xml)?.[1] ?? '');
  const body =
    '<?xml version="1.0" encoding="UTF-8"?><LPListAuditSearchResult version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
    `<searchID>${searchID}</searchID><responseStatus>true</responseStatus><responseStatusStrg>${strg}</responseStatusStrg>` +
    `<LicensePlateInfoList><numOfMatches>${items.length}</numOfMatches><totalMatches>${all.length}</totalMatches>` +
    `<searchResultPosition>${pos}</searchResultPosition><maxResults>${max}</maxResults>${info.join('')}</LicensePlateInfoList></LPListAuditSearchResult>`;
  return { status: 200, body, contentType: 'application/xml; charset="UTF-8"' };
}

/**
 * The plates read after `<AfterTime><picTime>YYYYMMDDTHHmmss</picTime>` (local time): `Plates{Plate{captureTime,
 * plateNumber, picName, direction, laneNo}}`, as the LPR integration guide's `vehicleDetect/plates` answers.
 */
function reads(req: Req, st: PlateState): Answer {
  const m = /<picTime>\s*(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/.exec(req.body.toString('utf8'));
  if (!m) return status('badXmlContent', 'picTime', 6, 400);
  const after = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
  const plates = st.anpr
    .filter((r) => r.time.slice(0, 19) > after)
    .map((r) => {
      const captureTime = `${r.time.slice(0, 19).replace(/[-:]/g, '')}${r.time.slice(19).replace(':', '')}`;
      const direction = r.direction === 'enter' ? 'forward' : 'reverse';
      return `<Plate><captureTime>${captureTime}</captureTime><plateNumber>${esc(r.licensePlate)}</plateNumber><picName>${r.picName}</picName><country>CHN</country><laneNo>1</laneNo><direction>${direction}</direction></Plate>`;
    });
  const body = `<?xml version="1.0" encoding="UTF-8"?><Plates version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">${plates.join('')}</Plates>`;
  return { status: 200, body, contentType: 'application/xml; charset="UTF-8"' };
}

/** The camera's answer to an authenticated plate-list request, or null for a path it does not serve. */
export function plateRoute(req: Req, st: PlateState, lim: { maxPlates: number; maxResults: number }): Answer | null {
  const routes: Record<string, Record<string, () => Answer>> = {
    [`${CHANNEL}/licensePlateAuditData/record`]: { PUT: () => record(req, st, lim.maxPlates) },
    [`${CHANNEL}/DelLicensePlateAuditData`]: { PUT: () => remove(req, st) },
    [`${CHANNEL}/searchLPListAudit`]: { POST: () => search(req, st, lim.maxResults) },
    [`${CHANNEL}/vehicleDetect/plates`]: { POST: () => reads(req, st) },
  };
  const r = routes[req.path];
  if (!r) return null;
  return r[req.method]?.() ?? status('methodNotAllowed', 'method', 4, 405);
}

/** A plate seen at the gate: the camera opens for an allowlisted plate within its window, and logs the pass either way. */
export function seePlate(st: PlateState, plate: string, at: Date, direction: 'enter' | 'exit' = 'enter'): AnprRec {
  const p = st.plates.get(plate.replace(/\s+/g, '').toUpperCase());
  const now = localTime(at);
  const open = p?.listType === 'allowList' && now >= p.createTime && now <= p.effectiveTime;
  const serialNo = st.nextAnpr++;
  const picName = `${localTime(at).replace(/[-:T]/g, '')}${String(serialNo).padStart(6, '0')}`;
  const rec = { serialNo, picName, time: localTime(at, true), licensePlate: plate, listType: p?.listType ?? '', open, direction };
  st.anpr.push(rec);
  return rec;
}

/** An entry the site listed at the camera itself (not through OpenVisit). */
export function sitePlate(st: PlateState, e: { plate: string; cardNo?: string; listType?: 'allowList' | 'blockList' }): void {
  const rec = {
    id: e.plate,
    LicensePlate: e.plate,
    listType: e.listType ?? 'allowList',
    cardNo: e.cardNo ?? '',
    createTime: '2000-01-01T00:00:00',
    effectiveTime: '2037-12-31T23:59:59',
  } as const;
  st.plates.set(e.plate, rec);
}

/** The camera's plate side as the device server holds it: one state for its life (reset empties it in place). */
export function plateCamera(maxPlates: number, clock: () => Date) {
  const st = newPlateState();
  return {
    route: (req: Req, maxResults: number) => plateRoute(req, st, { maxPlates, maxResults }),
    reset: () => Object.assign(st, newPlateState()),
    /** The device's members (HikDevice): the lists, a plate seen, a site's own entry. */
    members: {
      plates: st,
      seePlate: (p: { plate: string; at?: Date; direction?: 'enter' | 'exit' }) => seePlate(st, p.plate, p.at ?? clock(), p.direction),
      addSitePlate: (e: Parameters<typeof sitePlate>[1]) => sitePlate(st, e),
    },
  };
}
