import { randomBytes } from 'node:crypto';
import {
  CUSTOM_FIELDS_MAX,
  type CustomInputType,
  type FieldError,
  type In,
  type InputType,
  LOCKED_FIELD,
  logDesc,
  STANDARD_FIELDS,
  Status,
  splitLabel,
  type VisitorField,
  type VisitorType,
} from '@openvisit/contract';
import { foreignKeyViolation, uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { searchPage } from '../visits/visits.public.js';
import { assertGates } from './sites.gates.js';
import { type FieldRow, type LinkRow, type RegistrationRepository, registrationRepository, type TypeRow } from './sites.repository.js';

export function repoOf(ctx: AuthedContext, scope: TenantScope = ctx.tenant): RegistrationRepository {
  return registrationRepository(scope);
}

const noSuchType = () => new AppError(Status.VISITOR_TYPE_NOT_EXIST);
const noSuchField = () => new AppError(Status.NO_SUCH_RECORD, 'No such field');

// ---------------------------------------------------------------------------------------------
// Standard fields: every company has them, made on first use
// ---------------------------------------------------------------------------------------------

/** Creates the standard fields the company lacks (all of them at first; new ones of a later version at the end). */
export async function ensureStandardFields(repo: RegistrationRepository): Promise<FieldRow[]> {
  const fields = await repo.fields();
  const have = new Set(fields.map((f) => f.fieldName));
  const missing = STANDARD_FIELDS.filter((f) => !have.has(f.fieldName));
  if (!missing.length) return fields;
  const start = fields.length ? (await repo.nextFieldOrder()) - 1 : 0;
  await repo.insertFieldsIfMissing(
    missing.map((f, i) => ({ fieldName: f.fieldName, nameZh: f.zh, nameEn: f.en, inputType: 'standard', sortOrder: start + i + 1 })),
  );
  return repo.fields();
}

/** What a new visitor type shows when it is not told: the standard fields marked shown by default. */
function defaultTypeFields(fields: FieldRow[]): { fieldId: number; required: boolean }[] {
  return STANDARD_FIELDS.filter((s) => s.shown).flatMap((s) => {
    const f = fields.find((x) => x.fieldName === s.fieldName);
    return f ? [{ fieldId: f.id, required: s.required }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export function toVisitorType(row: TypeRow, links: LinkRow[], fields: FieldRow[]): VisitorType {
  const order = new Map(fields.map((f, i) => [f.id, i]));
  return {
    tid: row.id,
    vType: `${row.nameZh}#${row.nameEn}`,
    subTypes: row.subTypes,
    reasons: row.reasons,
    povDays: row.povDays,
    gids: row.gids,
    order: row.sortOrder,
    fields: links
      .filter((l) => l.typeId === row.id && order.has(l.fieldId))
      .sort((a, b) => (order.get(a.fieldId) ?? 0) - (order.get(b.fieldId) ?? 0))
      .map((l) => ({ eid: l.fieldId, required: l.required })),
  };
}

export function toVisitorField(row: FieldRow, links: LinkRow[], types: TypeRow[]): VisitorField {
  const typeOrder = new Map(types.map((t, i) => [t.id, i]));
  return {
    eid: row.id,
    fieldName: row.fieldName,
    displayName: `${row.nameZh}#${row.nameEn}`,
    inputType: row.inputType as InputType,
    inputValue: row.options,
    placeholder: row.placeholder,
    inputOrder: row.sortOrder,
    standard: row.inputType === 'standard',
    locked: row.fieldName === LOCKED_FIELD,
    types: links
      .filter((l) => l.fieldId === row.id && typeOrder.has(l.typeId))
      .sort((a, b) => (typeOrder.get(a.typeId) ?? 0) - (typeOrder.get(b.typeId) ?? 0))
      .map((l) => ({ tid: l.typeId, required: l.required })),
  };
}

/** Everything the answers are made of, read in one go. */
export async function snapshot(ctx: AuthedContext, repo = repoOf(ctx)) {
  const fields = await ensureStandardFields(repo);
  const [types, links] = await Promise.all([repo.types(), repo.links()]);
  return { fields, types, links };
}

// ---------------------------------------------------------------------------------------------
// Visitor types
// ---------------------------------------------------------------------------------------------

export async function listTypes(ctx: AuthedContext, input: In<'getVisitorType'>): Promise<VisitorType[]> {
  const { fields, types, links } = await snapshot(ctx);
  return types.filter((t) => !input.gid || t.gids.length === 0 || t.gids.includes(input.gid)).map((t) => toVisitorType(t, links, fields));
}

/** The type's field settings checked against the company's fields; the visitor's name is always shown and required. */
function typeFieldSettings(fields: FieldRow[], wanted: { eid: number; required: boolean }[] | undefined) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: FieldError[] = [];
  const settings = (wanted ?? []).flatMap((w, i) => {
    if (!byId.has(w.eid)) {
      errors.push({ field: `fields.${i}.eid`, rule: 'notFound' });
      return [];
    }
    return [{ fieldId: w.eid, required: w.required }];
  });
  if (errors.length) throw badParams(errors);
  const locked = fields.find((f) => f.fieldName === LOCKED_FIELD);
  if (locked) {
    const own = settings.find((s) => s.fieldId === locked.id);
    if (own) own.required = true;
    else settings.unshift({ fieldId: locked.id, required: true });
  }
  return settings;
}

async function checkTypeName(repo: RegistrationRepository, vType: string, exceptId?: number) {
  const { zh, en } = splitLabel(vType);
  if (await repo.typeNameTaken(zh, en, exceptId)) throw new AppError(Status.VISITOR_TYPE_EXISTS, `A visitor type is already named ${zh} or ${en}`);
  return { nameZh: zh, nameEn: en };
}

interface TypeInput {
  vType: string;
  subTypes: { name: string; selected: boolean }[];
  reasons: string[];
  povDays: number;
  gids: number[];
  fields?: { eid: number; required: boolean }[];
}

function uniqueTypeName(err: unknown): never {
  if (uniqueViolation(err) !== undefined) throw new AppError(Status.VISITOR_TYPE_EXISTS);
  throw err;
}

export async function addType(ctx: AuthedContext, input: TypeInput): Promise<VisitorType> {
  const repo = repoOf(ctx);
  const names = await checkTypeName(repo, input.vType);
  await assertGates(ctx, input.gids, 'gids');
  const fields = await ensureStandardFields(repo);
  const settings = input.fields ? typeFieldSettings(fields, input.fields) : defaultTypeFields(fields);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const r = repoOf(ctx, tx);
    const created = await r.insertType({
      ...names,
      subTypes: input.subTypes,
      reasons: input.reasons,
      povDays: input.povDays,
      gids: [...new Set(input.gids)],
      sortOrder: await r.nextTypeOrder(),
    });
    await r.setTypeFields(created.id, settings);
    return created;
  }).catch(uniqueTypeName);
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.nameZh}#${row.nameEn}`;
  ctx.audit.desc = logDesc('visitorTypeFields', { shown: settings.length, required: settings.filter((s) => s.required).length });
  return toVisitorType(row, await repo.links(), fields);
}

export async function updateType(ctx: AuthedContext, input: Partial<TypeInput> & { tid: number }): Promise<VisitorType> {
  const repo = repoOf(ctx);
  const existing = await repo.type(input.tid);
  if (!existing) throw noSuchType();
  const names = input.vType !== undefined ? await checkTypeName(repo, input.vType, existing.id) : {};
  if (input.gids)
    await assertGates(
      ctx,
      input.gids.filter((g) => !existing.gids.includes(g)),
      'gids',
    );
  const fields = await ensureStandardFields(repo);
  const settings = input.fields ? typeFieldSettings(fields, input.fields) : undefined;
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const r = repoOf(ctx, tx);
    const updated = await r.updateType(existing.id, {
      updatedAt: new Date(),
      ...names,
      ...(input.subTypes !== undefined && { subTypes: input.subTypes }),
      ...(input.reasons !== undefined && { reasons: input.reasons }),
      ...(input.povDays !== undefined && { povDays: input.povDays }),
      ...(input.gids !== undefined && { gids: [...new Set(input.gids)] }),
    });
    if (updated && settings) await r.setTypeFields(updated.id, settings);
    return updated;
  }).catch(uniqueTypeName);
  if (!row) throw noSuchType();
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.nameZh}#${row.nameEn}`;
  if (settings) ctx.audit.desc = logDesc('visitorTypeFields', { shown: settings.length, required: settings.filter((s) => s.required).length });
  return toVisitorType(row, await repo.links(), fields);
}

/** A type visit records name stays (58 with the count): they would point at nothing. Its field settings go with it. */
export async function removeType(ctx: AuthedContext, input: In<'delVisitorType'>): Promise<null> {
  const repo = repoOf(ctx);
  const existing = await repo.type(input.tid);
  if (!existing) throw noSuchType();
  const { count } = await searchPage(ctx, { tid: existing.id, startIndex: 0, requestedCount: 1 });
  if (count > 0) throw new AppError(Status.UPDATE_NOT_ALLOWED, `This visitor type is used by ${count} visit records`, { visits: count });
  await repo.deleteType(existing.id).catch((err: unknown) => {
    if (foreignKeyViolation(err) !== undefined) throw new AppError(Status.UPDATE_NOT_ALLOWED, 'This visitor type is used by other records');
    throw err;
  });
  ctx.audit.objId = existing.id;
  ctx.audit.objName = `${existing.nameZh}#${existing.nameEn}`;
  return null;
}

/** A visitor type of the caller's company, for other modules (a visit's `tid`); undefined when there is none. */
export async function typeById(ctx: AuthedContext, tid: number): Promise<VisitorType | undefined> {
  const repo = repoOf(ctx);
  const row = await repo.type(tid);
  if (!row) return undefined;
  const { fields, links } = await snapshot(ctx, repo);
  return toVisitorType(row, links, fields);
}

/** The order must name every row once: a list of another length or with strangers is refused, nothing moves. */
function sameSet(ids: number[], existing: number[], field: string): void {
  const have = new Set(existing);
  if (ids.length !== existing.length || ids.some((id) => !have.has(id))) throw badParams([{ field, rule: 'invalid_value' }]);
}

export async function sortTypes(ctx: AuthedContext, input: In<'sortVisitorType'>): Promise<VisitorType[]> {
  const repo = repoOf(ctx);
  sameSet(
    input.tids,
    (await repo.types()).map((t) => t.id),
    'tids',
  );
  await repo.setOrder('types', input.tids);
  ctx.audit.desc = logDesc('reordered', { count: input.tids.length });
  return listTypes(ctx, {});
}

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

export async function listFields(ctx: AuthedContext, input: In<'GetExtendVisitor'>): Promise<VisitorField[]> {
  const { fields, types, links } = await snapshot(ctx);
  if (input.tid && !types.some((t) => t.id === input.tid)) throw noSuchType();
  const shown = input.tid ? links.filter((l) => l.typeId === input.tid) : links;
  const visible = input.tid ? fields.filter((f) => shown.some((l) => l.fieldId === f.id)) : fields;
  return visible.map((f) => toVisitorField(f, shown, types));
}

function checkFieldTypes(types: TypeRow[], wanted: { tid: number; required: boolean }[]) {
  const ids = new Set(types.map((t) => t.id));
  const errors = wanted.flatMap((w, i) => (ids.has(w.tid) ? [] : [{ field: `types.${i}.tid`, rule: 'notFound' }]));
  if (errors.length) throw badParams(errors);
  return wanted.map((w) => ({ typeId: w.tid, required: w.required }));
}

function fieldNameTaken(fields: FieldRow[], zh: string, en: string, exceptId?: number): boolean {
  const names = new Set([zh.toLowerCase(), en.toLowerCase()]);
  return fields.some((f) => f.id !== exceptId && (names.has(f.nameZh.toLowerCase()) || names.has(f.nameEn.toLowerCase())));
}

interface FieldInput {
  displayName: string;
  fieldName?: string;
  inputType: CustomInputType;
  inputValue: string[];
  placeholder: string;
  types: { tid: number; required: boolean }[];
}

export async function addField(ctx: AuthedContext, input: FieldInput): Promise<VisitorField> {
  const repo = repoOf(ctx);
  const { fields, types } = await snapshot(ctx, repo);
  if (fields.filter((f) => f.inputType !== 'standard').length >= CUSTOM_FIELDS_MAX) throw badParams([{ field: 'displayName', rule: 'tooMany' }]);
  const { zh, en } = splitLabel(input.displayName);
  if (fieldNameTaken(fields, zh, en)) throw new AppError(Status.ALREADY_EXISTS, `A field is already named ${zh} or ${en}`);
  const key = input.fieldName ?? `ext_${randomBytes(4).toString('hex')}`;
  if (fields.some((f) => f.fieldName.toLowerCase() === key.toLowerCase()))
    throw new AppError(Status.ALREADY_EXISTS, `A field already has the key ${key}`);
  const settings = checkFieldTypes(types, input.types);
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const r = repoOf(ctx, tx);
    const created = await r.insertField({
      fieldName: key,
      nameZh: zh,
      nameEn: en,
      inputType: input.inputType,
      options: input.inputType === 'button' ? input.inputValue : [],
      placeholder: input.inputType === 'date' ? '' : input.placeholder,
      sortOrder: await r.nextFieldOrder(),
    });
    await r.setFieldTypes(created.id, settings);
    return created;
  }).catch((err: unknown) => {
    if (uniqueViolation(err) !== undefined) throw new AppError(Status.ALREADY_EXISTS, `A field already has the key ${key}`);
    throw err;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = input.displayName;
  return toVisitorField(row, await repo.links(), types);
}

export async function updateField(ctx: AuthedContext, input: Partial<Omit<FieldInput, 'fieldName'>> & { eid: number }): Promise<VisitorField> {
  const repo = repoOf(ctx);
  const { fields, types } = await snapshot(ctx, repo);
  const existing = fields.find((f) => f.id === input.eid);
  if (!existing) throw noSuchField();
  const standard = existing.inputType === 'standard';
  if (standard && (input.inputType !== undefined || input.inputValue !== undefined))
    throw badParams([{ field: input.inputType !== undefined ? 'inputType' : 'inputValue', rule: 'standard' }]);
  const inputType = (input.inputType ?? existing.inputType) as CustomInputType | 'standard';
  const options = input.inputValue ?? existing.options;
  if (inputType === 'button' && options.length === 0) throw badParams([{ field: 'inputValue', rule: 'required' }]);
  let names = {};
  if (input.displayName !== undefined) {
    const { zh, en } = splitLabel(input.displayName);
    if (fieldNameTaken(fields, zh, en, existing.id)) throw new AppError(Status.ALREADY_EXISTS, `A field is already named ${zh} or ${en}`);
    names = { nameZh: zh, nameEn: en };
  }
  const locked = existing.fieldName === LOCKED_FIELD;
  // The visitor's name stays shown and required everywhere, whatever is asked.
  const settings = input.types && !locked ? checkFieldTypes(types, input.types) : undefined;
  const row = await inTransaction(ctx.tenant, async (tx) => {
    const r = repoOf(ctx, tx);
    const updated = await r.updateField(existing.id, {
      updatedAt: new Date(),
      ...names,
      ...(input.inputType !== undefined && { inputType: input.inputType }),
      ...(!standard && { options: inputType === 'button' ? options : [] }),
      ...(input.placeholder !== undefined && { placeholder: inputType === 'date' ? '' : input.placeholder }),
    });
    if (settings) await r.setFieldTypes(existing.id, settings);
    return updated;
  });
  if (!row) throw noSuchField();
  ctx.audit.objId = row.id;
  ctx.audit.objName = `${row.nameZh}#${row.nameEn}`;
  return toVisitorField(row, await repo.links(), types);
}

export async function removeField(ctx: AuthedContext, input: In<'delExtendVisitor'>): Promise<null> {
  const repo = repoOf(ctx);
  const existing = await repo.field(input.eid);
  if (!existing) throw noSuchField();
  if (existing.inputType === 'standard') throw new AppError(Status.UPDATE_NOT_ALLOWED, 'Standard fields cannot be deleted; hide them instead');
  await repo.deleteField(existing.id);
  ctx.audit.objId = existing.id;
  ctx.audit.objName = `${existing.nameZh}#${existing.nameEn}`;
  return null;
}

export async function sortFields(ctx: AuthedContext, input: In<'sortExtendVisitor'>): Promise<VisitorField[]> {
  const repo = repoOf(ctx);
  const { fields } = await snapshot(ctx, repo);
  sameSet(
    input.eids,
    fields.map((f) => f.id),
    'eids',
  );
  await repo.setOrder('fields', input.eids);
  ctx.audit.desc = logDesc('reordered', { count: input.eids.length });
  return listFields(ctx, {});
}
