import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type CallOutput, exportLogList, verifyLogChain } from '@openvisit/contract';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { formatDateTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { useListExport } from '../../../platform/list';
import { useVerifyLogChain } from '../api';
import { type LogFilters, logFilterInput } from '../query';

/**
 * The log's own actions beside Refresh: the integrity check (administrators) with its result shown above the list, and
 * the export of exactly what the list shows, in chain order with each entry's hashes, in the current language.
 */
export function useLogActions(filters: LogFilters): { actions: ReactNode; result: ReactNode } {
  const { t } = useTranslation();
  const canVerify = useCanCall(verifyLogChain);
  const canExport = useCanCall(exportLogList);
  const verify = useVerifyLogChain();
  const { exporting, run: runExport } = useListExport();
  const exportLog = () => runExport(exportLogList, { ...logFilterInput(filters), lang: currentLang() }, t('logs.exported'));
  const actions = (
    <>
      {canVerify ? (
        <Button icon={<SafetyCertificateOutlined />} onClick={() => verify.mutate()} loading={verify.isPending}>
          {t('logs.verify')}
        </Button>
      ) : null}
      {canExport ? (
        <Button icon={<DownloadOutlined />} onClick={() => void exportLog()} loading={exporting}>
          {t('logs.export')}
        </Button>
      ) : null}
    </>
  );
  return { actions, result: verify.data ? <ChainCheckResult report={verify.data} onClose={() => verify.reset()} /> : null };
}

type Report = CallOutput<typeof verifyLogChain>;

/** What the integrity check found: the log intact, or the first entry where its chain breaks and why. */
function ChainCheckResult({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation();
  const broken = report.firstBroken;
  const pending = report.pending ? ` ${t('logs.chain.pending', { count: report.pending })}` : '';
  if (!broken)
    return (
      <Alert
        type="success"
        showIcon
        closable
        onClose={onClose}
        style={{ marginBottom: 16 }}
        message={t('logs.chain.intact', { count: report.checked }) + pending}
        description={t('logs.chain.help')}
      />
    );
  const where =
    broken.seq !== null && broken.reason !== 'unchained'
      ? t('logs.chain.broken', { seq: broken.seq })
      : t('logs.chain.brokenAt', { time: formatDateTime(broken.oTime ?? 0, '—', { seconds: true }) });
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      role="alert"
      style={{ marginBottom: 16 }}
      message={where}
      description={`${t(`logs.chain.reasons.${broken.reason}`)} ${t('logs.chain.help')}`}
    />
  );
}
