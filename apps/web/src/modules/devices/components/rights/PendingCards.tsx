import type { CallOutput, getPendingCard } from '@openvisit/contract';
import { App, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../../platform/fieldErrors';
import { useRules } from '../../../../platform/formRules';
import { defineListParams, ListSearch, ListTable, pageWindow, text, useListPage, useListQuery } from '../../../../platform/list';
import { useIssueCard, usePendingCards } from '../../api';
import { GroupTags } from './GroupTags';

type Row = CallOutput<typeof getPendingCard>['list'][number];

const pendingParams = defineListParams({ q: text(64) });

/** One employee's card number, checked as typed; a number another employee holds is shown on the field. */
function IssueCard({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const [form] = Form.useForm<{ cardNo: string }>();
  const issue = useIssueCard();
  const submit = async ({ cardNo }: { cardNo: string }) => {
    try {
      await issue.mutateAsync({ empid: row.empid, cardNo: cardNo.trim() });
      void message.success(t('devices.rights.cardIssued', { name: row.empName }));
    } catch (err) {
      handleFormError(form, err);
    }
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ flexWrap: 'nowrap' }}>
      <Form.Item name="cardNo" rules={rules.cardNo()} validateTrigger="onChange" style={{ marginInlineEnd: 8 }}>
        <Input
          aria-label={t('devices.rights.cardFor', { name: row.empName })}
          placeholder={t('devices.rights.cardPlaceholder')}
          maxLength={40}
          style={{ width: 160 }}
          data-testid={`card-input-${row.empid}`}
        />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={issue.isPending} data-testid={`card-issue-${row.empid}`}>
        {t('devices.rights.issue')}
      </Button>
    </Form>
  );
}

/** Employees allowed access and granted groups but without a card yet, oldest first: a card is entered per row. */
export function PendingCards() {
  const { t } = useTranslation();
  const list = useListQuery(pendingParams);
  const f = list.values;
  const page = usePendingCards({ ...pageWindow(f), ...(f.q && { name: f.q }) });
  const table = useListPage(list, page);
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap role="search" aria-label={t('devices.rights.filters')}>
        <ListSearch label={t('devices.rights.search')} value={f.q} onSearch={(q) => list.set({ q })} width={220} />
      </Flex>
      <ListTable<Row>
        rowKey="empid"
        {...table.props}
        empty={list.filtered ? t('devices.rights.emptyFiltered') : t('devices.rights.emptyPending')}
        emptyAction={list.filtered ? <Button onClick={() => list.reset()}>{t('devices.list.clearFilters')}</Button> : null}
        columns={[
          { key: 'name', title: t('devices.rights.cols.name'), dataIndex: 'empName', kind: 'name' },
          { key: 'empNo', title: t('devices.rights.cols.empNo'), dataIndex: 'empNo', kind: 'code' },
          { key: 'dept', title: t('devices.rights.cols.departments'), kind: 'text', render: (_v, e) => e.deptNames.join(', ') || '—' },
          { key: 'groups', title: t('devices.rights.cols.groups'), kind: 'text', render: (_v, e) => <GroupTags egids={e.egids} /> },
          { key: 'card', title: t('devices.rights.cols.card'), kind: 'actions', width: 280, render: (_v, e) => <IssueCard row={e} /> },
        ]}
      />
    </Flex>
  );
}
