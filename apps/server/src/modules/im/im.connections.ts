import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type AuthedContext, jobContext } from '../../platform/http/calls.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import { companiesWithDingTalkApp, directoryChanged, registerAppDirectory } from '../contacts/contacts.public.js';
import { CARDS_JOB, type CardOwner, cardsChanged, onDingTalkPress, onPress, refreshCards, registerCardOwner } from './im.cards.js';
import { openDingTalkStream } from './im.dingtalk.stream.js';
import { type Link, openFeishuLink } from './im.feishu.link.js';
import { appDirectories, connectionTarget, dingTalkNewBase } from './im.service.js';
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
  /** The app's version when the link was opened: a saved change of the app reopens it. */
  version: string;
}

/** The platforms whose events come over a connection we dial (WeCom's come to a callback URL). */
export type LinkPlatform = 'feishu' | 'dingtalk';
const PLATFORMS: readonly LinkPlatform[] = ['feishu', 'dingtalk'];
const keyOf = (platform: LinkPlatform, companyId: number) => `${platform}:${companyId}`;

/**
 * The work apps' outgoing connections (Feishu's long connection, DingTalk's Stream): with any number of server
 * processes, exactly one holds each company's app's, through a lease row renewed every third of its length (database time). A process that dies
 * stops renewing; another takes the lease once it lapses and opens the connection, so the gap is at most one lease.
 * A process that cannot reach the database closes what it holds, since it can no longer show the lease is its own.
 */
export class ImConnections {
  readonly holder: string;
  private readonly leaseMs: number;
  private readonly held = new Map<string, Held>();
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
  ready(companyId: number, platform: LinkPlatform = 'feishu'): boolean {
    return this.held.get(keyOf(platform, companyId))?.link.ready ?? false;
  }

  /** The companies whose connection to `platform` this process holds now. */
  holding(platform: LinkPlatform = 'feishu'): number[] {
    const prefix = `${platform}:`;
    return [...this.held.keys()].filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length)));
  }

  /** Stops holding. `release: false` leaves the leases to lapse, as a process that dies does (tests stand in for it). */
  async stop(opts: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
    const held = PLATFORMS.flatMap((p) => this.holding(p).map((c) => [p, c] as const));
    this.closeAll();
    if (opts.release !== false) for (const [p, c] of held) await dropLease(this.deps.system, c, p, this.holder).catch(() => {});
  }

  private closeAll(): void {
    for (const h of this.held.values()) h.link.close();
    this.held.clear();
  }

  private drop(platform: LinkPlatform, companyId: number): void {
    const key = keyOf(platform, companyId);
    this.held.get(key)?.link.close();
    this.held.delete(key);
  }

  /** The apps of `platform` that want a connection, each with its version. */
  private async wanted(platform: LinkPlatform): Promise<{ companyId: number; version: string }[]> {
    if (platform === 'dingtalk') return companiesWithDingTalkApp(this.deps.system);
    const rows = await appsWantingConnection(this.deps.system, platform);
    return rows.map((r) => ({ companyId: r.companyId, version: String(r.updatedAt.getTime()) }));
  }

  private async renew(): Promise<void> {
    for (const platform of PLATFORMS) {
      if (this.stopped) return;
      const wanted = await this.wanted(platform);
      const ids = new Set(wanted.map((w) => w.companyId));
      for (const companyId of this.holding(platform)) {
        if (ids.has(companyId)) continue;
        this.drop(platform, companyId);
        await dropLease(this.deps.system, companyId, platform, this.holder);
      }
      for (const w of wanted) {
        if (this.stopped) return;
        const mine = await takeLease(this.deps.system, w.companyId, platform, this.holder, this.leaseMs);
        const held = this.held.get(keyOf(platform, w.companyId));
        if (!mine) {
          if (held) this.drop(platform, w.companyId);
          continue;
        }
        if (held?.version === w.version) continue;
        this.drop(platform, w.companyId);
        const link = await this.open(platform, w.companyId);
        if (link) this.held.set(keyOf(platform, w.companyId), { link, version: w.version });
      }
    }
  }

  private async open(platform: LinkPlatform, companyId: number): Promise<Link | null> {
    const ctx = jobContext(this.deps, companyId, { job: 'im.connection', account: 'work-app', name: 'Work app' });
    const target = await connectionTarget(ctx, platform);
    if (!target) return null;
    const { jobs } = this.deps.services;
    const directory = () => directoryChanged(jobs, companyId, platform, this.opts.changeDelayMs);
    if (platform === 'dingtalk') {
      const newBase = dingTalkNewBase(this.deps, target);
      return openDingTalkStream(target, newBase, this.deps.config.contacts, ctx.log, {
        directoryChanged: directory,
        cardPressed: (press) => onDingTalkPress(this.deps, companyId, press, ctx.log),
      });
    }
    return openFeishuLink(target, this.deps.config.contacts, ctx.log, {
      directoryChanged: directory,
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
