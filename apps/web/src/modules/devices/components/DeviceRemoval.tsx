import { type Device, Status } from '@openvisit/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { useDeleteDevice, useSetDeviceStatus } from '../api';

/** Whether the device keeps its own list of people we put there (disabling it takes them off). */
const keepsPeople = (d: Device) => d.driver !== 'openvisit' || d.eType === 'face';

const heldOf = (err: unknown): number | null =>
  err instanceof ApiError && err.status === Status.DEVICE_HOLDS_PEOPLE ? Number((err.result as { held?: number } | null)?.held ?? 0) : null;

/**
 * Enable or disable, and delete. Disabling a device that keeps people removes ours from it, so it is confirmed; a
 * pushed-to device still holding ours is not deleted (1134) until it is disabled and emptied, or deleted anyway.
 */
export function DeviceRemoval({ device: d, act }: { device: Device; act: (work: () => Promise<unknown>, done: string) => Promise<void> }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const remove = useDeleteDevice();
  const setStatus = useSetDeviceStatus();
  const toggle = () => act(() => setStatus.mutateAsync({ eid: d.eid, status: d.status ? 0 : 1 }), t('devices.list.statusSaved'));
  // The follow-up dialog's close, set when it opens: each of its buttons closes it, then acts.
  let destroy = () => {};
  const then = (work: () => Promise<void>) => () => {
    destroy();
    void work();
  };
  const removeNow = async () => {
    try {
      await remove.mutateAsync({ eid: d.eid });
      void message.success(t('devices.list.deleted'));
    } catch (err) {
      const held = heldOf(err);
      if (held === null) return;
      ({ destroy } = modal.confirm({
        title: t('devices.list.holdsTitle', { name: d.deviceName, count: held }),
        content: d.status ? t('devices.list.holdsDisabled') : t('devices.list.holdsEnabled'),
        footer: (
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 16 }}>
            <Button onClick={() => destroy()}>{t('common.cancel')}</Button>
            {d.status === 0 && (
              <Button type="primary" onClick={then(toggle)}>
                {t('devices.list.disableToEmpty')}
              </Button>
            )}
            <Button danger onClick={then(() => act(() => remove.mutateAsync({ eid: d.eid, force: true }), t('devices.list.deleted')))}>
              {t('devices.list.deleteAnyway')}
            </Button>
          </div>
        ),
      }));
    }
  };
  const disable =
    d.status === 0 && keepsPeople(d) ? (
      <ConfirmDelete title={t('devices.list.disableConfirm', { name: d.deviceName })} okText={t('devices.list.disable')} onConfirm={toggle}>
        <Button type="link" size="small">
          {t('devices.list.disable')}
        </Button>
      </ConfirmDelete>
    ) : (
      <Button type="link" size="small" onClick={() => void toggle()}>
        {d.status ? t('devices.list.enable') : t('devices.list.disable')}
      </Button>
    );
  return (
    <>
      {disable}
      <ConfirmDelete title={t('devices.list.deleteConfirm', { name: d.deviceName })} onConfirm={removeNow}>
        <Button type="link" danger size="small" aria-label={`${t('devices.delete')} ${d.deviceName}`}>
          {t('devices.delete')}
        </Button>
      </ConfirmDelete>
    </>
  );
}
