import { PlusOutlined } from '@ant-design/icons';
import { DEVICE_KINDS, type Device } from '@openvisit/contract';
import { App, Button, Card, Flex, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LinkTag } from '../../../core/people/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import {
  defineListParams,
  int,
  ListSearch,
  ListTable,
  type ListValues,
  oneOf,
  pageWindow,
  text,
  useListPage,
  useListQuery,
} from '../../../platform/list';
import { useDevicePage, useGroups, useRotateSecret } from '../api';
import { DeviceRemoval } from '../components/DeviceRemoval';
import { DeviceSecret } from '../components/DeviceSecret';
import { directionKey, onlineKey, statusKey } from '../labels';

/** The list's filters, kept in the URL. */
const deviceParams = defineListParams({ q: text(50), kind: oneOf(DEVICE_KINDS), group: int(), status: oneOf([0, 1] as const) });

type DeviceList = ReturnType<typeof useListQuery<ListValues<typeof deviceParams>>>;

/** Name search, kind, group and status: each kept in the URL. */
function DeviceFilters({ list }: { list: DeviceList }) {
  const { t } = useTranslation();
  const f = list.values;
  const groups = useGroups();
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <ListSearch
        label={t('devices.list.searchLabel')}
        placeholder={t('devices.list.search')}
        value={f.q}
        maxLength={50}
        width={240}
        onSearch={(q) => list.set({ q })}
      />
      <Select
        aria-label={t('devices.list.kindFilter')}
        placeholder={t('devices.list.kindFilter')}
        allowClear
        value={f.kind}
        onChange={(v) => list.set({ kind: v })}
        options={DEVICE_KINDS.map((k) => ({ value: k, label: t(`devices.kinds.${k}`) }))}
        style={{ width: 160 }}
      />
      <Select
        aria-label={t('devices.list.groupFilter')}
        placeholder={t('devices.list.groupFilter')}
        allowClear
        value={f.group}
        onChange={(v) => list.set({ group: v })}
        options={(groups.data ?? []).map((g) => ({ value: g.egid, label: g.egname }))}
        style={{ width: 180 }}
      />
      <Select
        aria-label={t('devices.list.statusFilter')}
        placeholder={t('devices.list.statusFilter')}
        allowClear
        value={f.status}
        onChange={(v) => list.set({ status: v })}
        options={([0, 1] as const).map((s) => ({ value: s, label: t(`devices.statuses.${statusKey(s)}`) }))}
        style={{ width: 120 }}
      />
    </Flex>
  );
}

/** Edit, issue a new secret (shown once), enable or disable, delete. */
function DeviceActions({ device: d, onSecret }: { device: Device; onSecret: (shown: { eid: number; secret: string }) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rotate = useRotateSecret();
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch {
      // shown by the error policy
    }
  };
  const renew = async (d: Device) => {
    try {
      const r = await rotate.mutateAsync(d.eid);
      onSecret({ eid: r.device.eid, secret: r.secret });
    } catch {
      // shown by the error policy
    }
  };
  return (
    <Space size={0} wrap>
      <Link to={`/key/listd/${d.eid}`}>{t('devices.edit')}</Link>
      <ConfirmDelete title={t('devices.list.rotateConfirm', { name: d.deviceName })} okText={t('devices.list.rotate')} onConfirm={() => renew(d)}>
        <Button type="link" size="small">
          {t('devices.list.rotate')}
        </Button>
      </ConfirmDelete>
      <DeviceRemoval device={d} act={act} />
    </Space>
  );
}

/** Smart access control › devices: filters in the URL, online from the last authenticated request. */
export function DevicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListQuery(deviceParams);
  const f = list.values;
  const devices = useDevicePage({ ...pageWindow(f), deviceName: f.q, eType: f.kind, egid: f.group, status: f.status });
  const table = useListPage(list, devices);
  const groups = useGroups();
  const [secret, setSecret] = useState<{ eid: number; secret: string } | null>(null);
  const groupName = new Map((groups.data ?? []).map((g) => [g.egid, g.egname]));

  const add = () => void navigate('/key/listd');
  return (
    <>
      <PageHeader
        title={t('devices.list.title')}
        extra={t('devices.list.intro')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={add}>
            {t('devices.list.add')}
          </Button>
        }
      />
      <Card>
        <DeviceFilters list={list} />
        <ListTable<Device>
          rowKey="eid"
          {...table.props}
          totalText={(n) => t('devices.list.total', { count: n })}
          empty={list.filtered ? t('devices.list.emptyFiltered') : t('devices.list.empty')}
          emptyAction={
            list.filtered ? (
              <Button onClick={() => list.reset()}>{t('devices.list.clearFilters')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={add}>
                {t('devices.list.add')}
              </Button>
            )
          }
          columns={[
            {
              key: 'name',
              title: t('devices.list.columns.name'),
              kind: 'name',
              // The driver beside the name (ours says nothing): a column of its own would not fit at 1366 px.
              render: (_v, d) => (
                <>
                  <Link to={`/key/listd/${d.eid}`}>{d.deviceName}</Link>
                  {d.driver !== 'openvisit' ? (
                    <Tag bordered={false} style={{ marginInlineStart: 6 }}>
                      {t(`devices.drivers.names.${d.driver}`)}
                    </Tag>
                  ) : null}
                </>
              ),
            },
            { key: 'code', title: t('devices.list.columns.code'), kind: 'code', dataIndex: 'deviceCode' },
            { key: 'kind', title: t('devices.list.columns.kind'), kind: 'tag', render: (_v, d) => t(`devices.kinds.${d.eType}`) },
            {
              key: 'direction',
              title: t('devices.list.columns.direction'),
              kind: 'tag',
              render: (_v, d) => t(`devices.directions.${directionKey(d.enterStatus)}`),
            },
            {
              key: 'address',
              title: t('devices.list.columns.address'),
              kind: 'code',
              // A legacy reader is identified by this address: said beside it.
              render: (_v, d) =>
                d.deviceIp ? `${d.deviceIp}${d.devicePort ? `:${d.devicePort}` : ''}${d.legacyAuth ? ` · ${t('devices.list.legacy')}` : ''}` : '—',
            },
            {
              key: 'groups',
              title: t('devices.list.columns.groups'),
              kind: 'text',
              render: (_v, d) => d.egids.map((g) => groupName.get(g) ?? g).join(', ') || '—',
            },
            {
              key: 'online',
              title: t('devices.list.columns.online'),
              kind: 'tag',
              // A pushed-to or polling device: the server's link to it (its reason in a tooltip); ours: its last request.
              render: (_v, d) =>
                d.driver !== 'openvisit' ? (
                  <LinkTag link={d.link} />
                ) : (
                  <Tooltip title={d.lastSeenAt ? t('devices.list.lastSeen', { time: formatDateTime(d.lastSeenAt) }) : t('devices.list.neverSeen')}>
                    <Tag color={d.onlineStatus ? 'green' : 'default'}>{t(`devices.online.${onlineKey(d.onlineStatus)}`)}</Tag>
                  </Tooltip>
                ),
            },
            {
              key: 'status',
              title: t('devices.list.columns.status'),
              kind: 'tag',
              render: (_v, d) => <Tag color={d.status ? 'red' : 'green'}>{t(`devices.statuses.${statusKey(d.status)}`)}</Tag>,
            },
            {
              key: 'actions',
              title: t('devices.list.columns.actions'),
              kind: 'actions',
              // Its four links wrap to two lines, so the whole row fits the access area at 1366 px (list kit: no scrolling).
              width: 180,
              render: (_v, d) => <DeviceActions device={d} onSecret={setSecret} />,
            },
          ]}
        />
      </Card>
      <DeviceSecret shown={secret} onClose={() => setSecret(null)} />
    </>
  );
}
