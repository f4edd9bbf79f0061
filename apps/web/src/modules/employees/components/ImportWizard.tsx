import {
  type CallOutput,
  DEPARTMENT_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_COLUMNS,
  exportDepartmentTemplate,
  exportEmployeeTemplate,
  IMPORT_MAX_ROWS,
  type ImportRowError,
  importDepartment,
  importEmpList,
  Status,
} from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Modal, Result, Space, Statistic, Steps, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { downloadFile, uploadFile } from '../../../platform/api';
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
import { useLang } from '../../../platform/i18n';
import { peopleKeys } from '../api';
import { DepartmentUpdates, ImportUpdates } from './ImportUpdates';

export type ImportKind = 'employees' | 'departments';

type EmployeeResult = CallOutput<typeof importEmpList>;
type DepartmentResult = CallOutput<typeof importDepartment>;
type AnyResult = EmployeeResult | DepartmentResult;

const KINDS = {
  employees: {
    call: importEmpList,
    template: exportEmployeeTemplate,
    columns: EMPLOYEE_IMPORT_COLUMNS as Record<string, { en: string; zh: string }>,
  },
  departments: {
    call: importDepartment,
    template: exportDepartmentTemplate,
    columns: DEPARTMENT_IMPORT_COLUMNS as Record<string, { en: string; zh: string }>,
  },
} as const;

/** The file check is the platform's (re-exported for this module's callers). */
export { checkImportFile };

/**
 * Import from a spreadsheet in three steps: choose a file (with the template in either language), check it
 * (the server's dry run: counts, per-row errors, the first rows and whether each adds or updates), then import
 * the valid rows. Upload progress is shown both times; nothing is written before the second step.
 */
export function ImportWizard({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const clause = useUserInfo().data?.escapeClause ?? '';
  const needsClause = kind === 'employees' && !!clause.trim();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  /** Leave rows matching existing employees out (the server is told, not only the screen). */
  const [newOnly, setNewOnly] = useState(false);
  const def = KINDS[kind];

  const reset = () => {
    stages.reset();
    setProblem(null);
    setProgress(0);
    setAccepted(false);
    setNewOnly(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const send = async (file: File, dryRun: boolean): Promise<AnyResult | null> => {
    setProgress(0);
    setProblem(null);
    const fields: Record<string, string> = { dryRun: String(dryRun) };
    if (needsClause) fields.acceptClause = String(accepted);
    if (kind === 'employees') fields.updateExisting = String(!newOnly);
    try {
      return await uploadFile<typeof def.call>(def.call, file, file.name, fields, { silent: true, onProgress: setProgress });
    } catch (err) {
      setProblem(describeFailure(err));
      return null;
    }
  };

  const describeFailure = (err: unknown): string =>
    importFailureText(t, err, {
      columnName,
      maxRows: IMPORT_MAX_ROWS,
      other: (e) => (e.status === Status.BAD_PARAMS && e.fieldErrors.some((f) => f.field === 'acceptClause') ? t('employees.clause.required') : null),
    });

  const columnName = (field: string) => def.columns[field]?.[lang] ?? field;

  const stages = useImportStages<AnyResult>({
    send,
    accept: (file) => {
      const bad = checkImportFile(file);
      if (bad) setProblem(importFileProblem(t, bad));
      return !bad;
    },
    onImported: () => qc.invalidateQueries({ queryKey: peopleKeys.all }),
  });
  const { stage, busy, current, choose } = stages;
  const runImport = stages.run;

  return (
    <Modal
      open={open}
      title={t(`employees.import.title.${kind}`)}
      width={860}
      onCancel={close}
      closable={!busy}
      maskClosable={false}
      destroyOnHidden
      footer={footer()}
    >
      <Steps
        size="small"
        current={current}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('employees.import.steps.choose') },
          { title: t('employees.import.steps.check') },
          { title: t('employees.import.steps.done') },
        ]}
      />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="import-problem" />}
      {(stage.step === 'checking' || stage.step === 'importing') && (
        <ImportProgress
          progress={progress}
          fileName={stage.file.name}
          working={t(stage.step === 'checking' ? 'employees.import.checking' : 'employees.import.importing')}
        />
      )}
      {stage.step === 'choose' && chooseStep()}
      {stage.step === 'checked' && checkedStep(stage.result)}
      {stage.step === 'done' && doneStep(stage.result)}
    </Modal>
  );

  function footer() {
    if (stage.step === 'checked') {
      const leftOut = newOnly && 'leftOut' in stage.result ? stage.result.updating : 0;
      const valid = stage.result.valid - leftOut;
      return (
        <Space>
          <Button onClick={reset}>{t('employees.import.chooseAnother')}</Button>
          <Button type="primary" disabled={valid === 0 || (needsClause && !accepted)} onClick={() => void runImport()} data-testid="import-run">
            {t('employees.import.run', { count: valid })}
          </Button>
        </Space>
      );
    }
    if (stage.step === 'done')
      return (
        <Button type="primary" onClick={close}>
          {t('employees.import.close')}
        </Button>
      );
    return (
      <Button onClick={close} disabled={busy}>
        {t('employees.import.close')}
      </Button>
    );
  }

  function chooseStep() {
    return (
      <ImportFilePicker
        intro={t(`employees.import.intro.${kind}`, { max: IMPORT_MAX_ROWS })}
        onTemplate={(l) => void downloadFile(def.template, { lang: l })}
        onFile={(file) => void choose(file)}
      />
    );
  }

  function checkedStep(result: AnyResult) {
    const invalid = new Set(result.errors.map((e) => e.row)).size;
    return (
      <Flex vertical gap={16}>
        <Flex gap={32}>
          <Statistic title={t('employees.import.stats.total')} value={result.total} />
          <Statistic title={t('employees.import.stats.valid')} value={result.valid} styles={{ content: { color: '#389e0d' } }} />
          <Statistic title={t('employees.import.stats.invalid')} value={invalid} styles={{ content: { color: invalid ? '#cf1322' : undefined } }} />
        </Flex>
        <ImportExampleRows rows={result.exampleRows} />
        {result.valid === 0 && <Alert type="warning" showIcon title={t('employees.import.check.nothingValid')} />}
        {result.errors.length > 0 && errorTable(result.errors, t('employees.import.check.errorsTitle'))}
        {result.preview.length > 0 && previewTable(result)}
        {'leftOut' in result && result.updating > 0 && (
          <ImportUpdates updating={result.updating} updates={result.updates} columnName={columnName} newOnly={newOnly} onNewOnly={setNewOnly} />
        )}
        {!('leftOut' in result) && result.updates.length > 0 && (
          <DepartmentUpdates updating={result.updating} updates={result.updates} columnName={columnName} />
        )}
        {needsClause && (
          <Alert
            type="info"
            title={t('employees.clause.title')}
            description={
              <>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 120, overflowY: 'auto' }}>{clause}</Typography.Paragraph>
                <Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)}>
                  {t('employees.clause.accept')}
                </Checkbox>
              </>
            }
          />
        )}
      </Flex>
    );
  }

  function doneStep(result: AnyResult) {
    const skipped = new Set(result.errors.map((e) => e.row)).size;
    const leftOut = 'leftOut' in result ? result.leftOut : 0;
    const notes = [
      skipped ? t('employees.import.done.skipped', { count: skipped }) : '',
      leftOut ? t('employees.import.check.leftOut', { count: leftOut }) : '',
    ].filter(Boolean);
    const summary =
      kind === 'employees'
        ? t('employees.import.done.employees', {
            created: result.created,
            updated: result.updated,
            departments: (result as EmployeeResult).departmentsCreated,
          })
        : t('employees.import.done.departments', { created: result.created, updated: result.updated });
    return (
      <>
        <Result
          status={skipped ? 'warning' : 'success'}
          title={summary}
          subTitle={notes.length ? notes.join(' · ') : undefined}
          data-testid="import-done"
        />
        {result.errors.length > 0 && errorTable(result.errors, t('employees.import.check.skippedTitle'))}
      </>
    );
  }

  function errorTable(errors: ImportRowError[], title: string) {
    return <ImportErrorsTable errors={errors} title={title} columnName={columnName} />;
  }

  function previewTable(result: AnyResult) {
    const action = (a: 'create' | 'update') => <Tag color={a === 'create' ? 'green' : 'blue'}>{t(`employees.import.action.${a}`)}</Tag>;
    // Preview field → the import column whose header names it.
    const fields: [string, string][] =
      kind === 'employees'
        ? [
            ['empName', 'employee_name'],
            ['empNo', 'empNo'],
            ['phone', 'phone'],
            ['departments', 'departments'],
          ]
        : [
            ['path', 'path'],
            ['deptNo', 'deptNo'],
            ['managerNo', 'managerNo'],
          ];
    return (
      <Table<{ row: number; action: 'create' | 'update' }>
        size="small"
        title={() => (
          <Typography.Text strong>{t('employees.import.previewTitle', { count: result.preview.length, valid: result.valid })}</Typography.Text>
        )}
        rowKey="row"
        pagination={false}
        dataSource={result.preview}
        data-testid="import-preview"
        columns={[
          { title: t('spreadsheet.cols.row'), dataIndex: 'row', width: 64 },
          ...fields.map(([dataIndex, column]) => ({ title: columnName(column), dataIndex })),
          { title: t('employees.import.cols.action'), dataIndex: 'action', render: action, width: 100 },
        ]}
      />
    );
  }
}
