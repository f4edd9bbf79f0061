import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { findRole, useRoleTree } from '../api';
import { RoleMembers } from '../components/RoleMembers';
import { RolePanel } from '../components/RolePanel';

/** People › roles (/emp/rolist, not in the menu): role groups and roles beside the members of the selected role. */
export function RolesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tree = useRoleTree();
  const raw = Number(params.get('rid'));
  const selected = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const node = findRole(tree.data ?? [], selected);

  const select = (rid: number | undefined) => setParams(rid === undefined ? {} : { rid: String(rid) }, { replace: true });

  return (
    <>
      <PageHeader title={t('roles.title')} extra={<Typography.Text type="secondary">{t('roles.intro')}</Typography.Text>} />
      <Flex gap={16} align="flex-start">
        <RolePanel tree={tree.data} loading={tree.isPending} selected={node?.rid} onSelect={select} />
        {node && node.parentId !== 0 ? (
          <RoleMembers key={node.rid} role={node} />
        ) : (
          <Card style={{ flex: 1, minWidth: 0 }}>
            <Empty
              data-testid="role-hint"
              description={node ? t('roles.groupHint', { name: node.rgName, count: node.children.length }) : t('roles.pickHint')}
            />
          </Card>
        )}
      </Flex>
    </>
  );
}
