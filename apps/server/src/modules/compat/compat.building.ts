import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, visitIdOf, visits } from './compat.shared.js';

const commaJoined = (ids: unknown) => (Array.isArray(ids) ? ids.join(',') : '');

/**
 * Sub-companies as the desk's office-building forms read them (frontdesk-app.md §3d, §3k): `gids` and `vegids` comma
 * strings (the form offers a company whose `gids` hold its gate), `roomNumber` the original's groups (`、`) of entries
 * (`|`), each a room: our rooms are one group.
 */
function subCompanies(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((c) => {
    const company = asObject(c);
    return {
      ...company,
      gids: commaJoined(company.gids),
      vegids: commaJoined(company.egids),
      roomNumber: Array.isArray(company.roomNumbers) ? company.roomNumbers.join('|') : '',
    };
  });
}

/** `acEnd` `yyyy-MM-dd` → the original's `yyyyMMdd` ('' when open-ended). */
const compactDay = (day: unknown) => (typeof day === 'string' ? day.replaceAll('-', '') : '');

/**
 * A company's (or sub-company's) hosts as the desk's forms read them: `empType` 1 the default receptionist, `endDate`
 * until when they receive. `egids` is empty: which doors a visitor gets is the server's to decide (the gate's visitor
 * groups, the sub-company's), never the desk's, so the form's `access` is ignored anyway.
 */
function hosts(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((e) => {
    const emp = asObject(e);
    return { ...emp, empType: emp.defaultReceiver ? 1 : 0, endDate: compactDay(emp.acEnd), egids: '' };
  });
}

/** The original's blacklist check answered the matching entries: one for a hit, none otherwise. */
function blacklistEntries(result: unknown, sent: Record<string, unknown>): unknown {
  const r = asObject(result);
  if (!r.listed) return [];
  return [{ name: r.name ?? '', phone: sent.phone ?? '', credentialNo: sent.credentialNo ?? sent.cardId ?? '' }];
}

/** Whether a visitor on site has been handed an access card, and which. */
function cardStatus(result: unknown): unknown {
  const v = asObject(result);
  return { vid: v.vid, cardNo: v.cardNo ?? '', sendStatus: v.cardNo ? 1 : 0 };
}

/** An office building's forms: its companies and their people, the blacklist check, access cards (frontdesk-app.md §3d, §3k). */
export const buildingDialect: DialectAdapters<DialectContext> = {
  getSubAccountByUserid: { response: subCompanies },
  getSubAccountEmpList: { response: hosts },
  checkBlacklist: { response: blacklistEntries },
  // With `gNames` (floors) the office form asks whether lift control needs a temporary card: we have no lift control,
  // so it is refused (400, no vid), which the app reads as "no card needed".
  getSendCardStatus: { call: 'GetVisitorByVid', request: visitIdOf, response: cardStatus },
  updateVisitorCardNo: { call: 'updateVisitInfo', request: visitIdOf, response: visits },
};
