import { ClearOutlined } from '@ant-design/icons';
import { labelIn, RETENTION_KINDS, type RetentionSweep, runRetentionSweep, updateRetentionRules } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Popconfirm, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTypes } from '../../../core/sites/public';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { useRetention, useRunSweep, useSaveRetention } from '../api';
import { AgreementVersions } from '../components/AgreementVersions';
import { FaceHoldings } from '../components/FaceHoldings';
import { RetentionForm } from '../components/RetentionForm';

/** Settings › data retention: the company's rules, each visitor type's own, and what the sweeps removed. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const retention = useRetention();
  const save = useSaveRetention();
  const run = useRunSweep();
  const canEdit = useCanCall(updateRetentionRules);
  const canRun = useCanCall(runRetentionSweep);
  const data = retention.data;
  const runNow = async () => {
    const report = await run.mutateAsync();
    const count = RETENTION_KINDS.reduce((n, k) => n + report.removed[k], 0);
    void message.success(t('privacy.sweeps.done', { count }));
  };
  return (
    <>
      <PageHeader
        title={t('privacy.title')}
        extra={<Typography.Text type="secondary">{t('privacy.intro')}</Typography.Text>}
        actions={
          canRun ? (
            <Popconfirm
              title={t('privacy.sweeps.confirmTitle')}
              description={t('privacy.sweeps.confirmText')}
              okText={t('privacy.sweeps.confirm')}
              okButtonProps={{ danger: true }}
              onConfirm={() => runNow().catch(() => undefined)}
            >
              <Button icon={<ClearOutlined />} loading={run.isPending}>
                {t('privacy.sweeps.run')}
              </Button>
            </Popconfirm>
          ) : null
        }
      />
      {!data ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <Card title={t('privacy.company.title')} extra={data.isDefault ? <Tag>{t('privacy.defaults')}</Tag> : null}>
            <RetentionForm
              name="retentionCompany"
              key={JSON.stringify(data.company)}
              initial={data.company}
              readOnly={!canEdit}
              saving={save.isPending}
              submitText={t('privacy.company.save')}
              onSave={(rules) => save.mutate({ rules }, { onSuccess: () => void message.success(t('privacy.company.saved')) })}
            />
          </Card>
          <TypeRules />
          <FaceHoldings />
          <AgreementVersions kind="face" />
          <AgreementVersions kind="protocol" />
          <AgreementVersions kind="privacy" />
          <Card title={t('privacy.sweeps.title')}>
            <SweepsTable sweeps={data.sweeps} />
          </Card>
        </Flex>
      )}
    </>
  );
}

/** A visitor type's overrides: pick the type, change the kinds it keeps differently. */
function TypeRules() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const types = useVisitorTypes();
  const retention = useRetention();
  const save = useSaveRetention();
  const canEdit = useCanCall(updateRetentionRules);
  const [tid, setTid] = useState<number | undefined>();
  const list = types.data ?? [];
  const data = retention.data;
  const chosen = tid ?? list[0]?.tid;
  const overrides = data?.types.find((x) => x.tid === chosen)?.overrides ?? {};
  const saveType = (rules: typeof overrides) =>
    chosen !== undefined && save.mutate({ tid: chosen, rules }, { onSuccess: () => void message.success(t('privacy.types.saved')) });
  return (
    <Card title={t('privacy.types.title')}>
      <Typography.Paragraph type="secondary">{t('privacy.types.intro')}</Typography.Paragraph>
      {!list.length || !data ? (
        <Empty description={t('privacy.types.none')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('privacy.types.pick')}
            style={{ minWidth: 240 }}
            value={chosen}
            onChange={setTid}
            options={list.map((x) => ({ value: x.tid, label: labelIn(x.vType, lang) }))}
          />
          <RetentionForm
            name="retentionType"
            key={`${chosen}:${JSON.stringify(overrides)}`}
            initial={overrides}
            company={data.company}
            readOnly={!canEdit}
            saving={save.isPending}
            submitText={t('privacy.types.save')}
            onSave={saveType}
            extra={
              Object.keys(overrides).length ? (
                <Button type="link" onClick={() => saveType({})}>
                  {t('privacy.types.reset')}
                </Button>
              ) : null
            }
          />
        </Space>
      )}
    </Card>
  );
}

/** Each sweep: when, how, what it removed per kind, the files. */
function SweepsTable({ sweeps }: { sweeps: readonly RetentionSweep[] }) {
  const { t } = useTranslation();
  return (
    <Table<RetentionSweep>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...sweeps]}
      locale={{ emptyText: <Empty description={t('privacy.sweeps.empty')} /> }}
      columns={[
        {
          key: 'started',
          title: t('privacy.sweeps.started'),
          render: (_, s) => (s.finishedAt === null ? `${formatDateTime(s.startedAt)} · ${t('privacy.sweeps.running')}` : formatDateTime(s.startedAt)),
        },
        { key: 'trigger', title: t('privacy.sweeps.trigger'), render: (_, s) => t(`privacy.sweeps.${s.trigger}`) },
        {
          key: 'removed',
          title: t('privacy.sweeps.removed'),
          render: (_, s) => {
            const done = RETENTION_KINDS.filter((k) => s.removed[k] > 0);
            return done.length ? (
              <Flex wrap gap={4}>
                {done.map((k) => (
                  <Tag key={k}>
                    {t(`privacy.kinds.${k}`)} {s.removed[k]}
                  </Tag>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t('privacy.sweeps.nothing')}</Typography.Text>
            );
          },
        },
        { key: 'files', title: t('privacy.sweeps.files'), align: 'right', render: (_, s) => s.files },
      ]}
    />
  );
}
