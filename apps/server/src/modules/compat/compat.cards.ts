import { dayStart } from '../../platform/formats/days.js';
import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { asObject, localTime } from './compat.shared.js';

const DAY = /^(\d{4}-\d{2}-\d{2})$/;

/**
 * The due time the desk gives a lent card (`visitorEndDate`): epoch ms as a row gave it, or a date picker's text, a
 * day meaning its end. Nothing given is our default (the end of the lending day); what cannot be read is passed on for
 * the contract to refuse with the field named.
 */
export function dueTime(given: unknown): unknown {
  if (given === undefined || given === null || given === '') return undefined;
  if (typeof given === 'number') return given;
  if (typeof given !== 'string') return given;
  const text = given.trim();
  if (/^\d{10,15}$/.test(text)) return Number(text);
  const day = DAY.exec(text)?.[1];
  if (day) return dayStart(day, 1).getTime();
  return localTime(text) ?? text;
}

/** Lending a card: the desk's `visitorEndDate` is our `returnDue`; `icStatus: 1` is what the call does anyway. */
function lend(raw: unknown): unknown {
  const { visitorEndDate, icStatus: _lent, ...body } = asObject(raw);
  const due = dueTime(visitorEndDate);
  return due === undefined ? body : { ...body, returnDue: due };
}

/** The temp-card screen shows when a card is due back as `visitorEndDate` and `endDate` (ms, null when none). */
function cardRows(result: unknown): unknown {
  const row = (c: unknown) => {
    const card = asObject(c);
    return { ...card, visitorEndDate: card.returnDue ?? null, endDate: card.returnDue ?? null };
  };
  const page = asObject(result);
  if (Array.isArray(page.list)) return { ...page, list: page.list.map(row) };
  return 'cid' in page ? row(page) : result;
}

/** The temp-card screen (frontdesk-app.md §3i). The blacklist screen (§3j) needs nothing beyond the transport's paging. */
export const cardDialect: DialectAdapters<DialectContext> = {
  getInterimCard: { response: cardRows },
  updateInterimCard: { request: lend, response: cardRows },
  refuseInterimCard: { response: cardRows },
  returnInterimCard: { response: cardRows },
};
