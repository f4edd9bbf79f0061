import { addEquipment, DEVICE_CODE_MAX, DEVICE_NAME_MAX, type Device, type DeviceDriver, type DeviceKind } from '@openvisit/contract';
import { App, Button, Card, Form, Input, Result, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { positiveInt } from '../../../platform/list';
import { useAddDevice, useDevices, useGroups, useUpdateDevice } from '../api';
import { DeviceAddressFields, LegacyAuthField } from '../components/DeviceAddress';
import { DeviceSecret } from '../components/DeviceSecret';
import { DriverSelect, HikvisionFields, KindSelect, useDriver, ZktecoHint } from '../components/DriverFields';
import { FaceCredentials } from '../components/FaceCredentials';
import { deviceRules, showSaveError } from '../formErrors';
import { directionKey } from '../labels';

interface DeviceForm {
  deviceName: string;
  deviceCode: string;
  extendCode: string;
  roomNum: string;
  deviceIp: string;
  devicePort: number | null;
  readerNo: string;
  enterStatus: number;
  eType: DeviceKind;
  enabled: boolean;
  egids: number[];
  legacyAuth: boolean;
  driver: DeviceDriver;
  driverUser: string;
  /** Written only: empty keeps the stored password (left out of the request). */
  driverPassword: string;
  driverTls: boolean;
}

const INITIAL: Partial<DeviceForm> = {
  extendCode: '',
  roomNum: '',
  deviceIp: '',
  devicePort: null,
  readerNo: '',
  enterStatus: 1,
  eType: 'qr',
  enabled: true,
  egids: [],
  legacyAuth: false,
  driver: 'openvisit',
  driverUser: '',
  driverPassword: '',
  driverTls: false,
};

/** Devices that keep a list of people: their detail shows the credentials and the report. */
const keepsPeople = (d: Device) => d.driver !== 'openvisit' || d.eType === 'face';

/** The request of the form's values: fields a driver hides are sent empty, an empty password is left out (kept). */
function inputOf({ enabled, driverPassword, ...v }: DeviceForm) {
  return {
    ...v,
    extendCode: v.extendCode ?? '',
    roomNum: v.roomNum ?? '',
    deviceIp: v.deviceIp ?? '',
    readerNo: v.readerNo ?? '',
    legacyAuth: v.legacyAuth ?? false,
    devicePort: v.devicePort ?? null,
    driverUser: v.driverUser ?? '',
    driverTls: v.driverTls ?? false,
    ...(driverPassword ? { driverPassword } : {}),
    status: enabled ? 0 : 1,
  };
}

/** What depends on the driver: ZKTeco's settings on the device, the address (Hikvision needs it), Hikvision's account. */
function DriverDependent({ adding, passwordSet }: { adding: boolean; passwordSet: boolean }) {
  const driver = useDriver();
  return (
    <>
      {driver === 'zkteco' ? <ZktecoHint /> : null}
      <DeviceAddressFields required={driver === 'hikvision'} />
      {driver === 'hikvision' ? <HikvisionFields adding={adding} passwordSet={passwordSet} /> : null}
    </>
  );
}

/** Smart access control › add or edit a device (/key/listd/:eid?); a new device's secret is shown once. */
export function DeviceFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const eid = positiveInt(useParams().eid ?? null);
  const [form] = Form.useForm<DeviceForm>();
  const devices = useDevices();
  const groups = useGroups();
  const add = useAddDevice();
  const update = useUpdateDevice();
  const [secret, setSecret] = useState<{ eid: number; secret: string } | null>(null);
  const rules = deviceRules(t);
  const existing = eid ? devices.data?.find((d) => d.eid === eid) : undefined;
  const driver = (Form.useWatch('driver', form) as DeviceDriver | undefined) ?? 'openvisit';

  // Filled once per device: the list is asked again (a link's state changes as the server reaches the device), and
  // that must not undo what is being typed.
  const filled = useRef<number | null>(null);
  useEffect(() => {
    if (existing && filled.current !== existing.eid) {
      filled.current = existing.eid;
      const { status, ...rest } = existing;
      form.setFieldsValue({ ...rest, driverPassword: '', enabled: status === 0 });
    }
  }, [existing, form]);

  if (eid && devices.isPending) return <Spin />;
  if (eid && !existing && !secret)
    return (
      <Result
        status="404"
        title={t('devices.deviceForm.notFound')}
        extra={<Button onClick={() => void navigate('/key/list')}>{t('devices.back')}</Button>}
      />
    );

  const submit = async (values: DeviceForm) => {
    const input = inputOf(values);
    try {
      if (eid) {
        await update.mutateAsync({ ...input, eid });
        void message.success(t('devices.deviceForm.saved'));
        void navigate('/key/list');
      } else {
        const r = await add.mutateAsync(input);
        void message.success(t('devices.deviceForm.saved'));
        // Only a device of our protocol signs its calls with the secret; the server reaches the others itself.
        if (r.device.driver === 'openvisit') setSecret({ eid: r.device.eid, secret: r.secret });
        else void navigate(`/key/listd/${r.device.eid}`);
      }
    } catch (err) {
      showSaveError(form, addEquipment, err);
    }
  };

  const text = (name: keyof DeviceForm, label: string, fieldRules: typeof rules.code, max: number, extra?: string) => (
    <Form.Item name={name} label={label} rules={fieldRules} validateFirst extra={extra}>
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <>
      <PageHeader title={t(eid ? 'devices.deviceForm.editTitle' : 'devices.deviceForm.addTitle')} />
      <Card>
        <Form<DeviceForm> form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={INITIAL} onFinish={(v) => void submit(v)}>
          {text('deviceName', t('devices.deviceForm.name'), rules.name, DEVICE_NAME_MAX)}
          {text(
            'deviceCode',
            t('devices.deviceForm.code'),
            rules.code,
            DEVICE_CODE_MAX,
            driver === 'zkteco' ? t('devices.drivers.zkSerial') : undefined,
          )}
          <DriverSelect />
          <KindSelect adding={!eid} />
          <Form.Item name="enterStatus" label={t('devices.deviceForm.direction')}>
            <Select options={([1, 2] as const).map((d) => ({ value: d, label: t(`devices.directions.${directionKey(d)}`) }))} />
          </Form.Item>
          {text('extendCode', t('devices.deviceForm.extCode'), rules.optionalCode, DEVICE_CODE_MAX)}
          {text('roomNum', t('devices.deviceForm.doorNo'), rules.optionalCode, DEVICE_CODE_MAX)}
          {text('readerNo', t('devices.deviceForm.readerNo'), rules.optionalCode, DEVICE_CODE_MAX)}
          <DriverDependent adding={!eid} passwordSet={existing?.driverPasswordSet ?? false} />
          <Form.Item name="egids" label={t('devices.deviceForm.groups')}>
            <Select
              mode="multiple"
              allowClear
              loading={groups.isPending}
              options={(groups.data ?? []).map((g) => ({ value: g.egid, label: g.egname }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('devices.deviceForm.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {driver === 'openvisit' ? <LegacyAuthField /> : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={add.isPending || update.isPending}>
              {t('devices.save')}
            </Button>
            <Button onClick={() => void navigate('/key/list')}>{t('devices.back')}</Button>
          </Space>
        </Form>
      </Card>
      {existing && keepsPeople(existing) && <FaceCredentials eid={existing.eid} driver={existing.driver} />}
      <DeviceSecret
        shown={secret}
        onClose={() => {
          setSecret(null);
          void navigate('/key/list');
        }}
      />
    </>
  );
}
