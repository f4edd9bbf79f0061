import type { FastifyInstance } from 'fastify';
import { type SecretBox, safeEqual } from '../identity/crypto.js';
import type { FileStore } from './files.js';

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

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * A single `Range: bytes=a-b`, `a-` or `-n` against a file of `size` bytes: the inclusive span, 'unsatisfiable' (416),
 * or null to answer the whole file (no range, several ranges or one we do not parse: RFC 9110 lets us ignore it).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * `GET` and `HEAD /api/media/<key>?exp=&sig=`: a stored file behind a valid signed link, streamed, with single byte
 * ranges (a `<video>` seeks and resumes with them). Anything else is a bare 404, saying nothing of why.
 */
export function registerMedia(app: FastifyInstance, deps: { files: FileStore; secrets: SecretBox }): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}*`,
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const { exp, sig } = req.query as Record<string, unknown>;
      const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      if (!MEDIA_KEY.test(key) || key.split('/').some((p) => p === '.' || p === '..') || !mediaLinkValid(deps.secrets, key, exp, sig))
        return notFound();
      const size = await deps.files.size(key);
      if (size === undefined) return notFound();
      const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
      // The signed link is the only key to the file (no cookie, no session): a page of another origin holding it may
      // show it (the original front desk served from another host, CORS_ORIGINS), as it could fetch it anyway.
      reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream');
      const range = parseRange(req.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      reply.header('content-length', String(size === 0 ? 0 : end - start + 1));
      if (req.method === 'HEAD' || size === 0) return reply.send();
      const stream = await deps.files.streamRange(key, start, end);
      if (!stream) return notFound();
      return reply.send(stream);
    },
  });
}

/** The shape of a store key (platform/files/files.ts checks it again); a signed link never names anything else. */
const MEDIA_KEY = /^[a-z0-9]+(?:\/[A-Za-z0-9_.-]+)+$/;
