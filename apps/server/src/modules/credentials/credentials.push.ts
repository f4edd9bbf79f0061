import type { DeviceLink } from '@openvisit/contract';
import { type DeviceRow, deviceLinksRepository, devicesRepository } from '../../core/entitlements/entitlements.public.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import { pushQueueRepository } from './credentials.push.repository.js';
import type { CredentialRow } from './credentials.repository.js';
import { type Outcome, settle } from './credentials.settle.js';

/**
 * The credential pipeline's side for devices the server calls (Hikvision ISAPI): a job per device claims its next
 * changes (the same rows, seqs and confirmation deadline a pulling terminal gets), has the driver apply them, and
 * settles each outcome as a terminal's confirmation is settled (credentials.settle.ts). A device-level refusal stops
 * the run and holds the device (docs/modules/credentials.md, "Pushed-to devices").
 */
export const PUSH_BATCH = 50;
/** A claimed change not settled by then (the process died mid-push) counts as a failed attempt and is offered again. */
export const PUSH_LEASE_MS = 5 * 60_000;
/** A run pushes this long at most, then queues the next run (other devices' jobs get their turn). */
const RUN_BUDGET_MS = 30_000;
/** How long a device that was not there, busy or unreadable is left alone before the next try. */
const TRANSIENT_HOLD_MS = 20_000;
/** "Until the device's settings change": a refused password is never tried again on its own (no lock-out). */
const UNTIL_CHANGED = new Date('9999-12-31T00:00:00Z');

/** A device-level refusal: nothing of the batch was applied (or can be known to be). */
export class LinkError extends Error {
  constructor(
    readonly state: Exclude<DeviceLink['state'], 'ok'>,
    reason: string,
    /** How long to hold the device; null: until its address or account changes. */
    readonly holdMs: number | null = TRANSIENT_HOLD_MS,
  ) {
    super(reason);
  }
}

/**
 * A driver applies changes to one device and says per change (by seq) whether it holds; `stopped` when the device
 * refused us or went away midway (the changes without an outcome go back to the queue).
 */
export interface PushDriver {
  apply(rows: CredentialRow[]): Promise<{ outcomes: Outcome[]; stopped?: LinkError }>;
}
export type DriverFactory = (device: DeviceRow, services: Pick<Services, 'files' | 'secrets'>) => PushDriver;

export interface PushRun {
  pushed: number;
  /** Changes remain (the budget ran out): run again at once. */
  more: boolean;
  held?: DeviceLink['state'];
}

export async function pushDevice(
  scope: TenantScope,
  deviceId: number,
  deps: { services: Pick<Services, 'files' | 'secrets'>; drivers: Partial<Record<string, DriverFactory>>; now?: () => Date },
): Promise<PushRun> {
  const now = deps.now ?? (() => new Date());
  const device = await devicesRepository(scope).device(deviceId);
  const factory = device && device.status === 0 ? deps.drivers[device.driver] : undefined;
  if (!device || !factory) return { pushed: 0, more: false };
  const links = deviceLinksRepository(scope);
  const link = await links.link(deviceId);
  if (link?.holdUntil && link.holdUntil > now()) return { pushed: 0, more: false, held: link.state as DeviceLink['state'] };
  const driver = factory(device, deps.services);
  const started = now().getTime();
  let pushed = 0;
  while (now().getTime() - started < RUN_BUDGET_MS) {
    const rows = await pushQueueRepository(scope).claim(deviceId, PUSH_BATCH, now(), PUSH_LEASE_MS);
    if (!rows.length) return { pushed, more: false };
    const { outcomes, stopped } = await driver.apply(rows);
    await inTransaction(scope, (tx) => settle(tx, deviceId, outcomes, now()));
    if (stopped) {
      const settled = new Set(outcomes.map((o) => o.seq));
      await pushQueueRepository(scope).release(
        deviceId,
        rows.filter((r) => !settled.has(r.seq)).map((r) => r.seq),
        stopped.message,
      );
      const holdUntil = stopped.holdMs === null ? UNTIL_CHANGED : new Date(now().getTime() + stopped.holdMs);
      await links.save(deviceId, { state: stopped.state, reason: stopped.message, holdUntil });
      return { pushed: pushed + outcomes.length, more: false, held: stopped.state };
    }
    await links.save(deviceId, { state: 'ok', reason: '', holdUntil: null, lastContactAt: now() });
    pushed += rows.length;
  }
  return { pushed, more: true };
}
