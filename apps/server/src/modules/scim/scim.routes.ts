import { API_SCIM_SCOPE } from '@openvisit/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type AuthedContext, apiKeyContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { bearerApiKey } from '../../platform/identity/apiKeys.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import { type Filter, FilterError, parseFilter } from './scim.filter.js';
import { createGroup, getGroup, listGroups, patchGroup, removeGroup, replaceGroup } from './scim.groups.js';
import { errorBody, type Json, SCHEMA, ScimError } from './scim.resources.js';
import { createUser, getUser, listUsers, patchUser, removeUser, replaceUser } from './scim.users.js';

export interface ScimDeps {
  system: SystemScope;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
}

const CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** A provider's request is a person or a group with its members; a megabyte holds 10,000 members. */
const BODY_LIMIT = 1024 * 1024;
const PAGE_MAX = 200;

/**
 * SCIM 2.0 (RFC 7643, 7644) under `/scim/v2`: an identity provider provisions the company's employees (Users) and
 * roles (Groups), calling with an API key that has the `scim` scope (docs/modules/scim.md). The company is the key's;
 * another company's ids are not found. Every answer is SCIM's JSON, errors included.
 */
export function registerScimRoutes(app: FastifyInstance, deps: ScimDeps): void {
  void app.register(
    async (r) => {
      r.removeAllContentTypeParsers();
      r.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
        try {
          done(null, body === '' ? {} : JSON.parse(body as string));
        } catch {
          done(new ScimError(400, 'The body is not JSON', 'invalidSyntax'), undefined);
        }
      });
      r.setErrorHandler((err, _req, reply) => {
        if (err instanceof ScimError) return send(reply, err.status, errorBody(err));
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 413) return send(reply, 413, errorBody(new ScimError(413, 'The request is too large')));
        if (status && status >= 400 && status < 500)
          return send(reply, 400, errorBody(new ScimError(400, 'The request could not be read', 'invalidSyntax')));
        deps.log.error({ err }, 'SCIM request failed');
        return send(reply, 500, { schemas: [SCHEMA.error], status: '500', detail: 'The server could not complete the request' });
      });
      const route = (
        method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: string,
        run: (ctx: AuthedContext, req: FastifyRequest) => Promise<[number, Json | null]>,
      ) =>
        r.route({
          method,
          url,
          handler: async (req, reply) => {
            const [status, body] = await run(await contextOf(deps, req), req);
            if (body?.meta && typeof body.meta === 'object') {
              const m = body.meta as Json;
              reply.header('etag', String(m.version));
              if (status === 201) reply.header('location', String(m.location));
            }
            return body ? send(reply, status, body) : reply.code(status).send();
          },
        });
      route('GET', '/ServiceProviderConfig', async () => [200, serviceProviderConfig(deps.config)]);
      route('GET', '/ResourceTypes', async () => [200, listOf(resourceTypes(deps.config), 1, 2)]);
      route('GET', '/Schemas', async () => [200, listOf(SCHEMAS, 1, SCHEMAS.length)]);
      route('GET', '/Users', async (ctx, req) => page(req, await listUsers(ctx, filterOf(req))));
      route('POST', '/Users', async (ctx, req) => [201, await createUser(ctx, bodyOf(req))]);
      route('GET', '/Users/:id', async (ctx, req) => [200, await getUser(ctx, idParam(req))]);
      route('PUT', '/Users/:id', async (ctx, req) => [200, await replaceUser(ctx, idParam(req), bodyOf(req))]);
      route('PATCH', '/Users/:id', async (ctx, req) => [200, await patchUser(ctx, idParam(req), bodyOf(req))]);
      route('DELETE', '/Users/:id', async (ctx, req) => {
        await removeUser(ctx, idParam(req));
        return [204, null];
      });
      route('GET', '/Groups', async (ctx, req) => page(req, await listGroups(ctx, filterOf(req))));
      route('POST', '/Groups', async (ctx, req) => [201, await createGroup(ctx, bodyOf(req))]);
      route('GET', '/Groups/:id', async (ctx, req) => [200, await getGroup(ctx, idParam(req))]);
      route('PUT', '/Groups/:id', async (ctx, req) => [200, await replaceGroup(ctx, idParam(req), bodyOf(req))]);
      route('PATCH', '/Groups/:id', async (ctx, req) => [200, await patchGroup(ctx, idParam(req), bodyOf(req))]);
      route('DELETE', '/Groups/:id', async (ctx, req) => {
        await removeGroup(ctx, idParam(req));
        return [204, null];
      });
      r.setNotFoundHandler((_req, reply) => send(reply, 404, errorBody(new ScimError(404, 'No such SCIM endpoint'))));
    },
    { prefix: '/scim/v2' },
  );
}

function send(reply: FastifyReply, status: number, body: Json) {
  return reply.code(status).header('content-type', CONTENT_TYPE).header('cache-control', 'no-store').send(JSON.stringify(body));
}

/** The key's company as its administrator; 401 without a valid key, 403 for a key without the `scim` scope. */
async function contextOf(deps: ScimDeps, req: FastifyRequest): Promise<AuthedContext> {
  const key = bearerApiKey(req.headers.authorization);
  if (!key) throw new ScimError(401, 'An API key with the scim scope is required (Authorization: Bearer ovk_…)');
  let ctx: AuthedContext;
  try {
    ctx = await apiKeyContext(deps, req, key);
  } catch (err) {
    if (err instanceof AppError) throw new ScimError(401, err.message);
    throw err;
  }
  if (!ctx.session.apiKey?.scopes.includes(API_SCIM_SCOPE)) throw new ScimError(403, "This API key's scopes do not include scim");
  return ctx;
}

function bodyOf(req: FastifyRequest): Json {
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ScimError(400, 'The body is a JSON object', 'invalidSyntax');
  return body as Json;
}

const idParam = (req: FastifyRequest) => String((req.params as { id?: string }).id ?? '');

function filterOf(req: FastifyRequest): Filter | undefined {
  const raw = (req.query as { filter?: unknown }).filter;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new ScimError(400, 'filter: one filter', 'invalidFilter');
  try {
    return parseFilter(raw);
  } catch (err) {
    if (err instanceof FilterError) throw new ScimError(400, err.message, 'invalidFilter');
    throw err;
  }
}

/** A page of a list (RFC 7644 §3.4.2.4): `startIndex` from 1, `count` up to 200 (100 when not given). */
function page(req: FastifyRequest, all: Json[]): [number, Json] {
  const q = req.query as { startIndex?: string; count?: string };
  const start = q.startIndex === undefined ? 1 : Number(q.startIndex);
  const count = q.count === undefined ? 100 : Number(q.count);
  if (!Number.isInteger(start) || !Number.isInteger(count)) throw new ScimError(400, 'startIndex and count are whole numbers', 'invalidValue');
  const from = Math.max(1, start);
  const size = Math.min(PAGE_MAX, Math.max(0, count));
  return [200, { ...listOf(all.slice(from - 1, from - 1 + size), from, all.length) }];
}

function listOf(resources: Json[], startIndex: number, totalResults: number): Json {
  return { schemas: [SCHEMA.list], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

function serviceProviderConfig(config: Config): Json {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${config.publicUrl}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: PAGE_MAX },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'API key', description: 'Authorization: Bearer ovk_… (an API key with the scim scope)', primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${config.publicUrl}/scim/v2/ServiceProviderConfig` },
  };
}

function resourceTypes(config: Config): Json[] {
  const base = `${config.publicUrl}/scim/v2`;
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'An employee',
      schema: SCHEMA.user,
      schemaExtensions: [{ schema: SCHEMA.enterprise, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A role of the company (an approver in approval flows)',
      schema: SCHEMA.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

const attr = (name: string, type = 'string', extra: Json = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});
const SCHEMAS: Json[] = [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: SCHEMA.user,
    name: 'User',
    attributes: [
      attr('userName', 'string', { required: true, uniqueness: 'server' }),
      attr('name', 'complex', { subAttributes: [attr('formatted'), attr('givenName'), attr('familyName')] }),
      attr('displayName'),
      attr('title'),
      attr('active', 'boolean'),
      attr('emails', 'complex', { multiValued: true, subAttributes: [attr('value'), attr('type'), attr('primary', 'boolean')] }),
      attr('phoneNumbers', 'complex', { multiValued: true, subAttributes: [attr('value'), attr('type'), attr('primary', 'boolean')] }),
      attr('groups', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [attr('value'), attr('display')] }),
    ],
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: SCHEMA.enterprise,
    name: 'EnterpriseUser',
    attributes: [attr('employeeNumber'), attr('department')],
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: SCHEMA.group,
    name: 'Group',
    attributes: [
      attr('displayName', 'string', { required: true }),
      attr('members', 'complex', { multiValued: true, subAttributes: [attr('value'), attr('display')] }),
    ],
  },
];
