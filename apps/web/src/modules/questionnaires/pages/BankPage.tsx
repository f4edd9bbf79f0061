import { DeleteOutlined, EditOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import type { Questionnaire } from '@openvisit/contract';
import { App, Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { BatchBar, type ListColumn, ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteQuestionnaires, useQuestionnairePage } from '../api';
import { QuestionnaireForm } from '../components/QuestionnaireForm';
import { bankParams } from '../query';

/** The questions page of a questionnaire (/question/bank/item?qid=…). */
export const itemLink = (qid: number) => `/question/bank/item?qid=${qid}`;

/** Safety induction › question bank: the questionnaires, their drawing and pass mark, and what their banks hold. */
export function BankPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useListQuery(bankParams);
  const filters = query.values;
  const page = useQuestionnairePage(filters);
  const table = useListPage(query, page, { selectable: true });
  const { selection, setSelection } = table;
  const remove = useDeleteQuestionnaires();
  const [form, setForm] = useState<{ open: boolean; questionnaire: Questionnaire | null; key: number }>({ open: false, questionnaire: null, key: 0 });
  const openForm = (questionnaire: Questionnaire | null) => setForm((f) => ({ open: true, questionnaire, key: f.key + 1 }));

  const deleteQuestionnaires = async (qids: number[]) => {
    try {
      const { deleted } = await remove.mutateAsync(qids);
      void message.success(t('questionnaires.bank.deleted', { count: deleted }));
      setSelection((s) => s.filter((id) => !qids.includes(id)));
    } catch {
      // shown by the error policy
    }
  };
  const clear = () => query.set({ title: '' });

  return (
    <>
      <PageHeader
        title={t('questionnaires.bank.title')}
        extra={<Typography.Text type="secondary">{t('questionnaires.bank.intro')}</Typography.Text>}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="questionnaire-add">
            {t('questionnaires.bank.add')}
          </Button>
        }
      />
      <Card>
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <ListSearch
            label={t('questionnaires.bank.search')}
            value={filters.title}
            maxLength={50}
            width={260}
            onSearch={(title) => query.set({ title })}
          />
          <BatchBar
            count={selection.length}
            selectedText={t('questionnaires.selected', { count: selection.length })}
            deleteText={t('questionnaires.batchDelete')}
            confirmText={t('questionnaires.bank.batchDeleteConfirm', { count: selection.length })}
            onDelete={() => deleteQuestionnaires(selection)}
            deleting={remove.isPending}
          />
        </Flex>
        <ListTable<Questionnaire>
          rowKey="qid"
          {...table.props}
          totalText={(n) => t('questionnaires.bank.total', { count: n })}
          empty={query.filtered ? t('questionnaires.bank.emptyFiltered') : t('questionnaires.bank.empty')}
          emptyAction={
            query.filtered ? (
              <Button onClick={clear}>{t('questionnaires.clearFilters')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
                {t('questionnaires.bank.add')}
              </Button>
            )
          }
          columns={bankColumns(t, openForm, deleteQuestionnaires)}
        />
      </Card>
      {/* Mounted when opened: its look-ups (visitor types, videos) are asked only then. */}
      {form.open ? (
        <QuestionnaireForm
          key={form.key}
          open={form.open}
          questionnaire={form.questionnaire}
          onClose={() => setForm((f) => ({ ...f, open: false }))}
        />
      ) : null}
    </>
  );
}

function bankColumns(t: TFunction, openForm: (q: Questionnaire) => void, remove: (qids: number[]) => unknown): ListColumn<Questionnaire>[] {
  return [
    {
      key: 'title',
      title: t('questionnaires.fields.title'),
      kind: 'name',
      render: (_: unknown, q) => <Link to={itemLink(q.qid)}>{q.title}</Link>,
    },
    {
      key: 'questions',
      title: t('questionnaires.bank.questions'),
      kind: 'text',
      render: (_: unknown, q) => t('questionnaires.bank.questionCount', { zh: q.questionCount.zh, en: q.questionCount.en }),
    },
    { key: 'topicNum', title: t('questionnaires.bank.drawn'), dataIndex: 'topicNum', kind: 'number' },
    {
      key: 'score',
      title: t('questionnaires.bank.passOfMin'),
      kind: 'number',
      width: 120,
      render: (_: unknown, q) => `${q.passScore} / ${q.minPaperScore}`,
    },
    { key: 'version', title: t('questionnaires.fields.version'), dataIndex: 'version', kind: 'number', render: (v: number) => `v${v}` },
    {
      key: 'enabled',
      title: t('questionnaires.fields.enabled'),
      dataIndex: 'enabled',
      kind: 'tag',
      render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{t(on ? 'questionnaires.on' : 'questionnaires.off')}</Tag>,
    },
    {
      key: 'updateTime',
      title: t('questionnaires.bank.changedAt'),
      dataIndex: 'updateTime',
      kind: 'dateTime',
      render: (ms: number) => formatDateTime(ms),
    },
    {
      key: 'actions',
      title: t('questionnaires.actions'),
      kind: 'actions',
      width: 120,
      render: (_: unknown, q) => (
        <Space size={0}>
          <Tooltip title={t('questionnaires.bank.openQuestions')}>
            <Link to={itemLink(q.qid)} aria-label={`${t('questionnaires.bank.openQuestions')} ${q.title}`} style={{ padding: '4px 8px' }}>
              <OrderedListOutlined />
            </Link>
          </Tooltip>
          <Tooltip title={t('common.edit')}>
            <Button type="text" icon={<EditOutlined />} onClick={() => openForm(q)} aria-label={`${t('common.edit')} ${q.title}`} />
          </Tooltip>
          <ConfirmDelete title={t('questionnaires.bank.deleteConfirm', { title: q.title })} onConfirm={() => remove([q.qid])}>
            <Tooltip title={t('common.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${q.title}`} />
            </Tooltip>
          </ConfirmDelete>
        </Space>
      ),
    },
  ];
}
