import { checkEntryPoint, checkIssuer, SSO_CERT_MAX, SSO_METADATA_MAX, SSO_URL_MAX, type SsoConnection } from '@openvisit/contract';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** An OpenID Connect provider: its issuer (checked as typed with the contract's rule) and the client registered there. */
export function OidcFields({ editing }: { editing: SsoConnection | null }) {
  const { t } = useTranslation();
  return (
    <>
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

/**
 * A SAML provider: its metadata pasted (the server reads the address, entity ID and certificate from it), or those
 * three typed; a stored certificate is kept when the field is left empty.
 */
export function SamlFields({ editing }: { editing: SsoConnection | null }) {
  const { t } = useTranslation();
  const byHand = (getFieldValue: (n: string) => unknown) => !String(getFieldValue('metadataXml') ?? '').trim();
  return (
    <>
      <Form.Item name="metadataXml" label={t('sso.form.metadata')} extra={t('sso.form.metadataHelp')}>
        <Input.TextArea rows={3} maxLength={SSO_METADATA_MAX} placeholder='<EntityDescriptor entityID="…">' />
      </Form.Item>
      <Form.Item noStyle dependencies={['metadataXml']}>
        {({ getFieldValue }) => (
          <>
            <Form.Item
              name="entryPoint"
              label={t('sso.form.entryPoint')}
              extra={t('sso.form.entryPointHelp')}
              validateTrigger={['onChange', 'onBlur']}
              rules={[
                {
                  required: byHand(getFieldValue),
                  validator: async (_r, value: string | undefined) => {
                    const failure = byHand(getFieldValue) ? checkEntryPoint(value ?? '') : null;
                    if (failure) throw new Error(t(`sso.form.entryPointErrors.${failure}`));
                  },
                },
              ]}
            >
              <Input maxLength={SSO_URL_MAX} placeholder="https://idp.example.com/saml/sso" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="idpEntityId"
              label={t('sso.form.idpEntityId')}
              rules={[{ required: byHand(getFieldValue), whitespace: true, message: t('validation.required') }]}
            >
              <Input maxLength={SSO_URL_MAX} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="idpCert"
              label={t('sso.form.idpCert')}
              extra={editing?.idpCert ? t('sso.form.certKept') : t('sso.form.certHelp')}
              rules={[{ required: byHand(getFieldValue) && !editing?.idpCert, whitespace: true, message: t('validation.required') }]}
            >
              <Input.TextArea rows={3} maxLength={SSO_CERT_MAX} placeholder="-----BEGIN CERTIFICATE-----" />
            </Form.Item>
          </>
        )}
      </Form.Item>
    </>
  );
}
