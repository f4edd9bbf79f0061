import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { deviceLinksRepository, devicesRepository } from '../../core/entitlements/entitlements.public.js';
import { jobContext } from '../../platform/http/calls.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Listen } from '../../platform/jobs/events.js';
import type { Services } from '../../platform/services.js';
import { wantReadback } from './credentials.iclock.readback.js';
import { readPasses } from './credentials.passes.js';
import { type DriverFactory, pushDevice } from './credentials.push.js';
import { pushQueueRepository } from './credentials.push.repository.js';
import { readback } from './credentials.readback.js';
import { reconcileCompany } from './credentials.reconcile.js';

/**
 * What makes a change reach the devices in seconds rather than at the next half-minute run: a trigger on the tables
 * the pipeline reads NOTIFYs `credentials_changed` with the company (migration 0054), the company is reconciled
 * (at most once per DEBOUNCE_MS) and its pushed-to devices with work are pushed, a few devices at once, one run per
 * device at a time in this process (other processes' runs claim other rows).
 */
const CHANNEL = 'credentials_changed';
const DEBOUNCE_MS = 300;
const DEVICES_AT_ONCE = 8;
/** A pushed-to device is read back (and repaired) at least this often, besides the console's "Read back now". */
export const READBACK_EVERY_MS = 6 * 60 * 60_000;

export class Pusher {
  private readonly running = new Set<number>();
  private readonly again = new Set<number>();
  private readonly waiting: { companyId: number; deviceId: number }[] = [];
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly system: SystemScope,
    private readonly deps: { services: Services; config: Config; drivers: Partial<Record<string, DriverFactory>>; log: FastifyBaseLogger },
  ) {}

  /**
   * The company's pushed-to devices, one after the other: the passes each kept, and a readback (with repair) of each
   * not read back for READBACK_EVERY_MS; a ZKTeco device's readback is asked for at its next poll.
   */
  async sweep(scope: TenantScope, now = new Date()): Promise<void> {
    const { services, config, log } = this.deps;
    const all = await devicesRepository(scope).devices({});
    const pushed = all.filter((d) => this.drivers.includes(d.driver));
    const zk = all.filter((d) => d.driver === 'zkteco');
    const links = await deviceLinksRepository(scope).ofDevices([...pushed, ...zk].map((d) => d.id));
    const readAts = new Map(links.map((l) => [l.deviceId, l.readbackAt]));
    const due = (id: number) => {
      const readAt = readAts.get(id);
      return !readAt || now.getTime() - readAt.getTime() >= READBACK_EVERY_MS;
    };
    for (const d of zk) if (due(d.id)) await wantReadback(scope, d.id, now);
    for (const d of pushed) {
      if (due(d.id))
        await readback(scope, d.id, this.deps).catch((err: unknown) => log.error({ err, deviceId: d.id }, 'credentials: readback failed'));
      const actor = jobContext({ system: this.system, config, services, log }, scope.companyId, {
        job: 'credentials',
        account: `device:${d.code}`,
        name: d.name,
      });
      try {
        await readPasses(actor, d.id, this.deps);
      } catch (err) {
        log.error({ err, deviceId: d.id }, 'credentials: passes not read');
      }
    }
  }

  get drivers(): string[] {
    return Object.keys(this.deps.drivers);
  }

  /** Pushes the company's devices that have changes due. */
  async kickDue(scope: TenantScope): Promise<void> {
    const pushed = (await devicesRepository(scope).devices({})).filter((d) => this.drivers.includes(d.driver)).map((d) => d.id);
    for (const deviceId of await pushQueueRepository(scope).devicesDue(pushed)) this.kick(scope.companyId, deviceId);
  }

  kick(companyId: number, deviceId: number): void {
    if (this.running.has(deviceId)) {
      this.again.add(deviceId);
      return;
    }
    if (this.running.size >= DEVICES_AT_ONCE) {
      if (!this.waiting.some((w) => w.deviceId === deviceId)) this.waiting.push({ companyId, deviceId });
      return;
    }
    this.running.add(deviceId);
    void this.run(companyId, deviceId);
  }

  private async run(companyId: number, deviceId: number): Promise<void> {
    try {
      for (;;) {
        this.again.delete(deviceId);
        const r = await pushDevice(scopeForCompany(this.system, companyId), deviceId, this.deps);
        if (!r.more && !this.again.has(deviceId)) break;
      }
    } catch (err) {
      this.deps.log.error({ err, deviceId }, 'credentials: push failed');
    } finally {
      this.running.delete(deviceId);
      const next = this.waiting.shift();
      if (next) this.kick(next.companyId, next.deviceId);
      if (!this.running.size) for (const fn of this.idleWaiters.splice(0)) fn();
    }
  }

  /** Resolves when no push runs in this process (tests, shutdown). */
  idle(): Promise<void> {
    return this.running.size ? new Promise((r) => this.idleWaiters.push(r)) : Promise.resolve();
  }
}

/** Listens for changes and reconciles the company they name; answers the function that stops listening. */
export async function listenForChanges(
  listen: Listen,
  system: SystemScope,
  secrets: SecretBox,
  pusher: Pusher,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const timers = new Map<number, NodeJS.Timeout>();
  const busy = new Set<number>();
  const reconcile = async (companyId: number): Promise<void> => {
    if (busy.has(companyId)) {
      schedule(companyId);
      return;
    }
    busy.add(companyId);
    try {
      const scope = scopeForCompany(system, companyId);
      await reconcileCompany(scope, secrets, new Date());
      await pusher.kickDue(scope);
    } catch (err) {
      log.error({ err, companyId }, 'credentials: reconciliation on change failed');
    } finally {
      busy.delete(companyId);
    }
  };
  const schedule = (companyId: number): void => {
    if (timers.has(companyId)) return;
    timers.set(
      companyId,
      setTimeout(() => {
        timers.delete(companyId);
        void reconcile(companyId);
      }, DEBOUNCE_MS),
    );
  };
  const stop = await listen(CHANNEL, (payload) => {
    const companyId = Number(payload);
    if (Number.isSafeInteger(companyId) && companyId > 0) schedule(companyId);
  });
  return async () => {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    await stop();
  };
}
