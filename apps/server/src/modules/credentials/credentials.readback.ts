import { DRIFT_ITEMS_MAX, type DriftReport, type FacePersonKind } from '@openvisit/contract';
import { deviceLinksRepository } from '../../core/entitlements/entitlements.public.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { personOfNo } from './credentials.numbers.js';
import { type Holding, hold, LinkError, type PushDeps, type PushDriver, pushBatches, pushedDevice, withDevice } from './credentials.push.js';
import { pushQueueRepository } from './credentials.push.repository.js';
import type { CredentialRow } from './credentials.repository.js';

/**
 * Readback and repair (docs/modules/credentials.md, "Readback"): what a device holds is compared with what it was
 * confirmed to hold. A person of ours (by number, credentials.numbers.ts) the device should not hold is deleted; one
 * it lacks, or holds with another name, card, QR pass, face or window, is written again through the queue; the site's
 * own people are counted and never touched. Changes still on their way (pending) and known failures are not drift.
 */
type Item = DriftReport['items'][number];
type Tally = Omit<DriftReport, 'at' | 'error' | 'items'> & { items: Item[] };

const second = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** What differs between what the device holds and what it should. */
export function differences(held: Holding, want: Holding): string[] {
  const what: string[] = [];
  // A plate entry keeps no name of its own (its name is the plate): the plate is what differs.
  if (held.name !== want.name && !want.plate) what.push('person');
  if (!sameSet(held.cards, want.cards)) what.push('card');
  if (held.face !== want.face) what.push('face');
  if ((held.plate ?? '') !== (want.plate ?? '')) what.push('plate');
  if (second(held.validFrom) !== second(want.validFrom) || second(held.validTo) !== second(want.validTo)) what.push('window');
  return what;
}

const live = (r: CredentialRow) => r.action !== 'remove' && r.status === 'synced';

/** What a comparison needs of a driver: how the device numbers people and what it should hold of each. */
export type Reader = Pick<PushDriver, 'scheme' | 'expected'>;
/**
 * How drift is repaired: `forget` deletes people of ours, `push` sends the re-queued changes now (a pushed-to device);
 * `queued`: the device takes them later (a polling one), so a re-queued change counts as repaired once queued.
 */
export type Fixer = { forget(nos: string[]): Promise<void>; push(): Promise<void>; queued?: boolean };

function compare(driver: Reader, held: Holding[], rows: CredentialRow[]) {
  const byNo = new Map(rows.map((r) => [driver.expected(r).no, r]));
  const t: Tally = {
    expected: rows.filter(live).length,
    heldOurs: 0,
    heldSite: 0,
    missing: 0,
    extra: 0,
    changed: 0,
    repaired: 0,
    failed: 0,
    items: [],
  };
  const extras: { no: string; name: string; person: { kind: FacePersonKind; id: number } }[] = [];
  const again = new Map<number, { row: CredentialRow; kind: 'missing' | 'changed'; what: string[] }>();
  const seen = new Set<string>();
  for (const h of held) {
    const person = personOfNo(driver.scheme, h.no);
    if (!person) {
      t.heldSite++;
      t.items.push({ personNo: h.no, personKind: null, personId: null, name: h.name, kind: 'siteManaged', what: [], outcome: 'left', reason: '' });
      continue;
    }
    t.heldOurs++;
    seen.add(h.no);
    const row = byNo.get(h.no);
    // A change on its way decides; a known failure is in the dead-letter list, not drift.
    if (row && (row.status === 'pending' || row.status === 'failed')) continue;
    if (!row || row.action === 'remove') {
      extras.push({ no: h.no, name: h.name, person });
      continue;
    }
    const what = differences(h, driver.expected(row));
    if (what.length) again.set(row.id, { row, kind: 'changed', what });
  }
  for (const r of rows) if (live(r) && !seen.has(driver.expected(r).no)) again.set(r.id, { row: r, kind: 'missing', what: ['person'] });
  return { t, extras, again };
}

async function repair(scope: TenantScope, deviceId: number, driver: Reader, found: ReturnType<typeof compare>, fix: Fixer): Promise<Tally> {
  const { t, extras, again } = found;
  let forgotten = '';
  try {
    if (extras.length) await fix.forget(extras.map((e) => e.no));
  } catch (err) {
    forgotten = err instanceof Error ? err.message : 'failed';
  }
  for (const e of extras)
    t.items.push({
      personNo: e.no,
      personKind: e.person.kind,
      personId: e.person.id,
      name: e.name,
      kind: 'extra',
      what: ['person'],
      outcome: forgotten ? 'failed' : 'repaired',
      reason: forgotten,
    });
  const queue = pushQueueRepository(scope);
  await queue.requeue(deviceId, [...again.keys()], 'found wrong on the device by a readback');
  if (again.size) await fix.push();
  const after = new Map((await queue.ofDevice(deviceId)).map((r) => [r.id, r]));
  for (const [id, a] of again) {
    const r = after.get(id);
    const ok = r?.status === 'synced' || (fix.queued === true && r?.status === 'pending');
    t.items.push({
      personNo: driver.expected(a.row).no,
      personKind: a.row.personKind as FacePersonKind,
      personId: a.row.personId,
      name: a.row.name,
      kind: a.kind,
      what: a.what,
      outcome: ok ? 'repaired' : 'failed',
      reason: ok ? '' : r?.lastError || 'not written yet',
    });
  }
  t.missing = [...again.values()].filter((a) => a.kind === 'missing').length;
  t.changed = again.size - t.missing;
  t.extra = extras.length;
  t.repaired = t.items.filter((i) => i.outcome === 'repaired').length;
  t.failed = t.items.filter((i) => i.outcome === 'failed').length;
  return t;
}

/**
 * Compares what a device holds (`held`, read by either path: a pushed-to device's `read()`, a polling one's posted
 * tables) with its queue and repairs the drift; the report, drift first.
 */
export async function checkHoldings(
  scope: TenantScope,
  deviceId: number,
  driver: Reader,
  held: Holding[],
  fix: Fixer,
  at: Date,
): Promise<DriftReport> {
  const rows = await pushQueueRepository(scope).ofDevice(deviceId);
  const t = await repair(scope, deviceId, driver, compare(driver, held, rows), fix);
  // Drift first: the site's own people only fill what room is left.
  const items = [...t.items].sort((a, b) => Number(a.kind === 'siteManaged') - Number(b.kind === 'siteManaged'));
  return { at: at.getTime(), error: '', ...t, items: items.slice(0, DRIFT_ITEMS_MAX) };
}

const empty = { expected: 0, heldOurs: 0, heldSite: 0, missing: 0, extra: 0, changed: 0, repaired: 0, failed: 0, items: [] };

/**
 * Reads the device back and repairs it, saving the report with the device's link; null when the device is not one a
 * driver of `deps` pushes to (ours: nothing to read) or another run has it. A device that cannot be read answers a
 * report with `error`, and its link says why.
 */
export async function readback(scope: TenantScope, deviceId: number, deps: PushDeps): Promise<DriftReport | 'busy' | null> {
  const now = deps.now ?? (() => new Date());
  const found = await pushedDevice(scope, deviceId, deps);
  if (!found) return null;
  const driver = found.factory(found.device, deps.services);
  const links = deviceLinksRepository(scope);
  // A device holding us off (a refused password above all: no sign-in may be tried until its settings change) is not asked.
  const link = await links.link(deviceId);
  if (link?.holdUntil && link.holdUntil > now()) return { at: now().getTime(), error: link.reason || link.state, ...empty };
  const run = await withDevice(scope, deviceId, now, async () => {
    let report: DriftReport;
    try {
      const held = await driver.read();
      const fix: Fixer = {
        forget: (nos) => driver.forget(nos),
        push: async () => {
          await pushBatches(scope, deviceId, driver, now, async () => {});
        },
      };
      report = await checkHoldings(scope, deviceId, driver, held, fix, now());
      await links.save(deviceId, { state: 'ok', reason: '', holdUntil: null, lastContactAt: now() });
    } catch (err) {
      if (!(err instanceof LinkError)) throw err;
      report = { at: now().getTime(), error: err.message, ...empty };
      await hold(scope, deviceId, err, now());
    }
    await links.save(deviceId, { readbackAt: now(), drift: report });
    return report;
  });
  return run ?? 'busy';
}
