import { Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { label } from '../../../platform/i18n';
import { FitTable } from '../../../platform/list';
import { getSession } from '../../../platform/session';
import { useRelatedAccounts } from '../api';

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'success', 2: 'error' };

/** The headquarters (super) account's home: the companies it oversees (`getRelatedAccount`). */
export function SuperHomePage() {
  const { t } = useTranslation();
  const related = useRelatedAccounts();
  const { project, loginAccount } = getSession();

  return (
    <>
      <PageHeader title={t('accounts.super.title')} />
      <Typography.Paragraph data-testid="greeting">
        {t('accounts.home.greeting', { name: project?.username ?? loginAccount ?? '' })}
      </Typography.Paragraph>
      <Card>
        <FitTable
          rowKey="userid"
          loading={related.isPending}
          dataSource={related.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('accounts.super.empty')} /> }}
          columns={[
            { key: 'company', title: t('accounts.super.columns.company'), dataIndex: 'company', kind: 'text' },
            { key: 'email', title: t('accounts.super.columns.email'), dataIndex: 'email', kind: 'text' },
            {
              key: 'status',
              title: t('accounts.super.columns.status'),
              dataIndex: 'status',
              kind: 'tag',
              render: (s: number) => {
                const known = s === 0 || s === 1 || s === 2;
                return <Tag color={STATUS_COLOR[s] ?? 'default'}>{known ? label('companyStatus', s) : String(s)}</Tag>;
              },
            },
            {
              key: 'regDate',
              title: t('accounts.super.columns.regDate'),
              dataIndex: 'regDate',
              kind: 'dateTime',
              render: (v: number) => formatDateTime(v),
            },
            {
              key: 'loginDate',
              title: t('accounts.super.columns.loginDate'),
              dataIndex: 'loginDate',
              kind: 'dateTime',
              render: (v: number | null) => formatDateTime(v),
            },
          ]}
        />
      </Card>
    </>
  );
}
