import { addEquipmentGroup, DEVICE_NAME_MAX, DEVICE_REMARK_MAX } from '@openvisit/contract';
import { App, Button, Card, Form, Input, Result, Select, Space, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { positiveInt } from '../../../platform/list';
import { useDevices, useGates, useGroups, useSaveGroup } from '../api';
import { deviceRules, showSaveError } from '../formErrors';
import { PERSON_KIND_KEYS } from '../labels';

interface GroupForm {
  egname: string;
  etype: number;
  defaultOn: boolean;
  gids: number[];
  enabled: boolean;
  remark: string;
  eids: number[];
}

/** Smart access control › add or edit a device group (/key/detail/:egid?). */
export function GroupFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const egid = positiveInt(useParams().egid ?? null);
  const [form] = Form.useForm<GroupForm>();
  const groups = useGroups();
  const gates = useGates();
  const devices = useDevices();
  const save = useSaveGroup();
  const rules = deviceRules(t);
  const existing = egid ? groups.data?.find((g) => g.egid === egid) : undefined;

  useEffect(() => {
    if (existing)
      form.setFieldsValue({
        egname: existing.egname,
        etype: existing.etype,
        defaultOn: existing.defaultOn,
        gids: existing.gids,
        enabled: existing.status === 0,
        remark: existing.remark,
        eids: existing.eids,
      });
  }, [existing, form]);

  if (egid && groups.isPending) return <Spin />;
  if (egid && !existing)
    return (
      <Result
        status="404"
        title={t('devices.groupForm.notFound')}
        extra={<Button onClick={() => void navigate('/key/group')}>{t('devices.back')}</Button>}
      />
    );

  const submit = async (v: GroupForm) => {
    try {
      await save.mutateAsync({
        ...(egid && { egid }),
        egname: v.egname,
        etype: v.etype,
        defaultOn: v.defaultOn,
        gids: v.gids,
        status: v.enabled ? 0 : 1,
        remark: v.remark ?? '',
        eids: v.eids,
      });
      void message.success(t('devices.groupForm.saved'));
      void navigate('/key/group');
    } catch (err) {
      showSaveError(form, addEquipmentGroup, err);
    }
  };

  return (
    <>
      <PageHeader title={t(egid ? 'devices.groupForm.editTitle' : 'devices.groupForm.addTitle')} />
      <Card>
        <Form<GroupForm>
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ etype: 0, defaultOn: false, gids: [], enabled: true, remark: '', eids: [] }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item name="egname" label={t('devices.groupForm.name')} rules={rules.name} validateFirst>
            <Input maxLength={DEVICE_NAME_MAX} />
          </Form.Item>
          <Form.Item name="etype" label={t('devices.groupForm.personKind')}>
            <Select options={PERSON_KIND_KEYS.map((k, i) => ({ value: i, label: t(`devices.personKinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="defaultOn" label={t('devices.groupForm.defaultOn')} extra={t('devices.groupForm.defaultOnHelp')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="gids" label={t('devices.groupForm.gates')} extra={t('devices.groupForm.gatesHelp')}>
            <Select
              mode="multiple"
              allowClear
              loading={gates.isPending}
              options={(gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="eids" label={t('devices.groupForm.devices')}>
            <Select
              mode="multiple"
              allowClear
              loading={devices.isPending}
              options={(devices.data ?? []).map((d) => ({ value: d.eid, label: `${d.deviceName} (${d.deviceCode})` }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('devices.groupForm.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="remark" label={t('devices.groupForm.remark')} rules={[{ max: DEVICE_REMARK_MAX }]}>
            <Input.TextArea maxLength={DEVICE_REMARK_MAX} autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('devices.save')}
            </Button>
            <Button onClick={() => void navigate('/key/group')}>{t('devices.back')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
