import { ALLOWED_PASS_WAYS, type AllowedPassWay, type GatePassWay } from '@openvisit/contract';
import { App, Card, Empty, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FitTable, type ListColumn } from '../../../platform/list';
import { useGatePassWays, useSetGatePassWay } from '../api';

/** The per-gate switch: which ways (face, QR, both) the doors of each gate accept. */
export function GatePassWaysPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const gates = useGatePassWays();
  const set = useSetGatePassWay();
  const columns: ListColumn<GatePassWay>[] = [
    { title: t('passRules.gates.gate'), dataIndex: 'gname', kind: 'name' },
    {
      title: t('passRules.gates.way'),
      dataIndex: 'passWay',
      width: 200,
      render: (way: AllowedPassWay, g) => (
        <Select<AllowedPassWay>
          value={way}
          style={{ width: 170 }}
          aria-label={t('passRules.gates.wayOf', { gate: g.gname })}
          options={ALLOWED_PASS_WAYS.map((w) => ({ value: w, label: t(`passRules.strategy.passWays.${w}`) }))}
          onChange={async (passWay) => {
            await set.mutateAsync({ gid: g.gid, passWay });
            void message.success(t('passRules.gates.saved'));
          }}
          data-testid={`gate-way-${g.gid}`}
        />
      ),
    },
  ];
  return (
    <Card size="small" title={t('passRules.gates.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('passRules.gates.intro')}</Typography.Paragraph>
      <FitTable<GatePassWay>
        rowKey="gid"
        size="small"
        loading={gates.isPending}
        dataSource={gates.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('passRules.gates.none')} /> }}
        columns={columns}
        data-testid="gate-ways-table"
      />
    </Card>
  );
}
