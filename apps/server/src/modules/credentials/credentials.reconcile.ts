import { takeFaceQueue } from '../../core/people/people.public.js';
import { visitsMovedSince } from '../../core/visits/visits.public.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { contentFor, digestOf, wantedPeople } from './credentials.people.js';
import { type Desired, faceSyncRepository, syncStateRepository } from './credentials.repository.js';
import { settleUnconfirmed } from './credentials.settle.js';

/**
 * The credential pipeline's reconciliation for one company: what its terminals should hold, compared with what they
 * were sent, written as adds, updates and removals (each with a new seq, so it is in the terminal's next delta).
 *
 * - Visits come from the change feed: the visits with a visit_events row after the watermark are looked at again
 *   (approved → add; edited (photo, card, time, gate) → update; signed out, refused, expired, cancelled → remove).
 * - Anything else (employees, residents, groups and their devices, grants, the blacklist) is told by a fingerprint;
 *   when it changed, or every ten minutes as a safety net (an event committed out of id order, company settings),
 *   everyone is looked at again.
 * - Windows that ended are removed by time; failures whose backoff is over are sent again, and so are changes the
 *   terminal pulled but did not confirm in time.
 */
export const FULL_EVERY_MS = 10 * 60_000;
const FEED_PAGE = 5000;

export interface ReconcileResult {
  full: boolean;
  added: number;
  updated: number;
  removed: number;
  expired: number;
  retried: number;
  /** Changes pulled but not confirmed in time: offered again (or failed at the cap). */
  unconfirmed: number;
}

type Current = Awaited<ReturnType<ReturnType<typeof faceSyncRepository>['current']>>[number];
const keyOf = (deviceId: number, kind: string, id: number) => `${deviceId}:${kind}:${id}`;

/** The writes that turn `current` into `wanted`. */
export function plan(wanted: Omit<Desired, 'action'>[], current: Current[], forced: Set<number>) {
  const byKey = new Map(current.map((c) => [keyOf(c.deviceId, c.personKind, c.personId), c]));
  const upserts: Desired[] = [];
  let added = 0;
  for (const w of wanted) {
    const key = keyOf(w.deviceId, w.personKind, w.personId);
    const c = byKey.get(key);
    byKey.delete(key);
    const force = w.personKind === 'employee' && forced.has(w.personId);
    if (c && c.action !== 'remove' && c.digest === w.digest && !force) continue;
    // Not sent yet (or sent as a removal): an add; sent before: an update.
    const action = !c || c.action === 'remove' ? 'add' : c.status === 'synced' ? 'update' : (c.action as 'add' | 'update');
    if (action === 'add') added++;
    upserts.push({ ...w, action });
  }
  const removals = [...byKey.values()].filter((c) => c.action !== 'remove').map((c) => c.id);
  return { upserts, removals, added };
}

/** The visits moved since the watermark, and the new watermark. */
async function feed(scope: TenantScope, after: number): Promise<{ visitIds: Set<number>; last: number }> {
  const visitIds = new Set<number>();
  let last = after;
  for (;;) {
    const page = await visitsMovedSince(scope, last, FEED_PAGE);
    for (const id of page.visitIds) visitIds.add(id);
    last = page.lastEventId;
    if (!page.more) return { visitIds, last };
  }
}

/** One company's reconciliation at `now`, in one transaction (the photo queue it empties is put back on failure). */
export function reconcileCompany(scope: TenantScope, secrets: SecretBox, now: Date, opts: { full?: boolean } = {}): Promise<ReconcileResult> {
  return inTransaction(scope, (tx) => reconcileIn(tx, secrets, now, opts));
}

async function reconcileIn(scope: TenantScope, secrets: SecretBox, now: Date, opts: { full?: boolean }): Promise<ReconcileResult> {
  const repo = faceSyncRepository(scope);
  const states = syncStateRepository(scope);
  // Statements one after the other throughout: a transaction is one connection.
  const state = await states.lockedState();
  const fingerprint = await states.fingerprint();
  const queued = await takeFaceQueue(scope);
  const moved = await feed(scope, state?.visitEventId ?? 0);
  const stale = !state?.fullAt || now.getTime() - state.fullAt.getTime() >= FULL_EVERY_MS;
  const full = !!opts.full || stale || state.fingerprint !== fingerprint || queued.length > 0;
  const result: ReconcileResult = { full, added: 0, updated: 0, removed: 0, expired: 0, retried: 0, unconfirmed: 0 };
  if (full || moved.visitIds.size) {
    const visitIds = full ? undefined : [...moved.visitIds];
    const wanted = await wantedPeople(scope, secrets, now, visitIds);
    const current = await repo.current(visitIds);
    const rows: Omit<Desired, 'action'>[] = [];
    for (const t of wanted.terminals) {
      const mine = new Set(t.groups);
      for (const p of wanted.people) {
        const groups = p.groups.filter((g) => mine.has(g));
        const content = groups.length ? contentFor(t, p) : null;
        if (!content) continue;
        const { kind, id, ...rest } = p;
        const held = { ...rest, ...content };
        rows.push({ ...held, deviceId: t.id, personKind: kind, personId: id, groups, digest: digestOf(held, groups) });
      }
    }
    const { upserts, removals, added } = plan(rows, current, new Set(queued));
    await repo.upsert(upserts);
    await repo.remove(removals);
    // Photos queued again for employees already up to date are sent again anyway.
    const sent = new Set(upserts.filter((u) => u.personKind === 'employee').map((u) => u.personId));
    await repo.forceEmployees(queued.filter((id) => !sent.has(id)));
    Object.assign(result, { added, updated: upserts.length - added, removed: removals.length });
  }
  result.expired = await repo.expire(now);
  result.retried = await repo.retryDue(now);
  result.unconfirmed = await settleUnconfirmed(scope, now);
  await states.saveState({ visitEventId: moved.last, fingerprint, fullAt: full ? now : (state?.fullAt ?? null) });
  return result;
}
