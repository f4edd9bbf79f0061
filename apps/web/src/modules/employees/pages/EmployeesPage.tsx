import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Employee, exportEmployeeList } from '@openvisit/contract';
import { App, Button, Card, Flex, Select, Space, type TableProps, Tag, Tooltip, Typography } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FaceCell, FacePhotosButton } from '../../../core/faces/public';
import { findDept, useDepartments } from '../../../core/people/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDate } from '../../../platform/format';
import { currentLang, useLabel } from '../../../platform/i18n';
import { BatchBar, ListSearch, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteEmployees, useEmployeeCount, useEmployeePage } from '../api';
import { AbnormalLink } from '../components/AbnormalDrawer';
import { DepartmentPanel } from '../components/DepartmentPanel';
import { DirectorySyncButton } from '../components/DirectorySyncModal';
import { EmployeeDrawer } from '../components/EmployeeDrawer';
import { ImportMenu } from '../components/ImportMenu';
import { changeFilters, EMPLOYEE_STATUSES, type EmpFilters, type EmployeeStatus, empParams, isFiltered, SORT_FIELDS, type SortField } from '../query';

const STATUS_COLORS: Record<number, string> = { 0: 'success', 1: 'error', 2: 'default' };
/** Toggles between ascending and descending (antd would otherwise cycle through "no sort"). */
const SORT_DIRECTIONS: AntSortOrder[] = ['ascend', 'descend', 'ascend'];

const antOrder = (f: EmpFilters, field: SortField): AntSortOrder => (f.sortBy === field ? (f.sortOrder === 'asc' ? 'ascend' : 'descend') : null);

/** People › company employees: the department tree beside the paged, filtered employee list. */
export function EmployeesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const query = useListQuery(empParams);
  const filters = query.values;
  const page = useEmployeePage(filters);
  const table = useListPage(query, page, { selectable: true, stepBack: true });
  const { selection, setSelection } = table;
  const count = useEmployeeCount();
  const departments = useDepartments();
  const remove = useDeleteEmployees();
  // A new key per opening: the drawer and its form start afresh for each employee.
  const [drawer, setDrawer] = useState<{ open: boolean; employee: Employee | null; key: number }>({ open: false, employee: null, key: 0 });
  const openDrawer = (employee: Employee | null) => setDrawer((d) => ({ open: true, employee, key: d.key + 1 }));

  // The box follows the URL (back/forward, "clear filters").

  const apply = (patch: Partial<EmpFilters>) => {
    const next = changeFilters(filters, patch);
    if (next.q !== filters.q || next.status !== filters.status || next.dept !== filters.dept) setSelection([]);
    query.set(patch);
  };

  const deleteEmployees = async (ids: number[]) => {
    try {
      const { deleted } = await remove.mutateAsync(ids);
      void message.success(t('employees.deleted', { count: deleted }));
      setSelection((s) => s.filter((id) => !ids.includes(id)));
    } catch {
      // shown by the error policy
    }
  };

  const { exporting, run: runExport } = useListExport();
  /** Exactly what the list shows: the same search, status and department, in the current language. */
  const exportList = () =>
    runExport(
      exportEmployeeList,
      { name: filters.q || undefined, status: filters.status, deptid: filters.dept, lang: currentLang() },
      t('employees.exported'),
    );

  // Paging is the list table's; the sort is this screen's.
  const onTableChange: TableProps<Employee>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = (SORT_FIELDS as readonly string[]).includes(String(s?.columnKey)) ? (s?.columnKey as SortField) : 'createTime';
    apply({ sortBy: field, sortOrder: s?.order === 'ascend' ? 'asc' : 'desc' });
  };

  const c = count.data;
  const selectedDept = filters.dept === undefined ? undefined : findDept(departments.data ?? [], filters.dept);
  const filtered = isFiltered(filters);
  return (
    <>
      <PageHeader
        title={t('employees.title')}
        extra={
          <Space size={12} wrap>
            <Typography.Text type="secondary" data-testid="employee-count">
              {c ? t('employees.countLine', { count: c.total, enabled: c.enabled, forbidden: c.forbidden, stopped: c.stopped }) : '\u00a0'}
            </Typography.Text>
            <AbnormalLink onEdit={openDrawer} />
          </Space>
        }
        actions={
          <Space>
            <DirectorySyncButton />
            <ImportMenu />
            <FacePhotosButton />
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="employee-export">
              {t('employees.export')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
              {t('employees.add')}
            </Button>
          </Space>
        }
      />
      <Flex gap={16} align="flex-start">
        <DepartmentPanel
          tree={departments.data}
          loading={departments.isPending}
          total={c?.total}
          selected={filters.dept}
          onSelect={(dept) => apply({ dept })}
        />
        <Card style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
            <Space wrap>
              <ListSearch
                label={t('employees.searchLabel')}
                placeholder={t('employees.search')}
                value={filters.q}
                width={280}
                onSearch={(q) => apply({ q })}
              />
              <Select<EmployeeStatus | 'all'>
                aria-label={t('employees.statusFilter')}
                style={{ minWidth: 150 }}
                value={filters.status ?? 'all'}
                onChange={(v) => apply({ status: v === 'all' ? undefined : v })}
                options={[
                  { value: 'all', label: t('employees.allStatuses') },
                  ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: label('employeeStatus', s) })),
                ]}
              />
              {filtered ? (
                <Button type="link" onClick={() => apply({ q: '', status: undefined, dept: undefined })}>
                  {t('employees.clearFilters')}
                </Button>
              ) : null}
            </Space>
            <BatchBar
              count={selection.length}
              selectedText={t('employees.selected', { count: selection.length })}
              deleteText={t('employees.batchDelete')}
              confirmText={t('employees.batchDeleteConfirm', { count: selection.length })}
              onDelete={() => deleteEmployees(selection)}
              deleting={remove.isPending}
            />
          </Flex>
          <ListTable<Employee>
            rowKey="empid"
            {...table.props}
            onChange={onTableChange}
            totalText={(n) => t('employees.total', { count: n })}
            empty={filtered ? t('employees.emptyFiltered') : t('employees.empty')}
            emptyAction={
              filtered ? (
                <Button onClick={() => apply({ q: '', status: undefined, dept: undefined })}>{t('employees.clearFilters')}</Button>
              ) : (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
                  {t('employees.add')}
                </Button>
              )
            }
            columns={[
              {
                key: 'empName',
                title: t('employees.columns.name'),
                dataIndex: 'empName',
                kind: 'name',
                sorter: true,
                sortOrder: antOrder(filters, 'empName'),
                sortDirections: SORT_DIRECTIONS,
                fixed: 'left',
              },
              { key: 'face', title: t('employees.faces.column'), kind: 'tag', width: 136, render: (_: unknown, e) => <FaceCell employee={e} /> },
              {
                key: 'empNo',
                title: t('employees.columns.empNo'),
                dataIndex: 'empNo',
                kind: 'code',
                width: 104,
                sorter: true,
                sortOrder: antOrder(filters, 'empNo'),
                sortDirections: SORT_DIRECTIONS,
                render: (v: string) => v || '—',
              },
              {
                key: 'departments',
                title: t('employees.columns.departments'),
                dataIndex: 'deptNames',
                kind: 'text',
                render: (names: string[]) => names.join(', '),
              },
              { key: 'position', title: t('employees.columns.position'), dataIndex: 'empPosition', kind: 'text', responsive: ['xxl'] },
              { key: 'phone', title: t('employees.columns.phone'), dataIndex: 'empPhone', kind: 'phone' },
              {
                key: 'email',
                title: t('employees.columns.email'),
                dataIndex: 'empEmail',
                kind: 'text',
                // Beside the department tree there is room for the e-mail only on a wide screen (it is in the drawer).
                responsive: ['xxl'],
              },
              {
                key: 'status',
                title: t('employees.columns.status'),
                dataIndex: 'status',
                kind: 'tag',
                width: 88,
                render: (s: number) => <Tag color={STATUS_COLORS[s] ?? 'default'}>{label('employeeStatus', s)}</Tag>,
              },
              {
                key: 'createTime',
                title: t('employees.columns.createTime'),
                dataIndex: 'createTime',
                kind: 'date',
                sorter: true,
                sortOrder: antOrder(filters, 'createTime'),
                sortDirections: SORT_DIRECTIONS,
                render: (ms: number) => formatDate(ms),
              },
              {
                key: 'actions',
                title: t('employees.columns.actions'),
                kind: 'actions',
                width: 80,
                render: (_: unknown, e) => (
                  <Space size={0}>
                    <Tooltip title={t('common.edit')}>
                      <Button type="text" icon={<EditOutlined />} onClick={() => openDrawer(e)} aria-label={`${t('common.edit')} ${e.empName}`} />
                    </Tooltip>
                    <ConfirmDelete title={t('employees.deleteConfirm', { name: e.empName })} onConfirm={() => deleteEmployees([e.empid])}>
                      <Tooltip title={t('common.delete')}>
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${e.empName}`} />
                      </Tooltip>
                    </ConfirmDelete>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
      <EmployeeDrawer
        key={drawer.key}
        open={drawer.open}
        employee={drawer.employee}
        departments={departments.data ?? []}
        defaultDeptIds={selectedDept ? [selectedDept.deptid] : []}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
