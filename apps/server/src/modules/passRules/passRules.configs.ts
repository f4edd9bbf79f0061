import { type AllowedPassWay, type FieldError, type GatePassWay, type In, type Out, type PassConfig, Status } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import { groupsById, removeGroup } from '../../core/entitlements/entitlements.public.js';
import { listGates, listTypes } from '../../core/sites/sites.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { type ConfigRow, type NewConfig, type PassRulesRepository, passRulesRepository } from './passRules.repository.js';
import { uniqueAs } from './passRules.service.js';

/** Pass configs (strategies), what they can bind, and the ways each gate accepts. */

const repoOf = (ctx: AuthedContext) => passRulesRepository(ctx.tenant);
const nameTaken = () => new AppError(Status.ALREADY_EXISTS, 'A strategy with this name exists');
const noSuchConfig = () => new AppError(Status.NO_SUCH_RECORD, 'There is no such strategy');
const asPassWay = (v: string): AllowedPassWay => (v === 'qr' || v === 'face' ? v : 'both');

async function links(repo: PassRulesRepository) {
  const [groups, types, rules] = await Promise.all([repo.configGroups(), repo.configTypes(), repo.rules()]);
  const collect = (rows: { configId: number; id: number }[]) => {
    const m = new Map<number, number[]>();
    for (const r of rows) m.set(r.configId, [...(m.get(r.configId) ?? []), r.id]);
    return m;
  };
  return {
    groups: collect(groups.map((g) => ({ configId: g.configId, id: g.groupId }))),
    types: collect(types.map((t) => ({ configId: t.configId, id: t.typeId }))),
    ruleNames: new Map(rules.map((r) => [r.id, r.name])),
  };
}

function toConfig(r: ConfigRow, l: Awaited<ReturnType<typeof links>>): PassConfig {
  return {
    cid: r.id,
    cname: r.name,
    forEmployees: r.forEmployees,
    forVisitors: r.forVisitors,
    tids: l.types.get(r.id) ?? [],
    forResidents: r.forResidents,
    egids: l.groups.get(r.id) ?? [],
    rid: r.ruleId,
    rname: l.ruleNames.get(r.ruleId) ?? '',
    maxDays: r.maxDays,
    maxUses: r.maxUses,
    entryMode: r.entryMode === 'single' ? 'single' : 'multiple',
    passWay: asPassWay(r.passWay),
    explain: r.explain,
  };
}

export async function listConfigs(ctx: AuthedContext, input: In<'getPassConfigList'>): Promise<PassConfig[]> {
  const repo = repoOf(ctx);
  const [rows, l] = await Promise.all([repo.configs(input.cname || undefined), links(repo)]);
  return rows.map((r) => toConfig(r, l));
}

type ConfigInput = In<'addPassConfig'>;

/**
 * The schedule, groups and visitor types must be the company's (field errors `notFound`); the limits stay within the
 * company's upper limits where set (qrMaxCount uses, qrMaxDuration hours: maxDays × 24), field errors `aboveCompanyLimit`.
 */
async function checkConfig(ctx: AuthedContext, repo: PassRulesRepository, input: ConfigInput): Promise<void> {
  const errors: FieldError[] = [];
  const egids = [...new Set(input.egids)];
  const tids = [...new Set(input.tids)];
  const [rule, groups, types, settings] = await Promise.all([
    repo.rule(input.rid),
    egids.length ? groupsById(ctx.tenant, egids) : Promise.resolve([]),
    tids.length ? listTypes(ctx, {}) : Promise.resolve([]),
    settingsOf(ctx),
  ]);
  if (!rule) errors.push({ field: 'rid', rule: 'notFound' });
  if (groups.length !== egids.length) errors.push({ field: 'egids', rule: 'notFound' });
  const known = new Set(types.map((t) => t.tid));
  if (tids.some((t) => !known.has(t))) errors.push({ field: 'tids', rule: 'notFound' });
  const { qrMaxCount, qrMaxDuration } = settings;
  if (qrMaxCount > 0 && input.maxUses > qrMaxCount) errors.push({ field: 'maxUses', rule: 'aboveCompanyLimit' });
  if (qrMaxDuration > 0 && input.maxDays * 24 > qrMaxDuration) errors.push({ field: 'maxDays', rule: 'aboveCompanyLimit' });
  if (errors.length) throw badParams(errors);
}

function configValues(input: ConfigInput): NewConfig {
  return {
    name: input.cname,
    forEmployees: input.forEmployees,
    forVisitors: input.forVisitors,
    forResidents: input.forResidents,
    ruleId: input.rid,
    maxDays: input.maxDays,
    maxUses: input.maxUses,
    entryMode: input.entryMode,
    passWay: input.passWay,
    explain: input.explain,
  };
}

/** Visitor types mean something only for a strategy for visitors. */
const typeIds = (input: ConfigInput) => (input.forVisitors ? [...new Set(input.tids)] : []);

export async function addConfig(ctx: AuthedContext, input: ConfigInput): Promise<PassConfig> {
  await checkConfig(ctx, repoOf(ctx), input);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = passRulesRepository(tx);
    if (await repo.configNameTaken(input.cname)) throw nameTaken();
    const row = await repo.insertConfig(configValues(input)).catch(uniqueAs(nameTaken));
    await repo.setConfigLinks(row.id, [...new Set(input.egids)], typeIds(input));
    return row;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  const repo = repoOf(ctx);
  return toConfig(row, await links(repo));
}

export async function updateConfig(ctx: AuthedContext, input: In<'updatePassConfig'>): Promise<PassConfig> {
  if (!(await repoOf(ctx).config(input.cid))) throw noSuchConfig();
  await checkConfig(ctx, repoOf(ctx), input);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const repo = passRulesRepository(tx);
    if (await repo.configNameTaken(input.cname, input.cid)) throw nameTaken();
    const row = await repo.updateConfig(input.cid, configValues(input)).catch(uniqueAs(nameTaken));
    if (!row) throw noSuchConfig();
    await repo.setConfigLinks(row.id, [...new Set(input.egids)], typeIds(input));
    return row;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toConfig(row, await links(repoOf(ctx)));
}

export async function removeConfig(ctx: AuthedContext, input: In<'delPassConfig'>): Promise<null> {
  const repo = repoOf(ctx);
  const row = await repo.config(input.cid);
  if (!row) throw noSuchConfig();
  await repo.deleteConfig(row.id);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return null;
}

/**
 * Deleting a device group (delEquipmentGroup) is bound here: strategies build on groups, so passRules counts its own
 * bindings and hands the count to the devices module, which refuses (58) or deletes. The arrow stays passRules → devices.
 */
export async function removeDeviceGroup(ctx: AuthedContext, input: { egid: number }): Promise<null> {
  return removeGroup(ctx, input, { strategies: await repoOf(ctx).configsOfGroup(input.egid) });
}

export async function configOptions(ctx: AuthedContext): Promise<Out<'getPassConfigOptions'>> {
  const repo = repoOf(ctx);
  const [groups, rules, types, settings] = await Promise.all([groupsById(ctx.tenant), repo.rules(), listTypes(ctx, {}), settingsOf(ctx)]);
  return {
    groups: groups.map((g) => ({ egid: g.id, name: g.name })),
    rules: rules.map((r) => ({ rid: r.id, rname: r.name })),
    visitorTypes: types.map((t) => ({ tid: t.tid, vType: t.vType })),
    qrMaxCount: settings.qrMaxCount,
    qrMaxDuration: settings.qrMaxDuration,
  };
}

// ---------------------------------------------------------------------------------------------
// Gate pass ways
// ---------------------------------------------------------------------------------------------

export async function listGatePassWays(ctx: AuthedContext): Promise<GatePassWay[]> {
  const [gates, ways] = await Promise.all([listGates(ctx), repoOf(ctx).gatePassWays()]);
  return gates.map((g) => ({ gid: g.gid, gname: g.gname, passWay: asPassWay(ways.get(g.gid) ?? 'both') }));
}

export async function setGatePassWay(ctx: AuthedContext, input: In<'updateGatePassWay'>): Promise<GatePassWay> {
  const gate = (await listGates(ctx)).find((g) => g.gid === input.gid);
  if (!gate) throw new AppError(Status.GATE_NOT_FOUND);
  await repoOf(ctx).setGatePassWay(gate.gid, input.passWay);
  ctx.audit.objId = gate.gid;
  ctx.audit.objName = gate.gname;
  return { gid: gate.gid, gname: gate.gname, passWay: input.passWay };
}
