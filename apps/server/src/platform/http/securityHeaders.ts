import type { FastifyInstance } from 'fastify';

/**
 * The console's and kiosk's sources: their own origin only, inline styles (antd) and data/blob images and media (camera,
 * photos); `frameAncestors` who may frame the page (nobody but for the badge page, platform/http/cardPage.ts).
 */
export function contentSecurityPolicy(frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
  ].join(';');
}
const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Helmet's set of security headers (with our policy, without cross-origin embedder isolation, which would block the
 * kiosk's camera blobs), computed once: helmet's plugin ran a dozen middlewares per request to produce the same
 * values. HSTS only when the product is served over https.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Every answer carries the headers (set on the reply before any handler, so errors and files have them too). */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = securityHeaders(https);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
