import type { Visit } from '@openvisit/contract';
import { photoKeysOf } from '../../core/visits/visits.public.js';
import { mediaUrl } from '../../platform/files/media.js';
import type { AuthedContext, DialectContext } from '../../platform/http/calls.js';

/**
 * The original answered a visit's `vphoto` as a URL the front desk puts straight into `<img src>`, with no token. Ours
 * is a signed media link (platform/files/media.ts) to that visit's stored photo: loadable without a session, naming that one
 * file, and short-lived. Half an hour: the desk shows a list as it loads it (the browser keeps the picture an hour after),
 * and every list, look-up and check-in answers fresh links; a link copied out of it soon stops working.
 */
export const VISIT_PHOTO_LINK_TTL_MS = 30 * 60 * 1000;

/**
 * The photo links of these visits by vid (those with a photo, read in one query). Relative (`/api/media/…`) where the
 * desk app is served by OpenVisit itself; on `PUBLIC_URL` where the installation lets an app on another host call it
 * (CORS_ORIGINS), since a relative link would then name that host.
 */
export async function photoLinks(ctx: DialectContext, rows: readonly Visit[], now = Date.now()): Promise<Map<number, string>> {
  const vids = rows.filter((v) => v.vphoto === true).map((v) => v.vid);
  if (!vids.length || !ctx.session || !ctx.tenant) return new Map();
  const keys = await photoKeysOf(ctx as AuthedContext, vids);
  const base = ctx.config.corsOrigins.length ? ctx.config.publicUrl : '';
  return new Map([...keys].map(([vid, key]) => [vid, base + mediaUrl(ctx.services.secrets, key, now, VISIT_PHOTO_LINK_TTL_MS)]));
}
