import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { type IdNumbersShown, revealIdNumber } from '@openvisit/contract';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { canCall } from '../../platform/access';

/**
 * A list's export: ID numbers masked; the roles that may read them whole are also offered an export with whole
 * numbers, which its operation-log entry records.
 */
export function IdExportButton({
  label,
  loading,
  onExport,
  testId,
}: {
  label: string;
  loading: boolean;
  onExport: (idNumbers: IdNumbersShown) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const main = (
    <Button icon={<DownloadOutlined />} loading={loading} onClick={() => onExport('masked')} data-testid={testId}>
      {label}
    </Button>
  );
  if (!canCall(revealIdNumber)) return main;
  return (
    <Space.Compact>
      {main}
      <Dropdown disabled={loading} menu={{ items: [{ key: 'whole', label: t('privacy.idNumber.exportWhole') }], onClick: () => onExport('whole') }}>
        <Button icon={<DownOutlined />} aria-label={t('privacy.idNumber.exportOptions')} data-testid={`${testId}-options`} />
      </Dropdown>
    </Space.Compact>
  );
}
