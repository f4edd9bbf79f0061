import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type Question, Status } from '@openvisit/contract';
import { Alert, App, Button, Card, Flex, Result, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { BatchBar, type ListColumn, ListSearch, ListTable, positiveInt, useListPage, useListQuery } from '../../../platform/list';
import { useDeleteQuestions, useQuestionnaire, useQuestions } from '../api';
import { QuestionForm } from '../components/QuestionForm';
import { QuestionImport } from '../components/QuestionImport';
import { bankRuleText } from '../errors';
import { itemParams, type QUESTION_STATES } from '../query';
import { letter } from '../questionForm';

const ALL = 'all';

/** Safety induction › question bank › one questionnaire's questions (`?qid=`): list, add, edit, import, delete. */
export function QuestionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qid = positiveInt(params.get('qid'));
  const questionnaire = useQuestionnaire(qid);
  if (qid === undefined || (questionnaire.isSuccess && !questionnaire.data) || questionnaire.isError)
    return (
      <Result
        status="warning"
        title={t('questionnaires.question.noQuestionnaire')}
        extra={
          <Button type="primary" onClick={() => navigate('/question/bank')}>
            {t('questionnaires.question.backToBank')}
          </Button>
        }
      />
    );
  return <Questions qid={qid} title={questionnaire.data?.title ?? ''} />;
}

function Questions({ qid, title }: { qid: number; title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useListQuery(itemParams);
  const filters = query.values;
  const page = useQuestions(qid, filters);
  const table = useListPage(query, page, { selectable: true });
  const { selection, setSelection } = table;
  const remove = useDeleteQuestions();
  const [importing, setImporting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form, setForm] = useState<{ open: boolean; question: Question | null; key: number }>({ open: false, question: null, key: 0 });
  const openForm = (question: Question | null) => setForm((f) => ({ open: true, question, key: f.key + 1 }));

  const deleteQuestions = async (qdids: number[]) => {
    setRefusal(null);
    try {
      const { deleted } = await remove.mutateAsync(qdids);
      void message.success(t('questionnaires.question.deleted', { count: deleted }));
      setSelection((s) => s.filter((id) => !qdids.includes(id)));
    } catch (err) {
      // qdids/tooFewQuestions: the enabled questionnaire could no longer draw its papers.
      if (err instanceof ApiError && !err.isTransport && err.status === Status.BAD_PARAMS)
        setRefusal(err.fieldErrors.map((e) => bankRuleText(t, e.rule, e.field)).join(' ') || err.reason);
    }
  };
  const clear = () => query.set({ q: '', enabled: undefined });

  return (
    <>
      <PageHeader
        title={title ? t('questionnaires.question.title', { title }) : t('menu.questionItems')}
        extra={
          <Link to="/question/bank">
            <ArrowLeftOutlined /> {t('questionnaires.question.backToBank')}
          </Link>
        }
        actions={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="question-import">
              {t('questionnaires.import.button')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="question-add">
              {t('questionnaires.question.add')}
            </Button>
          </Space>
        }
      />
      <Card>
        {refusal ? <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} style={{ marginBottom: 16 }} /> : null}
        <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Space wrap>
            <ListSearch
              label={t('questionnaires.question.search')}
              value={filters.q}
              maxLength={100}
              width={260}
              onSearch={(q) => query.set({ q })}
            />
            <Select<(typeof QUESTION_STATES)[number] | typeof ALL>
              aria-label={t('questionnaires.question.enabledFilter')}
              style={{ minWidth: 140 }}
              value={filters.enabled ?? ALL}
              onChange={(v) => query.set({ enabled: v === ALL ? undefined : v })}
              options={[
                { value: ALL, label: t('questionnaires.question.allStates') },
                { value: 1, label: t('questionnaires.on') },
                { value: 0, label: t('questionnaires.off') },
              ]}
            />
            {query.filtered ? (
              <Button type="link" onClick={clear}>
                {t('questionnaires.clearFilters')}
              </Button>
            ) : null}
          </Space>
          <BatchBar
            count={selection.length}
            selectedText={t('questionnaires.selected', { count: selection.length })}
            deleteText={t('questionnaires.batchDelete')}
            confirmText={t('questionnaires.question.batchDeleteConfirm', { count: selection.length })}
            onDelete={() => deleteQuestions(selection)}
            deleting={remove.isPending}
          />
        </Flex>
        <ListTable<Question>
          rowKey="qdid"
          {...table.props}
          totalText={(n) => t('questionnaires.question.total', { count: n })}
          empty={query.filtered ? t('questionnaires.question.emptyFiltered') : t('questionnaires.question.empty')}
          emptyAction={
            query.filtered ? (
              <Button onClick={clear}>{t('questionnaires.clearFilters')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
                {t('questionnaires.question.add')}
              </Button>
            )
          }
          columns={questionColumns(t, openForm, deleteQuestions)}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('questionnaires.question.versionNote')}
        </Typography.Paragraph>
      </Card>
      {/* Mounted when opened: its look-ups (visitor types, videos) are asked only then. */}
      {form.open ? (
        <QuestionForm key={form.key} qid={qid} question={form.question} open={form.open} onClose={() => setForm((f) => ({ ...f, open: false }))} />
      ) : null}
      <QuestionImport qid={qid} open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

/** The question's text as listed: its Chinese unless it is written for English visitors only. */
const textOf = (q: Question) => (q.lang === 'en' ? q.questionEn : q.questionZh || q.questionEn);

function questionColumns(t: TFunction, openForm: (q: Question) => void, remove: (qdids: number[]) => unknown): ListColumn<Question>[] {
  return [
    { key: 'qorder', title: t('questionnaires.question.qorder'), dataIndex: 'qorder', kind: 'number', width: 72 },
    {
      key: 'question',
      title: t('questionnaires.question.question'),
      kind: 'text',
      render: (_: unknown, q) => (
        <>
          {q.picture ? <PictureOutlined aria-label={t('questionnaires.question.hasPicture')} style={{ marginRight: 6 }} /> : null}
          {textOf(q)}
        </>
      ),
    },
    {
      key: 'kind',
      title: t('questionnaires.question.kind'),
      dataIndex: 'kind',
      kind: 'tag',
      render: (k: Question['kind']) => t(`questionnaires.kinds.${k}`),
    },
    {
      key: 'lang',
      title: t('questionnaires.question.lang'),
      dataIndex: 'lang',
      kind: 'tag',
      render: (l: Question['lang']) => t(`questionnaires.langs.${l}`),
    },
    {
      key: 'answer',
      title: t('questionnaires.question.answer'),
      dataIndex: 'answer',
      kind: 'code',
      width: 88,
      render: (a: number[]) => a.map(letter).join(', '),
    },
    { key: 'score', title: t('questionnaires.question.score'), dataIndex: 'score', kind: 'number', width: 72 },
    {
      key: 'fstatus',
      title: t('questionnaires.fields.enabled'),
      dataIndex: 'fstatus',
      kind: 'tag',
      width: 96,
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{t(s === 1 ? 'questionnaires.on' : 'questionnaires.off')}</Tag>,
    },
    {
      key: 'actions',
      title: t('questionnaires.actions'),
      kind: 'actions',
      width: 88,
      render: (_: unknown, q) => (
        <Space size={0}>
          <Tooltip title={t('common.edit')}>
            <Button type="text" icon={<EditOutlined />} onClick={() => openForm(q)} aria-label={`${t('common.edit')} ${textOf(q)}`} />
          </Tooltip>
          <ConfirmDelete title={t('questionnaires.question.deleteConfirm')} onConfirm={() => remove([q.qdid])}>
            <Tooltip title={t('common.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${textOf(q)}`} />
            </Tooltip>
          </ConfirmDelete>
        </Space>
      ),
    },
  ];
}
