import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Employee, RoleNode } from '@openvisit/contract';
import { App, Button, Card, Flex, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchBar, defineListParams, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useRevokeRole, useRoleMembers } from '../api';
import { AddMembersModal } from './AddMembersModal';

/** The members' page, kept in the URL (the page drops it when another role is chosen). */
const memberParams = defineListParams({});

/** The members of a role (`getEmpRoleList`), paged, with add and remove (single or selected, confirmed). */
export function RoleMembers({ role }: { role: RoleNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useListQuery(memberParams);
  const { page, size } = query.values;
  const [adding, setAdding] = useState(false);
  const members = useRoleMembers(role.rid, page, size);
  const table = useListPage(query, members, { selectable: true });
  const { selection, setSelection } = table;
  const revoke = useRevokeRole();
  const list = table.rows;

  const remove = async (ids: number[]) => {
    try {
      const { changed } = await revoke.mutateAsync({ rid: role.rid, empids: ids });
      void message.success(t('roles.members.removed', { count: changed, role: role.rgName }));
      setSelection((s) => s.filter((id) => !ids.includes(id)));
      if (list.length === ids.length && page > 1) query.set({ page: page - 1 });
    } catch {
      // shown by the error policy
    }
  };

  const addButton = (
    <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
      {t('roles.members.add')}
    </Button>
  );
  return (
    <Card
      style={{ flex: 1, minWidth: 0 }}
      title={<span data-testid="role-members-title">{t('roles.members.title', { role: role.rgName })}</span>}
      extra={addButton}
    >
      {selection.length > 0 ? (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <BatchBar
            count={selection.length}
            selectedText={t('roles.members.selected', { count: selection.length })}
            deleteText={t('roles.members.batchRemove')}
            confirmText={t('roles.members.batchRemoveConfirm', { count: selection.length, role: role.rgName })}
            okText={t('roles.members.remove')}
            onDelete={() => remove(selection)}
            deleting={revoke.isPending}
          />
        </Flex>
      ) : null}
      <ListTable<Employee>
        rowKey="empid"
        {...table.props}
        hideOnSinglePage
        totalText={(n) => t('roles.members.total', { count: n })}
        empty={t('roles.members.empty', { role: role.rgName })}
        emptyAction={addButton}
        columns={[
          { key: 'empName', title: t('roles.members.columns.name'), dataIndex: 'empName', kind: 'name' },
          { key: 'empNo', title: t('roles.members.columns.empNo'), dataIndex: 'empNo', kind: 'code' },
          { key: 'phone', title: t('roles.members.columns.phone'), dataIndex: 'empPhone', kind: 'phone' },
          {
            key: 'departments',
            title: t('roles.members.columns.departments'),
            dataIndex: 'deptNames',
            kind: 'text',
            render: (names: string[]) => names.join(', '),
          },
          {
            key: 'actions',
            title: t('roles.members.columns.actions'),
            kind: 'actions',
            width: 80,
            render: (_: unknown, e) => (
              <Popconfirm
                title={t('roles.members.removeConfirm', { name: e.empName, role: role.rgName })}
                okText={t('roles.members.remove')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove([e.empid])}
              >
                <Tooltip title={t('roles.members.remove')}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('roles.members.remove')} ${e.empName}`} />
                </Tooltip>
              </Popconfirm>
            ),
          },
        ]}
      />
      {adding ? <AddMembersModal role={role} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}
