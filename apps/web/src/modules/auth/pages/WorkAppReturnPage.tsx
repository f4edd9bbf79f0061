import { IM_PLATFORMS } from '@openvisit/contract';
import { useParams, useSearchParams } from 'react-router';
import { api } from '../../../platform/api';
import { currentLang } from '../../../platform/i18n';
import { SignInReturn } from '../components/SignInReturn';
import { WORK_APP_TRIP_KEY } from '../components/WorkAppSignIn';

/**
 * Where DingTalk, Feishu or WeCom send the browser back (`/signin/im/<platform>?code|authCode=…&state=…`): finishes the
 * sign-in this tab started (its nonce), then lands like a password sign-in.
 */
export function WorkAppReturnPage() {
  const { platform } = useParams();
  const [params] = useSearchParams();
  return (
    <SignInReturn
      tripKey={WORK_APP_TRIP_KEY}
      finish={(trip) => {
        const known = IM_PLATFORMS.find((p) => p === platform);
        // DingTalk names the code authCode; Feishu and WeCom code. A refusal on the platform's page comes back without one.
        const code = params.get('authCode') ?? params.get('code') ?? '';
        const state = params.get('state') ?? '';
        if (!known || !code || !state) return null;
        return api.imSignInFinish({ platform: known, code, state, nonce: trip.nonce, lang: currentLang() }, { silent: true });
      }}
    />
  );
}
