import { IM_PLATFORMS, type ImPlatform, type ImSignInTarget } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { errorText } from '../../../platform/notify';
import type { SignInTab } from '../signinKinds';
import { newNonce, type SignInTrip } from './SignInReturn';

/** sessionStorage: the sign-in this tab started, until the platform sends the browser back (WorkAppReturnPage). */
export const WORK_APP_TRIP_KEY = 'openvisit.imSignIn';

/** Which sign-in a tab's button makes: employees' own, or the console account of the person. */
export const TARGET: Partial<Record<SignInTab, ImSignInTarget>> = { employee: 'employee', admin: 'staff' };

/**
 * The company's work-app buttons (WorkAppSignInPage). `via` starts that platform's sign-in at once: inside the app it
 * completes silently.
 */
export function WorkAppSignIn({
  company,
  tab,
  via,
  redirect,
  others,
}: {
  company: number;
  tab: SignInTab;
  via: string | null;
  redirect: string | null;
  /** Other ways the page offers (identity providers): with some, no work app is no news. */
  others: number;
}) {
  const { t } = useTranslation();
  const offered = useQuery({ queryKey: ['imSignIn', company], queryFn: () => api.getImSignIn({ companyId: company }, { silent: true }) });
  const [failure, setFailure] = useState<string | null>(null);
  const [going, setGoing] = useState<ImPlatform | null>(null);
  const started = useRef(false);
  const target = TARGET[tab];
  const platforms = offered.data?.platforms ?? [];

  const go = async (platform: ImPlatform) => {
    if (!target) return;
    setGoing(platform);
    setFailure(null);
    try {
      const nonce = newNonce();
      const { url } = await api.imSignInStart({ companyId: company, platform, target, nonce }, { silent: true });
      sessionStorage.setItem(WORK_APP_TRIP_KEY, JSON.stringify({ nonce, company, tab, redirect } satisfies SignInTrip));
      window.location.assign(url);
    } catch (err) {
      setFailure(err instanceof ApiError ? errorText(err) : t('auth.signin.failed'));
      setGoing(null);
    }
  };

  const auto = IM_PLATFORMS.find((p) => p === via && platforms.includes(p));
  useEffect(() => {
    if (!auto || started.current || !target) return;
    started.current = true;
    void go(auto);
  });

  if (!target) return null;
  if (offered.isPending) return <Skeleton.Button active block size="large" />;
  if (platforms.length === 0) return others ? null : <Alert type="info" showIcon title={t('auth.signin.workApp.none')} />;
  const required = tab === 'employee' ? offered.data?.required : null;
  return (
    <div data-testid="workapp-signin">
      {required ? (
        <Alert
          type="info"
          showIcon
          title={t('auth.signin.workApp.required', { app: t(`auth.signin.workApp.${required}`) })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {failure ? <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} /> : null}
      <Flex vertical gap={8}>
        {platforms.map((p) => (
          <Button key={p} block size="large" loading={going === p} disabled={going !== null && going !== p} onClick={() => void go(p)}>
            {t('auth.signin.workApp.with', { app: t(`auth.signin.workApp.${p}`) })}
          </Button>
        ))}
      </Flex>
    </div>
  );
}
