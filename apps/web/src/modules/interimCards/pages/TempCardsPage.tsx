import { CheckCircleOutlined, CloseCircleOutlined, CreditCardOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { addInterimCard, exportInterimCardList, type InterimCard } from '@openvisit/contract';
import { App, Button, Card, Checkbox, DatePicker, Flex, Form, type FormInstance, Input, Popconfirm, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { PageHeader } from '../../../platform/components/PageHeader';
import { DAY_FORMAT, formatDateTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { type ListColumn, ListTable, useListExport, useListPage, useListQuery } from '../../../platform/list';
import { useCards, useReturnCard } from '../api';
import { ApplyModal } from '../components/ApplyModal';
import { CardStatusTag, STATUS_KEYS } from '../components/CardStatusTag';
import { LendModal } from '../components/LendModal';
import { RefuseModal } from '../components/RefuseModal';
import { CARD_STATUSES, type CardFilters, cardFilterInput, cardParams } from '../query';

interface FilterValues {
  status?: 0 | 1 | 2 | 3;
  overdue?: boolean;
  range?: [Dayjs | null, Dayjs | null] | null;
  name?: string;
  empNo?: string;
  cardNo?: string;
}

function CardFilterForm({
  form,
  values: f,
  onSearch,
  onReset,
}: {
  form: FormInstance<FilterValues>;
  values: CardFilters;
  onSearch: (v: FilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    form.setFieldsValue({
      status: f.status,
      overdue: f.overdue,
      range: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
      name: f.name,
      empNo: f.empNo,
      cardNo: f.cardNo,
    });
  }, [form, f.status, f.overdue, f.from, f.to, f.name, f.empNo, f.cardNo]);
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: 8, marginBottom: 16 }} name="interim-filters">
      <Form.Item name="status" label={t('interimCards.filters.status')}>
        <Select
          allowClear
          style={{ width: 140 }}
          options={CARD_STATUSES.map((s) => ({ value: s, label: t(`interimCards.status.${STATUS_KEYS[s]}`) }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('interimCards.filters.period')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="name" label={t('interimCards.filters.name')}>
        <Input allowClear maxLength={50} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="empNo" label={t('interimCards.filters.empNo')}>
        <Input allowClear maxLength={32} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="cardNo" label={t('interimCards.filters.cardNo')}>
        <Input allowClear maxLength={32} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="overdue" valuePropName="checked">
        <Checkbox>{t('interimCards.filters.overdueOnly')}</Checkbox>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('interimCards.filters.search')}
        </Button>
        <Button onClick={onReset}>{t('interimCards.filters.reset')}</Button>
      </Space>
    </Form>
  );
}

function cardColumns(t: TFunction, actions: (c: InterimCard) => ReactNode): ListColumn<InterimCard>[] {
  const time = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));
  return [
    { key: 'name', title: t('interimCards.columns.name'), dataIndex: 'name', kind: 'name', fixed: 'left' },
    { key: 'deptName', title: t('interimCards.columns.deptName'), dataIndex: 'deptName', kind: 'text' },
    { key: 'empNo', title: t('interimCards.columns.empNo'), dataIndex: 'empNo', kind: 'code' },
    { key: 'phone', title: t('interimCards.columns.phone'), dataIndex: 'phone', kind: 'phone' },
    { key: 'cardNo', title: t('interimCards.columns.cardNo'), dataIndex: 'cardNo', kind: 'code' },
    { key: 'submitTime', title: t('interimCards.columns.submitTime'), kind: 'dateTime', render: (_v, c) => time(c.submitTime) },
    // One column for both (the status says which): the table fits a laptop's width without scrolling sideways.
    { key: 'return', title: t('interimCards.columns.returnBoth'), kind: 'dateTime', render: (_v, c) => time(c.returnTime ?? c.returnDue) },
    { key: 'status', title: t('interimCards.columns.status'), kind: 'tag', render: (_v, c) => <CardStatusTag card={c} /> },
    { key: 'actions', title: t('interimCards.columns.actions'), kind: 'actions', render: (_v, c) => actions(c) },
  ];
}

/** People › temporary cards: applications and lent cards by the filters of `getInterimCard` (kept in the URL), with the desk's actions. */
export function TempCardsPage({ self = false }: { self?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useListQuery(cardParams);
  const f = query.values;
  const page = useCards(f);
  const table = useListPage(query, page);
  const giveBack = useReturnCard();
  const can = {
    apply: useCanCall(addInterimCard),
    export: useCanCall(exportInterimCardList),
  };
  const [filterForm] = Form.useForm<FilterValues>();
  const [lending, setLending] = useState<InterimCard | null>(null);
  const [refusing, setRefusing] = useState<InterimCard | null>(null);
  const [applying, setApplying] = useState({ open: false, key: 0 });
  const { exporting, run: runExport } = useListExport();

  const search = (v: FilterValues) =>
    query.set({
      status: v.status,
      overdue: v.overdue ?? false,
      from: v.range?.[0]?.format(DAY_FORMAT),
      to: v.range?.[1]?.format(DAY_FORMAT),
      name: v.name?.trim() ?? '',
      empNo: v.empNo?.trim() ?? '',
      cardNo: v.cardNo?.trim() ?? '',
    });
  const reset = () => {
    filterForm.resetFields();
    search({});
  };
  const exportList = () => runExport(exportInterimCardList, { ...cardFilterInput(f), lang: currentLang() }, t('interimCards.exported'));
  const recordReturn = async (c: InterimCard) => {
    try {
      await giveBack.mutateAsync(c.cid);
      void message.success(t('interimCards.giveBack.done', { cardNo: c.cardNo }));
    } catch {
      // shown by the error policy
    }
  };

  // Each row says what the caller may do to it now (the server's policy), so no button is offered the server would refuse.
  const rowActions = (c: InterimCard) => (
    <Flex gap={4}>
      {c.can.lend ? (
        <Tooltip title={t('interimCards.lend.action')}>
          <Button type="text" icon={<CreditCardOutlined />} aria-label={`${t('interimCards.lend.action')} ${c.name}`} onClick={() => setLending(c)} />
        </Tooltip>
      ) : null}
      {c.can.refuse ? (
        <Tooltip title={t('interimCards.refuse.action')}>
          <Button
            type="text"
            danger
            icon={<CloseCircleOutlined />}
            aria-label={`${t('interimCards.refuse.action')} ${c.name}`}
            onClick={() => setRefusing(c)}
          />
        </Tooltip>
      ) : null}
      {c.can.giveBack ? (
        <Popconfirm title={t('interimCards.giveBack.confirm', { name: c.name, cardNo: c.cardNo })} onConfirm={() => recordReturn(c)}>
          <Tooltip title={t('interimCards.giveBack.action')}>
            <Button type="text" icon={<CheckCircleOutlined />} aria-label={`${t('interimCards.giveBack.action')} ${c.name}`} />
          </Tooltip>
        </Popconfirm>
      ) : null}
    </Flex>
  );
  const filtered = cardParams.isFiltered(f);

  return (
    <>
      <PageHeader
        title={t('interimCards.title')}
        extra={<Typography.Text type="secondary">{t('interimCards.intro')}</Typography.Text>}
        actions={
          <>
            {can.export ? (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="interim-export">
                {t('interimCards.export')}
              </Button>
            ) : null}
            {can.apply ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying((a) => ({ open: true, key: a.key + 1 }))}>
                {t('interimCards.apply')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <CardFilterForm form={filterForm} values={f} onSearch={search} onReset={reset} />
        <ListTable<InterimCard>
          rowKey="cid"
          {...table.props}
          totalText={(n) => t('interimCards.total', { count: n })}
          empty={filtered ? t('interimCards.emptySearch') : t('interimCards.empty')}
          emptyAction={filtered ? <Button onClick={reset}>{t('interimCards.filters.reset')}</Button> : undefined}
          columns={cardColumns(t, rowActions)}
        />
      </Card>
      <LendModal card={lending} onClose={() => setLending(null)} />
      <RefuseModal card={refusing} onClose={() => setRefusing(null)} />
      <ApplyModal key={applying.key} self={self} open={applying.open} onClose={() => setApplying((a) => ({ ...a, open: false }))} />
    </>
  );
}

/** The employee portal's copy (/emporder/tcard): their own cards (the server shows no others) and their application. */
export function MyTempCardsPage() {
  return <TempCardsPage self />;
}
