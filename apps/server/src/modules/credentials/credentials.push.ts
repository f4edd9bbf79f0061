import type { DeviceLink } from '@openvisit/contract';
import { type DeviceRow, deviceLinksRepository, devicesRepository } from '../../core/entitlements/entitlements.public.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import type { NumberScheme } from './credentials.numbers.js';
import { pushQueueRepository } from './credentials.push.repository.js';
import type { DevicePass } from './credentials.records.js';
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
/** A run's hold on its device, renewed per batch. */
const RUN_HOLD_MS = 2 * 60_000;

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
  /** How the device numbers people (credentials.numbers.ts): what tells ours from the site's. */
  scheme: NumberScheme;
  /** Everyone the device holds, ours and the site's (a readback); throws LinkError when it cannot be read. */
  read(): Promise<Holding[]>;
  /** What the device should hold for a credential, in the form `read` answers. */
  expected(row: CredentialRow): Holding;
  /** Deletes these people of ours (their cards and faces with them). */
  forget(nos: string[]): Promise<void>;
  /** The passes the device kept after its own cursor (where the server reads them; a device that posts them has none). */
  passes?(from: { after: number; since: Date }): Promise<{ passes: Omit<DevicePass, 'direction'>[]; cursor: number }>;
  /** The plates an ANPR camera (a barrier) read after this time, oldest first (vehicle records: credentials.vehicles.ts). */
  vehicles?(since: Date): Promise<VehicleRead[]>;
}

/** A plate a camera read at its gate: its own pass, whether or not it opened. */
export interface VehicleRead {
  /** The camera's id of the read (its picture name): a read fetched twice is one. */
  recordId: string;
  at: Date;
  /** Normalized (upper case, no spaces). */
  plate: string;
  /** 1 in (towards the camera), 2 out. */
  direction: 1 | 2;
}

/** A person as a device holds them. */
export interface Holding {
  no: string;
  name: string;
  cards: string[];
  face: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  /** The vehicle plate an ANPR camera's allowlist holds for the person (absent or '': none). */
  plate?: string;
}
export type DriverFactory = (device: DeviceRow, services: Pick<Services, 'files' | 'secrets'>) => PushDriver;

/** Records why the device refused us and leaves it alone for as long as the refusal says. */
export async function hold(scope: TenantScope, deviceId: number, err: LinkError, now: Date): Promise<void> {
  const holdUntil = err.holdMs === null ? UNTIL_CHANGED : new Date(now.getTime() + err.holdMs);
  await deviceLinksRepository(scope).save(deviceId, { state: err.state, reason: err.message, holdUntil });
}

export interface PushRun {
  pushed: number;
  /** Changes remain (the budget ran out): run again at once. */
  more: boolean;
  held?: DeviceLink['state'];
  /** Another run (a readback, another process's push) has the device: it will see to the changes. */
  busy?: boolean;
}

export type PushDeps = { services: Pick<Services, 'files' | 'secrets'>; drivers: Partial<Record<string, DriverFactory>>; now?: () => Date };

/** The device, when a driver of `deps` pushes to it (disabled too: the removals of our people must reach it). */
export async function pushedDevice(scope: TenantScope, deviceId: number, deps: PushDeps) {
  const device = await devicesRepository(scope).device(deviceId);
  const factory = device ? deps.drivers[device.driver] : undefined;
  return device && factory ? { device, factory } : null;
}

/**
 * Runs `fn` holding the device (one push or readback per device at a time, across processes), the hold renewed as
 * it goes; null when another run has it.
 */
export async function withDevice<T>(
  scope: TenantScope,
  deviceId: number,
  now: () => Date,
  fn: (renew: () => Promise<void>) => Promise<T>,
): Promise<T | null> {
  const links = deviceLinksRepository(scope);
  const renew = async () => {
    await links.save(deviceId, { runUntil: new Date(now().getTime() + RUN_HOLD_MS) });
  };
  if (!(await links.takeRun(deviceId, new Date(now().getTime() + RUN_HOLD_MS), now()))) return null;
  try {
    return await fn(renew);
  } finally {
    await links.endRun(deviceId);
  }
}

export async function pushDevice(scope: TenantScope, deviceId: number, deps: PushDeps): Promise<PushRun> {
  const now = deps.now ?? (() => new Date());
  const found = await pushedDevice(scope, deviceId, deps);
  if (!found) return { pushed: 0, more: false };
  const link = await deviceLinksRepository(scope).link(deviceId);
  if (link?.holdUntil && link.holdUntil > now()) return { pushed: 0, more: false, held: link.state as DeviceLink['state'] };
  const run = await withDevice(scope, deviceId, now, (renew) => pushBatches(scope, deviceId, found.factory(found.device, deps.services), now, renew));
  return run ?? { pushed: 0, more: false, busy: true };
}

export async function pushBatches(
  scope: TenantScope,
  deviceId: number,
  driver: PushDriver,
  now: () => Date,
  renew: () => Promise<void>,
): Promise<PushRun> {
  const links = deviceLinksRepository(scope);
  const started = now().getTime();
  let pushed = 0;
  while (now().getTime() - started < RUN_BUDGET_MS) {
    await renew();
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
      await hold(scope, deviceId, stopped, now());
      return { pushed: pushed + outcomes.length, more: false, held: stopped.state };
    }
    await links.save(deviceId, { state: 'ok', reason: '', holdUntil: null, lastContactAt: now() });
    pushed += rows.length;
  }
  return { pushed, more: true };
}
