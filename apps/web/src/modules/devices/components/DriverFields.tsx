import { DEVICE_DRIVERS, DEVICE_PASSWORD_MAX, DEVICE_USER_MAX, type DeviceDriver, DRIVER_KINDS } from '@openvisit/contract';
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { driverRule } from '../formErrors';

/** The driver chosen in the form (ours until the form says otherwise). */
export function useDriver(): DeviceDriver {
  return (Form.useWatch('driver') as DeviceDriver | undefined) ?? 'openvisit';
}

/**
 * The driver, with what it means for the device; choosing one whose kinds exclude the current kind moves the kind to
 * the driver's first (a Hikvision or ZKTeco device is never a barrier).
 */
export function DriverSelect() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const driver = useDriver();
  const moved = (d: DeviceDriver) => {
    const kinds = DRIVER_KINDS[d];
    if (!kinds.includes(form.getFieldValue('eType') as string)) form.setFieldValue('eType', kinds[0]);
  };
  return (
    <Form.Item name="driver" label={t('devices.drivers.driver')} extra={t(`devices.drivers.help.${driver}`)}>
      <Select onChange={moved} options={DEVICE_DRIVERS.map((d) => ({ value: d, label: t(`devices.drivers.names.${d}`) }))} />
    </Form.Item>
  );
}

/** The kind, offering only the kinds the driver keeps people for (DRIVER_KINDS), checked as the server checks it. */
export function KindSelect({ adding }: { adding: boolean }) {
  const { t } = useTranslation();
  const driver = useDriver();
  return (
    <Form.Item name="eType" label={t('devices.deviceForm.kind')} dependencies={['driver']} rules={[driverRule(t, 'eType', adding)]}>
      <Select options={DRIVER_KINDS[driver].map((k) => ({ value: k, label: t(`devices.kinds.${k as 'qr'}`) }))} />
    </Form.Item>
  );
}

/**
 * A Hikvision device's account, password and HTTPS (its address and port are the form's address fields). The password
 * is written only: a stored one is never shown, and an empty field keeps it.
 */
export function HikvisionFields({ adding, passwordSet }: { adding: boolean; passwordSet: boolean }) {
  const { t } = useTranslation();
  const keeps = !adding && passwordSet;
  return (
    <>
      <Form.Item
        name="driverUser"
        label={t('devices.drivers.user')}
        extra={t('devices.drivers.userHelp')}
        required
        dependencies={['driver']}
        rules={[driverRule(t, 'driverUser', adding), { max: DEVICE_USER_MAX, pattern: /^[\x21-\x7e]*$/, message: t('validation.format') }]}
        validateFirst
      >
        <Input maxLength={DEVICE_USER_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="driverPassword"
        label={t('devices.drivers.password')}
        extra={keeps ? t('devices.drivers.passwordStored') : t('devices.drivers.passwordHelp')}
        required={!keeps}
        dependencies={['driver']}
        rules={[driverRule(t, 'driverPassword', adding)]}
      >
        <Input.Password
          maxLength={DEVICE_PASSWORD_MAX}
          autoComplete="new-password"
          placeholder={keeps ? t('devices.drivers.passwordStored') : undefined}
        />
      </Form.Item>
      <Form.Item name="driverTls" label={t('devices.drivers.tls')} valuePropName="checked" extra={t('devices.drivers.tlsHelp')}>
        <Switch />
      </Form.Item>
    </>
  );
}

/** A ZKTeco device calls us: what to set on the device itself. */
export function ZktecoHint() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon style={{ marginBottom: 24 }} title={t('devices.drivers.zkServer')} />;
}
