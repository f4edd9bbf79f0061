import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ListedPerson } from '@openvisit/contract';
import { App, Button, Card, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { currentLang } from '../../../platform/i18n';
import { BatchBar, ListSearch, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteListed, useListedPage } from '../api';
import { ListedPersonModal } from '../components/ListedPersonModal';
import { useListedColumns } from '../components/listedColumns';
import { NameCheckCard } from '../components/NameCheckCard';
import { ScreeningModeChoice } from '../components/ScreeningMode';
import { ScreeningOffBanner, ScreeningSwitch } from '../components/ScreeningSwitch';
import { LIST_CALLS, type ListKind } from '../kinds';
import { type ListFilters, listedParams } from '../query';

/**
 * People › blacklist or whitelist: the paged, searchable list with add, edit, delete and export; for the blacklist, the
 * screening switch and mode and the administrator's "test a name".
 */
export function ListedPeoplePage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(listedParams);
  const filters = list.values;
  const page = useListedPage(kind, filters);
  const table = useListPage(list, page, { selectable: true, stepBack: true });
  const { selection, setSelection, total } = table;
  const remove = useDeleteListed(kind);
  // A new key per opening: the dialog and its form start afresh (empty, or with the entry being edited).
  const [modal, setModal] = useState<{ open: boolean; key: number; editing: ListedPerson | null }>({ open: false, key: 0, editing: null });
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

  const openAdd = () => setModal((m) => ({ open: true, key: m.key + 1, editing: null }));
  const openEdit = (editing: ListedPerson) => setModal((m) => ({ open: true, key: m.key + 1, editing }));
  const columns = useListedColumns(kind, { onEdit: openEdit, onDelete: (p) => deleteEntries([p.bid]) });
  const searched = filters.q !== '';
  return (
    <>
      <PageHeader
        title={t(`blacklist.${kind}.title`)}
        extra={<Typography.Text type="secondary">{t(`blacklist.${kind}.intro`)}</Typography.Text>}
        actions={
          <Space wrap size={16}>
            {kind === 'black' ? <ScreeningSwitch /> : null}
            {kind === 'black' ? <ScreeningModeChoice /> : null}
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
          columns={columns}
        />
      </Card>
      {kind === 'black' ? <NameCheckCard /> : null}
      <ListedPersonModal
        key={modal.key}
        kind={kind}
        open={modal.open}
        editing={modal.editing}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
      />
    </>
  );
}

export function BlacklistPage() {
  return <ListedPeoplePage kind="black" />;
}

export function WhitelistPage() {
  return <ListedPeoplePage kind="white" />;
}
