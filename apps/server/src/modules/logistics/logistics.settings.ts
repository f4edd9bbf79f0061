import { type Carrier, type In, LOGISTICS_FIELD_GROUPS, type LogisticsType, type Out, Status } from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { type CarrierRow, logisticsSettingsRepository, type TypeRow } from './logistics.settings.repository.js';

type LogisticsTypeFields = TypeRow['fields'];

function taken(what: string) {
  return (err: unknown): never => {
    if (uniqueViolation(err) !== undefined) throw new AppError(Status.ALREADY_EXISTS, `A ${what} of this name already exists`);
    throw err;
  };
}

export function toType(r: TypeRow): LogisticsType {
  return { tid: r.id, name: r.name, ...r.fields, qid: r.questionnaireId, createTime: r.createdAt.getTime() };
}

/** The induction a type names must be one of the company's questionnaires. */
async function checkQuestionnaire(ctx: AuthedContext, qid: number | null | undefined): Promise<void> {
  if (qid != null && !(await ctx.services.induction.known(ctx.tenant, qid))) throw badParams([{ field: 'qid', rule: 'notFound' }]);
}

function fieldsOf(input: Partial<LogisticsTypeFields>, base?: LogisticsTypeFields): LogisticsTypeFields {
  const out = { driverExtend: [], vehicleExtend: [], goodsExtend: [], logExtend: [], ...base } as LogisticsTypeFields;
  for (const g of LOGISTICS_FIELD_GROUPS) {
    const given = input[g];
    if (given) out[g] = given.map((f) => ({ ...f, inputValue: f.inputType === 'button' ? f.inputValue : [] }));
  }
  return out;
}

const repo = (ctx: AuthedContext) => logisticsSettingsRepository(ctx.tenant);

export async function addType(ctx: AuthedContext, input: In<'addExtendType'>): Promise<LogisticsType> {
  await checkQuestionnaire(ctx, input.qid);
  const row = await repo(ctx).insertType(input.name, fieldsOf(input), input.qid).catch(taken('logistics type'));
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toType(row);
}

export async function updateType(ctx: AuthedContext, input: In<'updateExtendType'>): Promise<LogisticsType> {
  const current = await repo(ctx).type(input.tid);
  if (!current) throw notFound('logistics type');
  await checkQuestionnaire(ctx, input.qid);
  const row = await repo(ctx)
    .updateType(input.tid, {
      ...(input.name ? { name: input.name } : {}),
      ...(input.qid !== undefined ? { questionnaireId: input.qid } : {}),
      fields: fieldsOf(input, current.fields),
    })
    .catch(taken('logistics type'));
  if (!row) throw notFound('logistics type');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toType(row);
}

export async function listTypes(ctx: AuthedContext): Promise<LogisticsType[]> {
  return (await repo(ctx).types()).map(toType);
}

export async function removeType(ctx: AuthedContext, input: In<'delExtendType'>): Promise<null> {
  const gone = await repo(ctx).deleteType(input.tid);
  if (!gone) throw notFound('logistics type');
  ctx.audit.objId = gone.id;
  ctx.audit.objName = gone.name;
  return null;
}

// Carriers

/** Names compare without case and with runs of spaces as one. */
export const carrierKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function toCarrier(r: CarrierRow): Carrier {
  return { id: r.id, name: r.name, contact: r.contact, phone: r.phone, remark: r.remark, createTime: r.createdAt.getTime() };
}

export async function addCarrier(ctx: AuthedContext, input: In<'logistics-company-create'>): Promise<Carrier> {
  const { name, contact, phone, remark } = input;
  const row = await repo(ctx)
    .insertCarrier({ name: name.replace(/\s+/g, ' '), nameKey: carrierKey(name), contact, phone, remark })
    .catch(taken('carrier'));
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toCarrier(row);
}

export async function updateCarrier(ctx: AuthedContext, input: In<'logistics-company-update'>): Promise<Carrier> {
  const { id, name, ...rest } = input;
  const values = { ...rest, ...(name ? { name: name.replace(/\s+/g, ' '), nameKey: carrierKey(name) } : {}) };
  delete (values as { userid?: number }).userid;
  const row = await repo(ctx).updateCarrier(id, values).catch(taken('carrier'));
  if (!row) throw notFound('carrier');
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  return toCarrier(row);
}

export async function removeCarrier(ctx: AuthedContext, input: In<'logistics-company-delete'>): Promise<null> {
  const gone = await repo(ctx).deleteCarrier(input.id);
  if (!gone) throw notFound('carrier');
  ctx.audit.objId = gone.id;
  ctx.audit.objName = gone.name;
  return null;
}

export async function carrierPage(ctx: AuthedContext, input: In<'logistics-company-page'>): Promise<Out<'logistics-company-page'>> {
  const { rows, count } = await repo(ctx).carrierPage(input.name, input.startIndex, input.requestedCount);
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count, list: rows.map(toCarrier) };
}
