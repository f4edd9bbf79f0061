import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Status, type SubAccount } from '@openvisit/contract';
import { App, Button, Card, Flex, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { BatchBar, type ListColumn, ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteSubAccounts, useResetSubPassword, useSubAccountPage, useSubLogoUrl } from '../api';
import { LogoImportModal } from '../components/LogoImportModal';
import { SubCompanyDrawer } from '../components/SubCompanyDrawer';
import { SUB_STATUS_KEYS, SUB_STATUSES, subParams } from '../query';

type Records = { id: number; employees: number; visits: number; invitations: number }[];

function Logo({ sub }: { sub: SubAccount }) {
  const url = useSubLogoUrl(sub.id, sub.logo);
  return url ? <img src={url} alt="" style={{ maxHeight: 24, maxWidth: 96 }} /> : null;
}

function StatusTag({ sub }: { sub: SubAccount }) {
  const { t } = useTranslation();
  if (sub.archivedAt !== null) return <Tag>{t('subCompanies.status.archived')}</Tag>;
  if (sub.isUse !== 1) return <Tag color="red">{t('subCompanies.status.stopped')}</Tag>;
  if (sub.expired) return <Tag color="orange">{t('subCompanies.status.expired')}</Tag>;
  return <Tag color="green">{t('subCompanies.status.inUse')}</Tag>;
}

function subColumns(t: TFunction, actions: (s: SubAccount) => ReactNode): ListColumn<SubAccount>[] {
  return [
    { key: 'logo', title: t('subCompanies.columns.logo'), kind: 'tag', render: (_v, s) => <Logo sub={s} /> },
    { key: 'name', title: t('subCompanies.columns.name'), dataIndex: 'companyName', kind: 'name', fixed: 'left' },
    { key: 'shortName', title: t('subCompanies.columns.shortName'), dataIndex: 'shortName', kind: 'code' },
    { key: 'contact', title: t('subCompanies.columns.contact'), kind: 'text', render: (_v, s) => [s.contactName, s.phone].filter(Boolean).join(' ') },
    { key: 'email', title: t('subCompanies.columns.email'), dataIndex: 'email', kind: 'text' },
    {
      key: 'floor',
      title: t('subCompanies.columns.floor'),
      kind: 'text',
      render: (_v, s) => [s.floor, s.roomNumbers.join(', ')].filter(Boolean).join(' · '),
    },
    {
      key: 'validity',
      title: t('subCompanies.columns.validity'),
      kind: 'text',
      render: (_v, s) => (s.startDate || s.endDate ? `${s.startDate ?? '…'} – ${s.endDate ?? '…'}` : t('subCompanies.openEnded')),
    },
    { key: 'status', title: t('subCompanies.columns.status'), kind: 'tag', render: (_v, s) => <StatusTag sub={s} /> },
    { key: 'actions', title: t('subCompanies.columns.actions'), kind: 'actions', width: 180, render: (_v, s) => actions(s) },
  ];
}

/** Deletes the selection; a refusal with counts (58) is shown with them, and archiving offered instead. */
function useDeleteFlow(rows: SubAccount[], done: () => void) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteSubAccounts();
  const run = async (ids: number[], archive: boolean) => {
    try {
      const r = await remove.mutateAsync({ ids, archive });
      void message.success(t('subCompanies.deleted', r));
      done();
    } catch (err) {
      if (archive || !(err instanceof ApiError) || err.status !== Status.UPDATE_NOT_ALLOWED) return;
      const records = ((err.result ?? {}) as { records?: Records }).records ?? [];
      const name = (id: number) => rows.find((s) => s.id === id)?.companyName ?? String(id);
      modal.confirm({
        title: t('subCompanies.refusedTitle'),
        content: (
          <div data-testid="sub-refused">
            <Typography.Paragraph>{t('subCompanies.refusedText')}</Typography.Paragraph>
            {records.map((r) => (
              <div key={r.id}>{t('subCompanies.refusedRow', { ...r, name: name(r.id) })}</div>
            ))}
          </div>
        ),
        okText: t('subCompanies.archive'),
        okButtonProps: { danger: true },
        onOk: () => run(ids, true),
      });
    }
  };
  return { run, pending: remove.isPending };
}

/** System settings › multi-enterprise: the building's sub-companies, searched and filtered in the URL. */
export function SubCompaniesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(subParams);
  const f = list.values;
  const page = useSubAccountPage(f);
  const table = useListPage(list, page, { selectable: true });
  const { selection, setSelection } = table;
  const rows = table.rows;
  const [drawer, setDrawer] = useState<{ open: boolean; sub: SubAccount | null; key: number }>({ open: false, sub: null, key: 0 });
  const [logos, setLogos] = useState(false);
  const reset = useResetSubPassword();
  const del = useDeleteFlow(rows, () => setSelection([]));
  const open = (sub: SubAccount | null) => setDrawer((d) => ({ open: true, sub, key: d.key + 1 }));
  const mailReset = async (s: SubAccount) => {
    try {
      await reset.mutateAsync(s.id);
      void message.success(t('subCompanies.resetSent', { email: s.email }));
    } catch {
      // shown by the error policy
    }
  };
  const actions = (s: SubAccount) =>
    s.archivedAt !== null ? null : (
      <Space size={4}>
        <Button type="link" size="small" onClick={() => open(s)}>
          {t('subCompanies.edit')}
        </Button>
        <Popconfirm title={t('subCompanies.resetConfirm', { name: s.companyName })} onConfirm={() => mailReset(s)}>
          <Button type="link" size="small">
            {t('subCompanies.resetPassword')}
          </Button>
        </Popconfirm>
      </Space>
    );
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="sub-add">
      {t('subCompanies.add')}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={t('subCompanies.title')}
        extra={<Typography.Text type="secondary">{t('subCompanies.intro')}</Typography.Text>}
        actions={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setLogos(true)}>
              {t('subCompanies.importLogos')}
            </Button>
            {addButton}
          </Space>
        }
      />
      <Card>
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Space wrap>
            <ListSearch
              label={t('subCompanies.searchLabel')}
              placeholder={t('subCompanies.search')}
              value={f.q}
              width={260}
              onSearch={(q) => list.set({ q })}
            />
            <Select
              allowClear
              aria-label={t('subCompanies.statusLabel')}
              placeholder={t('subCompanies.statusLabel')}
              style={{ width: 140 }}
              value={f.status}
              onChange={(status) => list.set({ status })}
              options={SUB_STATUSES.map((s) => ({ value: s, label: t(`subCompanies.status.${SUB_STATUS_KEYS[s]}`) }))}
            />
          </Space>
          <BatchBar
            count={selection.length}
            selectedText={t('subCompanies.selected', { count: selection.length })}
            deleteText={t('subCompanies.batchDelete')}
            confirmText={t('subCompanies.deleteConfirm', { count: selection.length })}
            onDelete={() => del.run(selection, false)}
            deleting={del.pending}
            deleteTestId="sub-batch-delete"
          />
        </Flex>
        <ListTable<SubAccount>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('subCompanies.total', { count: n })}
          empty={list.filtered ? t('subCompanies.emptyFiltered') : t('subCompanies.empty')}
          emptyAction={list.filtered ? <Button onClick={() => list.reset()}>{t('subCompanies.clearFilters')}</Button> : addButton}
          columns={subColumns(t, actions)}
        />
      </Card>
      <SubCompanyDrawer key={drawer.key} open={drawer.open} sub={drawer.sub} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
      <LogoImportModal open={logos} onClose={() => setLogos(false)} />
    </>
  );
}
