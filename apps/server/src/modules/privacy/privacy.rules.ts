import {
  checkAgainstRecord,
  checkRetentionDays,
  DEFAULT_RETENTION,
  type In,
  logDesc,
  RETENTION_KINDS,
  type RetentionOverrides,
  type RetentionRules,
  type RetentionSweep,
  Status,
  settingObject,
} from '@openvisit/contract';
import { listTypes, typeById } from '../../core/sites/sites.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { privacyRepository, type SweepRow } from './privacy.repository.js';

export interface EffectiveRules {
  company: RetentionRules;
  isDefault: boolean;
  types: { tid: number; overrides: RetentionOverrides }[];
}

/** The company's rules over the defaults, and the overrides of the visitor types it still has. */
export async function effectiveRules(ctx: AuthedContext): Promise<EffectiveRules> {
  const rows = await privacyRepository(ctx.tenant).rules();
  const own = rows.find((r) => r.tid === 0);
  const known = new Set((await listTypes(ctx, {})).map((t) => t.tid));
  return {
    company: { ...DEFAULT_RETENTION, ...own?.rules },
    isDefault: !own,
    types: rows.filter((r) => r.tid !== 0 && known.has(r.tid)).map((r) => ({ tid: r.tid, overrides: r.rules })),
  };
}

/** The days a visitor type keeps each kind: its own where it has one, the company's otherwise. */
export function rulesOfType(rules: EffectiveRules, tid: number | null): RetentionRules {
  const own = rules.types.find((t) => t.tid === tid)?.overrides;
  return { ...rules.company, ...own };
}

export function toSweep(r: SweepRow): RetentionSweep {
  return {
    id: r.id,
    startedAt: r.startedAt.getTime(),
    finishedAt: r.finishedAt?.getTime() ?? null,
    trigger: r.trigger === 'manual' ? 'manual' : 'daily',
    removed: Object.fromEntries(RETENTION_KINDS.map((k) => [k, r.removed[k] ?? 0])) as RetentionSweep['removed'],
    files: r.files,
  };
}

export async function getRules(ctx: AuthedContext) {
  const rules = await effectiveRules(ctx);
  return { ...rules, sweeps: (await privacyRepository(ctx.tenant).sweeps(10)).map(toSweep) };
}

/**
 * The company's rules (every kind) or a visitor type's (the kinds it keeps differently; none: it follows the company's
 * again). A kind longer than the visit record it belongs to is refused: it goes with the record anyway.
 */
export async function updateRules(ctx: AuthedContext, input: In<'updateRetentionRules'>) {
  const current = await effectiveRules(ctx);
  const given = input.rules;
  if (input.tid !== undefined && !(await typeById(ctx, input.tid))) throw new AppError(Status.NO_SUCH_RECORD);
  const kinds = input.tid === undefined ? RETENTION_KINDS : RETENTION_KINDS.filter((k) => given[k] !== undefined);
  const recordDays = given.visitRecord ?? (input.tid === undefined ? undefined : current.company.visitRecord);
  const errors = kinds.flatMap((k) => {
    const rule = checkRetentionDays(given[k]) ?? (recordDays === undefined ? null : checkAgainstRecord(k, given[k] ?? 0, recordDays));
    return rule ? [{ field: `rules.${k}`, rule }] : [];
  });
  if (errors.length) throw badParams(errors);
  const repo = privacyRepository(ctx.tenant);
  const rules = Object.fromEntries(kinds.map((k) => [k, given[k]]));
  if (input.tid !== undefined && kinds.length === 0) await repo.removeRules(input.tid);
  else await repo.setRules(input.tid ?? 0, rules);
  ctx.audit.objName = settingObject('retention');
  ctx.audit.desc = input.tid === undefined ? logDesc('retentionSet') : logDesc('retentionTypeSet', { tid: input.tid });
  const after = await effectiveRules(ctx);
  return { company: after.company, types: after.types };
}
