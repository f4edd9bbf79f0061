import {
  APPOINTMENT_IMPORT_COLUMNS,
  BATCH_INVITE_MAX_ROWS,
  type CallOutput,
  exportAppointmentTemplate,
  type ImportRowError,
  Status,
  uploadAppointment,
} from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Result, Select, Space, Statistic, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, uploadFile } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import {
  checkImportFile,
  ImportErrorsTable,
  ImportExampleRows,
  ImportFilePicker,
  ImportProgress,
  importFailureText,
  importFileProblem,
} from '../../../platform/components/SpreadsheetImport';
import { useImportStages } from '../../../platform/components/useImportStages';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';
import { FitTable } from '../../../platform/list';
import { InviteCommonFields, type InviteCommonValues } from '../components/InviteCommonFields';
import { InviteGate } from '../components/InviteGate';
import { useInviteRuleText } from '../rules';

type BatchResult = CallOutput<typeof uploadAppointment>;
type Field = keyof typeof APPOINTMENT_IMPORT_COLUMNS;
interface Values extends InviteCommonValues {
  lang: 'zh' | 'en';
}

/**
 * The employee portal's batch ("dot") invite (/emporder/dot): what the visitors share (time, type, gate, purpose, and
 * the language of rows that name none), then a spreadsheet of visitors from the template in either language. The file
 * is checked first (the server's dry run: counts, each bad row with its column and problem, the first rows as they will
 * be invited); "Invite" then invites the valid rows and lists the skipped ones. A row is invited whole or not at all.
 */
export function BatchInvitePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const text = useInviteRuleText();
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);

  const columnName = (field: string) => APPOINTMENT_IMPORT_COLUMNS[field as Field]?.[lang] ?? field;
  const ruleText = (e: ImportRowError) => {
    if (e.field === 'time' && e.rule === 'format') return t('invitations.batch.rules.time');
    if (e.field === 'lang' && e.rule === 'format') return t('invitations.batch.rules.lang');
    return text(e.rule, e.field);
  };

  const reset = () => {
    stages.reset();
    setProblem(null);
    setProgress(0);
  };

  const send = async (file: File, dryRun: boolean): Promise<BatchResult | null> => {
    setProgress(0);
    setProblem(null);
    setClosed(null);
    const v = form.getFieldsValue(true) as Values;
    const fields: Record<string, string> = {
      dryRun: String(dryRun),
      appointmentDate: String(v.at?.valueOf() ?? ''),
      visitReason: v.visitReason?.trim() ?? '',
      lang: v.lang ?? lang,
    };
    if (v.tid) fields.tid = String(v.tid);
    if (v.gid) fields.gid = String(v.gid);
    try {
      return await uploadFile(uploadAppointment, file, file.name, fields, { silent: 'form', onProgress: setProgress });
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.INVITE_FEATURE_OFF) setClosed(err.reason);
      else if (err instanceof ApiError && err.status === Status.BAD_PARAMS && err.fieldErrors.some((f) => f.field === 'appointmentDate'))
        form.setFields(
          err.fieldErrors.filter((f) => f.field === 'appointmentDate').map((f) => ({ name: 'at', errors: [text(f.rule, 'appointmentDate')] })),
        );
      else setProblem(importFailureText(t, err, { columnName, maxRows: BATCH_INVITE_MAX_ROWS }));
      return null;
    }
  };

  const stages = useImportStages<BatchResult>({
    send,
    accept: async (file) => {
      const bad = checkImportFile(file);
      if (bad) {
        setProblem(importFileProblem(t, bad));
        return false;
      }
      // The shared fields first: the check of the rows depends on the time.
      try {
        await form.validateFields();
        return true;
      } catch {
        setProblem(t('invitations.batch.fillFirst'));
        return false;
      }
    },
    onImported: () => qc.invalidateQueries({ queryKey: ['invitations', 'list'] }),
  });
  const { stage, current, choose } = stages;
  const invite = stages.run;

  return (
    <>
      <PageHeader title={t('invitations.batch.title')} />
      <InviteGate>
        <Card style={{ maxWidth: 960 }}>
          <Steps
            size="small"
            current={current}
            style={{ marginBottom: 24 }}
            items={[
              { title: t('invitations.batch.steps.choose') },
              { title: t('invitations.batch.steps.check') },
              { title: t('invitations.batch.steps.done') },
            ]}
          />
          {closed ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('invitations.invite.closed')} description={closed} /> : null}
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="import-problem" /> : null}
          <Form<Values>
            form={form}
            layout="vertical"
            className="app-phone-fill"
            initialValues={{ lang }}
            disabled={stage.step !== 'choose'}
            requiredMark
          >
            <Flex gap={8} align="start" wrap>
              <InviteCommonFields timeLabel={t('invitations.batch.time')} />
              <Form.Item name="lang" label={t('invitations.batch.lang')} tooltip={t('invitations.batch.langHelp')}>
                <Select
                  style={{ width: 110 }}
                  options={[
                    { value: 'zh', label: '中文' },
                    { value: 'en', label: 'English' },
                  ]}
                />
              </Form.Item>
            </Flex>
          </Form>
          {stage.step === 'checking' || stage.step === 'importing' ? (
            <ImportProgress
              progress={progress}
              fileName={stage.file.name}
              working={t(stage.step === 'checking' ? 'invitations.batch.checking' : 'invitations.batch.inviting')}
            />
          ) : null}
          {stage.step === 'choose' ? (
            <ImportFilePicker
              intro={t('invitations.batch.intro', { max: BATCH_INVITE_MAX_ROWS })}
              onTemplate={(l) => void downloadFile(exportAppointmentTemplate, { lang: l })}
              onFile={(file) => void choose(file)}
            />
          ) : null}
          {stage.step === 'checked' ? checked(stage.result) : null}
          {stage.step === 'done' ? done(stage.result) : null}
        </Card>
      </InviteGate>
    </>
  );

  function checked(result: BatchResult) {
    const invalid = new Set(result.errors.map((e) => e.row)).size;
    return (
      <Flex vertical gap={16}>
        <Flex gap={32} wrap>
          <Statistic title={t('invitations.batch.stats.total')} value={result.total} />
          <Statistic title={t('invitations.batch.stats.valid')} value={result.valid} styles={{ content: { color: '#389e0d' } }} />
          <Statistic title={t('invitations.batch.stats.invalid')} value={invalid} styles={{ content: { color: invalid ? '#cf1322' : undefined } }} />
        </Flex>
        <ImportExampleRows rows={result.exampleRows} />
        {result.valid === 0 ? <Alert type="warning" showIcon title={t('invitations.batch.nothingValid')} /> : null}
        {result.errors.length ? (
          <ImportErrorsTable errors={result.errors} title={t('invitations.batch.errorsTitle')} columnName={columnName} ruleText={ruleText} />
        ) : null}
        {result.preview.length ? (
          <FitTable<BatchResult['preview'][number]>
            size="small"
            rowKey="row"
            pagination={false}
            dataSource={result.preview}
            data-testid="import-preview"
            title={() => (
              <Typography.Text strong>{t('invitations.batch.previewTitle', { count: result.preview.length, valid: result.valid })}</Typography.Text>
            )}
            columns={[
              { title: t('spreadsheet.cols.row'), dataIndex: 'row', kind: 'number', width: 64 },
              { title: columnName('name'), dataIndex: 'name', kind: 'name' },
              { title: columnName('phone'), dataIndex: 'phone', kind: 'phone' },
              { title: columnName('email'), dataIndex: 'email', kind: 'text' },
              { title: columnName('company'), dataIndex: 'company', kind: 'text' },
              { title: columnName('lang'), dataIndex: 'lang', kind: 'tag', width: 88, render: (l: string) => (l === 'en' ? 'English' : '中文') },
              { title: columnName('time'), dataIndex: 'appointmentDate', kind: 'dateTime', render: (at: number) => formatDateTime(at) },
            ]}
          />
        ) : null}
        <Space wrap>
          <Button onClick={reset}>{t('invitations.batch.chooseAnother')}</Button>
          <Button type="primary" disabled={result.valid === 0} onClick={() => void invite()} data-testid="batch-invite-run">
            {t('invitations.batch.run', { count: result.valid })}
          </Button>
        </Space>
      </Flex>
    );
  }

  function done(result: BatchResult) {
    const skipped = new Set(result.errors.map((e) => e.row)).size;
    return (
      <Flex vertical gap={16}>
        <Result
          status={skipped ? 'warning' : 'success'}
          title={t('invitations.batch.done', { count: result.invited })}
          subTitle={skipped ? t('invitations.batch.skipped', { count: skipped }) : t('invitations.invite.doneHelp')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                reset();
                form.resetFields();
              }}
            >
              {t('invitations.batch.again')}
            </Button>
          }
          data-testid="batch-done"
        />
        {result.errors.length ? (
          <ImportErrorsTable errors={result.errors} title={t('invitations.batch.skippedTitle')} columnName={columnName} ruleText={ruleText} />
        ) : null}
        <FitTable<BatchResult['visits'][number]>
          size="small"
          rowKey="vid"
          dataSource={result.visits}
          pagination={result.visits.length > 10 ? { pageSize: 10, size: 'small' } : false}
          data-testid="batch-invited"
          title={() => <Typography.Text strong>{t('invitations.batch.invitedTitle')}</Typography.Text>}
          columns={[
            { title: t('spreadsheet.cols.row'), dataIndex: 'row', kind: 'number', width: 64 },
            { title: columnName('name'), dataIndex: 'vname', kind: 'name' },
            {
              title: t('invitations.list.contact'),
              key: 'contact',
              kind: 'text',
              render: (_v, r) => [r.vphone, r.vemail].filter(Boolean).join(' · '),
            },
            {
              title: t('invitations.batch.link'),
              dataIndex: 'inviteLink',
              width: 200,
              render: (link: string) => (
                <Typography.Text copyable={{ text: link }} ellipsis style={{ maxWidth: '100%' }}>
                  {link}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Flex>
    );
  }
}
