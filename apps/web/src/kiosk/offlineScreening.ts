import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { idNumberKey, phoneKey, type ScreeningDecision } from '@openvisit/contract';
import type { Digest } from '@openvisit/contract/screening';
import type { OfflineQueue, QueuedRecord } from './offlineQueue';
import type { KeptCopy, ScreeningCopies } from './screeningCopy';

/**
 * Screening a visitor while the server does not answer (issue 42): the person's keys digested under the copy's key
 * (HMAC-SHA-256, `hmacDigest`) and looked up in the copy (`screenOffline` of
 * `@openvisit/contract/screening`). That module carries OpenCC's and pinyin-pro's tables, hundreds of KB: it is
 * imported when a copy arrives (once the page is idle) or when a screening needs it, never with the kiosk's first page.
 */
type Matcher = typeof import('@openvisit/contract/screening');

let matcher: Promise<Matcher> | null = null;
export function loadMatcher(): Promise<Matcher> {
  matcher ??= import('@openvisit/contract/screening').catch((err: unknown) => {
    matcher = null;
    throw err;
  });
  return matcher;
}

export function fromBase64url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The server's digest of a key: HMAC-SHA-256 under the kiosk key, its first `bytes` bytes as base64url. Computed by
 * `@noble/hashes`, not WebCrypto, which browsers give secure contexts only: a kiosk served over plain http on a site's
 * network screens offline too.
 */
export function hmacDigest(key: string, bytes: number): Digest {
  const secret = fromBase64url(key);
  const encoder = new TextEncoder();
  return async (plain) => toBase64url(hmac(sha256, secret, encoder.encode(plain)).subarray(0, bytes));
}

/** What the kiosk knows of the person: a walk-in's name, phone and certificate number; a check-in's phone. */
export interface OfflinePerson {
  name?: string;
  phone?: string;
  idNumber?: string;
}

/**
 * The person's identifiers as the server stores and screens them: the contract's `phoneKey` and `idNumberKey`.
 */
export function asStored(p: OfflinePerson): OfflinePerson {
  const phone = p.phone?.trim() ? phoneKey(p.phone) : '';
  const idNumber = p.idNumber ? idNumberKey(p.idNumber) : '';
  return { ...(p.name?.trim() ? { name: p.name } : {}), ...(phone ? { phone } : {}), ...(idNumber ? { idNumber } : {}) };
}

export type ScreenPerson = (person: OfflinePerson) => Promise<ScreeningDecision>;

const prepared = new WeakMap<KeptCopy, Promise<ScreenPerson>>();

/** The matcher loaded, the copy indexed and its key imported: once per copy. */
export function prepare(copy: KeptCopy): Promise<ScreenPerson> {
  let ready = prepared.get(copy);
  if (!ready) {
    ready = (async () => {
      const m = await loadMatcher();
      const digest = hmacDigest(copy.key, m.OFFLINE_DIGEST_BYTES);
      const index = m.offlineIndex(copy.entries);
      // The first reading of a name loads pinyin-pro's dictionaries: done here, not while a visitor waits.
      m.offlineProbeKeys({ name: '张伟' }, copy.mode);
      return async (person: OfflinePerson) => (await m.screenOffline(index, digest, asStored(person), copy.mode)).decision;
    })();
    ready.catch(() => prepared.delete(copy));
    prepared.set(copy, ready);
  }
  return ready;
}

/** Prepares the copy when the page is idle, so the first visitor screened offline does not wait for the matcher. */
export function prepareWhenIdle(copy: KeptCopy): void {
  const later = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 10_000 }) : setTimeout(fn, 1000));
  later(() => void prepare(copy).catch(() => undefined));
}

/** How long a visitor may wait for the offline screening before the record is queued unscreened (as without a copy). */
export const SCREEN_TIMEOUT_MS = 5000;

/**
 * Whether the person matches the company's copy at review or refuse level. False when there is nothing to screen
 * with, no copy of this company's, the company does not screen, or the check fails or takes too long: the server
 * screens the record again when it is sent, whatever the kiosk decided.
 */
export async function matchedOffline(copies: ScreeningCopies, companyId: number, person: OfflinePerson, timeoutMs = SCREEN_TIMEOUT_MS) {
  const stored = asStored(person);
  if (!stored.name && !stored.phone && !stored.idNumber) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const check = async () => {
    const copy = await copies.current(companyId);
    return copy ? (await prepare(copy))(person) : null;
  };
  try {
    const decision = await Promise.race([check(), late]);
    return decision === 'review' || decision === 'refuse';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type NewRecord = Omit<QueuedRecord, 'attempts' | 'createdAt' | 'matched'> & { createdAt?: number };
/** Adds a record taken offline (screening its person first when one is given) and tries to send it at once. */
export type Enqueue = (record: NewRecord, person?: OfflinePerson) => Promise<{ matched: boolean }>;

/** The kiosk's `enqueue`: screened against the company's copy, marked when it matched, queued either way. */
export function screenedEnqueue(queue: OfflineQueue, copies: ScreeningCopies, companyId: number): Enqueue {
  return async (record, person) => {
    const matched = person ? await matchedOffline(copies, companyId, person) : false;
    await queue.add({ ...record, ...(matched ? { matched } : {}) });
    void queue.flush(companyId);
    return { matched };
  };
}
