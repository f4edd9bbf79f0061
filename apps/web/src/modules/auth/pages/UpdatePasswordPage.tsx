import { useQueryClient } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONFIG_QUERY_KEY, fetchConfig } from '../../../platform/config';
import { postLoginPath } from '../../../platform/landing';
import { getSession, updateStoredProject } from '../../../platform/session';
import { ChangePasswordForm } from '../../accounts/public';

/**
 * /update: the signed-in account changes its password, then continues where a sign-in without the change would have
 * gone. The landing needs the feature switches: without them an area whose screens all sit behind one (logistics)
 * has only its own password screen left to open, and the account would be sent back here.
 */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { project, role } = getSession();

  const done = async () => {
    updateStoredProject({ mustChangePassword: false });
    if (!role || !project) {
      navigate('/signin', { replace: true });
      return;
    }
    const config = await queryClient.ensureQueryData({ queryKey: CONFIG_QUERY_KEY, queryFn: fetchConfig }).catch(() => undefined);
    navigate(postLoginPath({ result: { ...project, mustChangePassword: false }, role, features: config?.features }), { replace: true });
  };

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('auth.update.title')}
      </Typography.Title>
      {project?.mustChangePassword ? <Alert type="info" showIcon title={t('auth.update.mustChange')} style={{ marginBottom: 16 }} /> : null}
      <ChangePasswordForm onDone={() => void done()} />
    </>
  );
}
