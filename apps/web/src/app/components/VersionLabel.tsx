import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../platform/config';

/** "OpenVisit · Version v2.4.8", from the runtime configuration. */
export function VersionLabel() {
  const { t } = useTranslation();
  const { data } = useConfig();
  if (!data) return null;
  return (
    <Typography.Text type="secondary" data-testid="version-label" style={{ fontSize: 12 }}>
      {data.siteLabel} · {t('common.version', { version: data.version })}
    </Typography.Text>
  );
}
