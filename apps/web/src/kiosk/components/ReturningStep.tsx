import { checkPhone, getReturningVisitor, type ReturningVisitor, Status } from '@openvisit/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { ruleMessage } from '../../platform/validationText';
import { useK } from '../i18n';
import { isNetworkFailure } from '../offlineQueue';
import { KIOSK_TIMEOUT_MS } from '../screens/CheckInScreen';

/**
 * "Came before" (the company's comeAgain switch): a returning visitor gives their phone and the form is filled from
 * their last visit; a first visit (or no match) goes on to the empty form, keeping the phone typed.
 */
export function ReturningStep({
  onFound,
  onSkip,
  onBack,
}: {
  onFound: (r: ReturningVisitor) => void;
  onSkip: (phone: string) => void;
  onBack: () => void;
}) {
  const { t } = useK();
  const { t: ct } = useTranslation();
  const [asking, setAsking] = useState(true);
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; fillIn: boolean } | null>(null);
  const phoneRule = touched || phone ? checkPhone(phone) : null;

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (checkPhone(phone)) return;
    setBusy(true);
    setProblem(null);
    try {
      onFound(await callApi(getReturningVisitor, { phone: phone.trim() }, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS }));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.INVALID_VISITOR) setProblem({ text: t('returning.notFound'), fillIn: true });
      // Switched off meanwhile (610), or no network: the visitor still registers, by hand.
      else if (err instanceof ApiError && err.status === Status.NO_PERMISSION) onSkip(phone.trim());
      else if (isNetworkFailure(err)) setProblem({ text: t('returning.offline'), fillIn: true });
      else setProblem({ text: err instanceof ApiError ? errorText(err) : t('errors.network'), fillIn: true });
    } finally {
      setBusy(false);
    }
  };

  if (asking)
    return (
      <section className="k-panel" aria-labelledby="k-returning-title">
        <h1 id="k-returning-title" className="k-title">
          {t('returning.title')}
        </h1>
        <p className="k-sub">{t('returning.hint')}</p>
        <div className="k-home__actions">
          <button type="button" className="k-tile k-tile--light" onClick={() => setAsking(false)}>
            <strong>{t('returning.yes')}</strong>
          </button>
          <button type="button" className="k-tile k-tile--light" onClick={() => onSkip('')}>
            <strong>{t('returning.no')}</strong>
          </button>
        </div>
        <div className="k-actions">
          <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
            {t('common.back')}
          </button>
        </div>
      </section>
    );

  return (
    <section className="k-panel" aria-labelledby="k-returning-phone-title">
      <h1 id="k-returning-phone-title" className="k-title">
        {t('returning.phoneTitle')}
      </h1>
      <p className="k-sub">{t('returning.phoneHint')}</p>
      <form onSubmit={(e) => void find(e)} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 'var(--gap)' }}>
        <label className="k-field" htmlFor="k-returning-phone">
          <span className="k-field__label">{t('returning.phone')}</span>
          <input
            id="k-returning-phone"
            className="k-input"
            type="tel"
            inputMode="tel"
            value={phone}
            autoComplete="off"
            aria-invalid={!!phoneRule}
            onChange={(e) => setPhone(e.target.value)}
          />
          <span className="k-error">{phoneRule ? ruleMessage(ct, phoneRule, { field: 'phone' }) : ''}</span>
        </label>
        {problem ? (
          <p className="k-notice k-notice--warn" role="alert" data-testid="returning-problem">
            {problem.text}
          </p>
        ) : null}
        <div className="k-actions k-actions--spread">
          <button type="button" className="k-btn k-btn--ghost" onClick={() => setAsking(true)}>
            {t('common.back')}
          </button>
          {problem?.fillIn ? (
            <button type="button" className="k-btn k-btn--ghost" onClick={() => onSkip(checkPhone(phone) ? '' : phone.trim())}>
              {t('returning.fillIn')}
            </button>
          ) : null}
          <button type="submit" className="k-btn" disabled={busy}>
            {busy ? t('common.sending') : t('returning.find')}
          </button>
        </div>
      </form>
    </section>
  );
}
