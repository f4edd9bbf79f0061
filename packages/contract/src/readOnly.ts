import type { CallDef } from './call.js';

/**
 * What a read-only session (a super account's look into one of its companies, `superAccountEnterCompany`) may not do,
 * decided here alone, from the contract: every call that writes the operation log (`log`: the contract's mark of a
 * write), every upload, and the few calls below that change something without either. The server refuses them with
 * 610 before reading the input (platform/http/calls.ts); the console hides nothing.
 */
export const WRITES_WITHOUT_LOG: ReadonlySet<string> = new Set([
  'addLog', // a client's own operation-log row
  'verifyPassword', // counts failed attempts against the account
  'testEmailConf', // sends a mail
  'sendSmsCode', // sends an SMS and stores the code
  'updateEqptMonitor', // a heartbeat creates or updates a monitor entry
  'clientUploadLog', // stores a client's error entries
  'getRandomTopicList', // draws (stores) an induction paper
  'getLogisticsLink', // creates the booking link token when there is none
  'refreshToken', // replaces the session with a new one
]);

/** Calls a read-only session makes to end itself, though they write a log row. */
export const READ_ONLY_EXITS: ReadonlySet<string> = new Set(['superAccountLeaveCompany', 'login/logout']);

/** Whether a read-only session is refused this call. */
export function isWriteCall(call: Pick<CallDef, 'name' | 'log' | 'upload'>): boolean {
  if (READ_ONLY_EXITS.has(call.name)) return false;
  return !!call.log || !!call.upload || WRITES_WITHOUT_LOG.has(call.name);
}
