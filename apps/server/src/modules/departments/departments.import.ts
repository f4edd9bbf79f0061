import type { Readable } from 'node:stream';
import {
  CODE_PATTERN,
  DEPARTMENT_IMPORT_COLUMNS,
  DEPARTMENT_IMPORT_MAX_ROWS,
  DEPT_NAME_MAX,
  DEPT_NO_MAX,
  IMPORT_UPDATE_DETAILS_MAX,
  type ImportRowError,
  type In,
  type Lang,
  logDesc,
} from '@openvisit/contract';
import { departmentsRepository, employeesService, normalisePath, pathResolver } from '../../core/people/people.public.js';
import { exampleRowTest, type ImportTemplate, mapColumns, readSheetRows, templateWorkbook } from '../../platform/files/spreadsheet.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { badParams } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/identity/tenancy.js';

type Field = keyof typeof DEPARTMENT_IMPORT_COLUMNS;

interface Candidate {
  row: number;
  path: string;
  deptNo: string;
  managerNo: string;
  managerId: number | null;
  existingId?: number;
}

/**
 * Departments from a spreadsheet. Every row is checked first (path, number unique in the file and against
 * other departments, manager work number known); valid rows then apply in one transaction.
 */
export async function importDepartments(ctx: AuthedContext, input: In<'importDepartment'>) {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  const { rows, tooManyRows } = await readSheetRows(file.bytes, { maxRows: DEPARTMENT_IMPORT_MAX_ROWS, count: 'all' });
  const columns = mapColumns(rows[0] ?? [], DEPARTMENT_IMPORT_COLUMNS);
  const isExample = exampleRowTest(rows[0] ?? [], TEMPLATE, columns);
  const body = rows.slice(1);
  if (tooManyRows) throw badParams([{ field: 'file', rule: 'tooManyRows' }]);

  const repo = departmentsRepository(ctx.tenant);
  const existing = await repo.all();
  const paths = await pathResolver(ctx.tenant);
  const numberOwner = new Map(existing.filter((d) => d.deptNo).map((d) => [d.deptNo, d.id]));
  const byEmpNo = await employeesService.idsByWorkNumber(ctx);

  const errors: ImportRowError[] = [];
  const candidates: Candidate[] = [];
  const seenPath = new Set<string>();
  const seenNo = new Set<string>();
  const exampleRows: number[] = [];
  for (const [i, cells] of body.entries()) {
    const row = i + 2;
    if (cells.every((c) => !String(c ?? '').trim())) continue;
    if (isExample(cells)) {
      exampleRows.push(row);
      continue;
    }
    const cell = (f: Field) => (columns.has(f) ? String(cells[columns.get(f) as number] ?? '').trim() : '');
    const rowErrors: ImportRowError[] = [];
    const fail = (field: string, rule: string) => rowErrors.push({ row, field, rule });
    const path = normalisePath(cell('path'));
    if (!path) fail('path', 'required');
    else if (path.split('/').some((level) => level.length > DEPT_NAME_MAX)) fail('path', 'tooLong');
    else if (seenPath.has(path.toLowerCase())) fail('path', 'duplicateInFile');
    const deptNo = cell('deptNo');
    const existingId = path ? await paths.resolve(path, false) : undefined;
    if (deptNo.length > DEPT_NO_MAX) fail('deptNo', 'tooLong');
    else if (!CODE_PATTERN.test(deptNo)) fail('deptNo', 'format');
    else if (deptNo && seenNo.has(deptNo)) fail('deptNo', 'duplicateInFile');
    const managerNo = cell('managerNo');
    const managerId = managerNo ? byEmpNo.get(managerNo) : null;
    if (managerId === undefined) fail('managerNo', 'notFound');
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    seenPath.add(path.toLowerCase());
    if (deptNo) seenNo.add(deptNo);
    candidates.push({ row, path, deptNo, managerNo, managerId: managerId ?? null, existingId });
  }

  // A number held by another department is taken, unless this file gives that department another number.
  const renumbered = new Set(candidates.filter((c) => c.existingId && c.deptNo).map((c) => c.existingId));
  for (const c of [...candidates]) {
    const owner = c.deptNo ? numberOwner.get(c.deptNo) : undefined;
    if (owner && owner !== c.existingId && !renumbered.has(owner)) {
      errors.push({ row: c.row, field: 'deptNo', rule: 'taken' });
      candidates.splice(candidates.indexOf(c), 1);
    }
  }
  errors.sort((x, y) => x.row - y.row);

  const preview = candidates.slice(0, 20).map((c) => ({
    row: c.row,
    path: c.path,
    deptNo: c.deptNo,
    managerNo: c.managerNo,
    action: c.existingId ? ('update' as const) : ('create' as const),
  }));
  const updating = candidates.filter((c) => c.existingId).length;
  const updates = updateDetails(candidates, existing, byEmpNo);
  const total = candidates.length + new Set(errors.map((e) => e.row)).size;
  const summary = { total, valid: candidates.length, errors, exampleRows, updating, updates, preview };
  if (input.dryRun) return { ...summary, created: 0, updated: 0 };

  const result = await applyImport(ctx, candidates);
  ctx.audit.objName = file.name;
  ctx.audit.desc = logDesc('departmentsImported', { created: result.created, updated: result.updated, errors: errors.length });
  return { ...summary, ...result };
}

type Existing = { id: number; deptNo: string; managerEmpId: number | null };

/**
 * What each row naming an existing department changes (issue 35): the department, and its number and manager (by work
 * number, empty when none or without one) before and after; rows that change nothing are not listed.
 */
function updateDetails(candidates: Candidate[], existing: Existing[], byEmpNo: Map<string, number>) {
  const byId = new Map(existing.map((d) => [d.id, d]));
  const workNumberOf = new Map([...byEmpNo].map(([no, id]) => [id, no]));
  const details = [];
  for (const c of candidates) {
    const d = c.existingId ? byId.get(c.existingId) : undefined;
    if (!d) continue;
    const changes: { field: 'deptNo' | 'managerNo'; before: string; after: string }[] = [];
    if (c.deptNo && c.deptNo !== d.deptNo) changes.push({ field: 'deptNo', before: d.deptNo, after: c.deptNo });
    if (c.managerNo && c.managerId !== d.managerEmpId)
      changes.push({ field: 'managerNo', before: d.managerEmpId ? (workNumberOf.get(d.managerEmpId) ?? '') : '', after: c.managerNo });
    if (changes.length) details.push({ row: c.row, deptid: d.id, path: c.path, changes });
    if (details.length >= IMPORT_UPDATE_DETAILS_MAX) break;
  }
  return details;
}

/** Applies the valid rows in one transaction: paths created as needed, then numbers and managers. */
function applyImport(ctx: AuthedContext, candidates: Candidate[]) {
  return inTransaction(ctx.tenant, async (tx) => {
    const txPaths = await pathResolver(tx);
    const txRepo = departmentsRepository(tx);
    let updated = 0;
    // Numbers move between departments in one file: clear the ones being reassigned before setting any.
    for (const c of candidates) if (c.deptNo && c.existingId) await txRepo.update(c.existingId, { deptNo: '' });
    for (const c of candidates) {
      const id = (await txPaths.resolve(c.path)) as number;
      const change: { deptNo?: string; managerEmpId?: number | null } = {};
      if (c.deptNo) change.deptNo = c.deptNo;
      if (c.managerNo) change.managerEmpId = c.managerId;
      if (Object.keys(change).length) await txRepo.update(id, change);
      if (c.existingId) updated++;
    }
    return { created: txPaths.created, updated };
  });
}

/** The template's example row in each language: never imported (a marked first column, or these very cells). */
const TEMPLATE: ImportTemplate<keyof typeof DEPARTMENT_IMPORT_COLUMNS> = {
  columns: DEPARTMENT_IMPORT_COLUMNS,
  examples: { en: [['Headquarters/Sales', 'D100', 'E001']], zh: [['总部/销售部', 'D100', 'E001']] },
};

export async function departmentTemplate(input: { lang: Lang }): Promise<Readable> {
  return templateWorkbook(TEMPLATE, { lang: input.lang, sheet: input.lang === 'zh' ? '部门' : 'Departments' });
}
