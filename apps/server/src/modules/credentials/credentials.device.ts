import { createHash } from 'node:crypto';
import { FACE_SNAPSHOT_MAX_BYTES, type FaceSyncItem, type In, type Out, Status, sniffFileType } from '@openvisit/contract';
import { deviceById, recordPasses } from '../../core/entitlements/entitlements.public.js';
import { type DeviceContext, deviceActorContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { signInOrOutAtFace } from './credentials.moves.js';
import { passRowsOf } from './credentials.records.js';
import { type CredentialRow, terminalRepository } from './credentials.repository.js';
import { settle, settleUnconfirmed } from './credentials.settle.js';

/**
 * The face terminal's side of the sync (docs/modules/credentials.md, "The device's protocol"): pull the delta after a
 * cursor, confirm each item, fetch photos, upload pass records. The terminal is the call's device; every look-up is
 * its own rows within its company.
 */

function itemOf(r: CredentialRow): FaceSyncItem {
  const removal = r.action === 'remove';
  return {
    seq: r.seq,
    action: r.action as FaceSyncItem['action'],
    personKind: r.personKind as FaceSyncItem['personKind'],
    personId: r.personId,
    name: removal ? '' : r.name,
    cardNo: removal ? '' : r.cardNo,
    photo: removal ? '' : `/api/faceSyncPhoto?personKind=${r.personKind}&personId=${r.personId}&v=${r.digest}`,
    validFrom: removal ? null : (r.validFrom?.getTime() ?? null),
    validTo: removal ? null : (r.validTo?.getTime() ?? null),
    groups: removal ? [] : r.groups,
  };
}

/**
 * The delta after the cursor. Changes of this terminal whose confirmation is overdue are first offered again (new
 * seqs, so in this delta); the pending changes answered start their confirmation deadline.
 */
export async function pull(ctx: DeviceContext, input: In<'faceSyncPull'>, now = new Date()): Promise<Out<'faceSyncPull'>> {
  const deviceId = ctx.device.id;
  return inTransaction(ctx.tenant, async (tx) => {
    await settleUnconfirmed(tx, now, deviceId);
    const repo = terminalRepository(tx);
    const rows = await repo.delta(deviceId, input.cursor, input.limit);
    const page = rows.slice(0, input.limit);
    await repo.delivered(
      deviceId,
      page.map((r) => r.seq),
      now,
    );
    return { items: page.map(itemOf), cursor: page.at(-1)?.seq ?? input.cursor, more: rows.length > input.limit };
  });
}

/**
 * Results per item. A result for a seq the terminal no longer has at that seq (changed since, or not its own) is stale
 * and ignored: the newer change is in its next delta (credentials.settle.ts).
 */
export function ack(ctx: DeviceContext, input: In<'faceSyncAck'>): Promise<Out<'faceSyncAck'>> {
  return inTransaction(ctx.tenant, (tx) => settle(tx, ctx.device.id, input.results, new Date()));
}

/** A photo of someone the terminal was sent (and not told to forget). */
export async function photo(ctx: DeviceContext, input: In<'faceSyncPhoto'>): Promise<Out<'faceSyncPhoto'>> {
  const row = await terminalRepository(ctx.tenant).credential(ctx.device.id, input.personKind, input.personId);
  if (!row || row.action === 'remove' || !row.photo) throw notFound('person on this terminal');
  const bytes = await ctx.services.files.read(row.photo);
  if (!bytes) throw notFound('photo');
  return { contentType: 'image/jpeg', data: bytes.toString('base64') };
}

/** Decoded snapshots, refusing the batch (400 naming the record) for one that is not a JPEG or PNG within the cap. */
function snapshotsOf(records: In<'faceSyncUploadRecords'>['records']): (Buffer | null)[] {
  return records.map((r, i) => {
    if (!r.snapshot) return null;
    const bytes = Buffer.from(r.snapshot, 'base64');
    const kind = sniffFileType(new Uint8Array(bytes.subarray(0, 16)));
    if ((kind !== 'jpeg' && kind !== 'png') || bytes.length > FACE_SNAPSHOT_MAX_BYTES)
      throw badParams([{ field: `records.${i}.snapshot`, rule: bytes.length > FACE_SNAPSHOT_MAX_BYTES ? 'size' : 'type' }]);
    return bytes;
  });
}

/**
 * Pass records in a batch. Each record id is received once per terminal: a batch sent again (the answer lost) records
 * only what is new. A person the company's terminals were never sent is recorded as unknown (-1): the terminal's
 * word is not enough to name someone.
 */
export async function uploadRecords(ctx: DeviceContext, input: In<'faceSyncUploadRecords'>): Promise<Out<'faceSyncUploadRecords'>> {
  const ids = input.records.map((r) => r.recordId);
  if (new Set(ids).size !== ids.length) throw badParams([{ field: 'records', rule: 'duplicate' }]);
  const snapshots = snapshotsOf(input.records);
  const device = await deviceById(ctx.tenant, ctx.device.id);
  // Deleted between the credential check and here.
  if (!device) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'Unknown device or wrong secret');
  const companyId = ctx.tenant.companyId;
  const keys = snapshots.map((bytes) => {
    const hash = bytes ? createHash('sha256').update(bytes).digest('hex').slice(0, 16) : '';
    return bytes ? `passes/${companyId}/${device.eid}-${hash}.${sniffFileType(new Uint8Array(bytes.subarray(0, 16))) === 'png' ? 'png' : 'jpg'}` : '';
  });
  // Stored before the rows, so a record never names a missing file (a key names its content: storing again is harmless).
  for (const [i, bytes] of snapshots.entries()) {
    const key = keys[i];
    if (bytes && key) await ctx.services.files.put(key, bytes);
  }
  const inserted = await inTransaction(ctx.tenant, async (tx) => {
    const repo = terminalRepository(tx);
    const fresh = new Set(await repo.receive(device.eid, ids));
    const todo = input.records.map((r, i) => ({ r, i })).filter(({ r }) => fresh.has(r.recordId));
    const rows = await passRowsOf(
      tx,
      device,
      todo.map(({ r, i }) => ({
        at: new Date(r.time),
        personKind: r.personKind === 'unknown' ? null : r.personKind,
        personId: r.personId ?? null,
        direction: r.direction ?? device.enterStatus,
        way: 'face',
        result: r.result,
        code: r.code,
        temperature: r.temperature ?? null,
        photo: keys[i] ?? '',
      })),
    );
    const passes = await recordPasses(tx, rows);
    await repo.linkReceipts(
      device.eid,
      passes.map((p, n) => ({ recordId: todo[n]?.r.recordId ?? '', passRecordId: p.id })),
    );
    return { todo, rows };
  });
  await signInOrOutAtFace(deviceActorContext(ctx), device.deviceName, inserted.rows);
  return { accepted: inserted.todo.length, duplicates: input.records.length - inserted.todo.length };
}
