import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '../../../platform/landing';
import { getSession, updateStoredProject } from '../../../platform/session';
import { ChangePasswordForm } from '../../accounts/components/ChangePasswordForm';

/** /update: the signed-in account changes its password, then continues to its home. */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project, role } = getSession();

  const done = () => {
    updateStoredProject({ mustChangePassword: false });
    if (role === 'manager' && project?.guidePending) navigate('/guide', { replace: true });
    else navigate(role ? homePath(role) : '/signin', { replace: true });
  };

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('auth.update.title')}
      </Typography.Title>
      {project?.mustChangePassword ? <Alert type="info" showIcon title={t('auth.update.mustChange')} style={{ marginBottom: 16 }} /> : null}
      <ChangePasswordForm onDone={done} />
    </>
  );
}
