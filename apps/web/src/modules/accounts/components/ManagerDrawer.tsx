import { UnlockOutlined } from '@ant-design/icons';
import { type GrantArea, isMachineAccount, type Manager, Role, STAFF_TYPES, type StaffType } from '@openvisit/contract';
import { Alert, App, Button, DatePicker, Drawer, Flex, Form, Input, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGates } from '../../../core/sites/public';
import { PasswordStrengthMeter } from '../../../platform/components/PasswordStrengthMeter';
import { handleFormError } from '../../../platform/fieldErrors';
import { DAY_FORMAT } from '../../../platform/format';
import { useRules } from '../../../platform/formRules';
import { TwoStepReset } from '../../passkeys/public';
import { useSuppliers } from '../../residents/public';
import { useAddManager, useUpdateManager } from '../api';
import { useRoleLabel } from '../roleLabels';
import { ModuleGrantsField } from './ModuleGrantsField';

interface Values {
  account: string;
  sName: string;
  phone?: string;
  sType: StaffType;
  /** A server company's supplier company (sType 1). */
  supplierId?: number | null;
  gids: number[];
  /** A sub-administrator's (sType 5) granted modules. */
  modules?: GrantArea[];
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  remark?: string;
  password?: string;
  enabled: boolean;
}

const day = (d: Dayjs | null | undefined): string | null => (d ? d.format(DAY_FORMAT) : null);

/** The fields UpdateManager needs to keep a record as it is. */
function unchanged(m: Manager) {
  return {
    account: m.account,
    sName: m.sName,
    phone: m.phone,
    sType: m.sType as StaffType,
    supplierId: m.supplierId,
    gids: m.gids,
    startDate: m.startDate,
    endDate: m.endDate,
    remark: m.remark,
    modules: m.modules as GrantArea[],
  };
}

/** Add (`AddManager`) or edit (`UpdateManager`) a staff account, in a drawer; `types`: the kinds the session may manage. */
export function ManagerDrawer({
  open,
  manager,
  onClose,
  types = STAFF_TYPES,
}: {
  open: boolean;
  manager: Manager | null;
  onClose: () => void;
  types?: readonly StaffType[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roleLabel = useRoleLabel();
  const rules = useRules();
  const add = useAddManager();
  const update = useUpdateManager();
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch('password', form);
  const editing = manager !== null;
  const gates = useGates();
  const sType = Form.useWatch('sType', form);
  const machine = sType !== undefined && isMachineAccount(sType);
  const passwordHelp = [
    editing ? t('accounts.managers.newPasswordHelp') : null,
    machine ? t('accounts.managers.machineHelp') : t('accounts.managers.mustChangeHelp'),
  ]
    .filter(Boolean)
    .join(' ');
  const suppliers = useSuppliers();

  const initial: Partial<Values> = manager
    ? {
        account: manager.account,
        sName: manager.sName,
        phone: manager.phone,
        sType: manager.sType as StaffType,
        supplierId: manager.supplierId,
        gids: manager.gids,
        modules: manager.modules as GrantArea[],
        startDate: manager.startDate ? dayjs(manager.startDate) : null,
        endDate: manager.endDate ? dayjs(manager.endDate) : null,
        remark: manager.remark,
        enabled: manager.status === 0,
      }
    : { sType: types.includes(2) ? 2 : types[0], gids: [], startDate: null, endDate: null, enabled: true };

  const submit = async (v: Values) => {
    const fields = {
      sName: v.sName,
      phone: v.phone?.trim() ?? '',
      sType: v.sType,
      // Only a server company acts for a supplier company.
      supplierId: v.sType === 1 ? (v.supplierId ?? null) : null,
      gids: v.gids ?? [],
      startDate: day(v.startDate),
      endDate: day(v.endDate),
      remark: v.remark ?? '',
      // Only a sub-administrator is granted modules; another kind names none.
      modules: v.sType === Role.SUBADMIN ? (v.modules ?? []) : [],
    };
    try {
      if (manager) {
        await update.mutateAsync({ ...unchanged(manager), ...fields, status: v.enabled ? 0 : 1, ...(v.password ? { password: v.password } : {}) });
        void message.success(t('common.updated'));
      } else {
        await add.mutateAsync({ account: v.account, password: v.password ?? '', ...fields });
        void message.success(t('common.added'));
      }
      onClose();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  const unlock = async () => {
    if (!manager) return;
    try {
      await update.mutateAsync({ ...unchanged(manager), unlock: true });
      void message.success(t('accounts.managers.unlocked'));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <Drawer
      title={manager ? t('accounts.managers.editTitle', { account: manager.account }) : t('accounts.managers.addTitle')}
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={520}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={add.isPending || update.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {manager?.locked ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('accounts.managers.lockedNotice')}
          action={
            <Button size="small" icon={<UnlockOutlined />} onClick={() => void unlock()} loading={update.isPending}>
              {t('accounts.managers.unlock')}
            </Button>
          }
        />
      ) : null}
      {manager ? (
        <Suspense fallback={null}>
          <TwoStepReset
            name={manager.sName || manager.account}
            security={manager}
            pending={update.isPending}
            reset={async () => {
              await update.mutateAsync({ ...unchanged(manager), resetTwoStep: true });
              return manager.passkeys;
            }}
          />
        </Suspense>
      ) : null}
      <Form form={form} name="manager" layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item label={t('accounts.managers.fields.account')} name="account" rules={editing ? [] : rules.accountName()}>
          <Input disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('accounts.managers.fields.name')} name="sName" rules={rules.personName()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('accounts.managers.fields.phone')} name="phone" rules={rules.phone({ optional: true })}>
          <Input />
        </Form.Item>
        <Form.Item label={t('accounts.managers.fields.type')} name="sType" rules={[{ required: true, message: t('validation.required') }]}>
          <Select disabled={types.length === 1} options={types.map((s) => ({ value: s, label: roleLabel(s) }))} />
        </Form.Item>
        {sType === 1 && (
          <Form.Item label={t('accounts.managers.fields.supplier')} name="supplierId" rules={[{ required: true, message: t('validation.required') }]}>
            <Select loading={suppliers.isPending} options={(suppliers.data ?? []).map((s) => ({ value: s.supplierId, label: s.name }))} />
          </Form.Item>
        )}
        {sType === Role.SUBADMIN && <ModuleGrantsField />}
        <Form.Item label={t('accounts.managers.fields.gids')} name="gids" extra={t('accounts.managers.gidsHelp')}>
          <Select
            mode="multiple"
            allowClear
            loading={gates.isPending}
            options={(gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname }))}
            data-testid="manager-gates"
          />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item label={t('accounts.managers.fields.startDate')} name="startDate" style={{ flex: 1 }}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label={t('accounts.managers.fields.endDate')}
            name="endDate"
            dependencies={['startDate']}
            style={{ flex: 1 }}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, end: Dayjs | null) => {
                  const start = getFieldValue('startDate') as Dayjs | null;
                  if (start && end?.isBefore(start, 'day')) throw new Error(t('validation.beforeStart'));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('accounts.managers.fields.remark')} name="remark">
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          label={editing ? t('accounts.managers.fields.newPassword') : t('accounts.managers.fields.password')}
          name="password"
          rules={rules.password({ optional: editing })}
          extra={passwordHelp}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordStrengthMeter value={password} />
        {editing ? (
          <Form.Item label={t('accounts.managers.fields.enabled')} name="enabled" valuePropName="checked" style={{ marginTop: 16 }}>
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}
