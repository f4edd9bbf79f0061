import { SSO_NAME_MAX, type SsoClaims, type SsoConnection, type SsoProtocol, Status } from '@openvisit/contract';
import { Alert, App, Collapse, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { errorText } from '../../../platform/notify';
import { useAddSso, useUpdateSso } from '../api';
import { PeopleFields } from './PeopleFields';
import { OidcFields, SamlFields } from './ProviderFields';

interface Values {
  protocol: SsoProtocol;
  name: string;
  enabled: boolean;
  issuer: string;
  metadataXml: string;
  entryPoint: string;
  idpEntityId: string;
  idpCert: string;
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
  protocol: 'oidc',
  name: '',
  enabled: true,
  issuer: '',
  metadataXml: '',
  entryPoint: '',
  idpEntityId: '',
  idpCert: '',
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
  [Status.SSO_CERT_INVALID]: 'idpCert',
  [Status.SSO_METADATA_INVALID]: 'metadataXml',
};

/** Our words and, where they differ (in Chinese), the server's reason: the provider's own account of what is wrong. */
export function withReason(err: ApiError): string {
  const text = errorText(err);
  return err.reason && !text.includes(err.reason) ? `${text} (${err.reason})` : text;
}

/** 1417 names the role ids that are not the company's roles: the rows choosing them say so. */
function unknownRoleRows(err: ApiError, roleMap: Values['roleMap']) {
  const ids = (err.result as { roleIds?: number[] } | null)?.roleIds ?? [];
  return roleMap.flatMap((r, i) =>
    r.roleId !== undefined && ids.includes(r.roleId)
      ? [{ name: ['roleMap', i, 'roleId'] as ['roleMap', number, 'roleId'], errors: [errorText(err)] }]
      : [],
  );
}

/** Scopes (OpenID Connect) and claim or attribute names, folded: most providers need the defaults. */
function AdvancedFields({ protocol }: { protocol: SsoProtocol }) {
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
              {protocol === 'oidc' ? (
                <Form.Item name="scopes" label={t('sso.form.scopes')} extra={t('sso.form.scopesHelp')}>
                  <Input maxLength={500} autoComplete="off" />
                </Form.Item>
              ) : null}
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
  return { ...DEFAULTS, ...c, clientSecret: '', clearSecret: false, metadataXml: '', idpCert: '', roleMap: c.roleMap.map((r) => ({ ...r })) };
}

/**
 * Adds or edits a connection. An OpenID Connect issuer is discovered before anything is stored (1414 under the field);
 * a SAML provider's metadata or certificate is read (1420, 1419 under theirs). The protocol is chosen once.
 */
export function SsoForm({ open, editing, onClose }: { open: boolean; editing: SsoConnection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddSso();
  const update = useUpdateSso();
  const protocol = Form.useWatch('protocol', form) ?? editing?.protocol ?? 'oidc';
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(valuesOf(editing));
  }, [open, editing, form]);
  const save = async () => {
    await form.validateFields();
    // Every value of the store: the other protocol's fields are not rendered, so validateFields leaves them out.
    const v: Values = { ...DEFAULTS, ...form.getFieldsValue(true) };
    const input = {
      ...v,
      name: v.name.trim(),
      issuer: v.issuer.trim(),
      clientId: v.clientId.trim(),
      metadataXml: v.metadataXml.trim(),
      entryPoint: v.entryPoint.trim(),
      idpEntityId: v.idpEntityId.trim(),
      idpCert: v.idpCert.trim(),
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
        form.setFields([{ name: onField, errors: [err.status === Status.SSO_UNREACHABLE ? withReason(err) : errorText(err)] }]);
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
        <Alert type="info" showIcon title={t(`sso.form.howTo.${protocol}`)} style={{ marginBottom: 16 }} />
        <Form.Item name="protocol" label={t('sso.form.protocol')}>
          <Radio.Group
            disabled={editing !== null}
            options={[
              { value: 'oidc', label: 'OpenID Connect' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('sso.form.name')}
          extra={t('sso.form.nameHelp')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input maxLength={SSO_NAME_MAX} autoComplete="off" />
        </Form.Item>
        {protocol === 'saml' ? <SamlFields editing={editing} /> : <OidcFields editing={editing} />}
        <PeopleFields />
        <AdvancedFields protocol={protocol} />
      </Form>
    </Modal>
  );
}
