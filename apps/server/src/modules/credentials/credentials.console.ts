import { credentialState, type FaceCredential, type In, logDesc, type Out } from '@openvisit/contract';
import { deviceById } from '../../core/entitlements/entitlements.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notFound, requireEvery } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { type CredentialRow, credentialsViewRepository } from './credentials.repository.js';

/** The console's view of the pipeline: a terminal's credentials with their status, a person's on every terminal. */

const ms = (d: Date | null) => d?.getTime() ?? null;

function toCredential(r: CredentialRow): FaceCredential {
  return {
    id: r.id,
    state: credentialState(r.action, r.status),
    hasFace: r.photo !== '',
    hasCard: r.cardNo !== '',
    hasQr: r.qr !== '',
    hasPlate: r.plate !== '',
    passLimit: r.passLimit,
    eid: r.deviceId,
    personKind: r.personKind as FaceCredential['personKind'],
    personId: r.personId,
    name: r.name,
    action: r.action as FaceCredential['action'],
    status: r.status as FaceCredential['status'],
    seq: r.seq,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: ms(r.nextAttemptAt),
    syncedAt: ms(r.syncedAt),
    updatedAt: r.updatedAt.getTime(),
    validFrom: ms(r.validFrom),
    validTo: ms(r.validTo),
  };
}

async function deviceOf(ctx: AuthedContext, eid: number) {
  const device = await deviceById(ctx.tenant, eid);
  if (!device) throw notFound('device');
  return device;
}

export async function credentials(ctx: AuthedContext, input: In<'getFaceCredentials'>): Promise<Out<'getFaceCredentials'>> {
  await deviceOf(ctx, input.eid);
  const filter = { deviceId: input.eid, status: input.status, personKind: input.personKind, name: input.name || undefined };
  const { rows, counts } = await credentialsViewRepository(ctx.tenant).page(filter, input.startIndex, input.requestedCount);
  const by = { pending: 0, synced: 0, failed: 0 };
  for (const c of counts) if (c.status in by) by[c.status as keyof typeof by] = c.n;
  return {
    pageNo: Math.floor(input.startIndex / input.requestedCount) + 1,
    pageSize: input.requestedCount,
    count: input.status ? by[input.status] : by.pending + by.synced + by.failed,
    list: rows.map(toCredential),
    counts: by,
  };
}

/** Failed credentials go back to pending with a new seq (the terminal's next delta), their attempts from zero. */
export async function retry(ctx: AuthedContext, input: In<'retryFaceCredentials'>): Promise<Out<'retryFaceCredentials'>> {
  const device = await deviceOf(ctx, input.eid);
  const retried = await inTransaction(ctx.tenant, async (tx) => {
    const repo = credentialsViewRepository(tx);
    if (input.ids) requireEvery(input.ids, await repo.ofDevice(device.eid, input.ids), () => notFound('face credential'));
    return repo.retryFailed(device.eid, input.ids);
  });
  ctx.audit.objId = device.eid;
  ctx.audit.objName = device.deviceName;
  ctx.audit.desc = logDesc('faceCredentialsRetried', { code: device.deviceCode, count: retried.length });
  return { retried: retried.length };
}

export async function ofPerson(ctx: AuthedContext, input: In<'getFaceSyncOfPerson'>): Promise<Out<'getFaceSyncOfPerson'>> {
  const rows = await credentialsViewRepository(ctx.tenant).ofPerson(input.personKind, input.personId);
  const devices = await Promise.all([...new Set(rows.map((r) => r.deviceId))].map((eid) => deviceById(ctx.tenant, eid)));
  const names = new Map(devices.flatMap((d) => (d ? [[d.eid, d.deviceName] as const] : [])));
  return rows.map((r) => ({ ...toCredential(r), deviceName: names.get(r.deviceId) ?? '' }));
}
