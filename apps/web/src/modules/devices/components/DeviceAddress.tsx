import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceRules, driverRule } from '../formErrors';

/**
 * A device's registered address and port; the address is required of a legacy reader (identified by it) and of a
 * Hikvision device (the server calls it there).
 */
export function DeviceAddressFields({ required = false }: { required?: boolean }) {
  const { t } = useTranslation();
  const rules = deviceRules(t);
  return (
    <>
      <Form.Item
        name="deviceIp"
        label={t('devices.deviceForm.ip')}
        required={required || undefined}
        dependencies={['legacyAuth', 'driver']}
        rules={[
          ...rules.ip,
          driverRule(t, 'deviceIp', false),
          ({ getFieldValue }) => ({
            required: getFieldValue('legacyAuth') === true,
            whitespace: true,
            message: t('devices.deviceForm.legacyNeedsIp'),
          }),
        ]}
        validateFirst
      >
        <Input maxLength={45} />
      </Form.Item>
      <Form.Item name="devicePort" label={t('devices.deviceForm.port')} rules={[{ type: 'integer', min: 1, max: 65535 }]}>
        <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/**
 * The original's door readers cannot send a secret: the administrator opts each one in, knowingly, and is told that
 * such a reader is identified by its identifier and registered address only.
 */
export function LegacyAuthField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="legacyAuth" label={t('devices.deviceForm.legacyAuth')} valuePropName="checked" extra={t('devices.deviceForm.legacyWarning')}>
      <Switch />
    </Form.Item>
  );
}
