import { checkPhone } from '@openvisit/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleMessage } from '../../platform/validationText';
import { useK } from '../i18n';
import { QrScanner } from './QrScanner';

export type CodeAnswer = { verifyCode: string; phone: '' } | { verifyCode: ''; phone: string };
type Mode = 'scan' | 'code' | 'phone';

/**
 * How a visitor names their visit: the QR code of the invitation or badge (unless `scan` is false: the company's QR
 * check-in switch), its code typed, or their phone. Checking in, the code is the invitation's; signing out, a walk-in
 * has none, so the phone comes first and the code is the one on the badge.
 */
export function CodeEntry({
  submitLabel,
  busy,
  onSubmit,
  scan = true,
  purpose = 'checkIn',
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: (answer: CodeAnswer) => void;
  scan?: boolean;
  purpose?: 'checkIn' | 'signOut';
}) {
  const { t } = useK();
  const { t: ct } = useTranslation();
  const texts = purpose === 'signOut' ? 'signout' : 'checkin';
  const [mode, setMode] = useState<Mode>(purpose === 'signOut' ? 'phone' : 'code');
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);

  const phoneRule = mode === 'phone' && (touched || phone) ? checkPhone(phone) : null;
  const codeMissing = mode === 'code' && touched && !code.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (mode === 'code' && code.trim()) onSubmit({ verifyCode: code.trim(), phone: '' });
    if (mode === 'phone' && !checkPhone(phone)) onSubmit({ verifyCode: '', phone: phone.trim() });
  };

  const tab = (m: Mode, label: string) => (
    <button
      type="button"
      className="k-choice"
      aria-pressed={mode === m}
      onClick={() => {
        setMode(m);
        setTouched(false);
      }}
    >
      {label}
    </button>
  );

  return (
    <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 'var(--gap)' }}>
      <fieldset className="k-choices">
        {scan ? tab('scan', t('checkin.scan')) : null}
        {purpose === 'signOut' ? tab('phone', t('checkin.byPhone')) : null}
        {tab('code', t('checkin.byCode'))}
        {purpose === 'signOut' ? null : tab('phone', t('checkin.byPhone'))}
      </fieldset>
      {mode === 'scan' ? (
        <>
          <p className="k-sub">{t(`${texts}.scanHint`)}</p>
          <QrScanner onResult={(text) => onSubmit({ verifyCode: text, phone: '' })} />
        </>
      ) : mode === 'code' ? (
        <label className="k-field" htmlFor="k-code">
          <span className="k-field__label">{t(`${texts}.code`)}</span>
          <input
            id="k-code"
            className="k-input"
            value={code}
            placeholder={t(`${texts}.codePlaceholder`)}
            // The visit code is digits: a tablet's number pad, not its full keyboard (issue 35).
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={codeMissing}
            onChange={(e) => setCode(e.target.value)}
          />
          <span className="k-error">{codeMissing ? ct('validation.required') : ''}</span>
        </label>
      ) : (
        <label className="k-field" htmlFor="k-phone">
          <span className="k-field__label">{t('checkin.phone')}</span>
          <input
            id="k-phone"
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
      )}
      {mode !== 'scan' ? (
        <div className="k-actions">
          <button type="submit" className="k-btn" disabled={busy}>
            {busy ? t('common.sending') : submitLabel}
          </button>
        </div>
      ) : null}
    </form>
  );
}
