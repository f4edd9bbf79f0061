import type { Readable } from 'node:stream';
import {
  checkEmail,
  checkPersonName,
  checkPhone,
  EMPLOYEE_IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_UPDATE_DETAILS_MAX,
  type ImportRowError,
  type In,
  type Lang,
  logDesc,
  normalizeEmail,
  normalizePhone,
  Status,
} from '@openvisit/contract';
import { checkClause, pathResolver as departmentPaths, employeesRepository, normalisePath, repoOf } from '../../core/people/people.public.js';
import { exampleRowTest, type ImportTemplate, mapColumns, readSheetRows, templateWorkbook } from '../../platform/files/spreadsheet.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';
import { describeUpdates, type ImportCandidate } from './employees.import.changes.js';

type Field = keyof typeof EMPLOYEE_IMPORT_COLUMNS;
const WORK_NUMBER = /^[A-Za-z0-9_.-]{0,32}$/;

export async function importEmployees(ctx: AuthedContext, input: In<'importEmpList'>) {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  await checkClause(ctx, input.acceptClause);

  const { candidates, errors, exampleRows } = await readRows(file.bytes, await repoOf(ctx).identities());
  const preview = candidates.slice(0, 20).map((c) => ({
    row: c.row,
    empName: c.name,
    empNo: c.empNo,
    phone: c.phone,
    email: c.email,
    departments: c.departments.join('; '),
    action: c.existingId ? ('update' as const) : ('create' as const),
  }));
  const matched = candidates.filter((c) => c.existingId);
  const summary = {
    total: candidates.length + new Set(errors.map((e) => e.row)).size,
    valid: candidates.length,
    errors,
    preview,
    exampleRows,
    updating: matched.length,
    leftOut: input.updateExisting ? 0 : matched.length,
    updates: await describeUpdates(ctx.tenant, matched, IMPORT_UPDATE_DETAILS_MAX),
  };
  if (input.dryRun) return { ...summary, created: 0, updated: 0, departmentsCreated: 0 };

  const result = await applyImport(ctx, input.updateExisting ? candidates : candidates.filter((c) => !c.existingId));
  ctx.audit.objName = file.name;
  ctx.audit.desc = logDesc('employeesImported', { created: result.created, updated: result.updated, errors: errors.length });
  return { ...summary, ...result };
}

/** The file's rows checked: valid candidates (with the employee each matches), per-row errors, the example rows skipped. */
async function readRows(bytes: Buffer, existing: { id: number; empNo: string; phone: string }[]) {
  const { rows, tooManyRows } = await readSheetRows(bytes, { maxRows: IMPORT_MAX_ROWS, count: 'all' });
  const header = rows[0] ?? [];
  const columns = mapColumns(header, EMPLOYEE_IMPORT_COLUMNS);
  const isExample = exampleRowTest(header, TEMPLATE, columns);
  const body = rows.slice(1);
  if (tooManyRows)
    throw new AppError(Status.BAD_PARAMS, `At most ${IMPORT_MAX_ROWS} rows per file`, { errors: [{ field: 'file', rule: 'tooManyRows' }] });

  const byEmpNo = new Map(existing.filter((e) => e.empNo).map((e) => [e.empNo, e.id]));
  const byPhone = new Map(existing.map((e) => [e.phone, e.id]));
  const seenEmpNo = new Map<string, number>();
  const seenPhone = new Map<string, number>();

  const errors: ImportRowError[] = [];
  const candidates: ImportCandidate[] = [];
  const exampleRows: number[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    const cell = (f: Field) => (columns.has(f) ? String(cells[columns.get(f) as number] ?? '').trim() : '');
    if (cells.every((c) => !String(c ?? '').trim())) return;
    if (isExample(cells)) {
      exampleRows.push(row);
      return;
    }
    const rowErrors: ImportRowError[] = [];
    const fail = (field: string, rule: string | null) => rule && rowErrors.push({ row, field, rule });
    const name = cell('employee_name');
    fail('employee_name', checkPersonName(name));
    const rawPhone = cell('phone');
    fail('phone', checkPhone(rawPhone));
    const phone = normalizePhone(rawPhone) ?? rawPhone;
    const empNo = cell('empNo');
    if (!WORK_NUMBER.test(empNo)) fail('empNo', 'format');
    const rawEmail = cell('email');
    if (rawEmail) fail('email', checkEmail(rawEmail));
    const position = cell('empPosition').slice(0, 64);
    const depts = cell('departments')
      .split(/[;；,，]/)
      .map(normalisePath)
      .filter(Boolean);
    if (depts.some((d) => d.split('/').some((s) => s.length > 64))) fail('departments', 'tooLong');
    if (empNo && seenEmpNo.has(empNo)) fail('empNo', 'duplicateInFile');
    if (phone && seenPhone.has(phone)) fail('phone', 'duplicateInFile');
    // Which employee this row is: the work number decides, else the phone.
    const existingId = (empNo && byEmpNo.get(empNo)) || (!empNo ? byPhone.get(phone) : undefined) || byPhone.get(phone);
    const phoneOwner = byPhone.get(phone);
    if (phoneOwner && existingId && phoneOwner !== existingId) fail('phone', 'taken');
    const empNoOwner = empNo ? byEmpNo.get(empNo) : undefined;
    if (empNoOwner && existingId && empNoOwner !== existingId) fail('empNo', 'taken');
    if (rowErrors.length) {
      errors.push(...rowErrors);
      return;
    }
    if (empNo) seenEmpNo.set(empNo, row);
    seenPhone.set(phone, row);
    candidates.push({ row, name, phone, empNo, email: rawEmail ? normalizeEmail(rawEmail) : '', position, departments: depts, existingId });
  });
  return { candidates, errors, exampleRows };
}

/** Applies the valid rows in one transaction: new employees in batches, updates, then department links (paths created as needed). */
function applyImport(ctx: AuthedContext, candidates: ImportCandidate[]) {
  return inTransaction(ctx.tenant, async (tx) => {
    const repo = employeesRepository(tx);
    const paths = await departmentPaths(tx);
    const fresh = candidates.filter((c) => !c.existingId);
    for (let i = 0; i < fresh.length; i += 500) {
      const batch = fresh.slice(i, i + 500);
      const ids = await repo.insertBatch(batch.map((c) => ({ name: c.name, phone: c.phone, empNo: c.empNo, email: c.email, position: c.position })));
      batch.forEach((c, j) => {
        c.existingId = ids[j]?.id;
      });
    }
    let updated = 0;
    for (const c of candidates.filter((x) => !fresh.includes(x))) {
      await repo.setFields(c.existingId as number, {
        name: c.name,
        phone: c.phone,
        ...(c.empNo && { empNo: c.empNo }),
        ...(c.email && { email: c.email }),
        ...(c.position && { position: c.position }),
      });
      updated++;
    }
    const links: { empId: number; deptId: number }[] = [];
    for (const c of candidates)
      for (const path of c.departments) links.push({ empId: c.existingId as number, deptId: (await paths.resolve(path)) as number });
    await repo.linkDepartments(links);
    return { created: fresh.length, updated, departmentsCreated: paths.created };
  });
}

/** The template's example row in each language: never imported (a marked first column, or these very cells). */
const TEMPLATE: ImportTemplate<Field> = {
  columns: EMPLOYEE_IMPORT_COLUMNS,
  examples: {
    en: [['Wang Ming', '13800138000', 'E001', 'wang.ming@example.com', 'Headquarters/Sales', 'Sales manager']],
    zh: [['王明', '13800138000', 'E001', 'wang.ming@example.com', '总部/销售部', '销售经理']],
  },
};

/** The import template: a marked, greyed example row under headers in the chosen language (required ones marked *). */
export async function importTemplate(input: { lang: Lang }): Promise<Readable> {
  return templateWorkbook(TEMPLATE, { lang: input.lang, sheet: input.lang === 'zh' ? '员工' : 'Employees' });
}
