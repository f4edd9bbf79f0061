import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ListedPerson } from '@openvisit/contract';
import { App, Button, Card, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { BatchBar, ListSearch, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteListed, useListedPage } from '../api';
import { ListedPersonModal } from '../components/ListedPersonModal';
import { ScreeningOffBanner, ScreeningSwitch } from '../components/ScreeningSwitch';
import { LIST_CALLS, type ListKind } from '../kinds';
import { type ListFilters, listedParams } from '../query';

/** People › blacklist or whitelist: the paged, searchable list with add, delete and export (and, for the blacklist, screening). */
export function ListedPeoplePage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(listedParams);
  const filters = list.values;
  const page = useListedPage(kind, filters);
  const table = useListPage(list, page, { selectable: true, stepBack: true });
  const { selection, setSelection, total } = table;
  const remove = useDeleteListed(kind);
  // A new key per opening: the dialog and its form start afresh.
  const [modal, setModal] = useState({ open: false, key: 0 });
  const { exporting, run: runExport } = useListExport();

  const apply = (patch: Partial<ListFilters>) => {
    if (patch.q !== undefined && patch.q !== filters.q) setSelection([]);
    list.set(patch);
  };

  const deleteEntries = async (ids: number[]) => {
    try {
      const { deleted } = await remove.mutateAsync(ids);
      void message.success(t('blacklist.deleted', { count: deleted }));
      setSelection((s) => s.filter((id) => !ids.includes(id)));
    } catch {
      // shown by the error policy
    }
  };

  /** Exactly what the list shows: the same search, in the current language. */
  const exportList = () => runExport(LIST_CALLS[kind].export, { name: filters.q || undefined, lang: currentLang() }, t('blacklist.exported'));

  const openAdd = () => setModal((m) => ({ open: true, key: m.key + 1 }));
  const searched = filters.q !== '';
  return (
    <>
      <PageHeader
        title={t(`blacklist.${kind}.title`)}
        extra={<Typography.Text type="secondary">{t(`blacklist.${kind}.intro`)}</Typography.Text>}
        actions={
          <Space wrap size={16}>
            {kind === 'black' ? <ScreeningSwitch /> : null}
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="listed-export">
              {t('blacklist.export')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
              {t(`blacklist.${kind}.add`)}
            </Button>
          </Space>
        }
      />
      <Card>
        {kind === 'black' ? <ScreeningOffBanner listed={total ?? 0} /> : null}
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Space wrap>
            <ListSearch
              label={t('blacklist.searchLabel')}
              placeholder={t('blacklist.search')}
              value={filters.q}
              width={300}
              onSearch={(q) => apply({ q })}
            />
          </Space>
          <BatchBar
            count={selection.length}
            selectedText={t('blacklist.selected', { count: selection.length })}
            deleteText={t('blacklist.batchDelete')}
            confirmText={t('blacklist.batchDeleteConfirm', { count: selection.length })}
            onDelete={() => deleteEntries(selection)}
            deleting={remove.isPending}
          />
        </Flex>
        <ListTable<ListedPerson>
          rowKey="bid"
          {...table.props}
          totalText={(n) => t('blacklist.total', { count: n })}
          empty={searched ? t('blacklist.emptySearch') : t(`blacklist.${kind}.empty`)}
          emptyAction={
            searched ? (
              <Button onClick={() => apply({ q: '' })}>{t('blacklist.clearSearch')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
                {t(`blacklist.${kind}.add`)}
              </Button>
            )
          }
          columns={[
            { key: 'name', title: t('blacklist.columns.name'), dataIndex: 'name', kind: 'name', fixed: 'left' },
            { key: 'phone', title: t('blacklist.columns.phone'), dataIndex: 'phone', kind: 'phone' },
            { key: 'credentialNo', title: t('blacklist.columns.credentialNo'), dataIndex: 'credentialNo', kind: 'code', width: 168 },
            {
              key: 'remark',
              title: t('blacklist.columns.remark'),
              dataIndex: 'remark',
              kind: 'text',
            },
            { key: 'sname', title: t('blacklist.columns.sname'), dataIndex: 'sname', kind: 'text' },
            {
              key: 'createTime',
              title: t('blacklist.columns.createTime'),
              dataIndex: 'createTime',
              kind: 'dateTime',
              render: (ms: number) => formatDateTime(ms),
            },
            {
              key: 'actions',
              title: t('blacklist.columns.actions'),
              kind: 'actions',
              width: 80,
              render: (_: unknown, p) => (
                <ConfirmDelete title={t(`blacklist.${kind}.deleteConfirm`, { name: p.name })} onConfirm={() => deleteEntries([p.bid])}>
                  <Tooltip title={t('common.delete')}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${p.name}`} />
                  </Tooltip>
                </ConfirmDelete>
              ),
            },
          ]}
        />
      </Card>
      <ListedPersonModal key={modal.key} kind={kind} open={modal.open} onClose={() => setModal((m) => ({ ...m, open: false }))} />
    </>
  );
}

export function BlacklistPage() {
  return <ListedPeoplePage kind="black" />;
}

export function WhitelistPage() {
  return <ListedPeoplePage kind="white" />;
}
