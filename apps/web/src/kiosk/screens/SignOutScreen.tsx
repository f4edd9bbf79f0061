import { Status, signOutVisitor } from '@openvisit/contract';
import { useState } from 'react';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { type CodeAnswer, CodeEntry } from '../components/CodeEntry';
import { KIOSK_TIMEOUT_MS } from '../config';
import { useKiosk } from '../context';
import { useK, useMessage } from '../i18n';
import { visitErrorText } from './CheckInScreen';

/** A visitor leaving signs out by QR code, code or phone (when the company's sign-out switch is on). */
export function SignOutScreen() {
  const { t } = useK();
  const kiosk = useKiosk();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useMessage();

  const send = async (answer: CodeAnswer) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const visits = await callApi(signOutVisitor, answer, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      kiosk.finish({ kind: 'signedOut', names: [...new Set(visits.map((v) => v.vname))] });
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.NO_PERMISSION && err.http === undefined) setError(({ t }) => t('signout.off'));
      else if (err instanceof ApiError && err.status === Status.INVALID_VISITOR) setError(({ t }) => t('signout.unknown'));
      else setError(({ t, lang }) => visitErrorText(err, t, lang));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="k-panel" aria-labelledby="k-signout-title">
      <h1 id="k-signout-title" className="k-title">
        {t('signout.title')}
      </h1>
      {error ? (
        <p className="k-notice k-notice--error" role="alert" data-testid="kiosk-error">
          {error}
        </p>
      ) : null}
      <CodeEntry purpose="signOut" submitLabel={t('signout.submit')} busy={busy} onSubmit={(answer) => void send(answer)} />
    </section>
  );
}
