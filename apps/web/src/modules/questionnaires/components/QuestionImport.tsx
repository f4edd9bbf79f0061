import { type CallOutput, exportQuestionTemplate, IMPORT_MAX_ROWS, importQuestions, QUESTION_IMPORT_COLUMNS } from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Result, Space, Statistic, Steps, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, uploadFile } from '../../../platform/api';
import type { ApiError } from '../../../platform/apiError';
import {
  checkImportFile,
  ImportErrorsTable,
  ImportExampleRows,
  ImportFilePicker,
  ImportProgress,
  importFailureText,
  importFileProblem,
} from '../../../platform/components/SpreadsheetImport';
import { type ImportStage, useImportStages } from '../../../platform/components/useImportStages';
import { useLang } from '../../../platform/i18n';
import { questionnaireKeys } from '../api';
import { bankRuleText } from '../errors';

type ImportResult = CallOutput<typeof importQuestions>;
type Stage = ImportStage<ImportResult>;

const COLUMNS = QUESTION_IMPORT_COLUMNS as Record<string, { en: string; zh: string }>;

/**
 * Imports questions into questionnaire `qid` from a spreadsheet, as the employee import does: choose a file (the
 * template in either language), check it (the server's dry run: counts, per-row errors, the first rows), then add
 * the valid rows. Nothing is written before the second step.
 */
export function QuestionImport({ qid, open, onClose }: { qid: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const columnName = (field: string) =>
    COLUMNS[field]?.[lang] ?? (field === 'options' || field === 'question' ? t(`questionnaires.import.${field}`) : field);

  const reset = () => {
    stages.reset();
    setProblem(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const send = async (file: File, dryRun: boolean): Promise<ImportResult | null> => {
    setProgress(0);
    setProblem(null);
    try {
      return await uploadFile(
        importQuestions,
        file,
        file.name,
        { qid: String(qid), dryRun: String(dryRun) },
        { silent: true, onProgress: setProgress },
      );
    } catch (err) {
      setProblem(importFailureText(t, err, { columnName, maxRows: IMPORT_MAX_ROWS, other: (e) => fileRefusal(t, e) }));
      return null;
    }
  };

  const stages = useImportStages<ImportResult>({
    send,
    accept: (file) => {
      const bad = checkImportFile(file);
      if (bad) setProblem(importFileProblem(t, bad));
      return !bad;
    },
    onImported: () => qc.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
  const { stage, busy, choose, run } = stages;

  const errorsOf = (result: ImportResult, title: string) =>
    result.errors.length > 0 ? (
      <ImportErrorsTable errors={result.errors} title={title} columnName={columnName} ruleText={(e) => importRuleText(t, e.rule, e.field)} />
    ) : null;

  return (
    <Modal
      open={open}
      title={t('questionnaires.import.title')}
      width={860}
      onCancel={close}
      closable={!busy}
      maskClosable={false}
      destroyOnHidden
      footer={<Footer stage={stage} busy={busy} onReset={reset} onRun={() => void run()} onClose={close} />}
    >
      <ImportSteps step={stage.step} />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="import-problem" />}
      {(stage.step === 'checking' || stage.step === 'importing') && (
        <ImportProgress
          progress={progress}
          fileName={stage.file.name}
          working={t(stage.step === 'checking' ? 'questionnaires.import.checking' : 'questionnaires.import.importing')}
        />
      )}
      {stage.step === 'choose' && (
        <ImportFilePicker
          intro={t('questionnaires.import.intro', { max: IMPORT_MAX_ROWS })}
          onTemplate={(l) => void downloadFile(exportQuestionTemplate, { lang: l })}
          onFile={(file) => void choose(file)}
        />
      )}
      {stage.step === 'checked' && (
        <CheckedStep result={stage.result} columnName={columnName} errors={errorsOf(stage.result, t('questionnaires.import.errorsTitle'))} />
      )}
      {stage.step === 'done' && (
        <>
          <Result
            status={stage.result.errors.length ? 'warning' : 'success'}
            title={t('questionnaires.import.done', { count: stage.result.created })}
            data-testid="import-done"
          />
          {errorsOf(stage.result, t('questionnaires.import.skippedTitle'))}
        </>
      )}
    </Modal>
  );
}

/** A file with more questions than the questionnaire has room for. */
const fileRefusal = (t: TFunction, e: ApiError) =>
  e.fieldErrors.some((f) => f.rule === 'tooManyQuestions') ? bankRuleText(t, 'tooManyQuestions') : null;

/** A row's problem: a type or language not known says what is, options alike say so; else the bank's words. */
function importRuleText(t: TFunction, rule: string, field: string): string {
  if (rule === 'invalid_value' && (field === 'kind' || field === 'lang')) return bankRuleText(t, field);
  if (rule === 'duplicate' && field.startsWith('options')) return bankRuleText(t, 'duplicateOption');
  return bankRuleText(t, rule, field);
}

function ImportSteps({ step }: { step: Stage['step'] }) {
  const { t } = useTranslation();
  return (
    <Steps
      size="small"
      current={{ choose: 0, checking: 0, checked: 1, importing: 1, done: 2 }[step]}
      style={{ marginBottom: 24 }}
      items={[
        { title: t('questionnaires.import.steps.choose') },
        { title: t('questionnaires.import.steps.check') },
        { title: t('questionnaires.import.steps.done') },
      ]}
    />
  );
}

/** Another file or the import after the check; else closing (not while a file is sent). */
function Footer(props: { stage: Stage; busy: boolean; onReset: () => void; onRun: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { stage } = props;
  if (stage.step === 'checked')
    return (
      <Space>
        <Button onClick={props.onReset}>{t('questionnaires.import.chooseAnother')}</Button>
        <Button type="primary" disabled={stage.result.valid === 0} onClick={props.onRun} data-testid="import-run">
          {t('questionnaires.import.run', { count: stage.result.valid })}
        </Button>
      </Space>
    );
  return (
    <Button onClick={props.onClose} disabled={props.busy} type={stage.step === 'done' ? 'primary' : 'default'}>
      {t('questionnaires.import.close')}
    </Button>
  );
}

/** The dry run's answer: counts, the rows with errors, the first valid rows. */
function CheckedStep({ result, columnName, errors }: { result: ImportResult; columnName: (field: string) => string; errors: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Flex gap={32}>
        <Statistic title={t('questionnaires.import.total')} value={result.total} />
        <Statistic title={t('questionnaires.import.valid')} value={result.valid} />
        <Statistic title={t('questionnaires.import.invalid')} value={new Set(result.errors.map((e) => e.row)).size} />
      </Flex>
      <ImportExampleRows rows={result.exampleRows} />
      {result.valid === 0 && <Alert type="warning" showIcon title={t('questionnaires.import.nothingValid')} />}
      {errors}
      {result.preview.length > 0 && <Preview result={result} columnName={columnName} />}
    </Flex>
  );
}

function Preview({ result, columnName }: { result: ImportResult; columnName: (field: string) => string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      title={() => (
        <Typography.Text strong>{t('questionnaires.import.previewTitle', { count: result.preview.length, valid: result.valid })}</Typography.Text>
      )}
      rowKey="row"
      pagination={false}
      dataSource={result.preview}
      data-testid="import-preview"
      columns={[
        { title: t('spreadsheet.cols.row'), dataIndex: 'row', width: 64 },
        { title: columnName('kind'), dataIndex: 'kind', width: 140, render: (k: 'single' | 'multiple') => t(`questionnaires.kinds.${k}`) },
        { title: t('questionnaires.import.question'), dataIndex: 'question' },
        { title: t('questionnaires.import.options'), dataIndex: 'options', width: 90 },
        { title: columnName('answer'), dataIndex: 'answer', width: 90 },
        { title: columnName('score'), dataIndex: 'score', width: 80 },
      ]}
    />
  );
}
