import { PlusOutlined } from '@ant-design/icons';
import { type DeviceGroup, Status } from '@openvisit/contract';
import { App, Button, Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { defineListParams, ListSearch, ListTable, pageWindow, text, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteGroup, useGates, useGroupPage } from '../api';
import { personKindKey, statusKey } from '../labels';

/** The list's name search and page, kept in the URL. */
const groupParams = defineListParams({ q: text(50) });

/** Deletes a group; a group still granted or bound (58) says by how many, so the manager knows what to withdraw. */
function useDeleteWithCounts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteGroup();
  return async (g: DeviceGroup) => {
    try {
      await remove.mutateAsync(g.egid);
      void message.success(t('devices.groups.deleted'));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED) {
        const r = (err.result ?? {}) as { employees?: number; visitorTypes?: number; residents?: number; strategies?: number };
        void message.warning(
          t('devices.groups.inUse', {
            employees: r.employees ?? 0,
            visitorTypes: r.visitorTypes ?? 0,
            residents: r.residents ?? 0,
            strategies: r.strategies ?? 0,
          }),
        );
      }
      // Anything else is shown by the error policy.
    }
  };
}

/** Smart access control › device groups: every group with whom it is for, its gates, devices and grants. */
export function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const del = useDeleteWithCounts();
  const list = useListQuery(groupParams);
  const groups = useGroupPage({ ...pageWindow(list.values), egname: list.values.q });
  const table = useListPage(list, groups);
  const gates = useGates();
  const gateName = new Map((gates.data ?? []).map((g) => [g.gid, g.gname]));

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
        <div style={{ marginBottom: 16 }}>
          <ListSearch
            label={t('devices.groups.searchLabel')}
            placeholder={t('devices.groups.search')}
            value={list.values.q}
            maxLength={50}
            width={240}
            onSearch={(q) => list.set({ q })}
          />
        </div>
        <ListTable<DeviceGroup>
          rowKey="egid"
          {...table.props}
          totalText={(n) => t('devices.groups.total', { count: n })}
          empty={list.filtered ? t('devices.groups.emptyFiltered') : t('devices.groups.empty')}
          emptyAction={
            list.filtered ? (
              <Button onClick={() => list.reset()}>{t('devices.list.clearFilters')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={add}>
                {t('devices.groups.add')}
              </Button>
            )
          }
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
