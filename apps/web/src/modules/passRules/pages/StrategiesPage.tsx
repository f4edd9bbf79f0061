import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PassConfig } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { FitTable, type ListColumn } from '../../../platform/list';
import { useDeletePassConfig, usePassConfigs } from '../api';
import { GatePassWaysPanel } from '../components/GatePassWaysPanel';

function whoText(t: TFunction, c: PassConfig): string {
  const who = [
    c.forEmployees ? t('passRules.strategy.employees') : null,
    c.forVisitors ? t('passRules.strategy.visitors') : null,
    c.forResidents ? t('passRules.strategy.residents') : null,
  ];
  return who.filter(Boolean).join(t('common.listSeparator'));
}

function limitsText(t: TFunction, c: PassConfig): string {
  const days = c.maxDays ? t('passRules.strategy.days', { count: c.maxDays }) : null;
  const uses = c.maxUses ? t('passRules.strategy.uses', { count: c.maxUses }) : null;
  return [days, uses].filter(Boolean).join(t('common.listSeparator')) || t('passRules.strategy.unlimited');
}

/** /strategic/strategy: the pass strategies, and below them the ways each gate accepts. */
export function StrategiesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const configs = usePassConfigs();
  const del = useDeletePassConfig();
  const columns: ListColumn<PassConfig>[] = [
    {
      title: t('passRules.strategy.name'),
      dataIndex: 'cname',
      kind: 'name',
      render: (n: string, c) => <Link to={`/strategic/strategyd/${c.cid}`}>{n}</Link>,
    },
    { title: t('passRules.strategy.who'), key: 'who', kind: 'text', render: (_: unknown, c) => whoText(t, c) },
    { title: t('passRules.strategy.schedule'), dataIndex: 'rname', kind: 'name' },
    { title: t('passRules.strategy.limits'), key: 'limits', kind: 'text', render: (_: unknown, c) => limitsText(t, c) },
    {
      title: t('passRules.strategy.entryMode'),
      dataIndex: 'entryMode',
      kind: 'tag',
      render: (m: PassConfig['entryMode']) => <Tag>{t(`passRules.strategy.entryModes.${m}`)}</Tag>,
    },
    {
      title: t('passRules.strategy.passWay'),
      dataIndex: 'passWay',
      kind: 'tag',
      width: 150,
      render: (w: PassConfig['passWay']) => <Tag color="blue">{t(`passRules.strategy.passWays.${w}`)}</Tag>,
    },
    {
      title: '',
      key: 'actions',
      kind: 'actions',
      render: (_: unknown, c) => (
        <Flex gap={4}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('common.edit')} ${c.cname}`}
            onClick={() => navigate(`/strategic/strategyd/${c.cid}`)}
          />
          <ConfirmDelete
            title={t('passRules.strategy.deleteConfirm', { name: c.cname })}
            onConfirm={async () => {
              // A failure was shown by the error policy; the row stays.
              if (
                await del.mutateAsync(c.cid).then(
                  () => true,
                  () => false,
                )
              )
                void message.success(t('common.deleted'));
            }}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${c.cname}`} />
          </ConfirmDelete>
        </Flex>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('passRules.strategy.title')}
        extra={<Typography.Text type="secondary">{t('passRules.strategy.intro')}</Typography.Text>}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/strategic/strategyd')} data-testid="strategy-add">
            {t('passRules.strategy.add')}
          </Button>
        }
      />
      <Card size="small">
        <FitTable<PassConfig>
          rowKey="cid"
          loading={configs.isPending}
          dataSource={configs.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('passRules.strategy.none')} /> }}
          columns={columns}
          data-testid="strategies-table"
        />
      </Card>
      <GatePassWaysPanel />
    </>
  );
}
