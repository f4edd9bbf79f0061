import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type AuthedContext, jobContext } from '../../platform/http/calls.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import { directoryChanged, registerAppDirectory } from '../contacts/contacts.public.js';
import { CARDS_JOB, type CardOwner, cardsChanged, onPress, refreshCards, registerCardOwner } from './im.cards.js';
import { type Link, openFeishuLink } from './im.feishu.link.js';
import { appDirectories, connectionTarget } from './im.service.js';
import { appsWantingConnection, dropLease, takeLease } from './im.system.repository.js';

export interface HolderDeps {
  system: SystemScope;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
}

export interface HolderOptions {
  /** This process's id in the leases; random unless a test names it. */
  holder?: string;
  leaseMs?: number;
  /** How long a pushed directory change waits for those that follow (contacts' CHANGE_DELAY_MS unless a test says). */
  changeDelayMs?: number;
}

interface Held {
  link: Link;
  /** The app row's updatedAt when the link was opened: a saved change of the app reopens it. */
  version: number;
}

const PLATFORM = 'feishu';

/**
 * The work apps' outgoing connections (Feishu's long connection): with any number of server processes, exactly one
 * holds each company's, through a lease row renewed every third of its length (database time). A process that dies
 * stops renewing; another takes the lease once it lapses and opens the connection, so the gap is at most one lease.
 * A process that cannot reach the database closes what it holds, since it can no longer show the lease is its own.
 */
export class ImConnections {
  readonly holder: string;
  private readonly leaseMs: number;
  private readonly held = new Map<number, Held>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: HolderDeps,
    private readonly opts: HolderOptions = {},
  ) {
    this.holder = opts.holder ?? `${process.pid}-${randomBytes(6).toString('hex')}`;
    this.leaseMs = opts.leaseMs ?? deps.config.im.connections.leaseMs;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), Math.max(500, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
    void this.tick();
  }

  /** One round: take or renew each wanted app's lease, open what became ours, close what is not ours or not wanted. */
  tick(): Promise<void> {
    this.round ??= this.renew()
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, 'work app connections: the leases could not be renewed; closing what this process held');
        this.closeAll();
      })
      .finally(() => {
        this.round = undefined;
      });
    return this.round;
  }

  /** Whether this process holds the company's connection and the platform has accepted it. */
  ready(companyId: number): boolean {
    return this.held.get(companyId)?.link.ready ?? false;
  }

  /** The companies whose connection this process holds now. */
  holding(): number[] {
    return [...this.held.keys()];
  }

  /** Stops holding. `release: false` leaves the leases to lapse, as a process that dies does (tests stand in for it). */
  async stop(opts: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
    const companies = this.holding();
    this.closeAll();
    if (opts.release !== false) for (const c of companies) await dropLease(this.deps.system, c, PLATFORM, this.holder).catch(() => {});
  }

  private closeAll(): void {
    for (const h of this.held.values()) h.link.close();
    this.held.clear();
  }

  private drop(companyId: number): void {
    this.held.get(companyId)?.link.close();
    this.held.delete(companyId);
  }

  private async renew(): Promise<void> {
    if (this.stopped) return;
    const wanted = await appsWantingConnection(this.deps.system, PLATFORM);
    const ids = new Set(wanted.map((w) => w.companyId));
    for (const companyId of this.holding()) {
      if (ids.has(companyId)) continue;
      this.drop(companyId);
      await dropLease(this.deps.system, companyId, PLATFORM, this.holder);
    }
    for (const w of wanted) {
      if (this.stopped) return;
      const mine = await takeLease(this.deps.system, w.companyId, PLATFORM, this.holder, this.leaseMs);
      const held = this.held.get(w.companyId);
      if (!mine) {
        if (held) this.drop(w.companyId);
        continue;
      }
      const version = w.updatedAt.getTime();
      if (held?.version === version) continue;
      this.drop(w.companyId);
      const link = await this.open(w.companyId);
      if (link) this.held.set(w.companyId, { link, version });
    }
  }

  private async open(companyId: number): Promise<Link | null> {
    const ctx = jobContext(this.deps, companyId, { job: 'im.connection', account: 'work-app', name: 'Work app' });
    const target = await connectionTarget(ctx, PLATFORM);
    if (!target) return null;
    const { jobs } = this.deps.services;
    return openFeishuLink(target, this.deps.config.contacts, ctx.log, {
      directoryChanged: () => directoryChanged(jobs, companyId, 'feishu', this.opts.changeDelayMs),
      cardPressed: (press) => onPress(this.deps, companyId, press, ctx.log),
    });
  }
}

/** The decisions' owner (approvals) as app.ts hands it over: deciding, reading a decision, hearing of changes. */
export interface DecisionOwner extends CardOwner {
  onSettled(fn: (ctx: AuthedContext, ref: string) => Promise<void>): void;
}

/**
 * The work apps' start-up: contacts' sync is handed the Feishu and WeCom directories and approvals' decisions reach the
 * cards (im imports contacts; approvals reaches im only through these hand-overs), and the connections open where the
 * job queue runs (a served process, not a test app). Answers how to stop them.
 */
export function registerWorkApps(deps: HolderDeps, decisions: DecisionOwner): () => Promise<void> {
  registerCardOwner(decisions);
  decisions.onSettled((ctx, ref) => cardsChanged(ctx.tenant, ctx.services.jobs, ref));
  deps.services.jobs.register(CARDS_JOB, async (payload) => {
    const { companyId, ref } = payload as { companyId: number; ref: string };
    await refreshCards(jobContext(deps, companyId, { job: CARDS_JOB, account: 'work-app', name: 'Work app' }), ref);
  });
  registerAppDirectory('feishu', appDirectories.feishu);
  registerAppDirectory('wecom', appDirectories.wecom);
  if (!deps.config.im.connections.enabled) return async () => {};
  const holder = new ImConnections(deps);
  deps.services.jobs.whenStarted(() => holder.start());
  return () => holder.stop();
}
