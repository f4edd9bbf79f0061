import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { RoleNode } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Skeleton, Space, Tooltip, Tree, type TreeDataNode, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { displayError } from '../../../platform/notify';
import { findRole, roleInUse, useDeleteRole } from '../api';
import { type RoleAction, RoleModal } from './RoleModal';

function NodeTitle({ node }: { node: RoleNode }) {
  const { t } = useTranslation();
  const group = node.parentId === 0;
  const count = group ? node.children.length : node.empCount;
  return (
    <span data-testid={`role-${node.rid}`}>
      <span className="role-name">{node.rgName}</span>
      <Typography.Text
        type="secondary"
        style={{ marginInlineStart: 6, fontSize: 12 }}
        aria-label={group ? t('roles.roleCount', { count }) : t('roles.memberCount', { count })}
      >
        {count}
      </Typography.Text>
    </span>
  );
}

function ToolButton({
  label,
  icon,
  onClick,
  disabled,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button size="small" icon={icon} aria-label={label} onClick={onClick} disabled={disabled} danger={danger} />
    </Tooltip>
  );
}

/**
 * Role groups and their roles (`getRARG`) with member counts, and a toolbar to add a group, add a role to the
 * selected group, rename and delete. A deletion refused because something still uses it (257) says what.
 */
export function RolePanel({
  tree,
  loading,
  selected,
  onSelect,
}: {
  tree: readonly RoleNode[] | undefined;
  loading: boolean;
  selected: number | undefined;
  onSelect: (rid: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteRole();
  const [action, setAction] = useState<RoleAction | null>(null);
  const nodes = tree ?? [];
  const node = findRole(nodes, selected);
  const group = node ? (node.parentId === 0 ? node : findRole(nodes, node.parentId)) : undefined;
  const isGroup = node?.parentId === 0;

  const data: TreeDataNode[] = nodes.map((g) => ({
    key: String(g.rid),
    title: <NodeTitle node={g} />,
    icon: <TeamOutlined />,
    children: g.children.map((r) => ({ key: String(r.rid), title: <NodeTitle node={r} />, isLeaf: true })),
  }));

  const doDelete = async () => {
    if (!node) return;
    try {
      await remove.mutateAsync(node.rid);
      void message.success(t(isGroup ? 'roles.groupDeleted' : 'roles.roleDeleted', { name: node.rgName }));
      onSelect(undefined);
    } catch (err) {
      const inUse = roleInUse(err);
      if (inUse)
        void modal.warning({
          title: t('roles.inUse.title', { name: node.rgName }),
          content: (
            <span data-testid="role-in-use">
              {isGroup
                ? t('roles.inUse.group', { name: node.rgName, count: inUse.children })
                : t('roles.inUse.role', { name: node.rgName, count: inUse.members })}
            </span>
          ),
          okText: t('common.ok'),
        });
      else if (err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Card size="small" title={t('roles.panelTitle')} style={{ width: 280, flex: 'none' }} styles={{ body: { paddingInline: 8 } }}>
      <Flex vertical gap={8}>
        <Flex gap={4} wrap role="toolbar" aria-label={t('roles.toolbar')}>
          <ToolButton label={t('roles.addGroup')} icon={<FolderAddOutlined />} onClick={() => setAction('addGroup')} />
          <ToolButton label={t('roles.addRole')} icon={<PlusOutlined />} onClick={() => setAction('addRole')} disabled={!group} />
          <ToolButton label={t('roles.rename')} icon={<EditOutlined />} onClick={() => setAction('rename')} disabled={!node} />
          {node ? (
            <ConfirmDelete title={t(isGroup ? 'roles.deleteGroupConfirm' : 'roles.deleteRoleConfirm', { name: node.rgName })} onConfirm={doDelete}>
              <Tooltip title={t('roles.delete')}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('roles.delete')} loading={remove.isPending} />
              </Tooltip>
            </ConfirmDelete>
          ) : (
            <ToolButton label={t('roles.delete')} icon={<DeleteOutlined />} disabled danger />
          )}
        </Flex>
        {loading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : nodes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.emptyTree')}>
            <Button type="primary" icon={<FolderAddOutlined />} onClick={() => setAction('addGroup')}>
              {t('roles.addGroup')}
            </Button>
          </Empty>
        ) : (
          <Tree
            blockNode
            showIcon={false}
            expandedKeys={nodes.map((g) => String(g.rid))}
            selectedKeys={selected === undefined ? [] : [String(selected)]}
            onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
            treeData={data}
          />
        )}
        {node ? (
          <Typography.Text type="secondary" data-testid="role-selected" style={{ paddingInline: 4 }}>
            <Space size={4}>{group && !isGroup ? `${group.rgName} / ${node.rgName}` : node.rgName}</Space>
          </Typography.Text>
        ) : null}
      </Flex>
      {action ? (
        <RoleModal
          action={action}
          node={action === 'addRole' ? group : action === 'rename' ? node : undefined}
          onClose={(created) => {
            setAction(null);
            if (created !== undefined) onSelect(created);
          }}
        />
      ) : null}
    </Card>
  );
}
