import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkBanner } from '../network';

export function NetworkBanner() {
  const { t } = useTranslation();
  const state = useNetworkBanner();
  if (state === 'hidden') return null;
  return (
    <div role="status" style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }}>
      <Alert banner showIcon type={state === 'offline' ? 'error' : 'success'} title={t(state === 'offline' ? 'network.offline' : 'network.online')} />
    </div>
  );
}
