import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, visitIdOf, visits } from './compat.shared.js';

/** Sub-companies as the original listed them: the room numbers as one comma-separated `roomNumber`. */
function subCompanies(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((c) => {
    const company = asObject(c);
    return { ...company, roomNumber: Array.isArray(company.roomNumbers) ? company.roomNumbers.join(',') : '' };
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

/** An office building's forms: its companies, the blacklist check, access cards (frontdesk-app.md §3d, §3k). */
export const buildingDialect: DialectAdapters<DialectContext> = {
  getSubAccountByUserid: { response: subCompanies },
  checkBlacklist: { response: blacklistEntries },
  getSendCardStatus: { call: 'GetVisitorByVid', request: visitIdOf, response: cardStatus },
  updateVisitorCardNo: { call: 'updateVisitInfo', request: visitIdOf, response: visits },
};
