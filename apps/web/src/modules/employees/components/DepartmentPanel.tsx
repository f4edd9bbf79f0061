import { ApartmentOutlined, DeleteOutlined, DragOutlined, EditOutlined, NumberOutlined, PlusOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Skeleton, Space, Tooltip, Tree, type TreeDataNode, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findDept, parentIds } from '../../../core/people/public';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { displayError } from '../../../platform/notify';
import { membersLeft, useDeleteDepartment } from '../api';
import { DepartmentModal, type DeptAction } from './DepartmentModal';
import { MoveMembersModal } from './MoveMembersModal';

export const ALL_KEY = 'all';

function DeptTitle({ node }: { node: DepartmentNode }) {
  const { t } = useTranslation();
  // The total counts everyone below, once, as the employee list does when the department is chosen.
  return (
    <Tooltip
      title={node.childDeptList.length ? t('employees.dept.membersWithSub', { count: node.empCount, total: node.subtreeCount }) : undefined}
      placement="right"
    >
      <span data-testid={`dept-${node.deptid}`}>
        <span className="dept-name">{node.deptName}</span>
        <Typography.Text
          type="secondary"
          style={{ marginInlineStart: 6, fontSize: 12 }}
          aria-label={t('employees.dept.members', { count: node.subtreeCount })}
        >
          {node.subtreeCount}
        </Typography.Text>
      </span>
    </Tooltip>
  );
}

function treeNodes(tree: readonly DepartmentNode[]): TreeDataNode[] {
  return tree.map((n) => ({ key: String(n.deptid), title: <DeptTitle node={n} />, children: treeNodes(n.childDeptList) }));
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
 * The department tree of the employee screen (`getDeptList`): "All employees" at the root, member
 * counts, and a toolbar to add, rename, renumber, move and delete the selected department.
 */
export function DepartmentPanel({
  tree,
  loading,
  total,
  selected,
  onSelect,
}: {
  tree: readonly DepartmentNode[] | undefined;
  loading: boolean;
  /** All employees of the company (getEmployeeCount). */
  total: number | undefined;
  selected: number | undefined;
  onSelect: (deptid: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteDepartment();
  const [modal, setModal] = useState<DeptAction | null>(null);
  const [moveMembers, setMoveMembers] = useState<{ dept: DepartmentNode; members: number } | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const depts = tree ?? [];
  const dept = selected === undefined ? undefined : findDept(depts, selected);

  // Everything is expanded except what the user folded, so new sub-departments show at once.
  const expandedKeys = useMemo(() => [ALL_KEY, ...parentIds(depts).map(String)].filter((k) => !collapsed.has(k)), [depts, collapsed]);
  const data: TreeDataNode[] = [
    {
      key: ALL_KEY,
      title: (
        <span data-testid="dept-all">
          <span className="dept-name">{t('employees.dept.all')}</span>
          {total !== undefined ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
              {total}
            </Typography.Text>
          ) : null}
        </span>
      ),
      children: treeNodes(depts),
    },
  ];

  const doDelete = async () => {
    if (!dept) return;
    try {
      await remove.mutateAsync({ deptid: dept.deptid });
      void message.success(t('employees.dept.deleted', { name: dept.deptName }));
      onSelect(undefined);
    } catch (err) {
      const members = membersLeft(err);
      if (members !== null) setMoveMembers({ dept, members });
      else if (err instanceof ApiError) displayError(err);
    }
  };

  const hasChildren = (dept?.childDeptList.length ?? 0) > 0;
  const none = !dept;
  return (
    <Card
      size="small"
      title={
        <Space size={6}>
          <ApartmentOutlined />
          {t('employees.dept.title')}
        </Space>
      }
      style={{ width: 260, flex: 'none' }}
      styles={{ body: { paddingInline: 8 } }}
    >
      <Flex vertical gap={8}>
        <Flex gap={4} wrap role="toolbar" aria-label={t('employees.dept.toolbar')}>
          <ToolButton
            label={dept ? t('employees.dept.addSub') : t('employees.dept.addTop')}
            icon={<PlusOutlined />}
            onClick={() => setModal('add')}
          />
          <ToolButton label={t('employees.dept.rename')} icon={<EditOutlined />} onClick={() => setModal('rename')} disabled={none} />
          <ToolButton label={t('employees.dept.renumber')} icon={<NumberOutlined />} onClick={() => setModal('renumber')} disabled={none} />
          <ToolButton label={t('employees.dept.move')} icon={<DragOutlined />} onClick={() => setModal('move')} disabled={none} />
          {dept && !hasChildren ? (
            <ConfirmDelete title={t('employees.dept.deleteConfirm', { name: dept.deptName })} onConfirm={doDelete}>
              <span>
                <ToolButton label={t('employees.dept.delete')} icon={<DeleteOutlined />} danger />
              </span>
            </ConfirmDelete>
          ) : (
            <ToolButton
              label={hasChildren ? t('employees.dept.hasChildren') : t('employees.dept.delete')}
              icon={<DeleteOutlined />}
              danger
              disabled
            />
          )}
        </Flex>
        {dept ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="dept-selected">
            {dept.deptNo ? t('employees.dept.selectedWithNo', { name: dept.deptName, no: dept.deptNo }) : dept.deptName}
          </Typography.Text>
        ) : null}
        {loading ? (
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        ) : (
          <>
            <Tree
              blockNode
              treeData={data}
              selectedKeys={[dept ? String(dept.deptid) : ALL_KEY]}
              expandedKeys={expandedKeys}
              onExpand={(_keys, { node, expanded }) => {
                const key = String(node.key);
                const next = new Set(collapsed);
                if (expanded) next.delete(key);
                else next.add(key);
                setCollapsed(next);
              }}
              onSelect={(_keys, { node }) => onSelect(node.key === ALL_KEY ? undefined : Number(node.key))}
            />
            {depts.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('employees.dept.empty')}>
                <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setModal('add')}>
                  {t('employees.dept.addTop')}
                </Button>
              </Empty>
            ) : null}
          </>
        )}
      </Flex>
      {modal ? <DepartmentModal action={modal} dept={dept ?? null} tree={depts} onClose={() => setModal(null)} /> : null}
      {moveMembers ? (
        <MoveMembersModal
          dept={moveMembers.dept}
          members={moveMembers.members}
          tree={depts}
          onClose={(deleted) => {
            setMoveMembers(null);
            if (deleted) onSelect(undefined);
          }}
        />
      ) : null}
    </Card>
  );
}
