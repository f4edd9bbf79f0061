import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allCalls, allDownloads, ONSITE_READERS, Status, statusInfo } from '@openvisit/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { Config } from './config.js';
import { type Database, isDatabaseUnavailable } from './db/client.js';
import { accountExportDownloads } from './modules/accountExport/accountExport.routes.js';
import { registerClosingJobs } from './modules/accounts/accounts.closing.job.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { apiKeysRoutes } from './modules/apiKeys/apiKeys.routes.js';
import { registerApprovalJobs } from './modules/approvals/approvals.deadlines.js';
import { cardState, decideByCard, onApprovalSettled, registerApprovalSubject } from './modules/approvals/approvals.public.js';
import { approvalsRoutes } from './modules/approvals/approvals.routes.js';
import { registerRecoveryJobs } from './modules/auth/auth.recovery.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { registerScreeningSubject } from './modules/blacklist/blacklist.public.js';
import { blacklistDownloads, blacklistRoutes } from './modules/blacklist/blacklist.routes.js';
import { originalDialect } from './modules/compat/compat.dialect.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { registerContactJobs } from './modules/contacts/contacts.schedule.js';
import { registerIclock } from './modules/credentials/credentials.iclock.js';
import { faceSyncRoutes } from './modules/credentials/credentials.routes.js';
import { registerFaceSyncJobs } from './modules/credentials/credentials.schedule.js';
import { departmentsDownloads, departmentsRoutes } from './modules/departments/departments.routes.js';
import { deviceAuthenticator } from './modules/devices/devices.auth.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { doorsRoutes } from './modules/doors/doors.routes.js';
import { employeesDownloads, employeesRoutes } from './modules/employees/employees.routes.js';
import { registerWeComCallback, registerWorkApps } from './modules/im/im.public.js';
import { imRoutes } from './modules/im/im.routes.js';
import { cardApproval } from './modules/interimCards/interimCards.public.js';
import { interimCardsDownloads, interimCardsRoutes } from './modules/interimCards/interimCards.routes.js';
import { registerInvitationJobs } from './modules/invitations/invitations.notices.js';
import { invitationsDownloads, invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { truckApproval, truckScreening } from './modules/logistics/logistics.public.js';
import { logisticsDownloads, logisticsRoutes } from './modules/logistics/logistics.routes.js';
import { registerLogisticsJobs } from './modules/logistics/logistics.sweep.js';
import { logsDownloads, logsRoutes } from './modules/logs/logs.routes.js';
import { meetingsRoutes } from './modules/meetings/meetings.routes.js';
import { monitorRoutes } from './modules/monitor/monitor.routes.js';
import { registerMonitorJobs } from './modules/monitor/monitor.schedule.js';
import { registerNotificationChannels } from './modules/notifications/notifications.channels.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { Notifier } from './modules/notifications/notifier.js';
import { onSiteDownloadRoutes, onSiteRoutes } from './modules/onsite/onsite.routes.js';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.js';
import { passRecordsDownloads, passRecordsRoutes } from './modules/passRecords/passRecords.routes.js';
import { passRulesRoutes } from './modules/passRules/passRules.routes.js';
import { privacyDownloads, privacyRoutes } from './modules/privacy/privacy.routes.js';
import { registerPrivacyJobs } from './modules/privacy/privacy.schedule.js';
import { induction } from './modules/questionnaires/questionnaires.exams.js';
import { questionnairesDownloads, questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.js';
import { questionnaireVideosRoutes } from './modules/questionnaires/questionnaires.videos.routes.js';
import { registrationDownloads, registrationRoutes } from './modules/registration/registration.routes.js';
import { registerReportJobs } from './modules/reports/reports.fill.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { reportTableDownloads, reportTableRoutes } from './modules/reports/reportTable.routes.js';
import { residentApproval, residentScreening } from './modules/residents/residents.public.js';
import { residentsDownloads, residentsRoutes } from './modules/residents/residents.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { registerScimRoutes } from './modules/scim/scim.public.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { registerSamlRoutes, registerSsoJobs } from './modules/sso/sso.public.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { subCompaniesDownloads, subCompaniesRoutes } from './modules/subCompanies/subCompanies.routes.js';
import { superAccountsRoutes } from './modules/superAccounts/superAccounts.routes.js';
import { visitScreening } from './modules/visits/visits.public.js';
import { visitsDownloads, visitsRoutes } from './modules/visits/visits.routes.js';
import { registerVisitJobs } from './modules/visits/visits.schedule.js';
import { registerWebhookRunner } from './modules/webhooks/webhooks.public.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { FolderFileStore } from './platform/files/files.js';
import { registerMedia } from './platform/files/media.js';
import { registerAuditChainJobs } from './platform/http/auditChain.js';
import { type Binding, registerCalls } from './platform/http/calls.js';
import { CARD_PAGE_FILE, isCardPath, registerCardPage } from './platform/http/cardPage.js';
import { dialectUrl } from './platform/http/dialect.js';
import { type DownloadBinding, registerDownloads } from './platform/http/downloads.js';
import { isDatabaseInputError } from './platform/http/errors.js';
import { registerIdempotencyJobs } from './platform/http/idempotency.js';
import { loggerOptions, registerRequestLog } from './platform/http/logging.js';
import { openApiDocument } from './platform/http/openapi.js';
import { registerSecurityHeaders } from './platform/http/securityHeaders.js';
import { secretBox } from './platform/identity/crypto.js';
import { serverSecretKey } from './platform/identity/secretKey.js';
import { registerSignInJobs } from './platform/identity/signinGuard.js';
import { systemScope } from './platform/identity/tenancy.js';
import { OnSiteEvents, registerOnSiteStream } from './platform/jobs/events.js';
import { JobQueue } from './platform/jobs/jobs.js';
import { registerStatisticsJobs } from './platform/jobs/statistics.js';
import { Mailer } from './platform/messages/mail.js';
import { Outbox } from './platform/messages/messages.js';
import type { Services } from './platform/services.js';

const downloads: DownloadBinding[] = [
  ...visitsDownloads,
  ...onSiteDownloadRoutes,
  ...employeesDownloads,
  ...logsDownloads,
  ...departmentsDownloads,
  ...blacklistDownloads,
  ...registrationDownloads,
  ...invitationsDownloads,
  ...reportTableDownloads,
  ...passRecordsDownloads,
  ...questionnairesDownloads,
  ...logisticsDownloads,
  ...residentsDownloads,
  ...interimCardsDownloads,
  ...accountExportDownloads,
  ...privacyDownloads,
  ...subCompaniesDownloads,
];
const bindings: Binding[] = [
  ...authRoutes,
  ...accountsRoutes,
  ...superAccountsRoutes,
  ...logsRoutes,
  ...privacyRoutes,
  ...employeesRoutes,
  ...departmentsRoutes,
  ...blacklistRoutes,
  ...rolesRoutes,
  ...contactsRoutes,
  ...imRoutes,
  ...registrationRoutes,
  ...visitsRoutes,
  ...residentsRoutes,
  ...invitationsRoutes,
  ...approvalsRoutes,
  ...meetingsRoutes,
  ...settingsRoutes,
  ...notificationsRoutes,
  ...reportsRoutes,
  ...onSiteRoutes,
  ...reportTableRoutes,
  ...passRecordsRoutes,
  ...doorsRoutes,
  ...devicesRoutes,
  ...faceSyncRoutes,
  ...monitorRoutes,
  ...passRulesRoutes,
  ...questionnairesRoutes,
  ...questionnaireVideosRoutes,
  ...logisticsRoutes,
  ...interimCardsRoutes,
  ...subCompaniesRoutes,
  ...webhooksRoutes,
  ...apiKeysRoutes,
  ...ssoRoutes,
  ...passkeysRoutes,
];

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(config: Config, database: Database): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logStream),
    // Fastify's two lines per request are off: registerRequestLog writes one, at debug unless it needs a look.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // A hop count as proxy-addr's own (`i < n`: the peer and the next n-1 entries are proxies). Fastify turns a bare
    // number into "trust nothing", so it is given as the function.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: false,
    // The original's clients send some call names with a trailing blank (`getVisitorType `).
    rewriteUrl: (req) => dialectUrl(req.url ?? '/'),
    genReqId: () => crypto.randomUUID(),
    // A URL the router cannot decode (e.g. %ED%A0%80) answers the envelope, not Fastify's own error shape.
    frameworkErrors: (_err, _req, reply) =>
      (reply as FastifyReply).code(400).send({ status: Status.BAD_PARAMS, reason: 'Malformed request URL', result: null }),
  });
  const services = await startServices(app, config, database);
  checkBindings();
  await registerGuards(app, config);
  const { db } = database;
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 10_000 } });
  registerCalls(app, { db, config, services, dialect: originalDialect }, bindings);
  registerDownloads(app, { db, config, services }, downloads);
  registerOnSiteStream(app, { db, events: services.events, access: ONSITE_READERS, limits: config.onsiteStreams });
  registerMedia(app, { files: services.files, secrets: services.secrets });
  if (config.features.accessControl) registerIclock(app, { system: systemScope(db), config, services });
  registerWeComCallback(app, { system: systemScope(db), config, services, log: app.log });
  registerSamlRoutes(app, { system: systemScope(db), config, secrets: services.secrets });
  registerScimRoutes(app, { system: systemScope(db), config, services, log: app.log });
  await registerInfoRoutes(app, config, database);
  await registerWeb(app, config);
  return { app, services };
}

/** The background machinery (jobs, outbox, mail, notifier, on-site events) and the services handed to every call; stopped when the app closes. */
async function startServices(app: FastifyInstance, config: Config, database: Database): Promise<Services> {
  const { db } = database;
  const jobs = new JobQueue(db, app.log);
  const secrets = secretBox(serverSecretKey(config));
  const outbox = new Outbox(db, jobs, app.log, secrets);
  const mailer = new Mailer(outbox, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom, allowPrivateEndpoints: config.allowPrivateEndpoints });
  const system = systemScope(db);
  // The platform declares the notifier (platform/messages/notify.ts); the notifications module implements it, handed in here.
  const notifier = new Notifier({ system, config, secrets }, mailer, outbox);
  const events = new OnSiteEvents();
  const files = new FolderFileStore(path.join(config.dataDir, 'files'));
  // Uploads a stopped process was receiving (streamed videos) are left in the store's temporary folder.
  files.sweepTemp().catch((err) => app.log.warn({ err }, 'temporary uploads not swept'));
  // The platform authenticates device calls (platform/identity/deviceAuth.ts); the devices module, owning the table, implements it.
  const services: Services = { mailer, outbox, notifier, jobs, secrets, events, files, devices: deviceAuthenticator(system), induction };
  registerNotificationChannels({ system, config, secrets, services });
  registerContactJobs({ system, config, services, log: app.log });
  registerVisitJobs({ system, jobs });
  registerReportJobs({ system, jobs });
  registerSignInJobs({ db: system, jobs });
  registerIdempotencyJobs({ db, jobs });
  registerSsoJobs({ system, jobs });
  if (database.kind === 'pglite') registerStatisticsJobs({ db: system, jobs });
  registerInvitationJobs({ system, config, jobs, mailer, secrets, log: app.log });
  registerMonitorJobs({ system, config, services, log: app.log });
  const stopCredentials = registerFaceSyncJobs({
    system,
    jobs,
    config,
    log: app.log,
    listen: (channel, fn) => database.listen(channel, fn),
    services,
  });
  registerLogisticsJobs({ system, jobs, files });
  registerApprovalJobs({ system, jobs, config, services, log: app.log });
  // Approvals decide trucks and temporary cards through their own modules, which submit to approvals (no import back).
  registerApprovalSubject('truck', truckApproval);
  registerApprovalSubject('interimCard', cardApproval);
  registerApprovalSubject('resident', residentApproval);
  // A screening reviewer's decision moves the held visit through the visits module, which screens (no import back).
  registerScreeningSubject('visit', visitScreening);
  registerScreeningSubject('resident', residentScreening);
  registerScreeningSubject('truck', truckScreening);
  // A press on a work app's card decides through approvals, and approvals' decisions update the cards; approvals reaches
  // im only through notifications and these hand-overs (no import back).
  const stopWorkApps = registerWorkApps(
    { system, config, services, log: app.log },
    { decide: decideByCard, state: cardState, onSettled: onApprovalSettled },
  );
  registerClosingJobs({ system, jobs, files, log: app.log });
  registerRecoveryJobs({ system, config, services, log: app.log });
  registerPrivacyJobs({ system, config, services, log: app.log });
  registerWebhookRunner(jobs, {
    system,
    secrets,
    notifier,
    allowPrivate: config.allowPrivateEndpoints,
    timeoutMs: config.notify.timeoutMs,
    publicUrl: config.publicUrl,
    listen: (channel, fn) => database.listen(channel, fn),
    log: app.log,
  });
  await registerAuditChainJobs({ db: system, jobs, secrets });
  await events.start(database);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await stopCredentials();
    await stopWorkApps();
    mailer.close();
    await events.close();
  });
  return services;
}

/** Every call the contract declares must be answered: a missing handler is a start-up error, not a 404 later. */
function checkBindings(): void {
  const bound = new Set(bindings.map((b) => b.call.name));
  for (const d of downloads) bound.add(d.def.name);
  const missing = [...allCalls, ...allDownloads].filter((c) => !bound.has(c.name)).map((c) => c.name);
  if (missing.length) throw new Error(`calls without a handler: ${missing.join(', ')}`);
  const declared = new Set([...allCalls, ...allDownloads].map((c) => c.name));
  const undeclared = [...bound].filter((name) => !declared.has(name));
  if (undeclared.length) throw new Error(`handlers for calls the contract does not declare: ${undeclared.join(', ')}`);
}

/** Security headers, CORS, the rate limit and the error answers for requests no call handles. */
async function registerGuards(app: FastifyInstance, config: Config): Promise<void> {
  registerSecurityHeaders(app, config.publicUrl.startsWith('https://'));
  registerRequestLog(app, config.logLevel);
  if (config.corsOrigins.length)
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['content-type', 'x-coolvisit-token', 'idempotency-key'],
      exposedHeaders: ['idempotent-replayed'],
    });
  await app.register(rateLimit, {
    max: config.rateLimits.global,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      status: 429,
      reason: `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} s`,
      result: null,
    }),
  });

  app.setErrorHandler((err: Error, req, reply) => {
    // A download that fails before its first byte has set its file's headers already; the envelope is JSON.
    reply.removeHeader('content-disposition').header('content-type', 'application/json; charset=utf-8');
    const code = (err as { statusCode?: number }).statusCode ?? 500;
    if (code === 429) return reply.code(429).send({ status: 429, reason: (err as { reason?: string }).reason ?? err.message, result: null });
    if (code === 413) return reply.code(413).send({ status: 413, reason: 'Request body too large', result: null });
    if (code >= 400 && code < 500) {
      const reason =
        (err as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Content-Type must be application/json' : 'Malformed request body';
      // The HTTP code says what went wrong in transport; the envelope carries a status of the catalogue.
      return reply.code(code).send({ status: Status.BAD_PARAMS, reason, result: null });
    }
    // Input the database refused as invalid is the caller's mistake, not a server error. In tests it stays a 500, so
    // the fuzz test finds the contract primitive that should have refused it first.
    if (isDatabaseInputError(err) && config.env !== 'test') {
      // The code only: the error itself would carry the statement's parameters into the log.
      const sqlstate = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      req.log.warn({ reqId: req.id, code: sqlstate }, 'the database refused input the contract let through');
      return reply.code(200).send({ status: Status.BAD_PARAMS, reason: 'Invalid input', result: null });
    }
    if (isDatabaseUnavailable(err)) {
      // A database restart or failover: the request may be retried; /healthz says the same meanwhile.
      req.log.warn({ reqId: req.id, code: (err as { cause?: { code?: string } }).cause?.code }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: Status.SERVICE_UNAVAILABLE, reason: statusInfo(Status.SERVICE_UNAVAILABLE)?.en, result: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: Status.SERVER_ERROR, reason: `Server error (request ${req.id})`, result: null });
  });
}

/** Health, runtime configuration and the OpenAPI document. */
async function registerInfoRoutes(app: FastifyInstance, config: Config, database: Database): Promise<void> {
  const { db } = database;
  app.get('/healthz', async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  /** Runtime configuration for the console: feature switches and labels an operator can change without a rebuild. */
  app.get('/api/config', async () => ({
    status: 0,
    reason: 'success',
    result: {
      version: config.versionLabel,
      siteLabel: config.siteLabel,
      captcha: config.captcha,
      features: config.features,
      hseAdminChange: config.hseAdminChange,
    },
  }));

  // Made on its first request, not at start-up: converting every call's schemas took some 300 ms of each 4 s start.
  // The docs page reads the same document (its transform answers it in place of the plugin's placeholder).
  const document = () => openApiDocument(config.versionLabel);
  app.get('/api/openapi.json', async () => document());
  await app.register(swagger, {
    mode: 'static',
    specification: { document: { openapi: '3.1.0', info: { title: 'OpenVisit', version: config.versionLabel }, paths: {} } as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'none', deepLinking: true },
    transformSpecification: () => document() as never,
    transformSpecificationClone: false,
  });
}

/** The built web app (console and kiosk) and the 404 answer for everything else. */
/**
 * How long a browser keeps a file of the console's build. Hashed assets (/assets/*) never change under their name: a
 * year, never revalidated. The pages (index.html, kiosk.html) name the hashed assets of their build, and the kiosk's
 * service worker names its cache after them: always revalidated. Anything else: an hour.
 */
export function webCacheControl(webDist: string, file: string): string {
  if (path.relative(path.resolve(webDist), path.resolve(file)).startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html') || path.basename(file) === 'kiosk-sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const webDist = config.webDist;
  const hasWeb = webDist && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      // The build writes each text file beside itself as .br and .gz (apps/web/vite.config.ts): the answer is the one
      // the browser accepts, else the file itself, with `Vary: Accept-Encoding` either way.
      preCompressed: true,
      setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(webDist, file.replace(/\.(br|gz)$/, ''))),
    });
  const hasKiosk = hasWeb && fs.existsSync(path.join(webDist, 'kiosk.html'));
  registerCardPage(app, { hasPage: !!hasWeb && fs.existsSync(path.join(webDist, CARD_PAGE_FILE)), origins: config.corsOrigins });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    // A missing file (an asset of an older build, say) is a 404, never index.html served as script.
    const lastSegment = url.slice(url.lastIndexOf('/') + 1);
    // HEAD too: link checkers and load balancers' health probes ask a page's headers only.
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (url.startsWith('/api/') || url.startsWith('/qcvisit/') || isCardPath(url) || !read || !hasWeb || lastSegment.includes('.')) {
      return reply.code(404).send({ status: 404, reason: `Unknown call: ${url}`, result: null });
    }
    // The visitor kiosk is a page of its own (kiosk.html, served as a file); /kiosk is a short name for it.
    if (hasKiosk && (url === '/kiosk' || url.startsWith('/kiosk/'))) return reply.header('cache-control', 'no-cache').sendFile('kiosk.html');
    // The console is a single-page app: its routes are all answered with index.html.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
