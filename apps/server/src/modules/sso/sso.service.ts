import { type In, type Out, SSO_CONNECTIONS_MAX, type SsoConnection, Status } from '@openvisit/contract';
import type { Config } from '../../config.js';
import { departmentsRepository } from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { notRoles } from '../roles/roles.public.js';
import { describeProvider, type OidcClient, type ProviderReach, providerOf, reachable } from './sso.oidc.js';
import { type ConnectionRow, type ConnectionValues, ssoRepository } from './sso.repository.js';
import { acsUrlOf, certExpiry, certNotAfter, fromMetadata, pemOf, type SamlIdp, spEntityIdOf } from './sso.saml.js';

const noSuchConnection = () => new AppError(Status.SSO_UNKNOWN);

/** Where every provider sends the browser back: one address, the state names the connection. */
export const redirectUriOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/signin/sso`;

export const reachOf = (config: Pick<Config, 'allowPrivateEndpoints' | 'contacts'>): ProviderReach => ({
  allowPrivate: config.allowPrivateEndpoints,
  timeoutMs: config.contacts.timeoutMs,
  maxResponseBytes: config.contacts.maxResponseBytes,
});

export function clientOf(secrets: SecretBox, c: ConnectionRow): OidcClient {
  return {
    id: c.id,
    issuer: c.issuer,
    clientId: c.clientId,
    clientSecret: c.clientSecret ? secrets.open(c.clientSecret) : '',
    version: c.updatedAt.getTime(),
  };
}

export function samlIdpOf(c: ConnectionRow): SamlIdp {
  return { id: c.id, entryPoint: c.entryPoint, idpEntityId: c.idpEntityId, idpCert: c.idpCert };
}

function view(config: Pick<Config, 'publicUrl'>, c: ConnectionRow): SsoConnection {
  return {
    id: c.id,
    protocol: c.protocol === 'saml' ? 'saml' : 'oidc',
    name: c.name,
    enabled: c.enabled,
    issuer: c.issuer,
    clientId: c.clientId,
    hasSecret: c.clientSecret !== '',
    entryPoint: c.entryPoint,
    idpEntityId: c.idpEntityId,
    idpCert: c.idpCert,
    certExpiresAt: c.idpCert ? certNotAfter(c.idpCert) : null,
    spEntityId: c.protocol === 'saml' ? spEntityIdOf(config, c.id) : '',
    scopes: c.scopes,
    claims: c.claims,
    jit: c.jit,
    jitDepartmentId: c.jitDepartmentId,
    roleMap: c.roleMap,
    required: c.required,
    redirectUri: redirectUriOf(config),
    lastSignInAt: c.lastSignInAt?.getTime() ?? null,
    createTime: c.createdAt.getTime(),
  };
}

export async function list(ctx: AuthedContext): Promise<Out<'getSsoConnections'>> {
  const rows = await ssoRepository(ctx.tenant).connections();
  return { connections: rows.map((c) => view(ctx.config, c)), redirectUri: redirectUriOf(ctx.config), acsUrl: acsUrlOf(ctx.config) };
}

async function connectionOf(scope: TenantScope, id: number): Promise<ConnectionRow> {
  const c = await ssoRepository(scope).connection(id);
  if (!c) throw noSuchConnection();
  return c;
}

type Fields = Omit<In<'addSsoConnection'>, 'userid' | 'clientSecret'>;
type Checked = Omit<ConnectionValues, 'clientSecret'>;

/**
 * The provider's own fields as they will be stored: an OpenID Connect issuer answering a discovery now; a SAML
 * provider's metadata read, or its address, entity ID and a certificate that holds (the stored one when none is given).
 */
async function providerFields(ctx: AuthedContext, input: Fields, secret: string, storedCert: string) {
  if (input.protocol === 'oidc') {
    await providerOf({ id: 0, issuer: input.issuer, clientId: input.clientId, clientSecret: secret, version: 0 }, reachOf(ctx.config), true);
    return { issuer: input.issuer.replace(/\/+$/, '') || input.issuer, clientId: input.clientId, entryPoint: '', idpEntityId: '', idpCert: '' };
  }
  const saml = input.metadataXml
    ? fromMetadata(input.metadataXml)
    : { entryPoint: input.entryPoint, idpEntityId: input.idpEntityId, idpCert: input.idpCert ? pemOf(input.idpCert) : storedCert };
  certExpiry(saml.idpCert);
  return { issuer: '', clientId: '', ...saml };
}

/** The roles and department a connection names must be the company's; the provider must be usable now. */
async function checked(ctx: AuthedContext, input: Fields, secret: string, storedCert = ''): Promise<Checked> {
  const unknownRoles = await notRoles(
    ctx.tenant,
    input.roleMap.map((r) => r.roleId),
  );
  if (unknownRoles.length)
    throw new AppError(Status.SSO_ROLE_UNKNOWN, `not roles of the company: ${unknownRoles.join(', ')}`, { roleIds: unknownRoles });
  if (input.jitDepartmentId !== null && !(await departmentsRepository(ctx.tenant).byId(input.jitDepartmentId)))
    throw new AppError(Status.SSO_DEPARTMENT_UNKNOWN);
  return {
    ...(await providerFields(ctx, input, secret, storedCert)),
    protocol: input.protocol,
    name: input.name,
    enabled: input.enabled,
    scopes: input.scopes,
    claims: input.claims,
    jit: input.jit,
    jitDepartmentId: input.jitDepartmentId,
    roleMap: input.roleMap,
    required: input.required,
  };
}

export async function add(ctx: AuthedContext, input: In<'addSsoConnection'>): Promise<Out<'addSsoConnection'>> {
  const repo = ssoRepository(ctx.tenant);
  if ((await repo.count()) >= SSO_CONNECTIONS_MAX) throw new AppError(Status.SSO_LIMIT);
  const secret = input.protocol === 'oidc' ? input.clientSecret : '';
  const values = await checked(ctx, input, secret);
  const id = await repo.insert({
    ...values,
    clientSecret: secret ? ctx.services.secrets.seal(secret) : '',
    createdBy: ctx.session.name,
  });
  ctx.audit.objId = id;
  ctx.audit.objName = input.name;
  return { id };
}

export async function update(ctx: AuthedContext, input: In<'updateSsoConnection'>): Promise<null> {
  const c = await connectionOf(ctx.tenant, input.id);
  const stored = clientOf(ctx.services.secrets, c);
  // A secret typed replaces the stored one; none keeps it, unless cleared (a client turned public) or the client changed.
  const given = input.clearSecret ? '' : input.clientSecret || (input.clientId === c.clientId ? stored.clientSecret : '');
  const secret = c.protocol === 'oidc' ? given : '';
  const values = await checked(ctx, { ...input, protocol: c.protocol === 'saml' ? 'saml' : 'oidc' }, secret, c.idpCert);
  await ssoRepository(ctx.tenant).update(c.id, { ...values, clientSecret: secret ? ctx.services.secrets.seal(secret) : '' });
  ctx.audit.objId = c.id;
  ctx.audit.objName = input.name;
  return null;
}

export async function remove(ctx: AuthedContext, input: In<'delSsoConnection'>): Promise<null> {
  const c = await connectionOf(ctx.tenant, input.id);
  await ssoRepository(ctx.tenant).delete(c.id);
  ctx.audit.objId = c.id;
  ctx.audit.objName = c.name;
  return null;
}

export async function test(ctx: AuthedContext, input: In<'testSsoConnection'>): Promise<Out<'testSsoConnection'>> {
  const c = await connectionOf(ctx.tenant, input.id);
  if (c.protocol !== 'saml') return { ...(await describeProvider(clientOf(ctx.services.secrets, c), reachOf(ctx.config))), certExpiresAt: null };
  const started = performance.now();
  const certExpiresAt = certExpiry(c.idpCert);
  await reachable(c.entryPoint, reachOf(ctx.config));
  return {
    issuer: c.idpEntityId,
    authorizationEndpoint: c.entryPoint,
    tokenEndpoint: '',
    userinfoEndpoint: '',
    pkce: false,
    certExpiresAt,
    ms: Math.round(performance.now() - started),
  };
}
