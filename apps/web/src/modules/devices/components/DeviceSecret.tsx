import { useTranslation } from 'react-i18next';
import { SecretDialog } from '../../../platform/components/SecretDialog';

/** A device's secret, shown once after it was issued (adding the device or rotating); the server keeps only its hash. */
export function DeviceSecret({ shown, onClose }: { shown: { eid: number; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const eid = shown?.eid ?? 0;
  return (
    <SecretDialog
      secret={shown?.secret ?? null}
      title={t('devices.secret.title')}
      warning={t('devices.secret.warning')}
      label={t('devices.secret.label', { eid })}
      note={t('devices.secret.credential', { eid })}
      onClose={onClose}
    />
  );
}
