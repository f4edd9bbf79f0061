import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { destination, stdSerializers } from 'pino';

/**
 * Query parameters whose values are secrets (a session token in `/api/user/info?token=…`, a link's token, the `sig` of
 * a signed media link `/api/media/…?exp=…&sig=…`, a booking signature's `authid`…), and any name ending in token or
 * secret (`access_token`, `inviteToken`).
 */
const SECRET_PARAM = /^(secid|password|pwd|pass|key|sig|sign|signature|authid|digest|code|vcode|ticket|auth|nonce|mac|hmac|otp)$|(token|secret)$/i;

/**
 * Query parameters holding a person's identifiers (a download of their data, a list filtered by phone): personal data
 * stays out of the server's log.
 */
const PERSONAL_PARAM = /^(phone|vphone|mobile|email|credentialno|idnumber|cardid)$/i;

/** The URL as logged: secret-looking and personal query parameters keep their name, their value is replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return eq >= 0 && (SECRET_PARAM.test(decoded) || PERSONAL_PARAM.test(decoded)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

type SerializedError = Record<string, unknown> & { message?: string; cause?: unknown };

/**
 * An error as logged, without the values a query was run with: drizzle's errors carry `params` and repeat them in the
 * message ("Failed query: … params: …"), and the database's own errors echo row values in `detail` ("Failing row
 * contains (…)", a password hash among them). The SQL text stays: it says what failed, with placeholders only.
 */
export function serializeError(err: unknown): unknown {
  if (typeof err === 'string') return withoutParams(err);
  if (!(err instanceof Error)) return err;
  return scrub(stdSerializers.err(err) as unknown as SerializedError);
}

/** An error's text without the query values drizzle appends to it; for logs and for stored failure reasons. */
export function withoutParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

/** An error's message as a failure reason (a job's, a message's), without query values. */
export function errorText(err: unknown): string {
  return withoutParams(err instanceof Error ? err.message : String(err));
}

function scrub(e: SerializedError, depth = 0): SerializedError {
  const out: SerializedError = { ...e };
  if (typeof out.message === 'string') out.message = withoutParams(out.message);
  if (typeof out.stack === 'string') out.stack = out.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '\nparams: [redacted]$1');
  for (const field of ['params', 'parameters', 'detail', 'where']) if (field in out) out[field] = '[redacted]';
  if (out.cause && typeof out.cause === 'object' && depth < 5) out.cause = scrub(out.cause as SerializedError, depth + 1);
  return out;
}

/**
 * The server's logger: request URLs with secret query parameters redacted, the session and authorisation headers
 * never written, errors without their query values. `stream` sends it elsewhere than stdout (tests read it back).
 */
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    // Written off the request's path (flushed at exit): a synchronous write per line cost ~9 % of a kiosk call. No
    // minimum length: a line the operator waits for (start-up, a kept activation mail) must not wait for others.
    stream: stream ?? destination({ dest: 1, sync: false }),
    redact: ['req.headers["x-coolvisit-token"]', 'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeError as (err: Error) => { type: string; message: string; stack: string },
    },
  };
}

/** A request slower than this is logged at info with its time; faster ones only at debug. */
const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, at debug (Fastify's own two lines per request are off): at info only a server error or a
 * slow request, so a busy site's log holds what needs a look. Client errors are answered in the envelope.
 */
export function registerRequestLog(app: FastifyInstance, level: string): void {
  const debug = level === 'debug' || level === 'trace';
  app.addHook('onResponse', (req, reply, done) => {
    const ms = reply.elapsedTime;
    const notable = reply.statusCode >= 500 || ms >= SLOW_REQUEST_MS;
    if (notable || debug)
      req.log[notable ? 'info' : 'debug']({ req, res: { statusCode: reply.statusCode }, responseTime: Math.round(ms) }, 'request completed');
    done();
  });
}
