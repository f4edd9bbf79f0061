import type { ResidentVisitor } from '@openvisit/contract';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../platform/format';
import { BatchBar, defineListParams, ListSearch, ListTable, text, useListPage, useListQuery } from '../../../../platform/list';
import { useResidentPage } from '../../../residents/public';
import { useResidentGroups, useSetResidentGroups } from '../../api';
import { GroupTags, SetGroupsDialog } from './GroupTags';

/** The resident tab's search and page, kept in the URL. */
const residentRightsParams = defineListParams({ q: text(64) });

/** Resident visitors (the residents module's list) with the groups each is granted within their own window. */
export function ResidentRights() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(residentRightsParams);
  const f = list.values;
  const page = useResidentPage({ page: f.page, size: f.size, name: f.q, phone: '', company: '', pid: undefined, rstatus: undefined });
  const table = useListPage(list, page, { selectable: true });
  const { selection: selected, setSelection: setSelected } = table;
  const rows = table.rows;
  const grants = useResidentGroups(rows.map((r) => r.rid));
  const egidsOf = new Map((grants.data ?? []).map((g) => [g.rid, g.egids]));
  const save = useSetResidentGroups();
  const [editing, setEditing] = useState<{ rids: number[]; current: number[][]; name?: string } | null>(null);
  const edit = (rids: number[], name?: string) => setEditing({ rids, current: rids.map((r) => egidsOf.get(r) ?? []), name });
  const done = async (egids: number[]) => {
    if (!editing) return;
    try {
      const r = await save.mutateAsync({ rids: editing.rids, egids });
      void message.success(t('devices.rights.saved', { count: r.updated }));
      setEditing(null);
      setSelected([]);
    } catch {
      // shown by the error policy
    }
  };
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap role="search" aria-label={t('devices.rights.filters')}>
        <ListSearch label={t('devices.rights.searchResident')} value={f.q} onSearch={(q) => list.set({ q })} width={220} />
      </Flex>
      <BatchBar
        count={selected.length}
        extra={
          <Button type="primary" disabled={!grants.data} onClick={() => edit(selected)}>
            {t('devices.rights.setGroups')}
          </Button>
        }
      />
      <ListTable<ResidentVisitor>
        rowKey="rid"
        {...table.props}
        empty={list.filtered ? t('devices.rights.emptyFiltered') : t('devices.rights.emptyResidents')}
        emptyAction={list.filtered ? <Button onClick={() => list.reset()}>{t('devices.list.clearFilters')}</Button> : null}
        columns={[
          { key: 'name', title: t('devices.rights.cols.name'), dataIndex: 'name', kind: 'name' },
          { key: 'company', title: t('devices.rights.cols.company'), dataIndex: 'company', kind: 'text' },
          { key: 'project', title: t('devices.rights.cols.project'), dataIndex: 'pName', kind: 'text' },
          { key: 'until', title: t('devices.rights.cols.until'), kind: 'date', render: (_v, r) => formatDate(r.endDate) },
          { key: 'groups', title: t('devices.rights.cols.groups'), kind: 'text', render: (_v, r) => <GroupTags egids={egidsOf.get(r.rid) ?? []} /> },
          {
            key: 'actions',
            title: t('devices.list.columns.actions'),
            kind: 'actions',
            width: 160,
            render: (_v, r) => (
              <Button
                type="link"
                size="small"
                disabled={!grants.data}
                onClick={() => edit([r.rid], r.name)}
                aria-label={`${t('devices.rights.setGroups')} ${r.name}`}
              >
                {t('devices.rights.setGroups')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <SetGroupsDialog
          open
          title={editing.name ? t('devices.rights.setGroupsOf', { name: editing.name }) : t('devices.rights.setGroups')}
          current={editing.current}
          saving={save.isPending}
          onSave={done}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
