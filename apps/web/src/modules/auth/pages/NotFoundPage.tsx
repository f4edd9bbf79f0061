import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSession } from '../../../platform/session';

/** The catch-all: "home" is the signed-in area, or sign-in. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = getSession();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('auth.notFound.title')}
      extra={
        <Button type="primary" onClick={() => navigate(token ? '/' : '/signin')}>
          {t('auth.notFound.home')}
        </Button>
      }
    />
  );
}
