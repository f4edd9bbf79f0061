import type { Readable } from 'node:stream';
import { type DownloadDef, type Role, Status } from '@openvisit/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { assertScoped, resolveCaller } from '../identity/apiKeys.js';
import { assertGranted, assertPasswordChanged } from '../identity/sessions.js';
import { sessionScope, systemScope } from '../identity/tenancy.js';
import type { Services } from '../services.js';
import { clientEnd, writeLog } from './audit.js';
import { type AuthedContext, type CallContext, fieldErrors } from './calls.js';
import { AppError, badParams } from './errors.js';
import { withRequestCache } from './requestCache.js';

/** A stream, or a stream with the file name it should be saved under (instead of `<fileName>-<time>.<extension>`). */
export type DownloadBody = Readable | { stream: Readable; fileName: string };

export interface DownloadBinding {
  def: DownloadDef;
  handler: (input: unknown, ctx: CallContext) => Promise<DownloadBody>;
}

/** A public download's handler admits the caller from its input itself; any other runs under the session. */
type DownloadCtx<D extends DownloadDef> = D['access'] extends 'public' ? CallContext : AuthedContext;

export function bindDownload<D extends DownloadDef>(
  def: D,
  handler: (input: z.output<D['input']>, ctx: DownloadCtx<D>) => Promise<DownloadBody>,
): DownloadBinding {
  return { def, handler: handler as DownloadBinding['handler'] };
}

function stamp(): string {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}-${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;
}

/**
 * The plain `filename` of the header: ASCII only (Node refuses a header holding e.g. Chinese characters, which would
 * fail the download); browsers take the full name from `filename*`.
 */
const asciiName = (file: string) => file.replace(/[^\x20-\x7e]|["\\]/g, '_');
const tokenHeader = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** GET /api/<name>: the session from the header (or an API key within its scopes), the role and feature checks, the query parsed by the contract, then the stream. */
export function registerDownloads(app: FastifyInstance, deps: { db: Db; config: Config; services: Services }, bindings: DownloadBinding[]): void {
  for (const { def, handler } of bindings) {
    const rate = def.rate ? deps.config.rateLimits[def.rate] : undefined;
    app.get(
      def.path ?? `/api/${def.name}`,
      rate ? { config: { rateLimit: false }, onRequest: app.rateLimit({ max: rate, timeWindow: 60_000 }) } : {},
      (req, reply) =>
        withRequestCache(async () => {
          if (def.feature && !deps.config.features[def.feature])
            return reply.code(404).send({ status: 404, reason: `Unknown call: ${def.name}`, result: null });
          try {
            const session =
              def.access === 'public'
                ? null
                : await resolveCaller(deps.db, tokenHeader(req.headers['x-coolvisit-token']), req.headers.authorization, req.ip);
            if (session) {
              if (!(def.access as readonly Role[]).includes(session.role)) throw new AppError(Status.NO_PERMISSION);
              assertGranted(session, def);
              // A download only reads: a key with its area's read scope may take it (the log's export entry names the key).
              assertScoped(session, { name: def.name, area: def.area });
              assertPasswordChanged(session, def.name);
            }
            const parsed = def.input.safeParse({ ...((req.query as object) ?? {}), ...((req.params as object) ?? {}) });
            if (!parsed.success) throw badParams(fieldErrors(parsed.error));
            const base = {
              config: deps.config,
              services: deps.services,
              system: systemScope(deps.db),
              ip: req.ip,
              userAgent: req.headers['user-agent'] ?? '',
              log: req.log,
              audit: {},
            };
            const ctx: AuthedContext | CallContext = session
              ? { ...base, session, tenant: sessionScope(deps.db, session) }
              : { ...base, session: null };
            const body = await handler(parsed.data, ctx);
            const stream = 'stream' in body ? body.stream : body;
            // A public download logs what its handler did in its own words (it has no session to name).
            if (def.log && session)
              await writeLog(
                deps.db,
                deps.services.secrets,
                session,
                {
                  module: def.log.module,
                  event: def.log.event,
                  objName: `${def.fileName}.${def.extension}`,
                  desc: ctx.audit.desc,
                  client: clientEnd(ctx.userAgent),
                },
                req.ip,
              );
            const file = 'fileName' in body ? body.fileName : `${def.fileName}-${stamp()}.${def.extension}`;
            return reply
              .header('content-type', def.contentType)
              .header('content-disposition', `attachment; filename="${asciiName(file)}"; filename*=UTF-8''${encodeURIComponent(file)}`)
              .header('cache-control', 'no-store')
              .send(stream);
          } catch (err) {
            if (err instanceof AppError) return reply.send({ status: err.status, reason: err.message, result: err.result });
            throw err;
          }
        }),
    );
  }
}
