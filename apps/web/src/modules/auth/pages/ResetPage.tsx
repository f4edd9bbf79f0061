import { Button, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../platform/api';
import { PasswordFields } from '../../../platform/components/PasswordFields';
import { handleFormError } from '../../../platform/fieldErrors';

/** The sign-in tab that opens after a password was set, by whose it was. */
const SIGN_IN_ROLE = { admin: 'manager', employee: 'emporder', sub: 'subcom' } as const;

/** /reset?token=…: a new password with the one-time token of the emailed link (`ModifyPassword`). */
export function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'admin' | 'employee' | 'sub' | null>(null);

  if (!token) {
    return <Result status="warning" title={t('auth.reset.missingToken')} extra={<Link to="/forgot">{t('auth.reset.requestNew')}</Link>} />;
  }
  if (done) {
    return (
      <Result
        status="success"
        title={t('auth.reset.doneTitle')}
        subTitle={t('auth.reset.doneText')}
        extra={
          <Button type="primary" onClick={() => navigate(`/signin?role=${SIGN_IN_ROLE[done]}`)}>
            {t('auth.reset.signIn')}
          </Button>
        }
      />
    );
  }

  const submit = async (v: { password: string }) => {
    setBusy(true);
    try {
      const { account } = await api.ModifyPassword({ token, password: v.password }, { silent: 'form' });
      setDone(account);
    } catch (err) {
      handleFormError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('auth.reset.title')}
      </Typography.Title>
      <Form form={form} layout="vertical" onFinish={submit}>
        <PasswordFields label={t('auth.reset.password')} confirmLabel={t('auth.reset.confirm')} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/forgot">{t('auth.reset.requestNew')}</Link>
      </div>
    </>
  );
}
