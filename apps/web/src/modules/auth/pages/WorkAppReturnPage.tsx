import { IM_PLATFORMS } from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { resetSessionQueries, useConfig } from '../../../platform/config';
import { currentLang } from '../../../platform/i18n';
import { postLoginPath } from '../../../platform/landing';
import { errorText } from '../../../platform/notify';
import { consoleRoleOf, saveLogin } from '../../../platform/session';
import { WORK_APP_TRIP_KEY, type WorkAppTrip } from '../components/WorkAppSignIn';

function readTrip(): WorkAppTrip | null {
  try {
    const trip = JSON.parse(sessionStorage.getItem(WORK_APP_TRIP_KEY) ?? 'null') as WorkAppTrip | null;
    return trip && typeof trip.nonce === 'string' ? trip : null;
  } catch {
    return null;
  }
}

/**
 * Where DingTalk, Feishu or WeCom send the browser back (`/signin/im/<platform>?code|authCode=…&state=…`): finishes the
 * sign-in this tab started (its nonce), then lands like a password sign-in.
 */
export function WorkAppReturnPage() {
  const { t } = useTranslation();
  const { platform } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const ran = useRef(false);
  const trip = useRef(readTrip()).current;
  const back = trip ? `/signin/apps?${new URLSearchParams({ company: String(trip.company), role: trip.tab })}` : '/signin';

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    sessionStorage.removeItem(WORK_APP_TRIP_KEY);
    const known = IM_PLATFORMS.find((p) => p === platform);
    // DingTalk names the code authCode; Feishu and WeCom code. A refusal on the platform's page comes back without one.
    const code = params.get('authCode') ?? params.get('code') ?? '';
    const state = params.get('state') ?? '';
    if (!known || !trip || !code || !state) {
      setFailure(t('auth.signin.workApp.incomplete'));
      return;
    }
    api
      .imSignInFinish({ platform: known, code, state, nonce: trip.nonce, lang: currentLang() }, { silent: true })
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
