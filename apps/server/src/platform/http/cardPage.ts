import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './securityHeaders.js';

/**
 * The badge page the original front-desk app opens to print a visitor's badge (apps/web/card.html, docs/kiosk.md):
 * `/card/index.html?vid=v<vid>&userid=…&token=…`, or `/card/custom/<badgeCustom>/index.html?…` where the company's badge
 * was customised. OpenVisit has no per-site badge HTML: every name answers the same page, which draws our badge in the
 * company's configured style. Any other path under /card/ is a 404, never the console.
 */
export const CARD_PAGE_FILE = 'card.html';
export const CARD_CUSTOM_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** An origin as CORS_ORIGINS lists it, safe to name in a policy: scheme, host and an optional port, nothing else. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/;

/**
 * The app shows the page in a window or a frame: it may be framed by our own origin and by the origins allowed to call
 * the API from a browser (CORS_ORIGINS: a site serving the app from another host). The page has no control but Print
 * and a framing page of another origin cannot read it. X-Frame-Options cannot name origins: CSP's frame-ancestors,
 * which browsers prefer to it, decides, so it goes where other origins are named.
 */
export function cardPageHeaders(origins: readonly string[]): { set: Record<string, string>; remove: string[] } {
  const others = origins.filter((o) => ORIGIN.test(o));
  return {
    set: { 'content-security-policy': contentSecurityPolicy(["'self'", ...others].join(' ')), 'cache-control': 'no-cache' },
    remove: others.length ? ['x-frame-options'] : [],
  };
}

/** The page's routes; `hasPage` is false where the web build is missing (every /card/ path is then a 404). */
export function registerCardPage(app: FastifyInstance, opts: { hasPage: boolean; origins: readonly string[] }): void {
  const headers = cardPageHeaders(opts.origins);
  const page = (reply: FastifyReply) => {
    if (!opts.hasPage) return reply.callNotFound();
    for (const name of headers.remove) reply.removeHeader(name);
    return reply.headers(headers.set).sendFile(CARD_PAGE_FILE);
  };
  for (const url of ['/card/', '/card/index.html']) app.get(url, (_req, reply) => page(reply));
  for (const url of ['/card/custom/:name/', '/card/custom/:name/index.html'])
    app.get<{ Params: { name: string } }>(url, (req, reply) => (CARD_CUSTOM_NAME.test(req.params.name) ? page(reply) : reply.callNotFound()));
}

/** Paths the badge page owns: what the page does not answer is a 404 there, never the console's index.html. */
export function isCardPath(url: string): boolean {
  return url === '/card' || url.startsWith('/card/');
}
