import { EditOutlined } from '@ant-design/icons';
import { labelIn, type Questionnaire, type VisitorType } from '@openvisit/contract';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useVisitorTypes } from '../../../core/sites/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLang } from '../../../platform/i18n';
import { FitTable } from '../../../platform/list';
import { useEveryQuestionnaire } from '../api';
import { InductionSwitch } from '../components/InductionSwitch';
import { QuestionnaireForm } from '../components/QuestionnaireForm';

type Row = { type: VisitorType; questionnaire: Questionnaire | undefined };

/**
 * Safety induction (spec section 2: `question`, its settings list): the company switch, and per visitor type the
 * questionnaire its visitors must pass (a questionnaire's `tids`), its version and whether it is enabled.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const types = useVisitorTypes();
  const bank = useEveryQuestionnaire();
  const [form, setForm] = useState<{ open: boolean; questionnaire: Questionnaire | null; key: number }>({ open: false, questionnaire: null, key: 0 });
  const list = bank.data?.list ?? [];
  const rows: Row[] = (types.data ?? []).map((type) => ({ type, questionnaire: list.find((q) => q.tids.includes(type.tid)) }));

  return (
    <>
      <PageHeader
        title={t('questionnaires.settings.title')}
        extra={<Typography.Text type="secondary">{t('questionnaires.settings.intro')}</Typography.Text>}
        actions={<Button onClick={() => navigate('/question/bank')}>{t('questionnaires.settings.toBank')}</Button>}
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <InductionSwitch anyEnabled={list.some((q) => q.enabled)} />
        </Card>
        <Card title={t('questionnaires.settings.byType')}>
          <FitTable<Row>
            rowKey={(r) => r.type.tid}
            loading={types.isPending || bank.isPending}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: <Empty description={t('questionnaires.settings.noTypes')} /> }}
            data-testid="induction-types"
            columns={[
              { key: 'type', title: t('questionnaires.settings.type'), kind: 'name', render: (_: unknown, r) => labelIn(r.type.vType, lang) },
              {
                key: 'questionnaire',
                title: t('questionnaires.settings.questionnaire'),
                kind: 'text',
                render: (_: unknown, r) =>
                  r.questionnaire ? (
                    <Link to={`/question/bank/item?qid=${r.questionnaire.qid}`}>{r.questionnaire.title}</Link>
                  ) : (
                    <Typography.Text type="secondary">{t('questionnaires.settings.none')}</Typography.Text>
                  ),
              },
              {
                key: 'version',
                title: t('questionnaires.fields.version'),
                kind: 'number',
                render: (_: unknown, r) => (r.questionnaire ? `v${r.questionnaire.version}` : '—'),
              },
              {
                key: 'enabled',
                title: t('questionnaires.fields.enabled'),
                kind: 'tag',
                render: (_: unknown, r) =>
                  r.questionnaire ? (
                    <Tag color={r.questionnaire.enabled ? 'success' : 'default'}>
                      {t(r.questionnaire.enabled ? 'questionnaires.on' : 'questionnaires.off')}
                    </Tag>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'actions',
                title: t('questionnaires.actions'),
                kind: 'actions',
                width: 80,
                render: (_: unknown, r) =>
                  r.questionnaire ? (
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`${t('common.edit')} ${r.questionnaire.title}`}
                      onClick={() => setForm((f) => ({ open: true, questionnaire: r.questionnaire ?? null, key: f.key + 1 }))}
                    />
                  ) : null,
              },
            ]}
          />
        </Card>
      </Space>
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
