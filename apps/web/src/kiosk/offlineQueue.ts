import { SESSION_END_STATUSES } from '@openvisit/contract';
import { ApiError } from '../platform/apiError';
import { KIOSK_DB, kioskDb } from './kioskDb';

/**
 * Registrations and check-ins taken while the network is down. Each carries its idempotency key (`clientKey`, also
 * the record's key here), so sending it twice — a reply lost on the way back, two flushes racing, a reload in the
 * middle — answers the first record on the server instead of storing a second one.
 *
 * Records live in IndexedDB (not localStorage: the session's sign-out clears localStorage, and photos are large),
 * belong to the company whose session took them and are only ever sent with that company's session.
 */
export type QueueKind = 'walkIn' | 'checkIn';

export interface QueuedRecord {
  /** The idempotency key (`clientKey` of the call). */
  id: string;
  kind: QueueKind;
  /** The company (session `userid`) that took it. */
  companyId: number;
  /** The visitor's name or code, for staff. */
  label: string;
  /** The call's input, `clientKey` included. */
  input: Record<string, unknown>;
  createdAt: number;
  attempts: number;
  /** The server refused it when it was sent: kept for staff to see and clear, never sent again. */
  refused?: { status: number; reason: string };
  /**
   * The kiosk's offline screening matched the person against its copy of the watchlists (a review or refuse decision):
   * the visitor was sent to reception. Sent all the same; the server screens it again and holds or refuses it.
   */
  matched?: boolean;
}

export interface QueueStore {
  list(): Promise<QueuedRecord[]>;
  put(record: QueuedRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

/** A new idempotency key (works outside secure contexts, where `crypto.randomUUID` is missing). */
export function newClientKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `k${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What a failed send means for the record. */
export type FailureKind = 'retry' | 'stop' | 'refused';

/**
 * - `retry`: no answer, a timeout, too many requests or a server that is down: keep it and try later;
 * - `stop`: the session ended (27/28/29): keep it until staff sign in again, send nothing more now;
 * - `refused`: any other answer (a field error, 66, 64/65, 1117…): sending it again would be refused again.
 */
export function classifyFailure(err: unknown): FailureKind {
  if (!(err instanceof ApiError)) return 'retry';
  if (err.http !== undefined) return err.http === 0 || err.http === 408 || err.http === 429 || err.http >= 500 ? 'retry' : 'refused';
  if (SESSION_END_STATUSES.includes(err.status)) return 'stop';
  return 'refused';
}

/** Whether a failure of a live submission should put it in the queue (the network, not the visitor, failed). */
export function isNetworkFailure(err: unknown): boolean {
  return classifyFailure(err) === 'retry';
}

export interface QueueCounts {
  pending: number;
  /** Pending records the offline screening matched: waiting for reception. */
  matched: QueuedRecord[];
  refused: QueuedRecord[];
}

export interface FlushResult {
  sent: number;
  refused: number;
  left: number;
}

export class OfflineQueue {
  private running: Promise<FlushResult> | null = null;
  private listeners = new Set<() => void>();
  private records: QueuedRecord[] = [];
  private loaded: Promise<void>;

  constructor(
    private readonly store: QueueStore,
    private readonly send: (record: QueuedRecord) => Promise<unknown>,
  ) {
    this.loaded = this.reload();
  }

  private async reload(): Promise<void> {
    try {
      this.records = (await this.store.list()).sort((a, b) => a.createdAt - b.createdAt);
    } catch {
      this.records = [];
    }
    this.emit();
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  ready(): Promise<void> {
    return this.loaded;
  }

  /** Pending (matched among them) and refused records of a company. */
  counts(companyId: number | null): QueueCounts {
    const mine = this.records.filter((r) => r.companyId === companyId);
    const pending = mine.filter((r) => !r.refused);
    return { pending: pending.length, matched: pending.filter((r) => r.matched), refused: mine.filter((r) => r.refused) };
  }

  async add(record: Omit<QueuedRecord, 'attempts' | 'createdAt'> & { createdAt?: number }): Promise<void> {
    await this.loaded;
    const full: QueuedRecord = { ...record, createdAt: record.createdAt ?? Date.now(), attempts: 0 };
    await this.store.put(full);
    this.records = [...this.records.filter((r) => r.id !== full.id), full];
    this.emit();
  }

  async clearRefused(companyId: number): Promise<void> {
    await this.loaded;
    for (const r of this.records.filter((x) => x.companyId === companyId && x.refused)) await this.store.delete(r.id);
    this.records = this.records.filter((x) => !(x.companyId === companyId && x.refused));
    this.emit();
  }

  /**
   * Sends the company's pending records oldest first, one at a time. A record the server took (or had already
   * taken: same clientKey) is removed; one it refuses is kept as refused; the first network failure or session
   * end stops the round and keeps the rest. Concurrent calls share one round.
   */
  flush(companyId: number): Promise<FlushResult> {
    if (this.running) return this.running;
    this.running = this.round(companyId).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(companyId: number): Promise<FlushResult> {
    await this.loaded;
    const result: FlushResult = { sent: 0, refused: 0, left: 0 };
    const pending = this.records.filter((r) => r.companyId === companyId && !r.refused);
    let stopped = false;
    for (const record of pending) {
      if (stopped) {
        result.left++;
        continue;
      }
      try {
        await this.send(record);
        await this.store.delete(record.id);
        this.records = this.records.filter((r) => r.id !== record.id);
        result.sent++;
      } catch (err) {
        const kind = classifyFailure(err);
        if (kind === 'refused') {
          const e = err as ApiError;
          const refused: QueuedRecord = { ...record, attempts: record.attempts + 1, refused: { status: e.status, reason: e.reason } };
          await this.store.put(refused);
          this.records = this.records.map((r) => (r.id === record.id ? refused : r));
          result.refused++;
        } else {
          const again: QueuedRecord = { ...record, attempts: record.attempts + 1 };
          await this.store.put(again).catch(() => undefined);
          this.records = this.records.map((r) => (r.id === record.id ? again : r));
          result.left++;
          stopped = true;
        }
      }
      this.emit();
    }
    return result;
  }
}

/** A store in memory (tests, and browsers without IndexedDB: the queue then lasts until the page is closed). */
export function memoryStore(): QueueStore {
  const map = new Map<string, QueuedRecord>();
  return {
    list: async () => [...map.values()].map((r) => structuredClone(r)),
    put: async (r) => {
      map.set(r.id, structuredClone(r));
    },
    delete: async (id) => {
      map.delete(id);
    },
  };
}

/** The queue in IndexedDB (kioskDb.ts): one object store keyed by the record's idempotency key. */
export function indexedDbStore(dbName = KIOSK_DB, factory: IDBFactory | undefined = globalThis.indexedDB): QueueStore {
  if (!factory) return memoryStore();
  const db = kioskDb(dbName, factory);
  return {
    list: () => db.tx('queue', 'readonly', (s) => s.getAll() as IDBRequest<QueuedRecord[]>),
    put: async (r) => {
      await db.tx('queue', 'readwrite', (s) => s.put(r));
    },
    delete: async (id) => {
      await db.tx('queue', 'readwrite', (s) => s.delete(id));
    },
  };
}
