import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { fileExtension, IMPORT_MAX_BYTES, IMPORT_TYPES, type ImportRowError, type Lang, Status } from '@openvisit/contract';
import { Alert, Button, Flex, Progress, Space, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../apiError';
import { FitTable } from '../list/FitTable';
import { errorText } from '../notify';
import { ruleMessage } from '../validationText';

/**
 * The pieces every spreadsheet import of the console shares (employees, departments, the batch invite, questions): the
 * file check with the server's limits, the template buttons and drop zone, the upload progress, the table of bad rows
 * and the words for a refused file. The steps are `useImportStages`; each import keeps its own results around them.
 */

export const IMPORT_MAX_MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** The client-side check of a chosen file, with the server's limits: extension and size. */
export function checkImportFile(file: { name: string; size: number }): 'type' | 'size' | null {
  if (!(IMPORT_TYPES as readonly string[]).includes(fileExtension(file.name))) return 'type';
  if (file.size > IMPORT_MAX_BYTES) return 'size';
  return null;
}

/** What to tell the user about a file the client check refused. */
export function importFileProblem(t: TFunction, problem: 'type' | 'size'): string {
  return problem === 'type' ? t('spreadsheet.wrongType') : t('spreadsheet.tooBig', { size: IMPORT_MAX_MB });
}

/**
 * What to tell the user about a refused upload: missing columns (named in the page's language), too many rows, an
 * unreadable file; other refusals as the error policy words them. `other` may word a refusal of its own first.
 */
export function importFailureText(
  t: TFunction,
  err: unknown,
  opts: { columnName: (field: string) => string; maxRows: number; other?: (err: ApiError) => string | null },
): string {
  if (!(err instanceof ApiError)) return t('spreadsheet.failed');
  const own = opts.other?.(err);
  if (own) return own;
  const missing = err.status === Status.BAD_PARAMS ? err.fieldErrors.filter((e) => e.rule === 'column') : [];
  if (missing.length)
    return t('spreadsheet.missingColumns', { columns: missing.map((e) => `“${opts.columnName(e.field.replace(/^file\./, ''))}”`).join(', ') });
  if (err.status === Status.BAD_PARAMS && err.fieldErrors.some((e) => e.rule === 'tooManyRows'))
    return t('spreadsheet.tooManyRows', { max: opts.maxRows });
  if (err.status === Status.FILE_TYPE_ERROR) return t('spreadsheet.unreadable');
  return errorText(err);
}

/** The template in either language and the drop zone; a chosen file goes to `onFile` (nothing is uploaded here). */
export function ImportFilePicker({
  intro,
  onTemplate,
  onFile,
}: {
  intro: ReactNode;
  onTemplate: (lang: Lang) => void;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{intro}</Typography.Paragraph>
      <Space wrap>
        {(['zh', 'en'] as Lang[]).map((l) => (
          <Button key={l} icon={<DownloadOutlined />} onClick={() => onTemplate(l)} data-testid={`import-template-${l}`}>
            {t(`spreadsheet.template.${l}`)}
          </Button>
        ))}
      </Space>
      <Upload.Dragger
        accept={IMPORT_TYPES.map((e) => `.${e}`).join(',')}
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('spreadsheet.drop')}</p>
        <p className="ant-upload-hint">{t('spreadsheet.dropHint', { size: IMPORT_MAX_MB })}</p>
      </Upload.Dragger>
    </Flex>
  );
}

/** Upload progress, then what the server is doing with the file once it has it all. */
export function ImportProgress({ progress, fileName, working }: { progress: number; fileName: string; working: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: 24 }} data-testid="import-progress">
      <Progress type="circle" percent={Math.round(progress * 100)} status="active" />
      <Typography.Text>{progress < 1 ? t('spreadsheet.uploading', { name: fileName }) : working}</Typography.Text>
    </Flex>
  );
}

/** The rows a file could not take: row number as in the spreadsheet, the column (by its header), the problem. */
export function ImportErrorsTable({
  errors,
  title,
  columnName,
  ruleText,
}: {
  errors: ImportRowError[];
  title: string;
  columnName: (field: string) => string;
  /** The words for a rule of this import; the console's validation texts otherwise. */
  ruleText?: (e: ImportRowError) => string | null;
}) {
  const { t } = useTranslation();
  return (
    <FitTable<ImportRowError>
      size="small"
      title={() => <Typography.Text strong>{title}</Typography.Text>}
      rowKey={(e) => `${e.row}-${e.field}-${e.rule}`}
      dataSource={errors}
      pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
      data-testid="import-errors"
      columns={[
        { title: t('spreadsheet.cols.row'), dataIndex: 'row', kind: 'number', width: 80 },
        { title: t('spreadsheet.cols.column'), key: 'field', width: 200, render: (_v, e) => columnName(e.field) },
        { title: t('spreadsheet.cols.problem'), key: 'rule', render: (_v, e) => ruleText?.(e) ?? ruleMessage(t, e.rule, { field: e.field }) },
      ]}
    />
  );
}

/** The template's example rows the server skipped (they never import, issue 35): nothing when there were none. */
export function ImportExampleRows({ rows }: { rows: readonly number[] }) {
  const { t } = useTranslation();
  if (!rows.length) return null;
  return (
    <Alert type="info" showIcon title={t('spreadsheet.examples', { count: rows.length, rows: rows.join(', ') })} data-testid="import-examples" />
  );
}
