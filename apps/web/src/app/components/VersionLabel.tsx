import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../platform/config';

/** "OpenVisit · Version v2.4.8", from the runtime configuration. */
export function VersionLabel() {
  const { t } = useTranslation();
  const { data } = useConfig();
  const { token } = theme.useToken();
  if (!data) return null;
  // A span, not Typography.Text: the public pages would load Typography (about 8 KB gzip) for this line alone.
  return (
    <span data-testid="version-label" style={{ fontSize: 12, color: token.colorTextSecondary }}>
      {data.siteLabel} · {t('common.version', { version: data.version })}
    </span>
  );
}
