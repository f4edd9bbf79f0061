import type { CompanySettings } from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import { type DoorStrategy, type GroupFacts, groupFacts, groupsByDevice, visitorTypeGrants } from '../../core/entitlements/entitlements.public.js';
import { gatesNamed } from '../../core/sites/sites.public.js';
import { dayOf } from '../../platform/formats/days.js';
import { type DeviceContext, deviceActorContext } from '../../platform/http/calls.js';
import { storeKey, type TenantScope } from '../../platform/identity/tenancy.js';
import { doorRules, holidaysIn } from '../passRules/passRules.public.js';
import { doorsRepository } from './doors.repository.js';

/**
 * What a door's decision reads of its company besides the visit: settings, groups, who the visitor types and devices
 * are grouped with, strategies with their schedules, gates' pass ways, today's holidays and gate names. It changes
 * rarely and is read on every scan, so each process keeps it per company while the company's configuration version
 * (one primary-key read, raised by triggers on every table it comes from: migration 0035) and the day stay the same.
 */
export interface DoorConfig {
  settings: CompanySettings;
  groups: GroupFacts[];
  groupsOfDevice: ReadonlyMap<number, number[]>;
  typeGrants: ReadonlyMap<number, number[]>;
  strategies: DoorStrategy[];
  gateWays: ReadonlyMap<number, DoorStrategy['passWay']>;
  /** The holidays of the day it was read for (only read when a strategy has a schedule). */
  holidays: { day: string; kind: number }[];
  gateName(gid: number): Promise<string>;
}

interface Kept {
  version: number;
  day: string;
  config: Promise<DoorConfig>;
}

/** Companies kept per database (least recently scanned dropped first): a site has one; a hosted server, many. */
const KEPT = 1000;
const stores = new WeakMap<object, Map<number, Kept>>();

async function load(ctx: DeviceContext, scope: TenantScope, day: string): Promise<DoorConfig> {
  const [settings, groups, groupsOfDevice, typeGrants, rules] = await Promise.all([
    settingsIn(scope),
    groupFacts(scope),
    groupsByDevice(scope),
    visitorTypeGrants(scope),
    doorRules(scope),
  ]);
  const holidays = rules.strategies.some((s) => s.schedule) ? await holidaysIn(scope, day, day) : [];
  const names = new Map<number, Promise<string>>();
  const actor = deviceActorContext(ctx);
  const gateName = (gid: number) => {
    let name = names.get(gid);
    if (!name) {
      name = gatesNamed(actor, [gid]).then((g) => g[0]?.gname ?? '');
      names.set(gid, name);
    }
    return name;
  };
  return { settings, groups, groupsOfDevice, typeGrants, strategies: rules.strategies, gateWays: rules.gateWays, holidays, gateName };
}

/** The device's company's door configuration as of now: from this process's copy when nothing changed since. */
export async function doorConfig(ctx: DeviceContext, now: Date): Promise<DoorConfig> {
  const scope = ctx.tenant;
  const version = await doorsRepository(scope).configVersion();
  const day = dayOf(now);
  let store = stores.get(storeKey(scope));
  if (!store) {
    store = new Map();
    stores.set(storeKey(scope), store);
  }
  const kept = store.get(scope.companyId);
  if (kept && kept.version === version && kept.day === day) {
    // Most recently used last: the first entry is the one to drop.
    store.delete(scope.companyId);
    store.set(scope.companyId, kept);
    return kept.config;
  }
  // Read after the version, so what is kept is at least as new as the number it is kept under.
  const config = load(ctx, scope, day);
  const entry: Kept = { version, day, config };
  store.delete(scope.companyId);
  store.set(scope.companyId, entry);
  if (store.size > KEPT) store.delete(store.keys().next().value as number);
  config.catch(() => {
    if (store.get(scope.companyId) === entry) store.delete(scope.companyId);
  });
  return config;
}
