import { SyncOutlined } from '@ant-design/icons';
import { CREDENTIAL_STATES, type CredentialState, type DeviceDriver, type DeviceLink, readbackDevice, Status } from '@openvisit/contract';
import { Alert, App, Button, Card, Descriptions, Divider, Flex, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDENTIAL_STATE_COLOR, LinkTag } from '../../../core/people/public';
import { useCanCall } from '../../../platform/access';
import { ApiError } from '../../../platform/apiError';
import { Chart } from '../../../platform/components/Chart';
import { formatDateTime } from '../../../platform/format';
import { useCredentialReport, useReadback } from '../faceApi';
import { DriftReport } from './DriftReport';

/** The bar's colours, as antd's tag presets of the same states (the legend beside it says each count in words). */
const STATE_HEX: Record<CredentialState, string> = {
  pending: '#1677ff',
  live: '#52c41a',
  failed: '#ff4d4f',
  revoking: '#faad14',
  revoked: '#bfbfbf',
};

/** Why no request goes to the device now: an account refused waits for a change of address or account. */
function heldText(link: DeviceLink, t: TFunction): string | null {
  if (link.state === 'authRefused') return t('faceSync.report.heldUntilChange');
  return link.holdUntil !== null && link.holdUntil > Date.now() ? formatDateTime(link.holdUntil) : null;
}

function LinkFacts({ link }: { link: DeviceLink | null }) {
  const { t } = useTranslation();
  const held = link ? heldText(link, t) : null;
  const items = [
    { key: 'link', label: t('faceSync.report.link'), children: <LinkTag link={link} /> },
    ...(link?.reason ? [{ key: 'reason', label: t('faceSync.report.reason'), children: link.reason }] : []),
    ...(held ? [{ key: 'held', label: t('faceSync.report.heldUntil'), children: held }] : []),
    { key: 'contact', label: t('faceSync.report.lastContact'), children: formatDateTime(link?.lastContactAt, t('faceSync.report.never')) },
  ];
  return <Descriptions size="small" column={{ xs: 1, md: 2 }} items={items} style={{ flex: '1 1 360px' }} />;
}

/** A horizontal bar of the states stacked, one series per state. */
function barOption(counts: { s: CredentialState; n: number; label: string }[]): EChartsCoreOption {
  return {
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    tooltip: { trigger: 'item' },
    xAxis: {
      type: 'value',
      show: false,
      max: Math.max(
        1,
        counts.reduce((sum, c) => sum + c.n, 0),
      ),
    },
    yAxis: { type: 'category', show: false, data: [''] },
    series: counts.map((c) => ({ type: 'bar', stack: 'all', name: c.label, data: [c.n], barWidth: 18, itemStyle: { color: STATE_HEX[c.s] } })),
  };
}

/** Counts per state: a stacked bar (drawn like the console's other charts) and the same counts as tags with words. */
function StateBar({ states }: { states: Partial<Record<CredentialState, number>> }) {
  const { t } = useTranslation();
  // `states` keeps its identity while the answer is unchanged (the query's structural sharing): no redraw every refresh.
  const counts = useMemo(() => CREDENTIAL_STATES.map((s) => ({ s, n: states[s] ?? 0, label: t(`faceSync.states.${s}`) })), [states, t]);
  const option = useMemo(() => barOption(counts), [counts]);
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return <Typography.Text type="secondary">{t('faceSync.report.noCredentials')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      <Chart option={option} height={24} label={t('faceSync.report.chart', { text: counts.map((c) => `${c.label} ${c.n}`).join(', ') })} />
      <Space size={4} wrap>
        {counts.map((c) => (
          <Tag key={c.s} color={CREDENTIAL_STATE_COLOR[c.s]}>
            {c.label}: {c.n}
          </Tag>
        ))}
      </Space>
    </Flex>
  );
}

/** The message of a readback that could not run: our own driver (1132), away or refusing us (1133). */
function readbackError(err: unknown, t: TFunction): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === Status.DEVICE_NOT_READABLE) return t('faceSync.report.notReadable');
  if (err.status === Status.DEVICE_LINK_DOWN) return t('faceSync.report.linkDown');
  return null;
}

/** Read back now: confirmed first (what it changes, and that the site's own people stay), progress while it runs. */
function ReadbackButton({ eid }: { eid: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const readback = useReadback();
  const [failure, setFailure] = useState<{ text: string; reason: string } | null>(null);
  const run = async () => {
    setFailure(null);
    try {
      const r = await readback.mutateAsync(eid);
      void message.success(t('faceSync.report.readbackDone', { repaired: r.repaired, failed: r.failed }));
    } catch (err) {
      const text = readbackError(err, t);
      if (text) setFailure({ text, reason: err instanceof ApiError ? err.reason : '' });
    }
  };
  const confirm = () =>
    modal.confirm({
      title: t('faceSync.report.readbackTitle'),
      content: t('faceSync.report.readbackText'),
      okText: t('faceSync.report.readbackOk'),
      onOk: () => void run(),
    });
  return (
    <Flex vertical gap={8} align="flex-end" style={{ maxWidth: 420 }}>
      <Button icon={<SyncOutlined spin={readback.isPending} />} loading={readback.isPending} onClick={confirm}>
        {t('faceSync.report.readback')}
      </Button>
      {readback.isPending ? <Alert type="info" showIcon title={t('faceSync.report.reading')} role="status" /> : null}
      {failure ? (
        <Alert type="error" showIcon title={failure.text} description={failure.reason || undefined} closable onClose={() => setFailure(null)} />
      ) : null}
    </Flex>
  );
}

/** Device detail: its link, credentials per state, its queue and the last readback, with the readback for managers. */
export function CredentialReport({ eid, driver }: { eid: number; driver: DeviceDriver }) {
  const { t } = useTranslation();
  const report = useCredentialReport(eid);
  const canReadback = useCanCall(readbackDevice) && driver !== 'openvisit';
  const r = report.data;
  return (
    <Card title={t('faceSync.report.title')} style={{ marginTop: 16 }} data-testid="credential-report">
      {!r ? (
        <Skeleton active aria-label={t('faceSync.report.loading')} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={16} justify="space-between" align="flex-start" wrap>
            {driver !== 'openvisit' ? <LinkFacts link={r.link} /> : <span />}
            {canReadback ? <ReadbackButton eid={eid} /> : null}
          </Flex>
          <div>
            <Typography.Title level={5}>{t('faceSync.report.states')}</Typography.Title>
            <StateBar states={r.states} />
          </div>
          <div>
            <Typography.Title level={5}>{t('faceSync.report.queue')}</Typography.Title>
            <Flex gap={32} wrap>
              {(['due', 'inFlight', 'waiting'] as const).map((k) => (
                <Statistic key={k} title={t(`faceSync.report.${k}`)} value={r.queue[k]} styles={{ content: { fontSize: 18 } }} />
              ))}
            </Flex>
          </div>
          {driver !== 'openvisit' ? (
            <div>
              <Divider titlePlacement="start">{t('faceSync.report.drift.title')}</Divider>
              <DriftReport drift={r.drift} />
            </div>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
