import type { CallDef } from './call.js';
import { Status } from './errors.js';
import { isWriteCall } from './readOnly.js';

// The statuses of a call, read from its declaration. Apart from the schemas in call.ts, so a client that needs only
// these (the console's API client) does not load zod with them.

/**
 * What any call may answer without declaring it: 400 field errors, 503 while the database is away (HTTP 503 with
 * Retry-After); with a session 27/28/29, 303 and 610; 619/620 for uploads; a write made by a session or device with an
 * `Idempotency-Key` 1407 (the key was used for another request) and 1408 (its first request still runs).
 */
export function universalStatuses(call: CallDef): readonly number[] {
  const out: number[] = [Status.BAD_PARAMS, Status.SERVICE_UNAVAILABLE];
  // 303: a session whose password must be changed first (platform/identity/sessions.ts names the few calls it may make).
  // A device's call: 28 without its credential (610 when a session's token is sent instead), 1111 for a wrong or revoked
  // one, 1130 while the device is disabled.
  if (call.access === 'device') out.push(Status.TOKEN_MISSING, Status.NO_PERMISSION, Status.DEVICE_NOT_ALLOWED, Status.DEVICE_DISABLED);
  else if (call.access !== 'public')
    out.push(Status.TOKEN_INVALID, Status.TOKEN_MISSING, Status.TOKEN_EXPIRED, Status.NO_PERMISSION, Status.PASSWORD_CHANGE_REQUIRED);
  if (call.upload) out.push(Status.FILE_TYPE_ERROR, Status.ONLY_ZIP);
  if (call.access !== 'public' && isWriteCall(call)) out.push(Status.IDEMPOTENCY_KEY_REUSED, Status.IDEMPOTENCY_IN_PROGRESS);
  return out;
}

/** The statuses a call declares (`statuses` and `fieldStatuses`), without the universal ones. */
export function declaredStatuses(call: CallDef): readonly number[] {
  return [...(call.statuses ?? []), ...fieldStatusesOf(call)];
}

/** Whether a call may answer a status: success, a universal one or a declared one. */
export function answersStatus(call: CallDef, status: number): boolean {
  return status === Status.SUCCESS || universalStatuses(call).includes(status) || declaredStatuses(call).includes(status);
}

/** The statuses the caller's form shows itself (the keys of `fieldStatuses`). */
export function fieldStatusesOf(call: CallDef): readonly number[] {
  return Object.keys(call.fieldStatuses ?? {}).map(Number);
}

/**
 * The statuses a form calling `call` handles itself: 400 (its field errors) and the call's `fieldStatuses`; pass them
 * as the client's `silent` option so they do not also reach the global error display.
 */
export function formStatuses(call: CallDef): readonly number[] {
  return [Status.BAD_PARAMS, ...fieldStatusesOf(call)];
}

/** The input field a status belongs on (null: the form as a whole; undefined: not the form's, a toast). */
export function statusField(call: CallDef, status: number): string | null | undefined {
  return (call.fieldStatuses as Readonly<Record<number, string | null>> | undefined)?.[status];
}
