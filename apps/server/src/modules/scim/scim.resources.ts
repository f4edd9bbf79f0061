import type { LogDescription, LogEvent } from '@openvisit/contract';
import { LogModule } from '@openvisit/contract';
import { writeLog } from '../../platform/http/audit.js';
import type { AuthedContext } from '../../platform/http/calls.js';

/** What every SCIM answer shares: the schemas' URNs, errors in SCIM's form, where a resource lives, the log. */
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export type Json = Record<string, unknown>;

/** A refusal in SCIM's terms (RFC 7644 §3.12): the HTTP status, its `scimType` where one applies, the reason. */
export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 501,
    message: string,
    readonly scimType?: 'invalidFilter' | 'invalidPath' | 'invalidSyntax' | 'invalidValue' | 'noTarget' | 'uniqueness' | 'mutability' | 'tooMany',
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ScimError(404, `No such ${what}`);

export function errorBody(err: ScimError): Json {
  return { schemas: [SCHEMA.error], status: String(err.status), ...(err.scimType ? { scimType: err.scimType } : {}), detail: err.message };
}

export function baseUrl(ctx: AuthedContext): string {
  return `${ctx.config.publicUrl}/scim/v2`;
}

export function meta(ctx: AuthedContext, kind: 'User' | 'Group', id: number, row: { createdAt: Date; updatedAt: Date; version: number }) {
  return {
    resourceType: kind,
    created: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
    location: `${baseUrl(ctx)}/${kind}s/${id}`,
    version: `W/"${row.version}"`,
  };
}

/** An attribute of a request or a patched resource: SCIM's names are case-insensitive (a patch may add `givenname`). */
export function get(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(node).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : (node as Json)[key];
}

/** A string attribute of a request: absent or null is undefined; anything but a string is refused. */
export function text(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ScimError(400, `${field}: a string`, 'invalidValue');
  const v = value.trim();
  if ([...v].length > max) throw new ScimError(400, `${field}: at most ${max} characters`, 'invalidValue');
  return v;
}

/** `true`/`false`, or as Microsoft Entra ID sends them, `"True"`/`"False"`. */
export function bool(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `${field}: true or false`, 'invalidValue');
}

/** One operation-log row for a provider's change, written as the API key the provider calls with. */
export async function logScim(ctx: AuthedContext, entry: { event: LogEvent; objId: number; objName: string; desc: LogDescription }): Promise<void> {
  await writeLog(ctx.tenant, ctx.services.secrets, ctx.session, { module: LogModule.EMPLOYEE, ...entry }, ctx.ip);
}
