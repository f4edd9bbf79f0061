import { exportRvOpenInfo, type RvOpenRecord } from '@openvisit/contract';
import { Card, DatePicker, Flex, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useRvOpenInfo, useSuppliers } from '../api.suppliers';
import { ExportButton } from '../components/ExportButton';
import { openParams } from '../query.suppliers';

/** Supplier › pass records (passRecord): resident workers' desk sign-ins and door passes (getRvOpenInfo); filters in the URL. */
export function RvPassRecordPage() {
  const { t } = useTranslation();
  const q = useListQuery(openParams);
  const f = q.values;
  const records = useRvOpenInfo(f);
  const table = useListPage(q, records);
  const suppliers = useSuppliers();
  return (
    <>
      <PageHeader
        title={t('suppliers.records.title')}
        actions={
          <ExportButton
            def={exportRvOpenInfo}
            // The list's filters without its paging: the whole filtered list (up to the export's limit).
            input={{ date: f.date, endDate: f.endDate, name: f.name || undefined, supplierId: f.supplierId, kind: f.kind }}
            testId="rv-records-export"
          />
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <ListSearch value={f.name} label={t('suppliers.records.search')} onSearch={(name) => q.set({ name })} width={220} />
          <Select<number>
            aria-label={t('suppliers.records.company')}
            placeholder={t('suppliers.records.company')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            value={f.supplierId}
            options={(suppliers.data ?? []).map((s) => ({ value: s.supplierId, label: s.name }))}
            onChange={(supplierId?: number) => q.set({ supplierId })}
          />
          <Select<'signIn' | 'door'>
            aria-label={t('suppliers.records.kind')}
            placeholder={t('suppliers.records.kind')}
            allowClear
            style={{ width: 160 }}
            value={f.kind}
            options={[
              { value: 'signIn', label: t('suppliers.records.kinds.signIn') },
              { value: 'door', label: t('suppliers.records.kinds.door') },
            ]}
            onChange={(kind?: 'signIn' | 'door') => q.set({ kind })}
          />
          <DatePicker.RangePicker
            aria-label={t('suppliers.records.period')}
            allowEmpty={[true, true]}
            onChange={(r) => q.set({ date: r?.[0]?.format(DAY_FORMAT), endDate: r?.[1]?.format(DAY_FORMAT) })}
            value={[f.date ? dayjs(f.date) : null, f.endDate ? dayjs(f.endDate) : null]}
          />
        </Flex>
        <ListTable<RvOpenRecord>
          rowKey={(r) => `${r.kind}:${r.id}`}
          {...table.props}
          empty={t('suppliers.records.empty')}
          columns={[
            { key: 'at', title: t('suppliers.records.at'), kind: 'dateTime', render: (_: unknown, r) => formatDateTime(r.at) },
            { key: 'name', title: t('suppliers.records.name'), dataIndex: 'name', kind: 'name' },
            { key: 'company', title: t('suppliers.records.company'), dataIndex: 'company', kind: 'text' },
            { key: 'kind', title: t('suppliers.records.kind'), kind: 'tag', render: (_: unknown, r) => t(`suppliers.records.kinds.${r.kind}`) },
            { key: 'place', title: t('suppliers.records.place'), dataIndex: 'place', kind: 'text' },
            {
              key: 'result',
              title: t('suppliers.records.result'),
              kind: 'tag',
              render: (_: unknown, r) => (
                <Tag color={r.result === 1 ? 'green' : 'red'}>{t(r.result === 1 ? 'suppliers.records.passed' : 'suppliers.records.refused')}</Tag>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
