import { checkPhone, getReturningVisitor, type ReturningVisitor, Status, sendSmsCode } from '@openvisit/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { ruleMessage } from '../../platform/validationText';
import { KIOSK_TIMEOUT_MS } from '../config';
import { useK, type Wording } from '../i18n';
import { isNetworkFailure } from '../offlineQueue';

const CODE = /^\d{6}$/;

/**
 * "Came before" (the company's comeAgain switch): a returning visitor gives their phone and the form is filled from
 * their last visit; a first visit (or no match) goes on to the empty form, keeping the phone typed. While the company
 * has SMS on, the server asks for proof first (field error smsCode): a code is sent to the phone and typed here, so
 * nobody reads someone else's last visit by typing their number.
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
  const now = useK();
  const { t } = now;
  const { t: ct } = useTranslation();
  const [stage, setStage] = useState<'ask' | 'phone' | 'code'>('ask');
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [code, setCode] = useState('');
  const [codeTouched, setCodeTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: Wording; fillIn: boolean } | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const phoneRule = touched || phone ? checkPhone(phone) : null;
  const codeRule = (codeTouched || code) && !CODE.test(code.trim()) ? t('returning.codeFormat') : null;

  /** Sends a code to the phone and asks for it; a code sent a moment ago (52) may still be typed. */
  const sendCode = async (again: boolean): Promise<void> => {
    try {
      await callApi(sendSmsCode, { phone: phone.trim(), purpose: 'returning' }, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      setStage('code');
      setCode('');
      setCodeTouched(false);
      if (again) setInfo(t('returning.resent'));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.MESSAGE_ALREADY_SENT) {
        setStage('code');
        setProblem({ text: ({ t }) => t('returning.tooSoon'), fillIn: false });
      } else setProblem({ text: ({ t }) => t('returning.smsFailed'), fillIn: true });
    }
  };

  const lookUp = async (smsCode?: string): Promise<void> => {
    try {
      const input = { phone: phone.trim(), ...(smsCode && { smsCode }) };
      onFound(await callApi(getReturningVisitor, input, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS }));
    } catch (err) {
      const status = err instanceof ApiError ? err.status : null;
      const proofAsked = err instanceof ApiError && status === Status.BAD_PARAMS && err.fieldErrors.some((f) => f.field === 'smsCode');
      if (proofAsked && !smsCode) await sendCode(false);
      else if (status === Status.SMS_CODE_WRONG) setProblem({ text: ({ t }) => t('returning.wrongCode'), fillIn: false });
      else if (status === Status.SMS_CODE_EXPIRED) setProblem({ text: ({ t }) => t('returning.expiredCode'), fillIn: false });
      else if (status === Status.INVALID_VISITOR) setProblem({ text: ({ t }) => t('returning.notFound'), fillIn: true });
      // Switched off meanwhile (610), or no network: the visitor still registers, by hand.
      else if (status === Status.NO_PERMISSION) onSkip(phone.trim());
      else if (isNetworkFailure(err)) setProblem({ text: ({ t }) => t('returning.offline'), fillIn: true });
      else setProblem({ text: ({ t }) => (err instanceof ApiError ? errorText(err) : t('errors.network')), fillIn: true });
    }
  };

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setInfo(null);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };

  const find = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!checkPhone(phone)) void run(() => lookUp());
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    setCodeTouched(true);
    if (CODE.test(code.trim())) void run(() => lookUp(code.trim()));
  };

  const notices = (
    <>
      {info ? (
        <p className="k-notice" role="status" data-testid="returning-info">
          {info}
        </p>
      ) : null}
      {problem ? (
        <p className="k-notice k-notice--warn" role="alert" data-testid="returning-problem">
          {problem.text(now)}
        </p>
      ) : null}
    </>
  );
  const fillIn: ReactNode = problem?.fillIn ? (
    <button type="button" className="k-btn k-btn--ghost" onClick={() => onSkip(checkPhone(phone) ? '' : phone.trim())}>
      {t('returning.fillIn')}
    </button>
  ) : null;

  if (stage === 'ask')
    return (
      <section className="k-panel" aria-labelledby="k-returning-title">
        <h1 id="k-returning-title" className="k-title">
          {t('returning.title')}
        </h1>
        <p className="k-sub">{t('returning.hint')}</p>
        <div className="k-home__actions">
          <button type="button" className="k-tile k-tile--light" onClick={() => setStage('phone')}>
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

  if (stage === 'code')
    return (
      <section className="k-panel" aria-labelledby="k-returning-code-title">
        <h1 id="k-returning-code-title" className="k-title">
          {t('returning.codeTitle')}
        </h1>
        <p className="k-sub">{t('returning.codeHint', { phone: phone.trim() })}</p>
        <form onSubmit={confirm} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 'var(--gap)' }}>
          <label className="k-field" htmlFor="k-returning-code">
            <span className="k-field__label">{t('returning.code')}</span>
            <input
              id="k-returning-code"
              className="k-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              aria-invalid={!!codeRule}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <span className="k-error">{codeRule ?? ''}</span>
          </label>
          {notices}
          <div className="k-actions k-actions--spread">
            <button
              type="button"
              className="k-btn k-btn--ghost"
              onClick={() => {
                setStage('phone');
                setProblem(null);
                setInfo(null);
              }}
            >
              {t('common.back')}
            </button>
            <button type="button" className="k-btn k-btn--ghost" disabled={busy} onClick={() => void run(() => sendCode(true))}>
              {t('returning.resend')}
            </button>
            {fillIn}
            <button type="submit" className="k-btn" disabled={busy}>
              {busy ? t('common.sending') : t('returning.confirm')}
            </button>
          </div>
        </form>
      </section>
    );

  return (
    <section className="k-panel" aria-labelledby="k-returning-phone-title">
      <h1 id="k-returning-phone-title" className="k-title">
        {t('returning.phoneTitle')}
      </h1>
      <p className="k-sub">{t('returning.phoneHint')}</p>
      <form onSubmit={find} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 'var(--gap)' }}>
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
        {notices}
        <div className="k-actions k-actions--spread">
          <button type="button" className="k-btn k-btn--ghost" onClick={() => setStage('ask')}>
            {t('common.back')}
          </button>
          {fillIn}
          <button type="submit" className="k-btn" disabled={busy}>
            {busy ? t('common.sending') : t('returning.find')}
          </button>
        </div>
      </form>
    </section>
  );
}
