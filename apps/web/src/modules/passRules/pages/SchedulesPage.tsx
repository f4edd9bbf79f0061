import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type PassRule, Status, WEEKDAYS } from '@openvisit/contract';
import { Alert, App, Button, Card, Empty, Flex, Tabs, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { FitTable, type ListColumn } from '../../../platform/list';
import { displayError } from '../../../platform/notify';
import { useDeletePassRule, usePassRules } from '../api';
import { HolidaysPanel } from '../components/HolidaysPanel';
import { WeekView } from '../components/WeekView';

function rangeText(t: TFunction, r: PassRule): string {
  if (r.startDate && r.endDate) return `${r.startDate} – ${r.endDate}`;
  if (r.startDate) return t('passRules.schedule.from', { date: r.startDate });
  if (r.endDate) return t('passRules.schedule.until', { date: r.endDate });
  return t('passRules.schedule.always');
}

/** The traffic schedules, each with its week at a glance; a schedule strategies use is kept (58 with the count). */
function SchedulesList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rules = usePassRules();
  const del = useDeletePassRule();
  const [inUse, setInUse] = useState<string | null>(null);
  const remove = async (r: PassRule) => {
    setInUse(null);
    try {
      await del.mutateAsync(r.rid);
      void message.success(t('common.deleted'));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED)
        setInUse(t('passRules.schedule.inUse', { count: (err.result as { configs?: number } | null)?.configs ?? 1 }));
      else if (err instanceof ApiError) displayError(err);
    }
  };
  const columns: ListColumn<PassRule>[] = [
    {
      title: t('passRules.schedule.name'),
      dataIndex: 'rname',
      kind: 'name',
      render: (n: string, r) => <Link to={`/strategic/tsdetail/${r.rid}`}>{n}</Link>,
    },
    { title: t('passRules.schedule.range'), key: 'range', kind: 'text', render: (_: unknown, r) => rangeText(t, r) },
    {
      title: t('passRules.schedule.week'),
      key: 'week',
      width: 420,
      render: (_: unknown, r) => <WeekView days={WEEKDAYS.map((d) => ({ key: d, slots: r[d] }))} compact />,
    },
    { title: t('passRules.schedule.strategies'), dataIndex: 'configs', kind: 'number' },
    {
      title: '',
      key: 'actions',
      kind: 'actions',
      render: (_: unknown, r) => (
        <Flex gap={4}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('common.edit')} ${r.rname}`}
            onClick={() => navigate(`/strategic/tsdetail/${r.rid}`)}
          />
          <ConfirmDelete title={t('passRules.schedule.deleteConfirm', { name: r.rname })} onConfirm={() => remove(r)}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${r.rname}`} />
          </ConfirmDelete>
        </Flex>
      ),
    },
  ];
  return (
    <Card size="small">
      {inUse ? (
        <Alert type="warning" showIcon closable title={inUse} onClose={() => setInUse(null)} style={{ marginBottom: 12 }} data-testid="rule-in-use" />
      ) : null}
      <FitTable<PassRule>
        rowKey="rid"
        loading={rules.isPending}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('passRules.schedule.none')} /> }}
        columns={columns}
        data-testid="rules-table"
      />
    </Card>
  );
}

/** /strategic/tschedule: the traffic schedules and, on the second tab, the holidays they follow. */
export function SchedulesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'holidays' ? 'holidays' : 'schedules';
  return (
    <>
      <PageHeader
        title={t('passRules.schedule.title')}
        extra={<Typography.Text type="secondary">{t('passRules.schedule.intro')}</Typography.Text>}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/strategic/tsdetail')} data-testid="rule-add">
            {t('passRules.schedule.add')}
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'schedules', label: t('passRules.tabs.schedules'), children: <SchedulesList /> },
          { key: 'holidays', label: t('passRules.tabs.holidays'), children: <HolidaysPanel /> },
        ]}
      />
    </>
  );
}
