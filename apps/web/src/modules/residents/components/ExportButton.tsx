import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadDef, DownloadInput } from '@openvisit/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../platform/api';
import { currentLang } from '../../../platform/i18n';

/** Downloads what the screen shows (its current filters) as a workbook in the console's language. */
export function ExportButton<D extends DownloadDef>({ def, input, testId }: { def: D; input: Omit<DownloadInput<D>, 'lang'>; testId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(def, { ...input, lang: currentLang() } as DownloadInput<D>);
      void message.success(t('suppliers.export.done'));
    } catch {
      // shown by the error policy
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {t('suppliers.export.button')}
    </Button>
  );
}
