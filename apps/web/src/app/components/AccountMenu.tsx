import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { resetSessionQueries } from '../../platform/config';
import { getSession, signOutLocal } from '../../platform/session';
import { signInUrl } from '../../platform/signinUrl';

/**
 * The signed-in account's name, with "account settings" and "sign out" (after a confirmation). `compact` (phones): the
 * button shows the icon alone and the name heads the drop-down instead.
 */
export function AccountMenu({ settingsPath, compact = false }: { settingsPath: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = getSession();
  const name = session.project?.username ?? session.project?.sName ?? session.loginAccount ?? '';

  const signOut = () => {
    modal.confirm({
      title: t('common.signOutConfirm'),
      okText: t('common.signOut'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        // The server revokes the token; a failure (already expired, offline) must not keep anyone signed in.
        await api['login/logout']({}, { silent: true }).catch(() => undefined);
        const role = session.role;
        signOutLocal();
        resetSessionQueries(queryClient);
        void message.success(t('common.signedOut'));
        navigate(signInUrl(null, role), { replace: true });
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          ...(compact && name ? [{ key: 'name', label: name, disabled: true }, { type: 'divider' as const }] : []),
          { key: 'settings', icon: <SettingOutlined />, label: <span data-testid="account-settings">{t('common.accountSettings')}</span> },
          { type: 'divider' },
          { key: 'signout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="sign-out">{t('common.signOut')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'settings') navigate(settingsPath);
          else if (key === 'signout') signOut();
        },
      }}
    >
      <Button
        type="text"
        data-testid="account-menu"
        aria-label={name ? t('common.accountMenuOf', { name }) : t('common.accountMenu')}
        icon={<UserOutlined />}
      >
        {compact ? null : (
          <>
            {name} <DownOutlined style={{ fontSize: 10 }} />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
