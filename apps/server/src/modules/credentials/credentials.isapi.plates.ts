// An ANPR camera's plate list over ISAPI (docs/protocols/hikvision-isapi.md, "Plates"): Hikvision entrance cameras
// (DS-TCG / iDS-TCM) keep an allowlist and a blocklist of plates with a validity window and open the barrier
// themselves. Written as JSON records (`licensePlateAuditData/record`), deleted by plate (`DelLicensePlateAuditData`),
// read back with the XML search `searchLPListAudit`, every page. Rides on the access client's transport (Digest,
// session bound, lock-out rules): isapiClient includes these calls.
import { randomBytes } from 'node:crypto';
import { type Call, IsapiError, interpret, isapiTime, type JsonCall, RANGE_BEGIN, RANGE_END, type Raw } from './credentials.isapi.wire.js';

export type PlateListType = 'allowList' | 'blockList';
export interface HikPlateInput {
  /** Upper case, no spaces (normalizePlate). */
  plate: string;
  listType: PlateListType;
  /** The entry's card No.: the field OpenVisit keeps its person number in (the marker telling ours from the site's). */
  cardNo: string;
  validFrom: Date | null;
  validTo: Date | null;
  /** The plate is already on the list: `modify` (some firmware refuses a second `add` of a plate). */
  modify: boolean;
}
export interface HikPlate {
  id: string;
  plate: string;
  listType: PlateListType;
  cardNo: string;
  validFrom: Date | null;
  validTo: Date | null;
}

/** A plate the camera read (its `vehicleDetect/plates` answer). */
export interface HikPlateRead {
  at: Date;
  plate: string;
  /** The camera's picture name: unique per read (the record's id). */
  picName: string;
  /** `forward` (towards the camera: in), `reverse` (out), else as the camera says. */
  direction: string;
  laneNo: number | null;
}

const CHANNEL = '/ISAPI/Traffic/channels/1';
// Asked per page (an integration asks 500 of DS-TCG405-E firmware, another 10); the device may answer fewer.
const PAGE = 100;
const DELETE_CHUNK = 30;

/** A list time: with an offset (as searches answer) it is absolute; without, device local time. */
function fromListTime(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(s.trim());
  if (!m) return null;
  if (m[7]) return new Date(s.trim());
  return new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}
/** The device's whole range (or wider: some firmware writes 1970 / 2099) reads back as an open end. */
const openBegin = (s: string) => s.slice(0, 19) <= RANGE_BEGIN;
const openEnd = (s: string) => s.slice(0, 19) >= RANGE_END;

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.trim() ?? '';
const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function toPlate(xml: string): HikPlate {
  const created = tag(xml, 'createTime');
  const effective = tag(xml, 'effectiveTime');
  // Searches answer the list's kind as `type` whiteList/blackList; the write wording (listType) is accepted too.
  const kind = tag(xml, 'listType') || tag(xml, 'type');
  return {
    id: xmlText(tag(xml, 'id')),
    plate: xmlText(tag(xml, 'LicensePlate')),
    listType: /^(blockList|blackList)$/.test(kind) ? 'blockList' : 'allowList',
    cardNo: xmlText(tag(xml, 'cardNo')),
    validFrom: !created || openBegin(created) ? null : fromListTime(created),
    validTo: !effective || openEnd(effective) ? null : fromListTime(effective),
  };
}

/** `20260501T083000+0800`, `…Z`, or digits with milliseconds (`20260501083000123`, firmware varies): local without an offset. */
function fromCaptureTime(s: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T?(\d{2})(\d{2})(\d{2})(\d{0,3})(Z|[+-]\d{2}:?\d{2})?$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  if (!m[8]) return new Date(y, mo - 1, d, h, mi, se, ms);
  const off = m[8] === 'Z' ? 0 : (m[8].startsWith('-') ? -1 : 1) * (Number(m[8].slice(1, 3)) * 60 + Number(m[8].slice(-2)));
  return new Date(Date.UTC(y, mo - 1, d, h, mi, se, ms) - off * 60_000);
}

/** A search page, or the IsapiError its answer means (an XML or JSON ResponseStatus, an unreadable body). */
function searchPage(raw: Raw, what: string): { items: HikPlate[]; more: boolean; total: number | null } {
  const xml = raw.body.toString('utf8');
  if (raw.status < 400 && /<LPListAuditSearchResult[\s>]/.test(xml)) {
    const items = [...xml.matchAll(/<LicensePlateInfo>([\s\S]*?)<\/LicensePlateInfo>/g)].map((m) => toPlate(m[1] ?? ''));
    const total = tag(xml, 'totalMatches');
    return { items, more: tag(xml, 'responseStatusStrg') === 'MORE', total: total ? Number(total) : null };
  }
  const sub = tag(xml, 'subStatusCode');
  if (sub === 'deviceBusy') throw new IsapiError('busy', `${what}: device busy`, { httpStatus: raw.status, subStatusCode: sub, retryAfterMs: 1000 });
  if (sub) {
    const statusCode = Number(tag(xml, 'statusCode')) || undefined;
    throw new IsapiError('device', `${what}: ${tag(xml, 'statusString') || 'error'} ${sub}`, {
      httpStatus: raw.status,
      statusCode,
      subStatusCode: sub,
    });
  }
  interpret(raw, what);
  throw new IsapiError('garbage', `${what}: not a LPListAuditSearchResult`, { httpStatus: raw.status });
}

export function plateCalls(call: Call, jsonCall: JsonCall) {
  return {
    /** Adds or replaces one plate's entry (one request per plate: a refusal is that plate's alone). */
    async setPlate(p: HikPlateInput): Promise<void> {
      const entry = {
        id: p.plate,
        LicensePlate: p.plate,
        listType: p.listType,
        cardNo: p.cardNo,
        createTime: p.validFrom ? isapiTime(p.validFrom) : RANGE_BEGIN,
        effectiveTime: p.validTo ? isapiTime(p.validTo) : RANGE_END,
        operationType: p.modify ? 'modify' : 'add',
      };
      await jsonCall('PUT', `${CHANNEL}/licensePlateAuditData/record?format=json`, { LicensePlateInfoList: [entry] });
    },
    /** Deletes these plates' entries, 30 per request; never `deleteAllEnabled` (that empties the site's list too). */
    async deletePlates(plates: string[]): Promise<void> {
      for (let i = 0; i < plates.length; i += DELETE_CHUNK)
        await jsonCall('PUT', `${CHANNEL}/DelLicensePlateAuditData?format=json`, {
          deleteAllEnabled: false,
          licensePlate: plates.slice(i, i + DELETE_CHUNK),
        });
    },
    /**
     * The plates the camera read after `since` (local time, whole seconds: a read in that second may come again; the
     * picture name tells it), oldest first. Reads whose time cannot be read are left out.
     */
    async plateReads(since: Date): Promise<HikPlateRead[]> {
      const what = `POST ${CHANNEL}/vehicleDetect/plates`;
      const picTime = isapiTime(since).replace(/[-:]/g, '');
      const raw = await call(
        'POST',
        `${CHANNEL}/vehicleDetect/plates`,
        Buffer.from(`<AfterTime><picTime>${picTime}</picTime></AfterTime>`),
        'application/xml',
      );
      const xml = raw.body.toString('utf8');
      if (raw.status >= 400 || !/<Plates[\s>/]/.test(xml)) searchPage(raw, what);
      const reads = [...xml.matchAll(/<Plate>([\s\S]*?)<\/Plate>/g)].map((m) => {
        const p = m[1] ?? '';
        const lane = tag(p, 'laneNo');
        const at = fromCaptureTime(tag(p, 'captureTime'));
        return {
          at,
          plate: xmlText(tag(p, 'plateNumber')),
          picName: xmlText(tag(p, 'picName')),
          direction: tag(p, 'direction'),
          laneNo: lane ? Number(lane) : null,
        };
      });
      return reads.filter((r): r is HikPlateRead => r.at !== null && r.plate !== '').sort((x, y) => x.at.getTime() - y.at.getTime());
    },
    /** Every entry of both lists, every page (position advances by what each page held). */
    async plates(): Promise<HikPlate[]> {
      const searchID = randomBytes(8).toString('hex');
      const what = `POST ${CHANNEL}/searchLPListAudit`;
      const out: HikPlate[] = [];
      for (let pos = 0, pages = 0; pages < 100_000; pages++) {
        const body =
          '<?xml version="1.0" encoding="UTF-8"?><LPListAuditSearchDescription version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
          `<searchID>${searchID}</searchID><searchResultPosition>${pos}</searchResultPosition><maxResults>${PAGE}</maxResults></LPListAuditSearchDescription>`;
        const page = searchPage(await call('POST', `${CHANNEL}/searchLPListAudit`, Buffer.from(body), 'application/xml'), what);
        out.push(...page.items);
        pos += page.items.length;
        // Firmware that answers OK with totalMatches beyond this page still has more.
        if (!page.items.length || !(page.more || (page.total !== null && pos < page.total))) break;
      }
      return out;
    },
  };
}
