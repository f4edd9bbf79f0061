import type { CallOutput, getScreeningCopy, ScreeningMode } from '@openvisit/contract';
import type { OfflineEntry } from '@openvisit/contract/screening';
import { KIOSK_DB, kioskDb } from './kioskDb';
import { classifyFailure } from './offlineQueue';

/**
 * The kiosk's copy of its company's watchlists for screening offline (issue 42, `getScreeningCopy`): keyed digests
 * only, no name, phone or number in clear. One copy at a time, belonging to the company whose session fetched it: a
 * session of another company never uses it (nor sends its version), and signing out deletes it. A company that does
 * not screen (`screening: false`) leaves only its version, so asking again costs nothing: no key, no entries.
 */
export interface KeptCopy {
  companyId: number;
  version: string;
  screening: boolean;
  mode: ScreeningMode;
  /** The company's kiosk key (base64url), empty when the company does not screen. */
  key: string;
  entries: OfflineEntry[];
}

export type CopyAnswer = CallOutput<typeof getScreeningCopy>;

export interface CopyStore {
  get(): Promise<KeptCopy | null>;
  put(copy: KeptCopy): Promise<void>;
  clear(): Promise<void>;
}

export class ScreeningCopies {
  /** The copy as last read or written (undefined until the store was read). */
  private held: KeptCopy | null | undefined;
  private refreshing: { companyId: number; generation: number; done: Promise<KeptCopy | null> } | null = null;
  /** Bumped by `clear`: an answer to a request sent before it is not kept (a sign-out during a refresh). */
  private cleared = 0;

  constructor(
    private readonly store: CopyStore,
    private readonly fetchCopy: (version: string | undefined) => Promise<CopyAnswer>,
  ) {}

  private async kept(): Promise<KeptCopy | null> {
    if (this.held !== undefined) return this.held;
    const read = await this.store.get().catch(() => null);
    // A copy written or cleared while the store was read is the newer.
    if (this.held === undefined) this.held = read;
    return this.held;
  }

  /** The copy to screen with for this company's session: null when there is none, it is another's, or it does not screen. */
  async current(companyId: number): Promise<KeptCopy | null> {
    const copy = await this.kept();
    return copy && copy.companyId === companyId && copy.screening ? copy : null;
  }

  /**
   * Asks the server for the company's copy, with the version held when it is this company's (an unchanged copy comes
   * back empty). Without an answer the copy held is kept; a refusal (the blacklist switched off: 404, no right: 610)
   * deletes it. Concurrent calls for one company share one request; another company's waits for it to end.
   */
  refresh(companyId: number): Promise<KeptCopy | null> {
    const before = this.refreshing;
    const generation = this.cleared;
    if (before?.companyId === companyId && before.generation === generation) return before.done;
    const done: Promise<KeptCopy | null> = (before?.done ?? Promise.resolve(null))
      .then(() => this.fetchFor(companyId, generation))
      .finally(() => {
        if (this.refreshing?.done === done) this.refreshing = null;
      });
    this.refreshing = { companyId, generation, done };
    return done;
  }

  private async fetchFor(companyId: number, generation: number): Promise<KeptCopy | null> {
    const held = await this.kept();
    const mine = held?.companyId === companyId ? held : null;
    let answer: CopyAnswer;
    try {
      answer = await this.fetchCopy(mine?.version);
    } catch (err) {
      if (classifyFailure(err) === 'refused') await this.clear();
      return this.current(companyId);
    }
    if (generation !== this.cleared) return null;
    // Unchanged: the server compared the version this company's copy holds.
    if (answer.unchanged) return this.current(companyId);
    const { version, screening, mode } = answer;
    const copy: KeptCopy = screening
      ? { companyId, version, screening, mode, key: answer.key, entries: answer.entries }
      : { companyId, version, screening, mode, key: '', entries: [] };
    this.held = copy;
    await this.store.put(copy).catch(() => undefined);
    return this.current(companyId);
  }

  /** Forgets the copy (signing out). */
  async clear(): Promise<void> {
    this.cleared++;
    this.held = null;
    await this.store.clear().catch(() => undefined);
  }
}

export function memoryCopyStore(): CopyStore {
  let copy: KeptCopy | null = null;
  return {
    get: async () => (copy ? structuredClone(copy) : null),
    put: async (c) => {
      copy = structuredClone(c);
    },
    clear: async () => {
      copy = null;
    },
  };
}

const COPY_KEY = 'copy';

/** The copy in the kiosk's IndexedDB (kioskDb.ts, store `screening`), under one key. */
export function indexedDbCopyStore(dbName = KIOSK_DB, factory: IDBFactory | undefined = globalThis.indexedDB): CopyStore {
  if (!factory) return memoryCopyStore();
  const db = kioskDb(dbName, factory);
  return {
    get: async () => (await db.tx('screening', 'readonly', (s) => s.get(COPY_KEY) as IDBRequest<KeptCopy | undefined>)) ?? null,
    put: async (copy) => {
      await db.tx('screening', 'readwrite', (s) => s.put(copy, COPY_KEY));
    },
    clear: async () => {
      await db.tx('screening', 'readwrite', (s) => s.delete(COPY_KEY));
    },
  };
}
