import { PassThrough, type Readable } from 'node:stream';
import { employeeStatusLabels, type Lang } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import type { AuthedContext } from '../../platform/calls.js';
import { safeRow } from '../../platform/exportCells.js';
import * as departments from '../departments/departments.service.js';
import { employeesRepository } from './employees.repository.js';

const HEADERS: Record<Lang, string[]> = {
  en: ['Name', 'Work number', 'Mobile phone', 'Email', 'Departments', 'Position', 'Status', 'Card number', 'Telephone', 'Superior', 'Created'],
  zh: ['姓名', '工号', '手机号', '邮箱', '部门', '职位', '状态', '卡号', '座机', '上级', '创建时间'],
};
const BATCH = 2000;

/**
 * Streams the workbook: employees are read in keyset-paged batches and written row by row, so memory
 * stays flat however many employees the company has.
 */
export async function exportEmployees(ctx: AuthedContext, input: { name?: string; deptid?: number; status?: number; lang: Lang }): Promise<Readable> {
  const repo = employeesRepository(ctx.tenant);
  const deptIds = input.deptid ? await departments.subtree(ctx, input.deptid) : undefined;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(input.lang === 'zh' ? '员工' : 'Employees', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS[input.lang].map((header, i) => ({ header, width: [16, 14, 16, 28, 24, 18, 10, 14, 14, 16, 18][i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    let after = 0;
    let total = 0;
    for (;;) {
      const rows = await repo.batchAfter({ text: input.name, deptIds, status: input.status }, after, BATCH);
      if (!rows.length) break;
      const depts = await repo.departmentsOf(rows.map((r) => r.id));
      for (const r of rows) {
        sheet
          .addRow(
            safeRow([
              r.name,
              r.empNo,
              r.phone,
              r.email,
              (depts.get(r.id) ?? []).map((d) => d.deptName).join(', '),
              r.position,
              employeeStatusLabels[r.status as 0 | 1 | 2]?.[input.lang] ?? String(r.status),
              r.cardNo,
              r.telephone,
              [r.superiorName, r.superiorNo].filter(Boolean).join(' '),
              r.createdAt,
            ]),
          )
          .commit();
      }
      total += rows.length;
      after = rows[rows.length - 1]?.id ?? after;
    }
    sheet.commit();
    await workbook.commit();
    ctx.log.info({ rows: total }, 'employees exported');
  };
  write().catch((err: unknown) => {
    ctx.log.error({ err }, 'employee export failed');
    out.destroy(err as Error);
  });
  return out;
}
