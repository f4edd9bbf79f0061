import type { Visit } from '@openvisit/contract';
import { Button, Card, DatePicker, Flex } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisitStatusTag } from '../../../core/visits/public';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { ListSearch, ListTable, useListPage } from '../../../platform/list';
import { VisitDrawer } from '../../visits/public';
import { useResidentVisits } from '../api';
import type { VisitRecordFilters } from '../query';

/** The residents' visits (SearchRVisitorByCondition): by name and day range, paged, newest first; details in the visit drawer. */
export function VisitRecordsTab({ filters, onFilters }: { filters: VisitRecordFilters; onFilters: (f: Partial<VisitRecordFilters>) => void }) {
  const { t } = useTranslation();
  const visits = useResidentVisits(filters);
  const table = useListPage({ values: filters, set: onFilters }, visits);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <ListSearch label={t('residents.visits.search')} value={filters.name} width={240} onSearch={(name) => onFilters({ name })} />
        <DatePicker.RangePicker
          value={[filters.date ? dayjs(filters.date) : null, filters.endDate ? dayjs(filters.endDate) : null]}
          onChange={(range) => onFilters({ date: range?.[0]?.format(DAY_FORMAT), endDate: range?.[1]?.format(DAY_FORMAT) })}
          allowEmpty={[true, true]}
        />
      </Flex>
      <ListTable<Visit>
        rowKey="vid"
        {...table.props}
        totalText={(n) => t('residents.visits.total', { count: n })}
        empty={t('residents.visits.empty')}
        columns={[
          {
            key: 'vname',
            title: t('residents.visits.columns.name'),
            kind: 'name',
            fixed: 'left',
            render: (_: unknown, v) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(v.vid)}>
                {v.vname}
              </Button>
            ),
          },
          { key: 'vcompany', title: t('residents.visits.columns.company'), dataIndex: 'vcompany', kind: 'text' },
          { key: 'project', title: t('residents.visits.columns.project'), dataIndex: 'visitReason', kind: 'text' },
          { key: 'visitdate', title: t('residents.visits.columns.signIn'), kind: 'dateTime', render: (_: unknown, v) => formatDateTime(v.visitdate) },
          {
            key: 'signOutDate',
            title: t('residents.visits.columns.signOut'),
            kind: 'dateTime',
            render: (_: unknown, v) => formatDateTime(v.signOutDate),
          },
          { key: 'gate', title: t('residents.visits.columns.gate'), dataIndex: 'signInGate', kind: 'text' },
          {
            key: 'status',
            title: t('residents.visits.columns.status'),
            kind: 'tag',
            render: (_: unknown, v) => <VisitStatusTag status={v.status} />,
          },
        ]}
      />
      <VisitDrawer vid={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
