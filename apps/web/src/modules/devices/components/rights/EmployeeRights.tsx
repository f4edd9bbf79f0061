import type { CallOutput, DepartmentNode, getAcList } from '@openvisit/contract';
import { App, Button, Flex, Select, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../../../core/people/public';
import {
  BatchBar,
  defineListParams,
  int,
  ListSearch,
  ListTable,
  type ListValues,
  pageWindow,
  text,
  useListPage,
  useListQuery,
} from '../../../../platform/list';
import { useAccessList, useGroups, useSetEmployeeAccess } from '../../api';
import { GroupTags, SetGroupsDialog } from './GroupTags';

type Row = CallOutput<typeof getAcList>['list'][number];

/** The employees tab's search, group and page, kept in the URL. */
const employeeParams = defineListParams({ q: text(64), dept: int(), group: int() });

interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}
const deptTree = (nodes: readonly DepartmentNode[]): DeptOption[] =>
  nodes.map((d) => ({ value: d.deptid, title: d.deptName, children: deptTree(d.childDeptList) }));

type EmployeeList = ReturnType<typeof useListQuery<ListValues<typeof employeeParams>>>;

/** Name, department and granted group, each kept in the URL. */
function EmployeeFilters({ list }: { list: EmployeeList }) {
  const { t } = useTranslation();
  const f = list.values;
  const groups = useGroups();
  const depts = useDepartments();
  return (
    <Flex gap={8} wrap role="search" aria-label={t('devices.rights.filters')}>
      <ListSearch label={t('devices.rights.search')} value={f.q} onSearch={(q) => list.set({ q })} width={220} />
      <TreeSelect
        aria-label={t('devices.rights.deptFilter')}
        placeholder={t('devices.rights.deptFilter')}
        allowClear
        treeDefaultExpandAll
        style={{ width: 200 }}
        loading={depts.isPending}
        treeData={deptTree(depts.data ?? [])}
        value={f.dept}
        onChange={(dept: number | undefined) => list.set({ dept })}
      />
      <Select
        aria-label={t('devices.rights.groupFilter')}
        placeholder={t('devices.rights.groupFilter')}
        allowClear
        style={{ width: 200 }}
        value={f.group}
        onChange={(group: number | undefined) => list.set({ group })}
        options={(groups.data ?? []).map((g) => ({ value: g.egid, label: g.egname }))}
      />
    </Flex>
  );
}

/** Employees with their card and groups; groups set for one or for the selected ones. */
export function EmployeeRights() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(employeeParams);
  const f = list.values;
  const page = useAccessList({
    ...pageWindow(f),
    ...(f.q && { name: f.q }),
    ...(f.dept !== undefined && { deptid: f.dept }),
    ...(f.group !== undefined && { egid: f.group }),
  });
  const table = useListPage(list, page);
  const save = useSetEmployeeAccess();
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<Row[] | null>(null);
  const done = async (egids: number[]) => {
    if (!editing) return;
    try {
      const r = await save.mutateAsync({ empids: editing.map((e) => e.empid), egids });
      void message.success(t('devices.rights.saved', { count: r.updated }));
      setEditing(null);
      setSelected([]);
    } catch {
      // shown by the error policy; the dialog stays open
    }
  };
  return (
    <Flex vertical gap={12}>
      <EmployeeFilters list={list} />
      <BatchBar
        count={selected.length}
        extra={
          <Button type="primary" onClick={() => setEditing(selected)} data-testid="rights-batch-set">
            {t('devices.rights.setGroups')}
          </Button>
        }
      />
      <ListTable<Row>
        rowKey="empid"
        {...table.props}
        selection={{
          keys: selected.map((e) => e.empid),
          onChange: (keys) => {
            const rows = new Map([...selected, ...(page.data?.list ?? [])].map((e) => [e.empid, e]));
            setSelected(keys.flatMap((k) => rows.get(Number(k)) ?? []));
          },
        }}
        empty={list.filtered ? t('devices.rights.emptyFiltered') : t('devices.rights.emptyEmployees')}
        emptyAction={list.filtered ? <Button onClick={() => list.reset()}>{t('devices.list.clearFilters')}</Button> : null}
        columns={[
          { key: 'name', title: t('devices.rights.cols.name'), dataIndex: 'empName', kind: 'name' },
          { key: 'empNo', title: t('devices.rights.cols.empNo'), dataIndex: 'empNo', kind: 'code' },
          { key: 'dept', title: t('devices.rights.cols.departments'), kind: 'text', render: (_v, e) => e.deptNames.join(', ') || '—' },
          { key: 'card', title: t('devices.rights.cols.card'), kind: 'code', render: (_v, e) => e.cardNo || '—' },
          {
            key: 'allowed',
            title: t('devices.rights.cols.allowed'),
            kind: 'tag',
            render: (_v, e) => (
              <Tag color={e.acEnabled ? 'green' : 'default'}>{t(e.acEnabled ? 'devices.rights.allowed' : 'devices.rights.withdrawn')}</Tag>
            ),
          },
          { key: 'groups', title: t('devices.rights.cols.groups'), kind: 'text', render: (_v, e) => <GroupTags egids={e.egids} /> },
          {
            key: 'actions',
            title: t('devices.list.columns.actions'),
            kind: 'actions',
            width: 160,
            render: (_v, e) => (
              <Button type="link" size="small" onClick={() => setEditing([e])} aria-label={`${t('devices.rights.setGroups')} ${e.empName}`}>
                {t('devices.rights.setGroups')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <SetGroupsDialog
          open
          title={editing.length === 1 ? t('devices.rights.setGroupsOf', { name: editing[0]?.empName }) : t('devices.rights.setGroups')}
          current={editing.map((e) => e.egids)}
          saving={save.isPending}
          onSave={done}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
