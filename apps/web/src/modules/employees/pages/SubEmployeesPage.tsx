import { EditOutlined, PlusOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { Employee } from '@openvisit/contract';
import { App, Button, Card, Flex, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDate } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { defineListParams, ListSearch, ListTable, text, useListPage, useListQuery } from '../../../platform/list';
import { useSubCompanyEmployeePage, useUpdateEmployee } from '../api';
import { EmployeeDrawer } from '../components/EmployeeDrawer';

const STATUS_COLORS: Record<number, string> = { 0: 'success', 1: 'error', 2: 'default' };
const subEmpParams = defineListParams({ q: text() });

/**
 * The sub-company portal's employees (/subcom/subemp): its own employees only (the server answers a sub-company session
 * nothing else), searched and paged; add and edit with the employees' drawer without the head office's fields
 * (departments, cards, face photos), the head office's exemption clause to accept; disable and enable after a confirmation.
 */
export function SubEmployeesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const query = useListQuery(subEmpParams);
  const { q } = query.values;
  const page = useSubCompanyEmployeePage({ startIndex: query.startIndex, requestedCount: query.requestedCount, name: q || undefined });
  const table = useListPage(query, page);
  const update = useUpdateEmployee();
  // A change of status is an edit: where the head office has an exemption clause, confirming it accepts the clause.
  const clause = (useUserInfo().data?.escapeClause ?? '').trim();
  const [drawer, setDrawer] = useState<{ open: boolean; employee: Employee | null; key: number }>({ open: false, employee: null, key: 0 });
  const openDrawer = (employee: Employee | null) => setDrawer((d) => ({ open: true, employee, key: d.key + 1 }));

  const setEnabled = async (e: Employee, enabled: boolean) => {
    try {
      await update.mutateAsync({ empid: e.empid, status: enabled ? 0 : 1, ...(clause && { acceptClause: true }) });
      void message.success(t(enabled ? 'employees.subCompany.enabled' : 'employees.subCompany.disabled', { name: e.empName }));
    } catch {
      // shown by the error policy (the exemption clause is accepted in the drawer)
    }
  };

  const addButton = (testId?: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)} data-testid={testId}>
      {t('employees.add')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('employees.subCompany.title')} actions={addButton('subemp-add')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('employees.subCompany.intro')}</Typography.Paragraph>
        <Flex style={{ marginBottom: 16 }}>
          <ListSearch
            label={t('employees.searchLabel')}
            placeholder={t('employees.search')}
            value={q}
            width={280}
            onSearch={(v) => query.set({ q: v })}
          />
        </Flex>
        <ListTable<Employee>
          rowKey="empid"
          {...table.props}
          totalText={(n) => t('employees.total', { count: n })}
          empty={q ? t('employees.emptyFiltered') : t('employees.empty')}
          emptyAction={q ? <Button onClick={() => query.set({ q: '' })}>{t('employees.clearFilters')}</Button> : addButton()}
          columns={[
            { key: 'empName', title: t('employees.columns.name'), dataIndex: 'empName', kind: 'name' },
            { key: 'empNo', title: t('employees.columns.empNo'), dataIndex: 'empNo', kind: 'code', width: 104, render: (v: string) => v || '—' },
            { key: 'position', title: t('employees.columns.position'), dataIndex: 'empPosition', kind: 'text' },
            { key: 'phone', title: t('employees.columns.phone'), dataIndex: 'empPhone', kind: 'phone' },
            { key: 'email', title: t('employees.columns.email'), dataIndex: 'empEmail', kind: 'text', responsive: ['xl'] },
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
              render: (ms: number) => formatDate(ms),
            },
            {
              key: 'actions',
              title: t('employees.columns.actions'),
              kind: 'actions',
              width: 80,
              render: (_: unknown, e) => {
                const enabled = e.status === 0;
                const action = enabled ? t('employees.subCompany.disable') : t('employees.subCompany.enable');
                return (
                  <Space size={0}>
                    <Tooltip title={t('common.edit')}>
                      <Button type="text" icon={<EditOutlined />} onClick={() => openDrawer(e)} aria-label={`${t('common.edit')} ${e.empName}`} />
                    </Tooltip>
                    <Popconfirm
                      title={t(enabled ? 'employees.subCompany.disableConfirm' : 'employees.subCompany.enableConfirm', { name: e.empName })}
                      description={
                        clause ? (
                          <Typography.Paragraph style={{ maxWidth: 360, maxHeight: 160, overflowY: 'auto', whiteSpace: 'pre-wrap', margin: 0 }}>
                            {t('employees.subCompany.acceptByConfirm', { clause })}
                          </Typography.Paragraph>
                        ) : undefined
                      }
                      onConfirm={() => setEnabled(e, !enabled)}
                    >
                      <Tooltip title={action}>
                        <Button
                          type="text"
                          danger={enabled}
                          icon={enabled ? <StopOutlined /> : <UndoOutlined />}
                          aria-label={`${action} ${e.empName}`}
                        />
                      </Tooltip>
                    </Popconfirm>
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <EmployeeDrawer
        key={drawer.key}
        open={drawer.open}
        employee={drawer.employee}
        departments={[]}
        variant="subCompany"
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
