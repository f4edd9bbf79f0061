import { PlusOutlined } from '@ant-design/icons';
import { type DeviceGroup, Status } from '@openvisit/contract';
import { App, Button, Card, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { FitTable } from '../../../platform/list';
import { useDeleteGroup, useGates, useGroups } from '../api';
import { personKindKey, statusKey } from '../labels';

/** Smart access control › device groups: every group with whom it is for, its gates, devices and grants. */
export function GroupsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const groups = useGroups();
  const gates = useGates();
  const remove = useDeleteGroup();
  const gateName = new Map((gates.data ?? []).map((g) => [g.gid, g.gname]));

  const del = async (g: DeviceGroup) => {
    try {
      await remove.mutateAsync(g.egid);
      void message.success(t('devices.groups.deleted'));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) {
        const r = (err.result ?? {}) as { employees?: number; visitorTypes?: number; residents?: number };
        void message.warning(
          t('devices.groups.inUse', { employees: r.employees ?? 0, visitorTypes: r.visitorTypes ?? 0, residents: r.residents ?? 0 }),
        );
      }
      // Anything else is shown by the error policy.
    }
  };

  const add = () => void navigate('/key/detail');
  return (
    <>
      <PageHeader
        title={t('devices.groups.title')}
        extra={t('devices.groups.intro')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={add}>
            {t('devices.groups.add')}
          </Button>
        }
      />
      <Card>
        <FitTable<DeviceGroup>
          rowKey="egid"
          loading={groups.isPending}
          dataSource={groups.data ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <Empty description={t('devices.groups.empty')}>
                <Button type="primary" icon={<PlusOutlined />} onClick={add}>
                  {t('devices.groups.add')}
                </Button>
              </Empty>
            ),
          }}
          columns={[
            {
              key: 'name',
              title: t('devices.groups.columns.name'),
              kind: 'name',
              render: (_v, g) => <Link to={`/key/detail/${g.egid}`}>{g.egname}</Link>,
            },
            {
              key: 'personKind',
              title: t('devices.groups.columns.personKind'),
              kind: 'tag',
              render: (_v, g) => <Tag>{t(`devices.personKinds.${personKindKey(g.etype)}`)}</Tag>,
            },
            {
              key: 'gates',
              title: t('devices.groups.columns.gates'),
              kind: 'text',
              render: (_v, g) => (g.gids.length ? g.gids.map((id) => gateName.get(id) ?? id).join(', ') : t('devices.groups.allGates')),
            },
            { key: 'devices', title: t('devices.groups.columns.devices'), kind: 'number', dataIndex: 'deviceCount' },
            {
              key: 'granted',
              title: t('devices.groups.columns.granted'),
              kind: 'text',
              render: (_v, g) => t('devices.groups.granted', { emp: g.empCount, types: g.visitorTypeCount, residents: g.residentCount }),
            },
            {
              key: 'status',
              title: t('devices.groups.columns.status'),
              kind: 'tag',
              render: (_v, g) => <Tag color={g.status ? 'default' : 'green'}>{t(`devices.statuses.${statusKey(g.status)}`)}</Tag>,
            },
            {
              key: 'actions',
              title: t('devices.groups.columns.actions'),
              kind: 'actions',
              width: 140,
              render: (_v, g) => (
                <Space size={4}>
                  <Link to={`/key/detail/${g.egid}`}>{t('devices.edit')}</Link>
                  <ConfirmDelete title={t('devices.groups.deleteConfirm', { name: g.egname })} onConfirm={() => del(g)}>
                    <Button type="link" danger size="small" aria-label={`${t('devices.delete')} ${g.egname}`}>
                      {t('devices.delete')}
                    </Button>
                  </ConfirmDelete>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
