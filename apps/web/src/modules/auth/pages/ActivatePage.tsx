import { Status } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { displayError } from '../../../platform/notify';
import { ResendActivationForm } from '../components/ResendActivationForm';

type Outcome = 'activated' | 'already' | 'invalid';

async function activate(token: string): Promise<Outcome> {
  try {
    await api.webActivateAccount({ token }, { silent: 'form' });
    return 'activated';
  } catch (err) {
    if (err instanceof ApiError && err.http === undefined) {
      if (err.status === Status.ACCOUNT_ALREADY_ACTIVATED) return 'already';
      if (err.status === Status.INVALID_LINK || err.status === Status.BAD_PARAMS) return 'invalid';
    }
    if (err instanceof ApiError) displayError(err);
    throw err;
  }
}

/** /active?token=…: activates on arrival (once, even under StrictMode: the query is shared). */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const query = useQuery({
    queryKey: ['auth', 'activate', token],
    queryFn: () => activate(token),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const signIn = (
    <Button type="primary" onClick={() => navigate('/signin?role=manager')}>
      {t('auth.active.signIn')}
    </Button>
  );

  if (token && query.isPending) return <Result icon={<Spin size="large" />} title={t('auth.active.checking')} />;
  if (query.data === 'activated')
    return <Result status="success" title={t('auth.active.successTitle')} subTitle={t('auth.active.successText')} extra={signIn} />;
  if (query.data === 'already')
    return <Result status="info" title={t('auth.active.alreadyTitle')} subTitle={t('auth.active.alreadyText')} extra={signIn} />;
  if (query.isError && !(query.error instanceof ApiError && query.error.http === undefined)) {
    return <Result status="error" title={t('http.linkError')} extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>} />;
  }
  return (
    <Result
      status="warning"
      title={t('auth.active.invalidTitle')}
      subTitle={t('auth.active.invalidText')}
      extra={
        <div style={{ maxWidth: 360, margin: '0 auto' }}>
          <ResendActivationForm />
        </div>
      }
    />
  );
}
