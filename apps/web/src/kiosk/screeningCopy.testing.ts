import { createHmac, randomBytes } from 'node:crypto';
import { idNumberKey, type ListedLevel, phoneKey, type ScreeningMode } from '@openvisit/contract';
import { listedKeys, OFFLINE_DIGEST_BYTES, type OfflineEntry, offlineKey } from '@openvisit/contract/screening';
import type { KeptCopy } from './screeningCopy';

/**
 * A copy of the watchlists built as the server builds it (apps/server/src/modules/blacklist/blacklist.offline.ts), with
 * Node's crypto: each entry's name and alias keys that go offline, its phones as stored and its certificate numbers,
 * digested under a kiosk key. For the kiosk's tests and bench/kioskScreening.ts; never part of the kiosk's build.
 */
export interface Listed {
  name: string;
  aliases?: string[];
  phones?: string[];
  idNumbers?: string[];
  list?: 'black' | 'white';
  level?: ListedLevel;
}

/** The server's digest of a plain key under a kiosk key. */
export const nodeDigest = (key: string, plain: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(plain).digest().subarray(0, OFFLINE_DIGEST_BYTES).toString('base64url');

export const randomKioskKey = () => randomBytes(32).toString('base64url');

export function offlineEntry(bid: number, p: Listed, key: string): OfflineEntry {
  const phones = (p.phones ?? []).map(phoneKey);
  const numbers = (p.idNumbers ?? []).map(idNumberKey);
  const plain = [...new Set([...[p.name, ...(p.aliases ?? [])].flatMap(listedKeys), ...phones.map((t) => `t:${t}`)])].filter(offlineKey);
  return {
    bid,
    list: p.list ?? 'black',
    level: p.level ?? 'refuse',
    known: phones.length > 0 || numbers.length > 0,
    keys: [...plain, ...numbers.map((n) => `c:${n}`)].map((k) => nodeDigest(key, k)),
  };
}

export function builtCopy(
  listed: Listed[],
  { companyId = 1, key = randomKioskKey(), mode = 'standard' }: { companyId?: number; key?: string; mode?: ScreeningMode } = {},
): KeptCopy {
  return { companyId, version: `1:${mode}:${listed.length}`, screening: true, mode, key, entries: listed.map((p, i) => offlineEntry(i + 1, p, key)) };
}
