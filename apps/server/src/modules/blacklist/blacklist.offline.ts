import { createHmac } from 'node:crypto';
import { type In, idNumberKey, type ListedLevel, type Out } from '@openvisit/contract';
import { OFFLINE_DIGEST_BYTES, type OfflineEntry, offlineKey } from '@openvisit/contract/screening';
import { settingsOf } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { offlineRepository } from './blacklist.repository.js';

/**
 * The kiosk's offline copy of the lists (issue 42, `@openvisit/contract/screening` offline.ts): each entry's keys as
 * digests under the company's kiosk key, no name, phone or number in clear. A certificate number's digest is made when
 * the number is written (the list keeps no number to make it from later); the other keys' are made for each copy.
 */

/** The company's kiosk key: derived from the server's, one per company, handed to its kiosks with the copy. */
export function kioskKey(secrets: SecretBox, companyId: number): string {
  return secrets.mac('kioskScreening', String(companyId));
}

/** A key's digest under a kiosk key, as the kiosk makes it with WebCrypto. */
export function offlineDigest(key: string, plain: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(plain).digest().subarray(0, OFFLINE_DIGEST_BYTES).toString('base64url');
}

export async function screeningCopy(ctx: AuthedContext, input: In<'getScreeningCopy'>): Promise<Out<'getScreeningCopy'>> {
  const settings = await settingsOf(ctx);
  const repo = offlineRepository(ctx.tenant);
  const version = `${settings.blackListSwitch}:${settings.screeningMode}:${await repo.version()}`;
  const mode = settings.screeningMode === 'narrow' ? 'narrow' : 'standard';
  if (input.version === version) return { version, unchanged: true, screening: settings.blackListSwitch === 1, mode, key: '', entries: [] };
  const key = kioskKey(ctx.services.secrets, ctx.tenant.companyId);
  const [rows, keys] = await Promise.all([repo.entries(), repo.keys()]);
  const byEntry = new Map<number, string[]>();
  for (const k of keys) if (offlineKey(k.key)) byEntry.set(k.entryId, [...(byEntry.get(k.entryId) ?? []), offlineDigest(key, k.key)]);
  const entries: OfflineEntry[] = rows.map((r) => ({
    bid: r.id,
    list: r.kind === 'white' ? 'white' : 'black',
    level: r.level as ListedLevel,
    known: r.phone !== '' || r.credentialHash !== '' || r.credentialNo !== '' || r.morePhones.length > 0 || r.moreCredentials.length > 0,
    keys: [
      ...(byEntry.get(r.id) ?? []),
      ...[r.credentialOffline, ...r.moreCredentials.map((c) => c.offline ?? '')].filter(Boolean),
      // A number from before hashing (until the nightly sweep hashes it) is still at hand.
      ...(r.credentialNo ? [offlineDigest(key, `c:${idNumberKey(r.credentialNo)}`)] : []),
    ],
  }));
  return { version, unchanged: false, screening: settings.blackListSwitch === 1, mode, key, entries };
}
