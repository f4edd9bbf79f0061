import { CameraOutlined, CloudUploadOutlined, DownOutlined, FileZipOutlined, InboxOutlined } from '@ant-design/icons';
import {
  type CallOutput,
  FACE_ZIP_MAX_BYTES,
  FACE_ZIP_MAX_ENTRIES,
  FACE_ZIP_MAX_UNPACKED,
  type FaceImportOutcome,
  Status,
  type uploadEmpFaceZip,
} from '@openvisit/contract';
import { Alert, App, Button, Dropdown, Flex, type MenuProps, Modal, Progress, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/apiError';
import { canQueueFaces, checkFaceZip, fileRules, formatBytes, useQueueAllFaces, useUploadFaceZip } from './facesApi';

/** A batch's answer, whoever the photos are of: each file with the key its name gave (work number, phone…). */
export interface FaceZipAnswer {
  saved: number;
  failed: number;
  results: { file: string; key: string; outcome: FaceImportOutcome }[];
}

/**
 * Whose photos a batch holds: employees by work number (the default) or another module's people (supplier workers by
 * phone or certificate number), with the words that differ.
 */
export interface FaceZipTarget {
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<FaceZipAnswer>;
  /** How the photos are named, and the archive's limits (what a new photo replaces). */
  naming: string;
  limits: string;
  /** The key column's title and the words for a file naming no one. */
  keyTitle: string;
  noMatch: string;
}

/** Employees by work number. */
function useEmployeeZipTarget(): FaceZipTarget {
  const { t } = useTranslation();
  const upload = useUploadFaceZip();
  return {
    upload: async (file, onProgress) => {
      const r: CallOutput<typeof uploadEmpFaceZip> = await upload.mutateAsync({ file, onProgress });
      return { saved: r.saved, failed: r.failed, results: r.results.map((x) => ({ file: x.file, key: x.empNo, outcome: x.outcome })) };
    },
    naming: t('employees.faces.zip.naming'),
    limits: t('employees.faces.zip.limits', { files: FACE_ZIP_MAX_ENTRIES, size: formatBytes(FACE_ZIP_MAX_BYTES) }),
    keyTitle: t('employees.faces.zip.columns.empNo'),
    noMatch: t('employees.faces.zip.outcomes.noEmployee'),
  };
}

const OUTCOME_COLORS: Record<FaceImportOutcome, string> = {
  saved: 'success',
  noEmployee: 'warning',
  duplicate: 'warning',
  notImage: 'error',
  tooSmall: 'error',
  tooLarge: 'error',
  noFace: 'error',
  multipleFaces: 'error',
  skipped: 'default',
};

/** The per-file results of a batch: counts, and the table of files (optionally only those not saved). */
export function FaceZipResults({ result, keyTitle, noMatch }: { result: FaceZipAnswer; keyTitle: string; noMatch: string }) {
  const { t } = useTranslation();
  const [onlyProblems, setOnlyProblems] = useState(result.failed > 0);
  const all = result.results.map((r, i) => ({ ...r, key: i }));
  const rows = onlyProblems ? all.filter((r) => r.outcome !== 'saved') : all;
  const total = result.results.length;
  return (
    <Flex vertical gap={12} data-testid="face-zip-results">
      {total === 0 ? (
        <Alert type="warning" showIcon title={t('employees.faces.zip.empty')} />
      ) : result.failed === 0 ? (
        <Alert type="success" showIcon title={t('employees.faces.zip.allSaved', { count: result.saved })} />
      ) : (
        <Alert type="warning" showIcon title={t('employees.faces.zip.someFailed', { count: result.failed })} />
      )}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong data-testid="face-zip-summary">
          {t('employees.faces.zip.summary', { saved: result.saved, failed: result.failed })}
        </Typography.Text>
        <Space>
          <Switch size="small" checked={onlyProblems} onChange={setOnlyProblems} aria-label={t('employees.faces.zip.onlyProblems')} />
          <Typography.Text>{t('employees.faces.zip.onlyProblems')}</Typography.Text>
        </Space>
      </Flex>
      <Table
        size="small"
        rowKey="key"
        data-testid="face-zip-table"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        columns={[
          { key: 'file', title: t('employees.faces.zip.columns.file'), dataIndex: 'file', ellipsis: true },
          { key: 'key', title: keyTitle, dataIndex: 'key', render: (v: string) => v || '—' },
          {
            key: 'outcome',
            title: t('employees.faces.zip.columns.outcome'),
            dataIndex: 'outcome',
            render: (o: FaceImportOutcome) => (
              <Tag color={OUTCOME_COLORS[o]} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
                {o === 'noEmployee' ? noMatch : t(`employees.faces.zip.outcomes.${o}`)}
              </Tag>
            ),
          },
        ]}
      />
    </Flex>
  );
}

type Stage =
  | { kind: 'choose'; problem: string | null }
  | { kind: 'sending'; name: string; percent: number }
  | { kind: 'done'; result: FaceZipAnswer };

/**
 * Batch face photos: a zip of photos named by work number (or as `target` says). The naming rule and the photo
 * advice, a check of the chosen file (a .zip within the contract's size), the upload with its progress, then each
 * file's result.
 */
export function FaceZipModal({ open, onClose, target }: { open: boolean; onClose: () => void; target?: FaceZipTarget }) {
  const { t } = useTranslation();
  const employees = useEmployeeZipTarget();
  const batch = target ?? employees;
  const [stage, setStage] = useState<Stage>({ kind: 'choose', problem: null });

  const zipProblem = (rule: string): string => {
    if (rule === 'notZip') return t('employees.faces.errors.notZip');
    if (rule === 'zipSize') return t('employees.faces.errors.zipSize', { max: formatBytes(FACE_ZIP_MAX_BYTES) });
    if (rule === 'size') return t('employees.faces.errors.zipContentSize', { max: formatBytes(FACE_ZIP_MAX_UNPACKED) });
    if (rule === 'tooManyFiles') return t('employees.faces.errors.tooManyFiles', { max: FACE_ZIP_MAX_ENTRIES });
    return t('employees.faces.errors.other', { rule });
  };

  const send = async (file: File) => {
    const local = checkFaceZip(file);
    if (local) {
      setStage({ kind: 'choose', problem: zipProblem(local) });
      return;
    }
    setStage({ kind: 'sending', name: file.name, percent: 0 });
    try {
      const result = await batch.upload(file, (f) => setStage((s) => (s.kind === 'sending' ? { ...s, percent: Math.round(f * 100) } : s)));
      setStage({ kind: 'done', result });
    } catch (err) {
      const rules = fileRules(err);
      let problem: string | null = null;
      if (rules.length) problem = rules.map(zipProblem).join('; ');
      else if (err instanceof ApiError && !err.isTransport && err.status === Status.ONLY_ZIP) problem = t('employees.faces.errors.onlyZip');
      // anything else was shown by the error policy
      setStage({ kind: 'choose', problem });
    }
  };

  const close = () => {
    if (stage.kind === 'sending') return;
    setStage({ kind: 'choose', problem: null });
    onClose();
  };

  return (
    <Modal
      title={t('employees.faces.zip.title')}
      open={open}
      onCancel={close}
      mask={{ closable: false }}
      closable={stage.kind !== 'sending'}
      width={720}
      destroyOnHidden
      footer={
        <Space>
          {stage.kind === 'done' ? (
            <Button onClick={() => setStage({ kind: 'choose', problem: null })}>{t('employees.faces.zip.another')}</Button>
          ) : null}
          <Button type={stage.kind === 'done' ? 'primary' : 'default'} onClick={close} disabled={stage.kind === 'sending'}>
            {t('employees.faces.zip.close')}
          </Button>
        </Space>
      }
    >
      <div data-testid="face-zip-modal">
        {stage.kind === 'done' ? (
          <FaceZipResults result={stage.result} keyTitle={batch.keyTitle} noMatch={batch.noMatch} />
        ) : (
          <Flex vertical gap={12}>
            <Typography.Paragraph style={{ margin: 0 }}>{batch.naming}</Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('employees.faces.zip.advice')}
              <br />
              {batch.limits}
            </Typography.Paragraph>
            {stage.kind === 'sending' ? (
              <div data-testid="face-zip-progress" style={{ padding: '24px 0' }}>
                <Typography.Text>
                  <FileZipOutlined />{' '}
                  {stage.percent < 100 ? t('employees.faces.zip.uploading', { name: stage.name }) : t('employees.faces.zip.processing')}
                </Typography.Text>
                <Progress percent={stage.percent} status="active" />
              </div>
            ) : (
              <Upload.Dragger
                accept=".zip,application/zip"
                multiple={false}
                showUploadList={false}
                beforeUpload={(file) => {
                  void send(file);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('employees.faces.zip.drop')}</p>
              </Upload.Dragger>
            )}
            {stage.kind === 'choose' && stage.problem ? (
              <Alert type="error" showIcon title={stage.problem} role="alert" data-testid="face-zip-problem" />
            ) : null}
          </Flex>
        )}
      </div>
    </Modal>
  );
}

/**
 * The face photo entries of a menu: "Batch face photos" and, for administrators, "Send all photos to devices"
 * (with confirmation and the queued count). A menu such as the toolbar's Import can take `items` and render `modals`.
 */
export function useFacePhotoMenu(): { items: NonNullable<MenuProps['items']>; modals: ReactNode } {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queue = useQueueAllFaces();
  const [zipOpen, setZipOpen] = useState(false);

  const confirmSendAll = () =>
    modal.confirm({
      title: t('employees.faces.sendAll.confirmTitle'),
      content: t('employees.faces.sendAll.confirm'),
      okText: t('employees.faces.sendAll.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { queued } = await queue.mutateAsync();
          void (queued > 0
            ? message.success(t('employees.faces.sendAll.queued', { count: queued }))
            : message.info(t('employees.faces.sendAll.none')));
        } catch {
          // shown by the error policy
        }
      },
    });

  const items: NonNullable<MenuProps['items']> = [
    { key: 'faceZip', icon: <FileZipOutlined />, label: t('employees.faces.zip.button'), onClick: () => setZipOpen(true) },
    ...(canQueueFaces()
      ? [{ key: 'faceSendAll', icon: <CloudUploadOutlined />, label: t('employees.faces.sendAll.label'), onClick: confirmSendAll }]
      : []),
  ];
  return { items, modals: <FaceZipModal open={zipOpen} onClose={() => setZipOpen(false)} /> };
}

/** The toolbar's "Face photos" menu. */
export function FacePhotosButton() {
  const { t } = useTranslation();
  const { items, modals } = useFacePhotoMenu();
  return (
    <>
      <Dropdown menu={{ items }}>
        <Button icon={<CameraOutlined />} data-testid="face-menu">
          {t('employees.faces.menu')} <DownOutlined />
        </Button>
      </Dropdown>
      {modals}
    </>
  );
}
