// An ANPR camera's plate list over ISAPI (docs/protocols/hikvision-isapi.md, "Plates"): Hikvision entrance cameras
// (DS-TCG / iDS-TCM) keep an allowlist and a blocklist of plates with a validity window and open the barrier
// themselves. Written as JSON records (`licensePlateAuditData/record`), deleted by plate (`DelLicensePlateAuditData`),
// read back with the XML search `searchLPListAudit`, every page. Rides on the access client's transport (Digest,
// session bound, lock-out rules): isapiClient includes these calls.
import { randomBytes } from 'node:crypto';
import { type Call, IsapiError, interpret, isapiTime, type JsonCall, RANGE_BEGIN, RANGE_END, type Raw } from './credentials.isapi.js';

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

const CHANNEL = '/ISAPI/Traffic/channels/1';
const PAGE = 30;
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
