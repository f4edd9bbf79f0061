import type { Out } from '@openvisit/contract';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { errorText } from '../../../platform/notify';
import type { SignInTab } from '../signinKinds';
import { newNonce, type SignInTrip } from './SignInReturn';
import { TARGET } from './WorkAppSignIn';

/** sessionStorage: the sign-in this tab started at an identity provider, until it sends the browser back (SsoReturnPage). */
export const SSO_TRIP_KEY = 'openvisit.ssoSignIn';

/** The company's identity providers' buttons (WorkAppSignInPage): the provider's page, then back to /signin/sso. */
export function SsoSignIn({
  company,
  tab,
  redirect,
  offered,
}: {
  company: number;
  tab: SignInTab;
  redirect: string | null;
  offered: Out<'getSsoSignIn'>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [going, setGoing] = useState<number | null>(null);
  const target = TARGET[tab];
  if (!target || offered.connections.length === 0) return null;

  const go = async (connectionId: number) => {
    setGoing(connectionId);
    setFailure(null);
    try {
      const nonce = newNonce();
      const { url } = await api.ssoSignInStart({ companyId: company, connectionId, target, nonce }, { silent: true });
      sessionStorage.setItem(SSO_TRIP_KEY, JSON.stringify({ nonce, company, tab, redirect } satisfies SignInTrip));
      window.location.assign(url);
    } catch (err) {
      setFailure(err instanceof ApiError ? errorText(err) : t('auth.signin.failed'));
      setGoing(null);
    }
  };
  return (
    <div data-testid="sso-signin">
      {offered.required ? <Alert type="info" showIcon title={t('auth.signin.sso.required')} style={{ marginBottom: 12 }} /> : null}
      {failure ? <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} /> : null}
      <Flex vertical gap={8}>
        {offered.connections.map((c) => (
          <Button
            key={c.id}
            type="primary"
            block
            size="large"
            loading={going === c.id}
            disabled={going !== null && going !== c.id}
            onClick={() => void go(c.id)}
          >
            {t('auth.signin.sso.with', { name: c.name })}
          </Button>
        ))}
      </Flex>
    </div>
  );
}
