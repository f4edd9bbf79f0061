import { ReloadOutlined } from '@ant-design/icons';
import {
  type DeviceDriver,
  FACE_NOT_CONFIRMED,
  FACE_PERSON_KINDS,
  FACE_SYNC_STATUSES,
  type FaceCredential,
  retryFaceCredentials,
} from '@openvisit/contract';
import { App, Button, Card, Flex, Select, Space, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CarriesTags, CredentialStateTag } from '../../../core/people/public';
import { useCanCall } from '../../../platform/access';
import { formatDateTime } from '../../../platform/format';
import { defineListParams, type ListColumn, ListSearch, ListTable, oneOf, pageWindow, text, useListPage, useListQuery } from '../../../platform/list';
import { useFaceCredentials, useRetryFaceCredentials } from '../faceApi';
import { CredentialReport } from './CredentialReport';

/** The filters of the terminal's people, in the URL (prefixed: the page's own form has none, but stay apart). */
const faceParams = defineListParams(
  { status: oneOf(FACE_SYNC_STATUSES), kind: oneOf(FACE_PERSON_KINDS), q: text(50) },
  { pageParam: 'fpage', sizeParam: 'fsize' },
);

function columns(t: TFunction, retry: ((c: FaceCredential) => void) | null): ListColumn<FaceCredential>[] {
  return [
    { key: 'name', title: t('faceSync.columns.name'), dataIndex: 'name', kind: 'name', fixed: 'left', render: (v: string) => v || '—' },
    {
      key: 'kind',
      title: t('faceSync.columns.kind'),
      dataIndex: 'personKind',
      kind: 'tag',
      render: (v: FaceCredential['personKind']) => t(`faceSync.kinds.${v}`),
    },
    {
      key: 'action',
      title: t('faceSync.columns.action'),
      dataIndex: 'action',
      kind: 'tag',
      render: (v: FaceCredential['action']) => t(`faceSync.actions.${v}`),
    },
    {
      key: 'state',
      title: t('faceSync.columns.state'),
      dataIndex: 'state',
      kind: 'tag',
      width: 140,
      render: (s: FaceCredential['state']) => <CredentialStateTag state={s} />,
    },
    {
      key: 'carries',
      title: t('faceSync.columns.carries'),
      kind: 'tag',
      width: 190,
      render: (_: unknown, c) => <CarriesTags hasFace={c.hasFace} hasCard={c.hasCard} hasQr={c.hasQr} hasPlate={c.hasPlate} />,
    },
    {
      key: 'passLimit',
      title: t('faceSync.columns.passLimit'),
      dataIndex: 'passLimit',
      kind: 'number',
      width: 110,
      render: (v: number | null) => (v === null ? t('faceSync.noPassLimit') : t('faceSync.passLimit', { count: v })),
    },
    {
      key: 'error',
      title: t('faceSync.columns.error'),
      dataIndex: 'lastError',
      kind: 'text',
      // The server's own reason in the console's language; a terminal's reason as the terminal wrote it.
      render: (v: string) => (v === FACE_NOT_CONFIRMED ? t('faceSync.notConfirmed') : v || '—'),
    },
    { key: 'attempts', title: t('faceSync.columns.attempts'), dataIndex: 'attempts', kind: 'number', width: 110 },
    {
      key: 'validTo',
      title: t('faceSync.columns.validTo'),
      dataIndex: 'validTo',
      kind: 'dateTime',
      render: (v: number | null) => formatDateTime(v, '—'),
    },
    {
      key: 'updatedAt',
      title: t('faceSync.columns.updatedAt'),
      dataIndex: 'updatedAt',
      kind: 'dateTime',
      render: (v: number) => formatDateTime(v, '—'),
    },
    {
      key: 'actions',
      title: t('faceSync.columns.actions'),
      kind: 'actions',
      width: 80,
      render: (_: unknown, c) =>
        retry && c.status === 'failed' ? (
          <Tooltip title={t('faceSync.retry')}>
            <Button type="text" icon={<ReloadOutlined />} aria-label={t('faceSync.retryOf', { name: c.name })} onClick={() => retry(c)} />
          </Tooltip>
        ) : null,
    },
  ];
}

/**
 * Device detail of a device that keeps people (a face terminal of ours, any Hikvision or ZKTeco device): its credential
 * report, then the people it must know, each credential's state and what it carries, and the retry of failures.
 */
export function FaceCredentials({ eid, driver }: { eid: number; driver: DeviceDriver }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(faceParams);
  const f = list.values;
  const page = useFaceCredentials({
    eid,
    ...pageWindow(f),
    ...(f.status && { status: f.status }),
    ...(f.kind && { personKind: f.kind }),
    ...(f.q && { name: f.q }),
  });
  const table = useListPage(list, page);
  const retry = useRetryFaceCredentials();
  const canRetry = useCanCall(retryFaceCredentials);
  const counts = page.data?.counts;
  const send = async (ids?: number[]) => {
    try {
      const r = await retry.mutateAsync({ eid, ...(ids && { ids }) });
      void message.success(t('faceSync.retried', { count: r.retried }));
    } catch {
      // shown by the error policy
    }
  };
  return (
    <>
      <CredentialReport eid={eid} driver={driver} />
      <Card title={t('faceSync.title')} style={{ marginTop: 16 }} data-testid="face-credentials">
        <Typography.Paragraph type="secondary">{t('faceSync.intro')}</Typography.Paragraph>
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Space wrap>
            <ListSearch
              label={t('faceSync.searchLabel')}
              placeholder={t('faceSync.search')}
              value={f.q}
              maxLength={50}
              width={200}
              onSearch={(q) => list.set({ q })}
            />
            <Select
              aria-label={t('faceSync.statusFilter')}
              placeholder={t('faceSync.statusFilter')}
              allowClear
              value={f.status}
              onChange={(v) => list.set({ status: v })}
              options={FACE_SYNC_STATUSES.map((s) => ({ value: s, label: `${t(`faceSync.statuses.${s}`)} (${counts?.[s] ?? 0})` }))}
              style={{ width: 170 }}
            />
            <Select
              aria-label={t('faceSync.kindFilter')}
              placeholder={t('faceSync.kindFilter')}
              allowClear
              value={f.kind}
              onChange={(v) => list.set({ kind: v })}
              options={FACE_PERSON_KINDS.map((k) => ({ value: k, label: t(`faceSync.kinds.${k}`) }))}
              style={{ width: 150 }}
            />
          </Space>
          {canRetry && (
            <Button icon={<ReloadOutlined />} disabled={!counts?.failed} loading={retry.isPending} onClick={() => void send()}>
              {t('faceSync.retryAll', { count: counts?.failed ?? 0 })}
            </Button>
          )}
        </Flex>
        <ListTable<FaceCredential>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('faceSync.total', { count: n })}
          empty={list.filtered ? t('faceSync.emptySearch') : t('faceSync.empty')}
          emptyAction={list.filtered ? <Button onClick={list.reset}>{t('faceSync.clearFilters')}</Button> : undefined}
          columns={columns(t, canRetry ? (c) => void send([c.id]) : null)}
        />
      </Card>
    </>
  );
}
