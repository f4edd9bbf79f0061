import { z } from 'zod';
import { defineCall, epochMs, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * Single sign-on connections (docs/modules/sso.md): a company's identity providers, how their claims name an employee
 * and the roles a group brings, whether people unknown to the directory are created at their first sign-in and whether
 * passwords give way to the provider. The company administrator's alone.
 */
// The administrator only: a provider vouches for accounts, the administrator's own included, so whoever sets one could sign in as anyone.
const SSO_MANAGERS = [Role.ADMIN] as const;
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];
/** Connections per company. */
export const SSO_CONNECTIONS_MAX = 10;
export const SSO_NAME_MAX = 64;
export const SSO_URL_MAX = 500;
export const SSO_ROLE_MAP_MAX = 100;
export const SSO_CERT_MAX = 20_000;
export const SSO_METADATA_MAX = 200_000;

/** A provider's address as typed: http(s), a host, no user or password; `bare`: no query or fragment either. */
function checkProviderUrl(s: string, bare: boolean): 'required' | 'format' | 'scheme' | null {
  const v = s.trim();
  if (v === '') return 'required';
  if (v.length > SSO_URL_MAX) return 'format';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'format';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'scheme';
  if (u.username || u.password || !u.hostname || (bare && (u.search || u.hash))) return 'format';
  return null;
}

/**
 * An OpenID Connect issuer: https (http only for a provider the server may reach on a private network, which the
 * server checks), bare (OpenID Connect Discovery appends its path to it).
 */
export const checkIssuer = (s: string) => checkProviderUrl(s, true);
/** A SAML provider's single sign-on address (it may carry a query of its own). */
export const checkEntryPoint = (s: string) => checkProviderUrl(s, false);

type Issue = { code: 'custom'; path: string[]; message: string };

/** What each protocol needs: an issuer and a client for OpenID Connect; metadata, or its three fields, for SAML. */
function protocolFields(
  v: { protocol: SsoProtocol; issuer: string; clientId: string; metadataXml: string; entryPoint: string; idpEntityId: string; idpCert: string },
  certNeeded: boolean,
): Issue[] {
  const issue = (field: string, rule: string): Issue => ({ code: 'custom', path: [field], message: rule });
  if (v.protocol === 'oidc') {
    const e = checkIssuer(v.issuer);
    return [...(e ? [issue('issuer', e)] : []), ...(v.clientId ? [] : [issue('clientId', 'required')])];
  }
  if (v.metadataXml) return [];
  const e = checkEntryPoint(v.entryPoint);
  return [
    ...(e ? [issue('entryPoint', e)] : []),
    ...(v.idpEntityId ? [] : [issue('idpEntityId', 'required')]),
    ...(v.idpCert || !certNeeded ? [] : [issue('idpCert', 'required')]),
  ];
}

/** A claim's name in the provider's ID token or userinfo ('' where the provider gives none). */
const zClaim = z
  .string()
  .trim()
  .max(200)
  .regex(/^[^\s]*$/, 'a claim name has no spaces');

export const ssoClaims = z.object({
  email: zClaim.default('email'),
  phone: zClaim.default('phone_number'),
  name: zClaim.default('name'),
  empNo: zClaim.default(''),
  groups: zClaim.default('groups'),
});
export type SsoClaims = z.infer<typeof ssoClaims>;
/** As answered: no defaults, so an answer is copied, not parsed (platform/http/outputs.ts). */
const ssoClaimsOut = z.object({ email: z.string(), phone: z.string(), name: z.string(), empNo: z.string(), groups: z.string() });

/** `openid` is always asked; the others as the provider names them. */
const zScopes = z
  .string()
  .trim()
  .max(500)
  .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$|^$/, 'scopes: names separated by single spaces')
  .default('openid email profile');

const zRoleMap = z
  .array(z.object({ group: z.string().trim().min(1).max(200), roleId: z.int32().positive() }))
  .max(SSO_ROLE_MAP_MAX)
  .refine((list) => new Set(list.map((r) => `${r.group}\u0000${r.roleId}`)).size === list.length, 'roleMap: each pair at most once');

export const ssoConnection = z.object({
  id: z.int32(),
  protocol: z.enum(SSO_PROTOCOLS),
  name: z.string(),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored (it is never answered). */
  hasSecret: z.boolean(),
  /** SAML: the provider's single sign-on address (HTTP-Redirect), its entity ID and signing certificate (PEM). */
  entryPoint: z.string(),
  idpEntityId: z.string(),
  idpCert: z.string(),
  /** When the provider's certificate runs out (SAML; null otherwise). */
  certExpiresAt: epochMs.nullable(),
  /** SAML: our entity ID for this connection (also the address of our metadata). */
  spEntityId: z.string(),
  scopes: z.string(),
  claims: ssoClaimsOut,
  /** Employees the directory lacks are created at their first sign-in. */
  jit: z.boolean(),
  /** The department such an employee joins (null: none). */
  jitDepartmentId: z.int32().nullable(),
  /** A group in the groups claim makes its employee a member of the role; leaving the group ends it. */
  roleMap: z.array(z.object({ group: z.string(), roleId: z.int32() })),
  /** Employees and staff accounts sign in only through a required connection (the administrator keeps a password). */
  required: z.boolean(),
  /** Where the provider sends the browser back: register it with the provider. */
  redirectUri: z.string(),
  lastSignInAt: epochMs.nullable(),
  createTime: epochMs,
});
export type SsoConnection = z.infer<typeof ssoConnection>;

const connectionFields = {
  name: z.string().trim().min(1).max(SSO_NAME_MAX),
  enabled: z.boolean(),
  /** OpenID Connect: required. */
  issuer: z.string().trim().max(SSO_URL_MAX).default(''),
  clientId: z.string().trim().max(255).default(''),
  /** SAML: the provider's metadata (XML), or the three fields it gives. */
  metadataXml: z.string().trim().max(SSO_METADATA_MAX).default(''),
  entryPoint: z.string().trim().max(SSO_URL_MAX).default(''),
  idpEntityId: z.string().trim().max(SSO_URL_MAX).default(''),
  /** PEM (or its base64 body); left empty on a change, the stored one is kept. */
  idpCert: z.string().trim().max(SSO_CERT_MAX).default(''),
  scopes: zScopes,
  claims: ssoClaims,
  jit: z.boolean(),
  jitDepartmentId: z.int32().positive().nullable(),
  roleMap: zRoleMap,
  required: z.boolean(),
};

export const getSsoConnections = defineCall({
  name: 'getSsoConnections',
  area: 'integrations',
  module: 'sso',
  summary: "The company's single sign-on connections and the address to register with each provider",
  access: SSO_MANAGERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.object({
    connections: z.array(ssoConnection),
    redirectUri: z.string(),
    /** SAML: where every provider posts its answer (the Assertion Consumer Service). */
    acsUrl: z.string(),
  }),
});

export const addSsoConnection = defineCall({
  name: 'addSsoConnection',
  area: 'integrations',
  module: 'sso',
  summary:
    "Add an identity provider. OpenID Connect: its issuer is discovered before it is stored; a client without a secret uses PKCE alone. SAML 2.0: the provider's metadata, or its sign-on URL, entity ID and signing certificate",
  access: SSO_MANAGERS,
  fieldStatuses: {
    [Status.SSO_UNREACHABLE]: 'issuer',
    [Status.SSO_LIMIT]: null,
    [Status.SSO_ROLE_UNKNOWN]: 'roleMap',
    [Status.SSO_DEPARTMENT_UNKNOWN]: 'jitDepartmentId',
    [Status.SSO_CERT_INVALID]: 'idpCert',
    [Status.SSO_METADATA_INVALID]: 'metadataXml',
  },
  log: { module: LogModule.INTEGRATION, event: 'add' },
  input: z
    .object({
      userid: z.int32().optional(),
      protocol: z.enum(SSO_PROTOCOLS).default('oidc'),
      ...connectionFields,
      clientSecret: z.string().max(1024).default(''),
    })
    .superRefine((v, ctx) => {
      for (const i of protocolFields(v, true)) ctx.addIssue(i);
    }),
  output: z.object({ id: z.int32() }),
});

export const updateSsoConnection = defineCall({
  name: 'updateSsoConnection',
  area: 'integrations',
  module: 'sso',
  summary: 'Change a connection; a secret left out (or empty) keeps the stored one, unless clearSecret',
  access: SSO_MANAGERS,
  statuses: [Status.SSO_UNKNOWN],
  fieldStatuses: {
    [Status.SSO_UNREACHABLE]: 'issuer',
    [Status.SSO_ROLE_UNKNOWN]: 'roleMap',
    [Status.SSO_DEPARTMENT_UNKNOWN]: 'jitDepartmentId',
    [Status.SSO_CERT_INVALID]: 'idpCert',
    [Status.SSO_METADATA_INVALID]: 'metadataXml',
  },
  log: { module: LogModule.INTEGRATION, event: 'update' },
  input: z
    .object({
      userid: z.int32().optional(),
      id: z.int32().positive(),
      /** The connection's own: a provider is not turned into another protocol. */
      protocol: z.enum(SSO_PROTOCOLS).default('oidc'),
      ...connectionFields,
      clientSecret: z.string().max(1024).default(''),
      clearSecret: z.boolean().default(false),
    })
    .superRefine((v, ctx) => {
      for (const i of protocolFields(v, false)) ctx.addIssue(i);
    }),
  output: ok,
});

export const delSsoConnection = defineCall({
  name: 'delSsoConnection',
  area: 'integrations',
  module: 'sso',
  summary: 'Delete a connection with the links it made to employees (the employees stay)',
  access: SSO_MANAGERS,
  statuses: [Status.SSO_UNKNOWN],
  log: { module: LogModule.INTEGRATION, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: ok,
});

export const testSsoConnection = defineCall({
  name: 'testSsoConnection',
  area: 'integrations',
  module: 'sso',
  summary:
    "Read the provider as a sign-in would: an OpenID Connect provider's discovery document (its endpoints), a SAML provider's certificate and address; or why it cannot be used",
  access: SSO_MANAGERS,
  statuses: [Status.SSO_UNKNOWN, Status.SSO_UNREACHABLE, Status.SSO_CERT_INVALID],
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: z.object({
    issuer: z.string(),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.string(),
    userinfoEndpoint: z.string(),
    pkce: z.boolean(),
    /** SAML: when the provider's signing certificate runs out. */
    certExpiresAt: epochMs.nullable(),
    ms: z.int32(),
  }),
});

export const ssoCalls = [getSsoConnections, addSsoConnection, updateSsoConnection, delSsoConnection, testSsoConnection] as const;
