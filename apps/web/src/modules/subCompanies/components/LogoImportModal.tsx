import { UploadOutlined } from '@ant-design/icons';
import type { SubLogoOutcome } from '@openvisit/contract';
import { Alert, Button, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportSubLogos } from '../api';

interface Outcome {
  file: string;
  outcome: SubLogoOutcome;
}

/** A zip of logos named by short name or email; what became of each file. */
export function LogoImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useImportSubLogos();
  const [results, setResults] = useState<{ saved: number; results: Outcome[] } | null>(null);
  return (
    <Modal open={open} title={t('subCompanies.logos.title')} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <Typography.Paragraph type="secondary">{t('subCompanies.logos.help')}</Typography.Paragraph>
      <Upload
        accept=".zip"
        showUploadList={false}
        beforeUpload={(file) => {
          setResults(null);
          upload
            .mutateAsync(file)
            .then(setResults)
            .catch(() => undefined);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {t('subCompanies.logos.choose')}
        </Button>
      </Upload>
      {results ? (
        <>
          <Alert
            style={{ margin: '16px 0' }}
            type={results.saved === results.results.length ? 'success' : 'warning'}
            title={t('subCompanies.logos.saved', { saved: results.saved, files: results.results.length })}
          />
          <Table<Outcome>
            size="small"
            rowKey="file"
            pagination={false}
            dataSource={results.results}
            columns={[
              { key: 'file', title: t('subCompanies.logos.file'), dataIndex: 'file' },
              {
                key: 'outcome',
                title: t('subCompanies.logos.outcome'),
                render: (_v, r) => <Tag color={r.outcome === 'saved' ? 'green' : 'orange'}>{t(`subCompanies.logos.outcomes.${r.outcome}`)}</Tag>,
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
