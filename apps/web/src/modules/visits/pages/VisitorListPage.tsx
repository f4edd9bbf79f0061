import { EyeOutlined, LogoutOutlined } from '@ant-design/icons';
import { batchSignOut, exportVisitorList, type IdNumbersShown, type Visit } from '@openvisit/contract';
import { App, Button, Card, DatePicker, Flex, Popconfirm, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdExportButton } from '../../../core/people/public';
import { searchInput, VisitFilterBar, type VisitFilters, VisitorCell, visitParams } from '../../../core/visitList/public';
import { usePeopleCounting, VisitStatusTag } from '../../../core/visits/public';
import { canCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime, formatNumber } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { BatchBar, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useBatchSignOut, useVisitPage } from '../api';
import { VisitDrawer } from '../components/VisitDrawer';

/**
 * Visitors › visitor list: every kind of visit, filtered (kept in the URL), with details, sign-out and export. With
 * `overtime`, People › overtime query: the same list held to visitors still on site past their leave or off-duty time.
 */
export function VisitorListPage({ overtime = false }: { overtime?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useListQuery(visitParams, { push: true });
  const filters: VisitFilters = { ...query.values, overtime };
  const page = useVisitPage(filters);
  const table = useListPage(query, page);
  const onSite = usePeopleCounting();
  const batch = useBatchSignOut();
  const [selection, setSelection] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const { exporting, run: runExport } = useListExport();

  const apply = (patch: Partial<VisitFilters>) => {
    query.set(patch);
    setSelection([]);
  };

  const exportList = (idNumbers: IdNumbersShown) =>
    runExport(
      exportVisitorList,
      {
        ...searchInput(filters),
        onSite: filters.onSite ? 'true' : undefined,
        overtime: overtime ? 'true' : undefined,
        lang: currentLang(),
        idNumbers,
      },
      t('visits.exported'),
    );

  const signOutSelected = async () => {
    const r = await batch.mutateAsync(selection);
    message.success(t('visits.batchDone', r));
    setSelection([]);
  };

  const c = onSite.data;
  return (
    <>
      <PageHeader
        title={t(overtime ? 'visits.overtimeTitle' : 'visits.title')}
        extra={
          <Typography.Text type="secondary" data-testid="on-site-count">
            {c ? t('visits.onSiteLine', { count: c.onSite }) + (c.people > c.onSite ? t('visits.onSitePeople', { count: c.people }) : '') : '\u00a0'}
          </Typography.Text>
        }
        actions={<IdExportButton label={t('visits.export')} loading={exporting} onExport={(ids) => void exportList(ids)} testId="visit-export" />}
      />
      <Card>
        <Flex vertical gap={16}>
          <Flex wrap gap={8} align="center">
            <DatePicker.RangePicker
              aria-label={t('visits.filters.dates')}
              value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
              onChange={(r) => apply({ from: r?.[0]?.format(DAY_FORMAT), to: r?.[1]?.format(DAY_FORMAT) })}
              allowEmpty={[true, true]}
            />
            <VisitFilterBar filters={filters} apply={apply} overtime={overtime} />
            {query.filtered && (
              <Button type="link" onClick={query.reset}>
                {t('visits.filters.clear')}
              </Button>
            )}
          </Flex>
          <BatchBar
            count={selection.length}
            selectedText={t('visits.selected', { count: selection.length })}
            extra={
              <Popconfirm title={t('visits.batchSignOutConfirm', { count: selection.length })} onConfirm={() => signOutSelected()}>
                <Button icon={<LogoutOutlined />} loading={batch.isPending}>
                  {t('visits.batchSignOut')}
                </Button>
              </Popconfirm>
            }
          />
          <ListTable<Visit>
            rowKey="vid"
            {...table.props}
            empty={overtime ? t('visits.overtimeEmpty') : query.filtered ? t('visits.emptyFiltered') : t('visits.empty')}
            // Batch sign-out is the company's and the desks' (its access); a sub-company only reads.
            selection={
              !canCall(batchSignOut)
                ? undefined
                : {
                    keys: selection,
                    onChange: (keys) => setSelection(keys as number[]),
                    getCheckboxProps: (v) => ({ disabled: v.status !== 'signedIn', 'aria-label': v.vname }),
                  }
            }
            // Past the server's count cap the total is "at least" (1,000+); the pager stops there, filters narrow it.
            totalText={(n) => (page.total?.capped ? t('visits.totalAtLeast', { total: formatNumber(n) }) : t('visits.total', { count: n }))}
            columns={[
              {
                title: t('visits.columns.visitor'),
                key: 'vname',
                kind: 'name',
                fixed: 'left',
                render: (_v, v) => (
                  <VisitorCell
                    visit={v}
                    name={
                      <Button type="link" onClick={() => setOpen(v.vid)}>
                        {v.vname}
                      </Button>
                    }
                  />
                ),
              },
              { title: t('visits.columns.phone'), dataIndex: 'vphone', kind: 'phone' },
              { title: t('visits.columns.company'), dataIndex: 'vcompany', kind: 'text' },
              { title: t('visits.columns.host'), dataIndex: 'empName', kind: 'name' },
              { title: t('visits.columns.status'), key: 'status', kind: 'tag', render: (_v, v) => <VisitStatusTag status={v.status} /> },
              {
                title: t('visits.columns.signedIn'),
                key: 'in',
                kind: 'dateTime',
                // The moment they signed in; a visitor who never came has none (their planned time is in the details).
                render: (_v, v) => formatDateTime(v.visitdate),
              },
              { title: t('visits.columns.signedOut'), key: 'out', kind: 'dateTime', render: (_v, v) => formatDateTime(v.signOutDate) },
              {
                title: t('visits.columns.actions'),
                key: 'actions',
                kind: 'actions',
                width: 80,
                render: (_v, v) => (
                  <Button type="text" icon={<EyeOutlined />} aria-label={t('visits.detail.open', { name: v.vname })} onClick={() => setOpen(v.vid)} />
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <VisitDrawer vid={open} onClose={() => setOpen(null)} />
    </>
  );
}
