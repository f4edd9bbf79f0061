import { type In, logDesc, normalizePhone, Status, type Supplier } from '@openvisit/contract';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { staffPerSupplier } from '../company/company.public.js';
import { type SupplierRow, suppliersRepository } from './suppliers.repository.js';

/*
 * Supplier (labour) companies (the original's qcv_supplier): the companies resident visitors work for. Their workers
 * keep the company's name in `company` as well, so clients of the original read it as before.
 */

function toSupplier(s: SupplierRow, workers: number, accounts: number): Supplier {
  return {
    supplierId: s.id,
    name: s.name,
    contact: s.contact,
    phone: s.phone,
    remark: s.remark,
    workers,
    accounts,
    createTime: s.createdAt.getTime(),
  };
}

export async function listSuppliers(ctx: AuthedContext, input: In<'getSupplierList'>): Promise<Supplier[]> {
  const [rows, accounts] = await Promise.all([suppliersRepository(ctx.tenant).list(input.name), staffPerSupplier(ctx)]);
  return rows.map((r) => toSupplier(r.supplier, r.workers, accounts.get(r.supplier.id) ?? 0));
}

/** The supplier companies of the caller's scope, by name. */
export async function suppliersOf(ctx: AuthedContext): Promise<SupplierRow[]> {
  return (await suppliersRepository(ctx.tenant).list()).map((r) => r.supplier);
}

/** A supplier company of the caller's scope (a server company: its own only), else 602. */
export async function supplierById(ctx: AuthedContext, id: number): Promise<SupplierRow> {
  const row = await suppliersRepository(ctx.tenant).byId(id);
  if (!row) throw notFound('supplier company');
  return row;
}

/** The registered supplier company of this name, if any (a resident given only a name is linked to it). */
export function supplierNamed(ctx: AuthedContext, name: string): Promise<SupplierRow | undefined> {
  return suppliersRepository(ctx.tenant).named(name);
}

const values = (input: In<'addSupplier'>) => ({
  name: input.name,
  contact: input.contact,
  phone: input.phone ? (normalizePhone(input.phone) ?? input.phone) : '',
  remark: input.remark,
});

function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'suppliers_name_uq') throw new AppError(Status.ALREADY_EXISTS, 'Another supplier company has this name');
  throw err;
}

export async function addSupplier(ctx: AuthedContext, input: In<'addSupplier'>): Promise<Supplier> {
  const repo = suppliersRepository(ctx.tenant);
  if (await repo.named(input.name)) throw new AppError(Status.ALREADY_EXISTS, 'Another supplier company has this name');
  const row = await repo.insert(values(input)).catch(nameTaken);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('supplierCompany');
  return toSupplier(row, 0, 0);
}

/** A new name reaches the workers' `company` in the same transaction. */
export async function updateSupplier(ctx: AuthedContext, input: In<'updateSupplier'>): Promise<Supplier> {
  const before = await supplierById(ctx, input.supplierId);
  if (await suppliersRepository(ctx.tenant).named(input.name, before.id))
    throw new AppError(Status.ALREADY_EXISTS, 'Another supplier company has this name');
  const { row, renamed } = await inTransaction(ctx.tenant, async (tx) => {
    const repo = suppliersRepository(tx);
    const updated = await repo.update(before.id, values(input)).catch(nameTaken);
    if (!updated) throw notFound('supplier company');
    return { row: updated, renamed: updated.name !== before.name ? await repo.renameWorkers(before.id, updated.name) : null };
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = renamed === null ? logDesc('supplierCompany') : logDesc('supplierCompanyRenamed', { workers: renamed });
  const [workers, accounts] = await Promise.all([suppliersRepository(ctx.tenant).workers(row.id), staffPerSupplier(ctx)]);
  return toSupplier(row, workers, accounts.get(row.id) ?? 0);
}

/** Kept (58 with the counts) while workers or server-company accounts belong to it: they would be left without one. */
export async function deleteSupplier(ctx: AuthedContext, input: In<'delSupplier'>) {
  const row = await supplierById(ctx, input.supplierId);
  const repo = suppliersRepository(ctx.tenant);
  const [workers, accounts] = await Promise.all([repo.workers(row.id), staffPerSupplier(ctx).then((m) => m.get(row.id) ?? 0)]);
  if (workers > 0 || accounts > 0)
    throw new AppError(Status.UPDATE_NOT_ALLOWED, `${workers} workers and ${accounts} accounts belong to this supplier company`, {
      workers,
      accounts,
    });
  const deleted = await repo.remove(row.id);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc('supplierCompany');
  return { deleted: deleted.length };
}
