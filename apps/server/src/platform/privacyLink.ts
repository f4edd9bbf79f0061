import type { Config } from '../config.js';
import { type SecretBox, safeEqual } from './identity/crypto.js';

/*
 * A company's link to its visitors' privacy page (modules/privacy, docs/modules/privacy.md): its id and a keyed mac of
 * it, so the link is stable (printed on badges, sent in mails) and a guessed one opens nothing. Here, not in the
 * privacy module, because the invitation, the badge and the kiosk print it and must not depend on that module.
 */

const PURPOSE = 'privacyLink';
const macOf = (secrets: SecretBox, companyId: number) => secrets.mac(PURPOSE, String(companyId)).slice(0, 16);

export function privacyLink(secrets: SecretBox, companyId: number): string {
  return `${companyId}.${macOf(secrets, companyId)}`;
}

export function privacyPageUrl(config: Pick<Config, 'publicUrl'>, secrets: SecretBox, companyId: number): string {
  return `${config.publicUrl}/my-data?c=${privacyLink(secrets, companyId)}`;
}

/** The company a link names, or null for one the server did not make. */
export function companyOfLink(secrets: SecretBox, link: string): number | null {
  const [id, mac] = link.split('.');
  const companyId = Number(id);
  if (!Number.isSafeInteger(companyId) || companyId <= 0 || !mac) return null;
  return safeEqual(mac, macOf(secrets, companyId)) ? companyId : null;
}
