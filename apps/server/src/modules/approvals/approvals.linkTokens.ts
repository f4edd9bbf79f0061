import { Status } from '@openvisit/contract';
import type { AuthedContext, CallContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { safeEqual } from '../../platform/identity/crypto.js';

/**
 * Approval links in mails: `company~seat~person~expiry~signature` (`~` never appears in the base64url signature, and a dot would read as a file name), signed with a key of their own derived from the
 * server's, naming one seat and the person it was sent to (0: the administrator). Good for a week and, since a
 * decision closes the seat, for one decision: after it the page shows the outcome and decides nothing.
 */
const PURPOSE = 'approval-link';
export const LINK_DAYS = 7;

export function linkToken(ctx: AuthedContext, seatId: number, person: number, now = Date.now()): string {
  const expiry = Math.floor(now / 1000) + LINK_DAYS * 86_400;
  const data = `${ctx.tenant.companyId}~${seatId}~${person}~${expiry}`;
  return `${data}~${ctx.services.secrets.mac(PURPOSE, data)}`;
}

/** The decision page of a link's token. */
export function linkUrl(ctx: AuthedContext, token: string): string {
  return `${ctx.config.publicUrl}/approval/${token}`;
}

export function linkOf(ctx: AuthedContext, seatId: number, person: number): string {
  return linkUrl(ctx, linkToken(ctx, seatId, person));
}

export const invalidLink = () => new AppError(Status.APPROVAL_LINK_INVALID);

export function readLink(ctx: CallContext, token: string): { companyId: number; seatId: number; person: number } {
  const parts = token.split('~');
  if (parts.length !== 5 || !parts.slice(0, 4).every((p) => /^\d{1,10}$/.test(p))) throw invalidLink();
  const [companyId, seatId, person, expiry] = parts.slice(0, 4).map(Number) as [number, number, number, number];
  const mac = ctx.services.secrets.mac(PURPOSE, parts.slice(0, 4).join('~'));
  if (!safeEqual(mac, parts[4] ?? '') || expiry * 1000 < Date.now()) throw invalidLink();
  return { companyId, seatId, person };
}
