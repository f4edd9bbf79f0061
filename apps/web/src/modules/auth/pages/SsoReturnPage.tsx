import { useLocation } from 'react-router';
import { api } from '../../../platform/api';
import { currentLang } from '../../../platform/i18n';
import { SignInReturn } from '../components/SignInReturn';
import { SSO_TRIP_KEY } from '../components/SsoSignIn';

/**
 * Where every identity provider sends the browser back (`/signin/sso?code=…&state=…`, or its error): the server checks
 * the answer with the flow it kept for the state, and the tab's nonce.
 */
export function SsoReturnPage() {
  const { search } = useLocation();
  return (
    <SignInReturn
      tripKey={SSO_TRIP_KEY}
      finish={(trip) => {
        const query = search.replace(/^\?/, '');
        if (!query) return null;
        return api.ssoSignInFinish({ query, nonce: trip.nonce, lang: currentLang() }, { silent: true });
      }}
    />
  );
}
