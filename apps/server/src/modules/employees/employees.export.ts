import type { Readable } from 'node:stream';
import { employeeStatusLabels, type Lang } from '@openvisit/contract';
import { departments, employeesRepository } from '../../core/people/people.public.js';
import { xlsxStream } from '../../platform/files/xlsx.js';
import type { AuthedContext } from '../../platform/http/calls.js';

const HEADERS: Record<Lang, string[]> = {
  en: ['Name', 'Work number', 'Mobile phone', 'Email', 'Departments', 'Position', 'Status', 'Card number', 'Telephone', 'Superior', 'Created'],
  zh: ['姓名', '工号', '手机号', '邮箱', '部门', '职位', '状态', '卡号', '座机', '上级', '创建时间'],
};
const WIDTHS = [16, 14, 16, 28, 24, 18, 10, 14, 14, 16, 18];
const BATCH = 2000;

/**
 * Streams the workbook: employees are read in keyset-paged batches and written batch by batch, so memory
 * stays flat however many employees the company has.
 */
export async function exportEmployees(ctx: AuthedContext, input: { name?: string; deptid?: number; status?: number; lang: Lang }): Promise<Readable> {
  const repo = employeesRepository(ctx.tenant);
  const deptIds = input.deptid ? await departments.subtree(ctx, input.deptid) : undefined;
  const columns = HEADERS[input.lang].map((header, i) => ({ header, width: WIDTHS[i] ?? 14 }));
  return xlsxStream(
    { sheet: input.lang === 'zh' ? '员工' : 'Employees', columns, freezeHeader: true },
    async (sheet) => {
      let after = 0;
      let total = 0;
      for (;;) {
        const rows = await repo.batchAfter({ text: input.name, deptIds, status: input.status }, after, BATCH);
        if (!rows.length) break;
        const depts = await repo.departmentsOf(rows.map((r) => r.id));
        for (const r of rows) {
          sheet.row([
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
          ]);
        }
        await sheet.flush();
        total += rows.length;
        after = rows[rows.length - 1]?.id ?? after;
      }
      ctx.log.info({ rows: total }, 'employees exported');
    },
    (err) => ctx.log.error({ err }, 'employee export failed'),
  );
}
