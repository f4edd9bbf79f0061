import { exportRvOpenInfo, type RvOpenRecord } from '@openvisit/contract';
import { Card, DatePicker, Empty, Flex, Input, Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { type OpenFilters, useRvOpenInfo, useSuppliers } from '../api';
import { ExportButton } from '../components/ExportButton';

const PAGE = 20;

/** Supplier › pass records (passRecord): resident workers' desk sign-ins and door passes (getRvOpenInfo). */
export function RvPassRecordPage() {
  const { t } = useTranslation();
  const [f, setF] = useState<OpenFilters>({ startIndex: 0, requestedCount: PAGE });
  const set = (patch: Partial<OpenFilters>) => setF((old) => ({ ...old, startIndex: 0, ...patch }));
  const records = useRvOpenInfo(f);
  const suppliers = useSuppliers();
  return (
    <>
      <PageHeader
        title={t('suppliers.records.title')}
        actions={
          <ExportButton
            def={exportRvOpenInfo}
            // The list's filters without its paging: the whole filtered list (up to the export's limit).
            input={{ date: f.date, endDate: f.endDate, name: f.name, supplierId: f.supplierId, rid: f.rid, kind: f.kind }}
            testId="rv-records-export"
          />
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label={t('suppliers.records.search')}
            placeholder={t('suppliers.records.search')}
            allowClear
            style={{ width: 220 }}
            onSearch={(name) => set({ name: name || undefined })}
          />
          <Select
            aria-label={t('suppliers.records.company')}
            placeholder={t('suppliers.records.company')}
            allowClear
            style={{ width: 200 }}
            options={(suppliers.data ?? []).map((s) => ({ value: s.supplierId, label: s.name }))}
            onChange={(supplierId?: number) => set({ supplierId })}
          />
          <Select
            aria-label={t('suppliers.records.kind')}
            placeholder={t('suppliers.records.kind')}
            allowClear
            style={{ width: 160 }}
            options={[
              { value: 'signIn', label: t('suppliers.records.kinds.signIn') },
              { value: 'door', label: t('suppliers.records.kinds.door') },
            ]}
            onChange={(kind?: 'signIn' | 'door') => set({ kind })}
          />
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            onChange={(r) => set({ date: r?.[0]?.format(DAY_FORMAT), endDate: r?.[1]?.format(DAY_FORMAT) })}
            value={[f.date ? dayjs(f.date) : null, f.endDate ? dayjs(f.endDate) : null]}
          />
        </Flex>
        <Table<RvOpenRecord>
          rowKey={(r) => `${r.kind}:${r.id}`}
          loading={records.isPending}
          dataSource={records.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('suppliers.records.empty')} /> }}
          pagination={{
            current: Math.floor(Number(f.startIndex ?? 0) / PAGE) + 1,
            pageSize: PAGE,
            total: records.data?.count ?? 0,
            showSizeChanger: false,
            onChange: (page) => setF((old) => ({ ...old, startIndex: (page - 1) * PAGE })),
          }}
          columns={[
            { key: 'at', title: t('suppliers.records.at'), render: (_: unknown, r) => formatDateTime(r.at) },
            { key: 'name', title: t('suppliers.records.name'), dataIndex: 'name' },
            { key: 'company', title: t('suppliers.records.company'), dataIndex: 'company' },
            { key: 'kind', title: t('suppliers.records.kind'), render: (_: unknown, r) => t(`suppliers.records.kinds.${r.kind}`) },
            { key: 'place', title: t('suppliers.records.place'), dataIndex: 'place' },
            {
              key: 'result',
              title: t('suppliers.records.result'),
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
