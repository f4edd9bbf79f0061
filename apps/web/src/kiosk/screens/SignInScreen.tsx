import {
  type CaptchaKind,
  checkPassword,
  getValidationCode,
  type LoginResult,
  login,
  Role,
  Status,
  updatePassword,
  validationCode,
} from '@openvisit/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { saveLogin, signOutLocal } from '../../platform/session';
import { ruleMessage } from '../../platform/validationText';
import { LangButton } from '../components/TopBar';
import { useK, useMessage } from '../i18n';

/** Staff accounts that may run a kiosk: the gate's front desk and visitor machines. */
export const KIOSK_STYPES: readonly number[] = [Role.GATE, Role.MACHINE];

interface Captcha {
  kind: CaptchaKind;
  image: string;
  digest: string;
}

/**
 * Staff start the kiosk with the front-desk (sType 2) or visitor-machine (sType 4) account of the gate. Machines are
 * exempt from the captcha; a desk account gets one when the server asks for it. An account whose password must be
 * changed changes it here.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const { t } = useK();
  const { i18n } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [vcode, setVcode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [error, setError] = useMessage();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<LoginResult | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const loadCaptcha = async (kind: CaptchaKind = captcha?.kind ?? 'image') => {
    const c = await callApi(getValidationCode, kind === 'image' ? {} : { kind }, { silent: true }).catch(() => null);
    setCaptcha(c ? { kind, image: c.base64Str, digest: c.digest } : null);
    setVcode('');
  };

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === Status.CAPTCHA_INVALID && !captcha) void loadCaptcha();
    else if (captcha) void loadCaptcha();
    setError(() => (err instanceof ApiError ? errorText(err) : String(err)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!account.trim() || !password) {
      setError(({ ct }) => ct('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let digest: string | undefined;
      if (captcha) {
        await callApi(validationCode, { digest: captcha.digest, vcode: vcode.trim() }, { silent: true });
        digest = captcha.digest;
      }
      const result = await callApi(login, { email: account.trim(), password, digest, lang: i18n.language === 'zh' ? 'zh' : 'en' }, { silent: true });
      if (!KIOSK_STYPES.includes(result.sType ?? -99)) {
        setError(({ t }) => t('signin.wrongKind'));
        return;
      }
      saveLogin(result, 'reception');
      if (result.mustChangePassword) setPending(result);
      else onSignedIn(result);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const change = async (e: FormEvent) => {
    e.preventDefault();
    const rule = checkPassword(newPassword, { old: password });
    if (rule) {
      setError(({ ct }) => ruleMessage(ct, rule));
      return;
    }
    if (newPassword !== confirm) {
      setError(({ ct }) => ct('validation.mismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await callApi(updatePassword, { oldPassword: password, password: newPassword, confirm }, { silent: true });
      if (pending) onSignedIn({ ...pending, mustChangePassword: false });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, label: string, value: string, set: (v: string) => void, type = 'text', autoComplete = 'off') => (
    <label className="k-field" htmlFor={id}>
      <span className="k-field__label">{label}</span>
      <input id={id} className="k-input" type={type} value={value} autoComplete={autoComplete} onChange={(e) => set(e.target.value)} />
    </label>
  );

  return (
    <main className="k-main" style={{ justifyContent: 'center' }}>
      <div className="k-panel" style={{ maxWidth: 640 }}>
        <div className="k-actions k-actions--spread" style={{ alignItems: 'center' }}>
          <h1 className="k-title">{t('signin.title')}</h1>
          <LangButton save />
        </div>
        {pending ? (
          <form className="k-panel" style={{ boxShadow: 'none', padding: 0 }} onSubmit={change} noValidate>
            <p className="k-notice k-notice--warn">{t('signin.mustChange')}</p>
            {field('k-new-password', t('signin.newPassword'), newPassword, setNewPassword, 'password', 'new-password')}
            {field('k-confirm-password', t('signin.confirmPassword'), confirm, setConfirm, 'password', 'new-password')}
            {error ? (
              <p className="k-notice k-notice--error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="k-actions">
              <button
                type="button"
                className="k-btn k-btn--ghost"
                onClick={() => {
                  signOutLocal();
                  setPending(null);
                }}
              >
                {t('common.cancel')}
              </button>
              <button type="submit" className="k-btn" disabled={busy}>
                {t('signin.changeSubmit')}
              </button>
            </div>
          </form>
        ) : (
          <form className="k-panel" style={{ boxShadow: 'none', padding: 0 }} onSubmit={submit} noValidate>
            <p className="k-sub">{t('signin.hint')}</p>
            {field('k-account', t('signin.account'), account, setAccount, 'text', 'username')}
            {field('k-password', t('signin.password'), password, setPassword, 'password', 'current-password')}
            {captcha ? (
              <div className="k-field">
                <label className="k-field__label" htmlFor="k-captcha">
                  {t('signin.captcha')}
                </label>
                <div className="k-actions" style={{ justifyContent: 'flex-start', alignItems: 'center' }}>
                  <input
                    id="k-captcha"
                    className="k-input"
                    style={{ flex: 1 }}
                    value={vcode}
                    autoComplete="off"
                    inputMode={captcha.kind === 'question' ? 'numeric' : undefined}
                    onChange={(e) => setVcode(e.target.value)}
                  />
                  <img src={captcha.image} alt={captcha.kind === 'question' ? t('signin.captchaSum') : t('signin.captcha')} width={176} height={60} />
                  <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => void loadCaptcha()}>
                    {captcha.kind === 'question' ? t('signin.captchaAnother') : t('signin.captchaRefresh')}
                  </button>
                </div>
                <button
                  type="button"
                  className="k-btn k-btn--ghost k-btn--small"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => void loadCaptcha(captcha.kind === 'image' ? 'question' : 'image')}
                >
                  {captcha.kind === 'image' ? t('signin.captchaUseQuestion') : t('signin.captchaUsePicture')}
                </button>
              </div>
            ) : null}
            {error ? (
              <p className="k-notice k-notice--error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="k-btn" disabled={busy}>
              {t('signin.submit')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
