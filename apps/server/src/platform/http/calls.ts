import fs from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { answersStatus, type CallDef, type FieldError, isWriteCall, type LogDescription, Role, Status, statusInfo } from '@openvisit/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { assertScoped, resolveApiKey, resolveCaller } from '../identity/apiKeys.js';
import { type AuthenticatedDevice, deviceCredentialOf, legacyDeviceCodeOf } from '../identity/deviceAuth.js';
import { assertGranted, assertPasswordChanged, assertWritable, resolveSession, type Session } from '../identity/sessions.js';
import { dbOf, type SystemScope, sessionScope, systemScope, type TenantScope, tenantScope } from '../identity/tenancy.js';
import type { Services } from '../services.js';
import { type Actor, clientEnd, writeLog } from './audit.js';
import { DIALECT_PREFIX, type DialectAdapter, type DialectAdapters, dialectRequest, dialectResponse, dialectToken, ownsToken } from './dialect.js';
import { AppError, badParams } from './errors.js';
import { type Caller, claimKey, idempotencyKeyOf, keepAnswer, releaseKey, requestHash } from './idempotency.js';
import { checkedOutput, contractOutput } from './outputs.js';
import { withRequestCache } from './requestCache.js';
import { readUpload, type UploadedFile, type UploadedTempFile } from './uploads.js';

export const TOKEN_HEADER = 'x-coolvisit-token';

export interface CallContext {
  /** Cross-company queries (sign-in by name, link tokens): only `*.system.repository.ts` take it. */
  system: SystemScope;
  config: Config;
  services: Services;
  /** Null only for public calls. */
  session: Session | null;
  ip: string;
  userAgent: string;
  /** The request's headers (a signed public call reads its signature from them); absent for jobs. */
  headers?: IncomingHttpHeaders;
  /** Adds a Set-Cookie header to the answer (a sign-in marks its device, platform/identity/knownDevices.ts); absent for jobs. */
  setCookie?: (cookie: string) => void;
  log: FastifyBaseLogger;
  /** The uploaded file of an upload call. */
  file?: UploadedFile;
  /**
   * The uploaded file of a streamed upload call (`upload.toFile`): a temporary file, removed after the call whatever
   * its outcome unless the handler moved it into the store (`files.putFile`).
   */
  upload?: UploadedTempFile;
  /**
   * What the automatic operation-log row names; sign-in handlers set the actor they signed in. `desc` is a key of the
   * contract's logDescriptions with its parameters: `ctx.audit.desc = logDesc('cardsSynced', { issued, cleared, refused })`.
   */
  audit: { objId?: string | number; objName?: string; desc?: LogDescription; actor?: Actor; skip?: boolean };
}

export interface AuthedContext extends CallContext {
  session: Session;
  /** The caller's company, sub-company and gates, from the session: what every repository is built from. */
  tenant: TenantScope;
}

/** What a dialect adaptation of an answer may read of its call (platform/http/dialect.ts): the services and, with a session, the tenant. */
export type DialectContext = CallContext & { tenant?: TenantScope };

/** A call made by a door device: its company's scope comes from the device row. */
export interface DeviceContext extends CallContext {
  device: AuthenticatedDevice;
  tenant: TenantScope;
}

export interface Binding {
  call: CallDef;
  handler: (input: unknown, ctx: CallContext) => Promise<unknown>;
}

/** The context a background job acts in for one company: that company's scope, as an automatic administrator. */
export function jobContext(
  deps: { system: SystemScope; config: Config; services: Services; log: FastifyBaseLogger },
  companyId: number,
  who: { job: string; account: string; name: string },
): AuthedContext {
  const session = automaticSession(companyId, who);
  return {
    config: deps.config,
    services: deps.services,
    system: deps.system,
    tenant: sessionScope(dbOf(deps.system), session),
    ip: '',
    userAgent: `openvisit-${who.job}`,
    log: deps.log.child({ companyId, job: who.job }),
    audit: {},
    session,
  };
}

/**
 * A request made with an API key outside the contract's calls (SCIM, modules/scim): the key's company as its
 * administrator, the key's scopes on the session; AppError 27 or 29 for a key that is not (or no longer) valid.
 */
export async function apiKeyContext(
  deps: { system: SystemScope; config: Config; services: Services },
  req: FastifyRequest,
  key: string,
): Promise<AuthedContext> {
  const db = dbOf(deps.system);
  const session = await resolveApiKey(db, key, req.ip);
  return {
    system: deps.system,
    config: deps.config,
    services: deps.services,
    session,
    tenant: sessionScope(db, session),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    headers: req.headers,
    log: req.log,
    audit: {},
  };
}

/**
 * A door device acting on a visit (signing a visitor in or out through the state machine): the device's company as an
 * automatic actor named after the device, like a job's. Only the server's own code runs under it.
 */
export function deviceActorContext(ctx: DeviceContext): AuthedContext {
  return actorContext(ctx, ctx.device.companyId, { account: `device:${ctx.device.code}`, name: ctx.device.name });
}

/**
 * A call without a session acting for the company its credential named (a signed booking app): an automatic actor
 * of that company, like a device's. Only the server's own code runs under it.
 */
export function actorContext(ctx: CallContext, companyId: number, who: { account: string; name: string }): AuthedContext {
  const session = automaticSession(companyId, who);
  return { ...ctx, tenant: sessionScope(dbOf(ctx.system), session), session };
}

function automaticSession(companyId: number, who: { account: string; name: string }): Session {
  return {
    id: 0,
    companyId,
    role: Role.ADMIN,
    accountKind: 'admin',
    accountId: 0,
    account: who.account,
    name: who.name,
    companyName: '',
    sType: -1,
    subAccountId: null,
    supplierId: null,
    gids: [],
    expiresAt: new Date(8.64e15),
    mustChangePassword: false,
    grants: null,
  };
}

type HandlerCtx<C extends CallDef> = C['access'] extends 'public' ? CallContext : C['access'] extends 'device' ? DeviceContext : AuthedContext;

/** Binds a handler to its contract declaration; input arrives parsed, output is cut to the contract (platform/http/outputs.ts). */
export function bind<C extends CallDef>(
  call: C,
  handler: (input: z.output<C['input']>, ctx: HandlerCtx<C>) => Promise<z.input<C['output']>>,
): Binding {
  return { call, handler: handler as Binding['handler'] };
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    let rule: string = issue.code;
    // Our schemas name their failures with a bare key (custom checks, regex messages); zod's own messages are sentences.
    if (issue.code === 'custom' || /^[a-z][A-Za-z]*$/.test(issue.message)) rule = issue.message;
    else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) rule = 'required';
    else if (issue.code === 'too_small' && (issue as { minimum?: unknown }).minimum === 1) rule = 'required';
    return { field, rule };
  });
}

function tokenOf(req: FastifyRequest, call: CallDef): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  // Only GET calls may carry the token in the query (the original's user/info and downloads).
  if (call.method === 'GET') {
    const q = (req.query as Record<string, unknown>).token;
    if (typeof q === 'string' && q) return q;
  }
  return undefined;
}

/**
 * The session of a call; an original client's token forms are read under `/qcvisit/` (platform/http/dialect.ts); under
 * `/api/` a machine may call with `Authorization: Bearer ovk_…` (an API key) instead of a session's token.
 */
async function sessionOf(db: Db, req: FastifyRequest, call: CallDef, dialect: boolean): Promise<Session> {
  const given = tokenOf(req, call);
  if (!dialect) return resolveCaller(db, given, req.headers.authorization, req.ip);
  const read = dialectToken(given);
  const session = await resolveSession(db, read?.token);
  // `<account>-<token>`: a prefix naming someone else is not this session's token.
  if (!ownsToken(read?.owner, session)) throw new AppError(Status.TOKEN_INVALID);
  return session;
}

interface CallDeps {
  db: Db;
  config: Config;
  services: Services;
  /** The original's dialect, call by call (modules/compat), spoken under `/qcvisit/`. */
  dialect: DialectAdapters<DialectContext>;
}

export function registerCalls(app: FastifyInstance, deps: CallDeps, bindings: Binding[]): void {
  const limiters = new Map<string, ReturnType<FastifyInstance['rateLimit']>>();
  const byName = new Map(bindings.map((b) => [b.call.name, b]));
  const bindingNamed = (name: string, by: string) => {
    const found = byName.get(name);
    if (!found) throw new Error(`dialect name ${by}: no call ${name}`);
    return found;
  };
  const route = (url: string, binding: Binding, dialect: DialectAdapter<DialectContext> | null) => {
    const { call } = binding;
    const rate = call.rate ? deps.config.rateLimits[call.rate] : undefined;
    // One limiter (one counter per client) for the call under every name and prefix: a route's own rate-limit config
    // would give each a store, multiplying the limit.
    let limiter = limiters.get(call.name);
    if (rate && !limiter) {
      limiter = app.rateLimit({ max: rate, timeWindow: 60_000 });
      limiters.set(call.name, limiter);
    }
    // An original call doing the work of several of ours runs the one its body asks for.
    const pick = dialect?.pick;
    app.route({
      method: call.method ?? 'POST',
      url,
      ...(limiter && { config: { rateLimit: false }, onRequest: limiter }),
      ...(call.maxBodyBytes && { bodyLimit: call.maxBodyBytes }),
      handler: (req, reply) => {
        const picked = pick?.(req.body, dialectToken(tokenOf(req, call)) !== undefined);
        const run = picked ? bindingNamed(picked, call.name) : binding;
        return withRequestCache(() => runCall(run, deps, req, reply, dialect));
      },
      // A streamed upload's temporary file goes whatever happened (refused, failed, the client gone): moved, it is no longer there.
      ...(call.upload?.toFile && { onResponse: removeTemp, onRequestAbort: removeTemp }),
    });
  };
  for (const binding of bindings) {
    route(`/api/${binding.call.name}`, binding, null);
    route(`${DIALECT_PREFIX}${binding.call.name}`, binding, deps.dialect[binding.call.name] ?? {});
  }
  // The original's names for our calls, under /qcvisit/ only.
  for (const [name, adapter] of Object.entries(deps.dialect)) {
    if (!adapter.call) continue;
    if (byName.has(name)) throw new Error(`dialect name ${name} shadows a call`);
    route(`${DIALECT_PREFIX}${name}`, bindingNamed(adapter.call, name), adapter);
  }
}

async function runCall(
  { call, handler }: Binding,
  deps: CallDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  dialect: DialectAdapter<DialectContext> | null,
): Promise<void> {
  if (call.feature && !deps.config.features[call.feature]) {
    reply.code(404).send({ status: 404, reason: `Unknown call: ${call.name}`, result: null });
    return;
  }
  const ctx: CallContext & { tenant?: TenantScope; device?: AuthenticatedDevice } = {
    config: deps.config,
    services: deps.services,
    system: systemScope(deps.db),
    session: null,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    headers: req.headers,
    setCookie: (cookie) => void reply.header('set-cookie', cookie),
    log: req.log,
    audit: {},
  };
  try {
    if (call.access === 'device') await authenticateDevice(deps, req, ctx, Boolean(dialect && call.legacyDevice));
    else if (call.access !== 'public') {
      if (dialect?.withoutSession && !dialectToken(tokenOf(req, call))) {
        reply.send({ status: Status.SUCCESS, reason: 'success', result: dialect.withoutSession() });
        return;
      }
      const session = await sessionOf(deps.db, req, call, dialect !== null);
      if (!(call.access as readonly Role[]).includes(session.role)) throw new AppError(Status.NO_PERMISSION);
      // A module-driven account (a sub-administrator, a sub-company of adminType other than 0) only in its granted modules.
      assertGranted(session, call);
      assertScoped(session, call);
      assertPasswordChanged(session, call.name);
      assertWritable(session, call);
      ctx.session = session;
      ctx.tenant = sessionScope(deps.db, session);
      req.log = req.log.child({ companyId: session.companyId, account: session.account });
      ctx.log = req.log;
    }
    // A GET call an original name runs by a POST (`pick`) reads the body the client sent.
    let raw: unknown = req.method === 'GET' ? (req.query ?? {}) : (req.body ?? {});
    if (call.upload) {
      const upload = await readUpload(req, call.upload, { config: deps.config, files: deps.services.files });
      ctx.file = upload.file;
      ctx.upload = upload.temp;
      if (upload.temp) tempFiles.set(req, upload.temp.path);
      raw = upload.fields;
    }
    const sent = raw;
    if (dialect) raw = dialectRequest(call, raw, dialect);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badParams([{ field: '', rule: 'invalid_type' }]);
    // The tenant comes from the session; a body naming another company is refused, never obeyed.
    const bodyUserid = (raw as { userid?: unknown }).userid;
    if (ctx.session && bodyUserid !== undefined && bodyUserid !== null && bodyUserid !== '' && Number(bodyUserid) !== ctx.session.companyId)
      throw new AppError(Status.NO_PERMISSION);
    // Checked above and otherwise unused: the handler takes the company from the session.
    const { userid: _userid, ...fields } = raw as Record<string, unknown>;
    const parsed = call.input.safeParse(fields);
    if (!parsed.success) throw badParams(fieldErrors(parsed.error));
    const { envelope, replayed } = await onceByKey(deps.db, ctx, call, req.headers, parsed.data, async () => {
      const answer = await handler(parsed.data, ctx);
      const ours = deps.config.env === 'production' ? contractOutput(call.output, answer) : checkedOutput(call.output, answer, call.name);
      const result = dialect ? await dialectResponse(ours, sent, dialect, ctx) : ours;
      if (call.log && !ctx.audit.skip) await logCall(deps, call.log, ctx);
      return { status: Status.SUCCESS, reason: 'success', result };
    });
    await removeTemp(req);
    if (replayed) reply.header('idempotent-replayed', 'true');
    reply.send(envelope);
  } catch (err) {
    if (err instanceof AppError) {
      checkDeclared(call, err, deps.config, ctx.log);
      await removeTemp(req);
      reply.send({ status: err.status, reason: err.message, result: err.result });
      return;
    }
    throw err;
  }
}

/** The operation-log entry of a call with `log`, by the audit slot's actor or the session. */
async function logCall(deps: CallDeps, log: NonNullable<CallDef['log']>, ctx: CallContext): Promise<void> {
  const actor = ctx.audit.actor ?? ctx.session;
  if (!actor) return;
  await writeLog(
    deps.db,
    deps.services.secrets,
    actor,
    {
      module: log.module,
      event: log.event,
      objId: ctx.audit.objId,
      objName: ctx.audit.objName,
      desc: ctx.audit.desc,
      client: clientEnd(ctx.userAgent),
    },
    ctx.ip,
  );
}

interface Envelope {
  status: number;
  reason: string;
  result: unknown;
}

/** Who an Idempotency-Key belongs to: the session's account, or the door device. */
function callerOf(ctx: CallContext & { device?: AuthenticatedDevice }): Caller | null {
  const s = ctx.session;
  if (s) return { companyId: s.companyId, principal: s.apiKey ? `apiKey:${s.apiKey.id}` : `${s.accountKind}:${s.accountId}` };
  if (ctx.device) return { companyId: ctx.device.companyId, principal: `device:${ctx.device.id}` };
  return null;
}

/**
 * A write with an `Idempotency-Key` runs once (platform/http/idempotency.ts): a repeat is answered the first answer,
 * refusals included; a failure that is not an answer (the server's, the database away) frees the key for the repeat.
 */
async function onceByKey(
  db: Db,
  ctx: CallContext & { device?: AuthenticatedDevice },
  call: CallDef,
  headers: IncomingHttpHeaders,
  input: unknown,
  run: () => Promise<Envelope>,
): Promise<{ envelope: Envelope; replayed: boolean }> {
  const key = isWriteCall(call) ? idempotencyKeyOf(headers) : null;
  const who = callerOf(ctx);
  if (key === null || !who) return { envelope: await run(), replayed: false };
  if (key === 'invalid') throw badParams([{ field: 'Idempotency-Key', rule: 'format' }]);
  const claim = await claimKey(db, who, key, call.name, requestHash(call.name, input));
  if (claim.kind === 'replay') return { envelope: claim.answer as Envelope, replayed: true };
  if (claim.kind === 'mismatch') throw new AppError(Status.IDEMPOTENCY_KEY_REUSED);
  if (claim.kind === 'running') throw new AppError(Status.IDEMPOTENCY_IN_PROGRESS);
  try {
    const envelope = await run();
    await keepAnswer(db, who, key, envelope);
    return { envelope, replayed: false };
  } catch (err) {
    if (err instanceof AppError && err.status !== Status.SERVICE_UNAVAILABLE)
      await keepAnswer(db, who, key, { status: err.status, reason: err.message, result: err.result ?? null });
    else await releaseKey(db, who, key).catch(() => undefined);
    throw err;
  }
}

/**
 * A device's call: its credential (platform/identity/deviceAuth.ts) names the device, whose company is the call's tenant. A
 * session's token instead is 610 (sessions never make device calls), nothing at all 28. Under /qcvisit/ only, a call
 * the original's readers make (`legacyDevice`) without `Authorization` but naming a `deviceCode` is a legacy reader's:
 * the device of that code with `legacyAuth` on, registered at the request's address (`req.ip`, as TRUST_PROXY says).
 */
async function authenticateDevice(
  deps: { db: Db; services: Services },
  req: FastifyRequest,
  ctx: CallContext & { tenant?: TenantScope; device?: AuthenticatedDevice },
  legacyAllowed: boolean,
): Promise<void> {
  let device: AuthenticatedDevice;
  const legacyCode = legacyAllowed && req.headers.authorization === undefined ? legacyDeviceCodeOf(req.body) : undefined;
  try {
    if (legacyCode !== undefined) device = await deps.services.devices.legacy(legacyCode, req.ip);
    else {
      const credential = deviceCredentialOf(req);
      if (!credential) throw new AppError(req.headers[TOKEN_HEADER] ? Status.NO_PERMISSION : Status.TOKEN_MISSING);
      device = await deps.services.devices.authenticate(credential.eid, credential.secret, req.ip);
    }
  } catch (err) {
    // A refused credential is worth a look (a stolen or stale secret, someone guessing): the device and address, never the secret.
    if (err instanceof AppError && (err.status === Status.DEVICE_NOT_ALLOWED || err.status === Status.DEVICE_DISABLED)) {
      const eid = /^Device\s+(\d{1,10})\./i.exec(req.headers.authorization ?? '')?.[1];
      const who = legacyCode === undefined ? { device: eid ?? null } : { legacyCode: legacyCode.slice(0, 64) };
      req.log.warn({ ...who, ip: req.ip, status: err.status }, 'device credential refused');
    }
    throw err;
  }
  ctx.device = device;
  ctx.tenant = tenantScope(deps.db, { companyId: device.companyId });
  req.log = req.log.child({ companyId: device.companyId, device: device.id, ...(legacyCode !== undefined && { legacy: true }) });
  ctx.log = req.log;
}

/**
 * A refusal the call's contract declaration does not list (nor the universal ones): a warning outside production and
 * a failure (HTTP 500) in tests, so the test that provokes it shows the declaration to complete.
 */
function checkDeclared(call: CallDef, err: AppError, config: Config, log: FastifyBaseLogger): void {
  if (config.env === 'production' || answersStatus(call, err.status)) return;
  const message = `${call.name} answered ${err.status} ${statusInfo(err.status)?.name ?? ''}, which its contract declaration does not list`;
  log.warn({ call: call.name, status: err.status }, message);
  if (config.env === 'test') throw new Error(message);
}

/** The temporary file of each streamed upload in flight, removed when its request ends. */
const tempFiles = new WeakMap<FastifyRequest, string>();

async function removeTemp(req: FastifyRequest): Promise<void> {
  const path = tempFiles.get(req);
  if (!path) return;
  tempFiles.delete(req);
  await fs.rm(path, { force: true }).catch((err) => req.log.warn({ err }, 'temporary upload not removed'));
}

/** The context inside a service's transaction: repositories built from its scope take part in the transaction. */
export function inTx<C extends AuthedContext>(ctx: C, tx: TenantScope): C {
  return { ...ctx, tenant: tx };
}
