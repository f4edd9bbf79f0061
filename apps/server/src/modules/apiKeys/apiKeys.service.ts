import { API_KEYS_MAX, type In, type Out, Status } from '@openvisit/contract';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { newApiKey } from '../../platform/identity/apiKeys.js';
import { apiKeysRepository } from './apiKeys.repository.js';

const ms = (d: Date | null) => (d ? d.getTime() : null);

export async function list(ctx: AuthedContext): Promise<Out<'getApiKeys'>> {
  return (await apiKeysRepository(ctx.tenant).list()).map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    createdBy: k.createdBy,
    createTime: k.createdAt.getTime(),
    expiresAt: ms(k.expiresAt),
    revokedAt: ms(k.revokedAt),
    lastUsedAt: ms(k.lastUsedAt),
    lastUsedIp: k.lastUsedIp,
  }));
}

export async function add(ctx: AuthedContext, input: In<'addApiKey'>): Promise<Out<'addApiKey'>> {
  const repo = apiKeysRepository(ctx.tenant);
  if ((await repo.live()) >= API_KEYS_MAX) throw new AppError(Status.API_KEY_LIMIT);
  const made = newApiKey();
  const id = await repo.insert({
    name: input.name,
    prefix: made.prefix,
    secretHash: made.secretHash,
    scopes: input.scopes,
    createdBy: ctx.session.name,
    expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
  });
  ctx.audit.objId = id;
  ctx.audit.objName = `${input.name} (${made.prefix})`;
  return { id, key: made.key };
}

export async function revoke(ctx: AuthedContext, input: In<'revokeApiKey'>): Promise<null> {
  const k = await apiKeysRepository(ctx.tenant).revoke(input.id);
  if (!k) throw new AppError(Status.NO_SUCH_RECORD);
  ctx.audit.objId = k.id;
  ctx.audit.objName = `${k.name} (${k.prefix})`;
  return null;
}
