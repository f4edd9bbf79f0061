import type { LoginResult } from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { resetSessionQueries, useConfig } from '../../../platform/config';
import { postLoginPath } from '../../../platform/landing';
import { errorText } from '../../../platform/notify';
import { consoleRoleOf, saveLogin } from '../../../platform/session';
import type { SignInTab } from '../signinKinds';

/** sessionStorage: a sign-in a tab started at a work app or identity provider, until the browser comes back. */
export interface SignInTrip {
  nonce: string;
  company: number;
  tab: SignInTab;
  redirect: string | null;
}

export function readTrip(key: string): SignInTrip | null {
  try {
    const trip = JSON.parse(sessionStorage.getItem(key) ?? 'null') as SignInTrip | null;
    return trip && typeof trip.nonce === 'string' ? trip : null;
  } catch {
    return null;
  }
}

/** A random nonce the tab keeps: the answer must come back to the tab that started (base64url, 32 characters). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Where a work app or an identity provider sends the browser back: finishes the sign-in this tab started (`finish`
 * with its trip, or null when the answer is incomplete), then lands like a password sign-in.
 */
export function SignInReturn({ tripKey, finish }: { tripKey: string; finish: (trip: SignInTrip) => Promise<LoginResult> | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const ran = useRef(false);
  const trip = useRef(readTrip(tripKey)).current;
  const back = trip ? `/signin/apps?${new URLSearchParams({ company: String(trip.company), role: trip.tab })}` : '/signin';

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    sessionStorage.removeItem(tripKey);
    const pending = trip ? finish(trip) : null;
    if (!trip || !pending) {
      setFailure(t('auth.signin.workApp.incomplete'));
      return;
    }
    pending
      .then((result) => {
        const role = consoleRoleOf(result);
        resetSessionQueries(queryClient);
        saveLogin(result, role);
        navigate(postLoginPath({ result, role, redirect: trip.redirect, features: config.data?.features }), { replace: true });
      })
      .catch((err: unknown) => setFailure(err instanceof ApiError ? errorText(err) : t('auth.signin.failed')));
  });

  if (!failure)
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 24 }} data-testid="workapp-return">
        <Spin />
        <span>{t('auth.signin.workApp.finishing')}</span>
      </Flex>
    );
  return (
    <Flex vertical gap={16} data-testid="workapp-return">
      <Alert type="error" showIcon role="alert" title={failure} />
      <Link to={back}>{t('auth.signin.workApp.back')}</Link>
    </Flex>
  );
}
