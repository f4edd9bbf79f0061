import { type SecretBox, safeEqual } from './crypto.js';

/**
 * Links to stored media (training videos, question pictures) that a `<video>` or `<img>` can load without a session
 * header: `GET /api/media/<key>?exp=<ms>&sig=<mac>`, signed by the server and short-lived. The kiosk, the visitor's
 * invitation page and the console all play the same way, with HTTP range requests.
 */
export const MEDIA_PREFIX = '/api/media/';
/** Long enough to watch the longest video and answer, short enough that a copied link soon stops working. */
export const MEDIA_LINK_TTL_MS = 4 * 60 * 60 * 1000;

function macOf(secrets: SecretBox, key: string, exp: number): string {
  return secrets.mac('media', `${key}\n${exp}`);
}

/** A signed link to a stored file, valid until `now + ttl` (rounded up to the minute, so links repeat within a minute and cache). */
export function mediaUrl(secrets: SecretBox, key: string, now = Date.now(), ttlMs = MEDIA_LINK_TTL_MS): string {
  const exp = Math.ceil((now + ttlMs) / 60_000) * 60_000;
  return `${MEDIA_PREFIX}${key}?exp=${exp}&sig=${macOf(secrets, key, exp)}`;
}

/** Whether a media request's key, expiry and signature are the server's and still valid. */
export function mediaLinkValid(secrets: SecretBox, key: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  const ms = typeof exp === 'string' && /^\d{1,15}$/.test(exp) ? Number(exp) : Number.NaN;
  if (!Number.isFinite(ms) || ms < now || typeof sig !== 'string') return false;
  return safeEqual(sig, macOf(secrets, key, ms));
}
