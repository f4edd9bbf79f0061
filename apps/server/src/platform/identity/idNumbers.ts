import {
  ID_NUMBER_ROLES,
  type IdNumbersShown,
  isMaskedIdNumber,
  type LogDescription,
  type LogModule,
  logDesc,
  maskIdNumber,
  Status,
} from '@openvisit/contract';
import { clientEnd, writeLog } from '../http/audit.js';
import type { AuthedContext } from '../http/calls.js';
import { AppError, badParams } from '../http/errors.js';
import { idNumberKey } from '../personData.js';
import type { SecretBox } from './crypto.js';

/*
 * ID numbers kept only as needed (issue 41, docs/modules/privacy.md "ID numbers"): where a number is only matched
 * (the blacklist), the server keeps a keyed hash to match by and a masked form to show, never the number itself.
 */

/**
 * The keyed hash an ID number is matched by ('' for none): equal numbers give equal hashes under this server's key,
 * and neither the hash nor a copy of the table gives the number back (a dictionary of all numbers needs the key).
 */
export function idNumberHash(secrets: SecretBox, idNumber: string): string {
  const n = idNumberKey(idNumber);
  return n ? secrets.mac('idNumber', n) : '';
}

/*
 * Where the whole number is kept (visits, residents, drivers and senders: a site may have to show it to the police),
 * every answer shows it masked; revealIdNumber reads one whole, logged (modules/privacy/privacy.idNumbers.ts).
 */

/**
 * The number a change stores: a masked text sent back (a form filled from an answer) keeps the number held, when it is
 * that number's mask; any other masked text is refused (`field/masked`), never stored.
 */
export function keptIdNumber(held: string, sent: string, field: string): string {
  if (!isMaskedIdNumber(sent)) return sent;
  if (held && sent === maskIdNumber(held)) return held;
  throw badParams([{ field, rule: 'masked' }]);
}

/** Whether an answer asked `shown` carries whole numbers: 610 for `whole` asked by a role that may not read them. */
export function wholeShown(ctx: AuthedContext, shown: IdNumbersShown): boolean {
  if (shown === 'masked') return false;
  const allowed = (ID_NUMBER_ROLES as readonly number[]).includes(ctx.session.role);
  if (!allowed && shown === 'whole') throw new AppError(Status.NO_PERMISSION, 'Whole ID numbers are for the administrators and the reception');
  return allowed;
}

/** How an export writes ID numbers: masked, or whole (wholeShown), which the export's log entry then says. */
export function exportedIdNumber(ctx: AuthedContext, shown: IdNumbersShown): (idNumber: string) => string {
  if (!wholeShown(ctx, shown)) return maskIdNumber;
  ctx.audit.desc ??= logDesc('idNumbersExported', {});
  return (idNumber) => idNumber;
}

/** A read that answered whole numbers (wholeShown): each record read is an entry of the operation log naming the person. */
export async function logWholeRead(
  ctx: AuthedContext,
  module: LogModule,
  reads: readonly { objId: number; objName: string; desc: LogDescription }[],
): Promise<void> {
  for (const r of reads)
    await writeLog(ctx.tenant, ctx.services.secrets, ctx.session, { module, event: 'view', ...r, client: clientEnd(ctx.userAgent) }, ctx.ip);
}
