import { z } from 'zod';
import { type Area, defineCall, epochMs, ok } from '../call.js';
import { Status } from '../errors.js';
import { GRANT_AREAS, type GrantArea, grantNeeded } from '../grants.js';
import { LogModule, Role } from '../lookups.js';
import { isWriteCall } from '../readOnly.js';

/**
 * API keys (docs/modules/apiKeys.md): a machine calls the API with `Authorization: Bearer ovk_…` instead of a person's
 * session, as the company's administrator but only within its scopes. A scope is a console area and read or write
 * (`visitors:read`, `invitations:write`; write includes read), mapped onto the calls by their area and by whether the
 * contract marks them as writes (`isWriteCall`). No key manages accounts, keys or webhooks, signs in or changes a
 * password.
 */
export const API_KEY_AREAS = GRANT_AREAS.filter((a) => a !== 'accounts' && a !== 'integrations') as Exclude<GrantArea, 'accounts' | 'integrations'>[];
/** An identity provider provisioning employees and roles over SCIM 2.0 (`/scim/v2`, docs/modules/scim.md): no contract call. */
export const API_SCIM_SCOPE = 'scim';
export type ApiScope = `${(typeof API_KEY_AREAS)[number]}:${'read' | 'write'}` | typeof API_SCIM_SCOPE;
export const API_SCOPES = [...API_KEY_AREAS.flatMap((a) => [`${a}:read`, `${a}:write`]), API_SCIM_SCOPE] as ApiScope[];
export const API_KEYS_MAX = 50;
export const API_KEY_NAME_MAX = 64;

/** The scope a call needs from a key: null when no key may make it; 'any' for the reads every account makes. */
export function scopeNeeded(def: { name: string; area: Area; log?: unknown; upload?: unknown }): ApiScope | 'any' | null {
  const write = isWriteCall(def as Parameters<typeof isWriteCall>[0]);
  if (def.area === 'auth') return null;
  const area = grantNeeded(def);
  if (area === null) return write ? null : 'any';
  if (!(API_KEY_AREAS as readonly string[]).includes(area)) return null;
  return `${area}:${write ? 'write' : 'read'}` as ApiScope;
}

export function apiKeyAdmits(scopes: readonly string[], def: Parameters<typeof scopeNeeded>[0]): boolean {
  const need = scopeNeeded(def);
  if (need === null) return false;
  if (need === 'any') return true;
  return scopes.includes(need) || (need.endsWith(':read') && scopes.includes(need.replace(/:read$/, ':write')));
}

const KEY_MANAGERS = [Role.ADMIN] as const;

export const apiKey = z.object({
  id: z.int32(),
  name: z.string(),
  /** The key's public part (`ovk_` and 8 characters), to recognise it; the rest was shown once. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdBy: z.string(),
  createTime: epochMs,
  expiresAt: epochMs.nullable(),
  revokedAt: epochMs.nullable(),
  lastUsedAt: epochMs.nullable(),
  lastUsedIp: z.string(),
});

export const getApiKeys = defineCall({
  name: 'getApiKeys',
  area: 'integrations',
  module: 'apiKeys',
  summary: "The company's API keys, revoked ones included, with when and from where each was last used",
  access: KEY_MANAGERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.array(apiKey),
});

export const addApiKey = defineCall({
  name: 'addApiKey',
  area: 'integrations',
  module: 'apiKeys',
  summary: 'Create an API key with scopes and an optional expiry; answers the key (ovk_…) this once, stored only as a hash',
  access: KEY_MANAGERS,
  fieldStatuses: { [Status.API_KEY_LIMIT]: null },
  log: { module: LogModule.INTEGRATION, event: 'add' },
  input: z.object({
    userid: z.int32().optional(),
    name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
    scopes: z
      .array(z.enum(API_SCOPES as [ApiScope, ...ApiScope[]]))
      .min(1)
      .max(API_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'scopes: each at most once'),
    expiresAt: epochMs
      .nullable()
      .default(null)
      .refine((v) => v === null || v > Date.now(), 'future'),
  }),
  output: z.object({ id: z.int32(), key: z.string() }),
});

export const revokeApiKey = defineCall({
  name: 'revokeApiKey',
  area: 'integrations',
  module: 'apiKeys',
  summary: 'Revoke an API key: its next call is refused (27)',
  access: KEY_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.INTEGRATION, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), id: z.int32().positive() }),
  output: ok,
});

export const apiKeyCalls = [getApiKeys, addApiKey, revokeApiKey] as const;
