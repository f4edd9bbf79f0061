import { formatTime, getPeopleCounting, Status, verifyPassword } from '@openvisit/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { KIOSK_TIMEOUT_MS } from '../config';
import { useKiosk } from '../context';
import { useK } from '../i18n';
import { isNetworkFailure, type QueueCounts } from '../offlineQueue';

/**
 * For staff: who is signed in, people on site, the offline queue (send now, records the offline screening matched,
 * refused records), and signing out. Anyone at the kiosk can open it, so it names no visitor: matched records show
 * their time and kind, refused ones their time and reason; signing the kiosk out takes the password of its account
 * (checked by the server, failures counting toward the account's lockout).
 */
export function StaffPanel({ counts, onClose, onExit }: { counts: QueueCounts; onClose: () => void; onExit: () => void }) {
  const { t, lang } = useK();
  const kiosk = useKiosk();
  const [onSite, setOnSite] = useState<{ onSite: number; people: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirmExit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setRefusal(t('staff.wrongPassword'));
    setChecking(true);
    setRefusal(null);
    try {
      await callApi(verifyPassword, { password }, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      onExit();
    } catch (err) {
      setPassword('');
      if (err instanceof ApiError && err.status === Status.WRONG_CREDENTIALS) setRefusal(t('staff.wrongPassword'));
      else if (isNetworkFailure(err)) setRefusal(t('errors.network'));
      else setRefusal(err instanceof ApiError ? errorText(err) : t('errors.network'));
    } finally {
      setChecking(false);
    }
  };
  const cancelExit = () => {
    setConfirming(false);
    setPassword('');
    setRefusal(null);
  };

  useEffect(() => {
    callApi(getPeopleCounting, {}, { silent: true })
      .then((c) => setOnSite({ onSite: c.onSite, people: c.people }))
      .catch(() => setOnSite(null));
  }, []);

  const gates = kiosk.config.gates.map((g) => g.gname).join(', ');
  return (
    <div className="k-overlay" role="dialog" aria-modal="true" aria-labelledby="k-staff-title">
      <div className="k-dialog">
        <h2 id="k-staff-title" className="k-title">
          {t('staff.title')}
        </h2>
        <p className="k-sub">{t('staff.account', { name: kiosk.session.sName ?? kiosk.session.account ?? '', company: kiosk.session.company })}</p>
        {gates ? <p className="k-sub">{t('staff.gate', { gate: gates })}</p> : null}
        {onSite ? <p className="k-sub">{t('staff.onSite', { count: onSite.onSite, people: onSite.people })}</p> : null}
        <p className="k-sub" data-testid="staff-queue">
          {t('staff.queue', { count: counts.pending })}
        </p>
        {counts.matched.length ? (
          <div className="k-notice k-notice--warn" data-testid="staff-matched">
            <p style={{ margin: 0 }}>{t('staff.matched', { count: counts.matched.length })}</p>
            <ul>
              {counts.matched.map((r) => (
                <li key={r.id}>
                  {t('staff.matchedItem', {
                    time: formatTime(r.createdAt, lang),
                    kind: t(r.kind === 'walkIn' ? 'staff.kindWalkIn' : 'staff.kindCheckIn'),
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {counts.refused.length ? (
          <div className="k-notice k-notice--warn">
            <p style={{ margin: 0 }}>{t('staff.failed', { count: counts.refused.length })}</p>
            <ul>
              {counts.refused.map((r) => (
                <li key={r.id}>
                  {t('staff.failedItem', {
                    time: formatTime(r.createdAt, lang),
                    reason: r.refused ? errorText(new ApiError(r.refused)) : '',
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {confirming ? (
          <form className="k-notice k-notice--warn" onSubmit={(e) => void confirmExit(e)} noValidate>
            <p>{t('staff.exitConfirm')}</p>
            <label className="k-field" htmlFor="k-exit-password">
              <span className="k-field__label">{t('staff.exitPassword')}</span>
              <input
                id="k-exit-password"
                className="k-input"
                type="password"
                autoComplete="current-password"
                value={password}
                aria-invalid={!!refusal}
                aria-describedby="k-exit-hint"
                onChange={(e) => setPassword(e.target.value)}
              />
              <small id="k-exit-hint" className="k-sub">
                {t('staff.exitPasswordHint')}
              </small>
              <span className="k-error" role="alert" data-testid="exit-error">
                {refusal ?? ''}
              </span>
            </label>
            <div className="k-actions">
              <button type="button" className="k-btn k-btn--ghost" onClick={cancelExit}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="k-btn" disabled={checking}>
                {checking ? t('staff.checking') : t('staff.exit')}
              </button>
            </div>
          </form>
        ) : null}
        <div className="k-actions">
          {counts.pending ? (
            <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => void kiosk.queue.flush(kiosk.session.userid)}>
              {t('staff.sendNow')}
            </button>
          ) : null}
          {counts.refused.length ? (
            <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => void kiosk.queue.clearRefused(kiosk.session.userid)}>
              {t('staff.clearFailed')}
            </button>
          ) : null}
          <button type="button" className="k-btn k-btn--ghost k-btn--small" onClick={() => setConfirming(true)}>
            {t('staff.exit')}
          </button>
          <button type="button" className="k-btn k-btn--small" onClick={onClose}>
            {t('staff.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
