import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { checkIssuer, SSO_NAME_MAX, SSO_URL_MAX, type SsoClaims, type SsoConnection, Status } from '@openvisit/contract';
import { Alert, App, Button, Checkbox, Collapse, Flex, Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { deptOptions, useDepartments } from '../../../core/people/public';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { errorText } from '../../../platform/notify';
import { useRoleTree } from '../../roles/public';
import { useAddSso, useUpdateSso } from '../api';

interface Values {
  name: string;
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  clearSecret: boolean;
  scopes: string;
  claims: SsoClaims;
  jit: boolean;
  jitDepartmentId: number | null;
  roleMap: { group: string; roleId: number | undefined }[];
  required: boolean;
}

const DEFAULTS: Values = {
  name: '',
  enabled: true,
  issuer: '',
  clientId: '',
  clientSecret: '',
  clearSecret: false,
  scopes: 'openid email profile',
  claims: { email: 'email', phone: 'phone_number', name: 'name', empNo: '', groups: 'groups' },
  jit: false,
  jitDepartmentId: null,
  roleMap: [],
  required: false,
};

const CLAIMS = ['email', 'phone', 'name', 'empNo', 'groups'] as const;

/** The statuses this form shows under a field (the contract's fieldStatuses of addSsoConnection and updateSsoConnection). */
const FIELD_OF: Partial<Record<number, keyof Values>> = {
  [Status.SSO_UNREACHABLE]: 'issuer',
  [Status.SSO_DEPARTMENT_UNKNOWN]: 'jitDepartmentId',
};

/** 1417 names the role ids that are not the company's roles: the rows choosing them say so. */
function unknownRoleRows(err: ApiError, roleMap: Values['roleMap']) {
  const ids = (err.result as { roleIds?: number[] } | null)?.roleIds ?? [];
  return roleMap.flatMap((r, i) =>
    r.roleId !== undefined && ids.includes(r.roleId)
      ? [{ name: ['roleMap', i, 'roleId'] as ['roleMap', number, 'roleId'], errors: [errorText(err)] }]
      : [],
  );
}

/** The provider: its name on the sign-in button, issuer (checked as typed with the contract's rule), client. */
function ProviderFields({ editing }: { editing: SsoConnection | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('sso.form.name')}
        extra={t('sso.form.nameHelp')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input maxLength={SSO_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="issuer"
        label={t('sso.form.issuer')}
        extra={t('sso.form.issuerHelp')}
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          {
            required: true,
            validator: async (_r, value: string | undefined) => {
              const failure = checkIssuer(value ?? '');
              if (failure) throw new Error(t(`sso.form.issuerErrors.${failure}`));
            },
          },
        ]}
      >
        <Input maxLength={SSO_URL_MAX} placeholder="https://login.example.com" autoComplete="off" />
      </Form.Item>
      <Form.Item name="clientId" label={t('sso.form.clientId')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
        <Input maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={t('sso.form.clientSecret')}
        extra={editing?.hasSecret ? t('sso.form.secretKept') : t('sso.form.secretHelp')}
      >
        <Input.Password maxLength={1024} autoComplete="new-password" />
      </Form.Item>
      {editing?.hasSecret ? (
        <Form.Item name="clearSecret" valuePropName="checked">
          <Checkbox>{t('sso.form.clearSecret')}</Checkbox>
        </Form.Item>
      ) : null}
    </>
  );
}

/** Who the provider may sign in: people created at first sign-in (and where), roles by group, passwords or not. */
function PeopleFields() {
  const { t } = useTranslation();
  const departments = useDepartments();
  const roles = useRoleTree();
  const roleOptions = (roles.data ?? []).map((g) => ({
    label: g.rgName,
    title: g.rgName,
    options: g.children.map((r) => ({ value: r.rid, label: r.rgName })),
  }));
  return (
    <>
      <Form.Item name="jit" label={t('sso.form.jit')} extra={t('sso.form.jitHelp')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['jit']}>
        {({ getFieldValue }) =>
          getFieldValue('jit') && (
            <Form.Item name="jitDepartmentId" label={t('sso.form.department')} extra={t('sso.form.departmentHelp')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={deptOptions(departments.data ?? [])}
                loading={departments.isPending}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item label={t('sso.form.roleMap')} extra={t('sso.form.roleMapHelp')}>
        <Form.List name="roleMap">
          {(rows, { add, remove }) => (
            <Flex vertical gap={8}>
              {rows.map((row) => (
                <Flex key={row.key} gap={8} align="baseline">
                  <Form.Item name={[row.name, 'group']} noStyle rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
                    <Input placeholder={t('sso.form.group')} aria-label={t('sso.form.group')} maxLength={200} style={{ flex: 1 }} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'roleId']} noStyle rules={[{ required: true, message: t('validation.required') }]}>
                    <Select
                      placeholder={t('sso.form.role')}
                      aria-label={t('sso.form.role')}
                      options={roleOptions}
                      loading={roles.isPending}
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ flex: 1 }}
                    />
                  </Form.Item>
                  <MinusCircleOutlined aria-label={t('sso.form.removeRow')} role="button" onClick={() => remove(row.name)} />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ group: '', roleId: undefined })}>
                {t('sso.form.addRow')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="required" label={t('sso.form.required')} extra={t('sso.form.requiredHelp')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="enabled" label={t('sso.form.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

/** Scopes and claim names, folded: most providers need the defaults. */
function AdvancedFields() {
  const { t } = useTranslation();
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'claims',
          label: t('sso.form.advanced'),
          forceRender: true,
          children: (
            <>
              <Form.Item name="scopes" label={t('sso.form.scopes')} extra={t('sso.form.scopesHelp')}>
                <Input maxLength={500} autoComplete="off" />
              </Form.Item>
              {CLAIMS.map((c) => (
                <Form.Item
                  key={c}
                  name={['claims', c]}
                  label={t(`sso.form.claims.${c}`)}
                  rules={[{ pattern: /^\S*$/, message: t('sso.form.claimSpaces') }]}
                >
                  <Input maxLength={200} autoComplete="off" />
                </Form.Item>
              ))}
            </>
          ),
        },
      ]}
    />
  );
}

function valuesOf(c: SsoConnection): Values {
  return { ...DEFAULTS, ...c, clientSecret: '', clearSecret: false, roleMap: c.roleMap.map((r) => ({ ...r })) };
}

/** Adds or edits a connection; the server discovers the issuer before it stores anything (1414 under the field). */
export function SsoForm({ open, editing, onClose }: { open: boolean; editing: SsoConnection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddSso();
  const update = useUpdateSso();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(valuesOf(editing));
  }, [open, editing, form]);
  const save = async () => {
    const v = await form.validateFields();
    const input = {
      ...v,
      name: v.name.trim(),
      issuer: v.issuer.trim(),
      clientId: v.clientId.trim(),
      jitDepartmentId: v.jit ? (v.jitDepartmentId ?? null) : null,
      roleMap: v.roleMap.map((r) => ({ group: r.group.trim(), roleId: r.roleId ?? 0 })),
    };
    try {
      if (editing) await update.mutateAsync({ ...input, id: editing.id });
      else await add.mutateAsync(input);
      void message.success(t('sso.form.saved'));
      onClose();
    } catch (err) {
      const onField = err instanceof ApiError && !err.isTransport ? FIELD_OF[err.status] : undefined;
      if (err instanceof ApiError && onField)
        // The provider's own words (English, from the server) after ours: they tell an administrator what to fix there.
        form.setFields([{ name: onField, errors: [err.status === Status.SSO_UNREACHABLE ? `${errorText(err)} (${err.reason})` : errorText(err)] }]);
      else if (err instanceof ApiError && !err.isTransport && err.status === Status.SSO_ROLE_UNKNOWN) form.setFields(unknownRoleRows(err, v.roleMap));
      else if (err instanceof ApiError && !err.isTransport && err.status === Status.SSO_LIMIT) void message.error(t('sso.form.limit'));
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      open={open}
      title={editing ? t('sso.form.editTitle') : t('sso.form.addTitle')}
      okText={t('common.save')}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={add.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <Form form={form} layout="vertical" initialValues={DEFAULTS}>
        <Alert type="info" showIcon title={t('sso.form.howTo')} style={{ marginBottom: 16 }} />
        <ProviderFields editing={editing} />
        <PeopleFields />
        <AdvancedFields />
      </Form>
    </Modal>
  );
}
