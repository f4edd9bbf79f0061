import { GATES_MAX, type Gate, Role, Status } from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { staffPerGate } from '../company/company.public.js';
import { type GateRow, registrationRepository } from './sites.repository.js';

const noSuchGate = () => new AppError(Status.GATE_NOT_FOUND);
const nameTaken = () => new AppError(Status.ALREADY_EXISTS, 'A gate with this name exists');

function repoOf(ctx: AuthedContext) {
  return registrationRepository(ctx.tenant);
}

/**
 * Refuses gate ids that are not gates of the caller's company (field error `<field>` notFound). Used for visitor
 * types and, by the accounts module, for the gates of staff accounts.
 */
export async function assertGates(ctx: AuthedContext, gids: number[], field: string): Promise<void> {
  const wanted = [...new Set(gids)];
  if (!wanted.length) return;
  const found = await repoOf(ctx).gatesByIds(wanted);
  if (found.length !== wanted.length) throw badParams([{ field, rule: 'notFound' }]);
}

/** The named gates, in the order asked, leaving out ids that are not this company's. */
export async function gatesNamed(ctx: AuthedContext, gids: number[]): Promise<{ gid: number; gname: string }[]> {
  const rows = new Map((await repoOf(ctx).gatesByIds([...new Set(gids)])).map((g) => [g.id, g]));
  return gids.flatMap((id) => {
    const g = rows.get(id);
    return g ? [{ gid: g.id, gname: g.name }] : [];
  });
}

async function usage(ctx: AuthedContext) {
  const [accounts, visitTypes] = await Promise.all([staffPerGate(ctx), repoOf(ctx).typesPerGate()]);
  return (g: GateRow): Gate => ({ gid: g.id, gname: g.name, accounts: accounts.get(g.id) ?? 0, visitTypes: visitTypes.get(g.id) ?? 0 });
}

/** A front desk or visitor machine tied to gates sees only those; everyone else sees all. */
export async function listGates(ctx: AuthedContext): Promise<Gate[]> {
  const { role, gids } = ctx.session;
  const all = await repoOf(ctx).gates();
  const own = (role === Role.GATE || role === Role.MACHINE) && gids.length ? all.filter((g) => gids.includes(g.id)) : all;
  const toGate = await usage(ctx);
  return own.map(toGate);
}

export async function addGate(ctx: AuthedContext, input: { gname: string }): Promise<Gate> {
  const repo = repoOf(ctx);
  if ((await repo.gates()).length >= GATES_MAX) throw new AppError(Status.GATE_LIMIT);
  if (await repo.gateNameTaken(input.gname)) throw nameTaken();
  const row = await repo.insertGate(input.gname).catch((err: unknown) => {
    if (uniqueViolation(err) !== undefined) throw nameTaken();
    throw err;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return (await usage(ctx))(row);
}

export async function renameGate(ctx: AuthedContext, input: { gid: number; gname: string }): Promise<Gate> {
  const repo = repoOf(ctx);
  const existing = await repo.gate(input.gid);
  if (!existing) throw noSuchGate();
  if (await repo.gateNameTaken(input.gname, existing.id)) throw nameTaken();
  const row = await repo.renameGate(existing.id, input.gname).catch((err: unknown) => {
    if (uniqueViolation(err) !== undefined) throw nameTaken();
    throw err;
  });
  if (!row) throw noSuchGate();
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return (await usage(ctx))(row);
}

/** A gate named by staff accounts or visitor types stays: removing it would strand a desk or open a type to every gate. */
export async function removeGate(ctx: AuthedContext, input: { gid: number }): Promise<null> {
  const repo = repoOf(ctx);
  const existing = await repo.gate(input.gid);
  if (!existing) throw noSuchGate();
  const { accounts, visitTypes } = (await usage(ctx))(existing);
  if (accounts || visitTypes)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `This gate is used by ${accounts} staff accounts and ${visitTypes} visitor types`, {
      accounts,
      visitTypes,
    });
  await repo.deleteGate(existing.id);
  ctx.audit.objId = existing.id;
  ctx.audit.objName = existing.name;
  return null;
}

/** The names of gates in one company's scope, in the order given, comma separated (the original's `gname`). */
export async function gateNamesIn(scope: TenantScope, gids: readonly number[]): Promise<string> {
  if (!gids.length) return '';
  const names = new Map((await registrationRepository(scope).gatesByIds([...gids])).map((g) => [g.id, g.name]));
  return gids
    .map((gid) => names.get(gid))
    .filter(Boolean)
    .join(',');
}

/** A gate's name in one company's scope, '' if none: for link pages and jobs, which have no session. */
export async function gateNameIn(scope: TenantScope, gid: number | null): Promise<string> {
  if (!gid) return '';
  const [gate] = await registrationRepository(scope).gatesByIds([gid]);
  return gate?.name ?? '';
}
