import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ResidentStatus, type ResidentVisitor, updateRvPermission } from '@openvisit/contract';
import { App, Button, Card, Flex, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdNumberText } from '../../../core/people/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { formatDate } from '../../../platform/format';
import { BatchBar, inputMax, ListTable, ReasonModal, useListPage } from '../../../platform/list';
import { useDecideResidents, useDeleteResidents, useProjects, useResidentCompanies, useResidentPage } from '../api';
import type { ResidentFilters } from '../query';
import { ResidentDrawer } from './ResidentDrawer';

/** rstatus 0, 1, 2 as words for the texts. */
export const STATUS_KEYS = ['pending', 'approved', 'refused'] as const;
const REFUSE_CAUSE_MAX = inputMax(updateRvPermission, 'refuseCause');
const STATUS_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

export function ResidentStatusTag({ rstatus }: { rstatus: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[rstatus]}>{t(`residents.status.${STATUS_KEYS[rstatus] ?? 'pending'}`)}</Tag>;
}

interface FilterValues {
  name: string;
  phone: string;
  company: string | undefined;
  pid: number | undefined;
  rstatus: ResidentStatus | undefined;
}

/** The resident visitors: filters, the paged table, approve / refuse with a reason, add / edit, confirmed and batch delete. */
export function ResidentsTab({
  filters,
  onFilters,
  onProjects,
}: {
  filters: ResidentFilters;
  onFilters: (f: Partial<ResidentFilters>) => void;
  onProjects: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const page = useResidentPage(filters);
  const table = useListPage({ values: filters, set: onFilters }, page, { selectable: true });
  const { selection, setSelection } = table;
  const projects = useProjects();
  const companies = useResidentCompanies();
  const remove = useDeleteResidents();
  const decide = useDecideResidents();
  const [filterForm] = Form.useForm<FilterValues>();
  const [drawer, setDrawer] = useState<{ open: boolean; key: number; resident: ResidentVisitor | null }>({ open: false, key: 0, resident: null });
  const [refusing, setRefusing] = useState<number[] | null>(null);

  useEffect(() => {
    filterForm.setFieldsValue({
      name: filters.name,
      phone: filters.phone,
      company: filters.company || undefined,
      pid: filters.pid,
      rstatus: filters.rstatus,
    });
  }, [filterForm, filters.name, filters.phone, filters.company, filters.pid, filters.rstatus]);

  const filtered = Boolean(filters.name || filters.phone || filters.company || filters.pid || filters.rstatus !== undefined);
  const noProjects = projects.data?.length === 0;

  const openDrawer = (resident: ResidentVisitor | null) => setDrawer((d) => ({ open: true, key: d.key + 1, resident }));
  const search = (v: FilterValues) => {
    setSelection([]);
    onFilters({
      name: v.name?.trim() ?? '',
      phone: v.phone?.trim() ?? '',
      company: v.company?.trim() ?? '',
      pid: v.pid,
      rstatus: v.rstatus,
      page: 1,
    });
  };
  const reset = () => {
    filterForm.resetFields();
    search({ name: '', phone: '', company: undefined, pid: undefined, rstatus: undefined });
  };

  const del = async (rids: number[]) => {
    try {
      const { deleted } = await remove.mutateAsync(rids);
      void message.success(t('residents.deleted', { count: deleted }));
      setSelection((s) => s.filter((id) => !rids.includes(id)));
    } catch {
      // shown by the error policy
    }
  };
  const approve = async (rids: number[]) => {
    try {
      const { updated } = await decide.mutateAsync({ rids, rstatus: 1 });
      void message.success(t('residents.approved', { count: updated }));
      setSelection([]);
    } catch {
      // shown by the error policy
    }
  };
  const refuse = async (refuseCause: string) => {
    if (!refusing) return;
    const { updated } = await decide.mutateAsync({ rids: refusing, rstatus: 2, refuseCause });
    void message.success(t('residents.refused', { count: updated }));
    setRefusing(null);
    setSelection([]);
  };

  return (
    <Card>
      <Form form={filterForm} layout="inline" onFinish={search} style={{ rowGap: 8, marginBottom: 16 }} name="resident-filters">
        <Form.Item name="name" label={t('residents.filters.name')}>
          <Input allowClear maxLength={64} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="phone" label={t('residents.filters.phone')}>
          <Input allowClear maxLength={32} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="company" label={t('residents.filters.company')}>
          <Select
            allowClear
            showSearch
            style={{ width: 180 }}
            options={(companies.data ?? []).map((c) => ({ value: c.company, label: `${c.company} (${c.count})` }))}
          />
        </Form.Item>
        <Form.Item name="pid" label={t('residents.filters.project')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            options={(projects.data ?? []).map((p) => ({ value: p.pid, label: p.pName }))}
          />
        </Form.Item>
        <Form.Item name="rstatus" label={t('residents.filters.status')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={([0, 1, 2] as const).map((s) => ({ value: s, label: t(`residents.status.${STATUS_KEYS[s]}`) }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('residents.filters.search')}
          </Button>
          <Button onClick={reset}>{t('residents.filters.reset')}</Button>
        </Space>
      </Form>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)} disabled={noProjects}>
          {t('residents.add')}
        </Button>
        <BatchBar
          count={selection.length}
          selectedText={t('residents.selected', { count: selection.length })}
          extra={
            <>
              <Button icon={<CheckOutlined />} loading={decide.isPending} onClick={() => void approve(selection)}>
                {t('residents.approve')}
              </Button>
              <Button icon={<CloseOutlined />} onClick={() => setRefusing(selection)}>
                {t('residents.refuse')}
              </Button>
            </>
          }
          deleteText={t('residents.batchDelete')}
          confirmText={t('residents.batchDeleteConfirm', { count: selection.length })}
          onDelete={() => del(selection)}
          deleting={remove.isPending}
          deleteTestId="residents-batch-delete"
        />
      </Flex>
      <ListTable<ResidentVisitor>
        rowKey="rid"
        {...table.props}
        totalText={(n) => t('residents.total', { count: n })}
        empty={filtered ? t('residents.emptySearch') : noProjects ? t('residents.noProjects') : t('residents.empty')}
        emptyAction={
          filtered ? (
            <Button onClick={reset}>{t('residents.filters.reset')}</Button>
          ) : noProjects ? (
            <Button type="primary" onClick={onProjects}>
              {t('residents.projects.add')}
            </Button>
          ) : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
              {t('residents.add')}
            </Button>
          )
        }
        columns={[
          { key: 'name', title: t('residents.columns.name'), dataIndex: 'name', kind: 'name', fixed: 'left' },
          { key: 'company', title: t('residents.columns.company'), dataIndex: 'company', kind: 'text' },
          { key: 'pName', title: t('residents.columns.project'), dataIndex: 'pName', kind: 'text' },
          { key: 'phone', title: t('residents.columns.phone'), dataIndex: 'phone', kind: 'phone' },
          {
            key: 'cardid',
            title: t('residents.columns.cardid'),
            dataIndex: 'cardid',
            kind: 'code',
            width: 220,
            render: (_: unknown, r) => <IdNumberText of="resident" id={r.rid} masked={r.cardid} />,
          },
          {
            key: 'validity',
            title: t('residents.columns.validity'),
            kind: 'date',
            width: 216,
            render: (_: unknown, r) => `${formatDate(r.startDate)} – ${formatDate(r.endDate)}`,
          },
          {
            key: 'rstatus',
            title: t('residents.columns.status'),
            kind: 'tag',
            width: 152,
            render: (_: unknown, r) =>
              r.rstatus === 2 && r.refuseCause ? (
                <Tooltip title={r.refuseCause}>
                  <span>
                    <ResidentStatusTag rstatus={r.rstatus} />
                  </span>
                </Tooltip>
              ) : (
                <ResidentStatusTag rstatus={r.rstatus} />
              ),
          },
          { key: 'approver', title: t('residents.columns.approver'), dataIndex: 'approver', kind: 'name', responsive: ['xxl'] },
          {
            key: 'actions',
            title: t('residents.columns.actions'),
            kind: 'actions',
            width: 136,
            render: (_: unknown, r) => (
              <Flex gap={4}>
                {r.rstatus !== 1 ? (
                  <Tooltip title={t('residents.approve')}>
                    <Button
                      type="text"
                      icon={<CheckOutlined />}
                      aria-label={`${t('residents.approve')} ${r.name}`}
                      onClick={() => void approve([r.rid])}
                    />
                  </Tooltip>
                ) : null}
                {r.rstatus !== 2 ? (
                  <Tooltip title={t('residents.refuse')}>
                    <Button
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={`${t('residents.refuse')} ${r.name}`}
                      onClick={() => setRefusing([r.rid])}
                    />
                  </Tooltip>
                ) : null}
                <Tooltip title={t('common.edit')}>
                  <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${r.name}`} onClick={() => openDrawer(r)} />
                </Tooltip>
                <ConfirmDelete title={t('residents.deleteConfirm', { name: r.name })} onConfirm={() => del([r.rid])}>
                  <Tooltip title={t('common.delete')}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${r.name}`} />
                  </Tooltip>
                </ConfirmDelete>
              </Flex>
            ),
          },
        ]}
      />
      <ResidentDrawer
        key={drawer.key}
        open={drawer.open}
        resident={drawer.resident}
        defaultPid={filters.pid}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <ReasonModal
        open={refusing !== null}
        title={t('residents.refuseTitle', { count: refusing?.length ?? 0 })}
        okText={t('residents.refuse')}
        label={t('residents.refuseCause')}
        extra={t('residents.refuseCauseHelp')}
        name="refuseCause"
        formName="resident-refuse"
        max={REFUSE_CAUSE_MAX}
        pending={decide.isPending}
        onCancel={() => setRefusing(null)}
        onSubmit={refuse}
      />
    </Card>
  );
}
