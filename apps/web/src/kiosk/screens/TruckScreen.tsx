import { checkPersonId, driverExamRequired, isMainland, logisticsArrive, logisticsLeave, Status } from '@openvisit/contract';
import { type FormEvent, useState } from 'react';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { ruleMessage } from '../../platform/validationText';
import { InductionStep } from '../components/InductionStep';
import { KIOSK_TIMEOUT_MS } from '../config';
import { useKiosk } from '../context';
import { useK, useMessage } from '../i18n';

type Move = 'arrive' | 'leave';

/** The words of a refused truck move, in the kiosk's language. */
function truckErrorText(err: unknown, move: Move, t: ReturnType<typeof useK>['t']): string {
  if (!(err instanceof ApiError) || err.http !== undefined) return t('errors.network');
  if (err.status === Status.NO_SUCH_RECORD) return t(move === 'arrive' ? 'truck.noBooking' : 'truck.notOnSite');
  if (err.status === Status.UPDATE_NOT_ALLOWED) return t(move === 'arrive' ? 'truck.cannotArrive' : 'truck.notOnSite');
  return errorText(err);
}

/**
 * A truck's driver signs the truck in or out with their ID card (a reader types the number; it can be typed too):
 * today's approved booking of that driver arrives or leaves. When its logistics type asks for the safety induction
 * (69), the driver takes it here and the arrival goes again once passed.
 */
export function TruckScreen() {
  const { t, ct } = useK();
  const kiosk = useKiosk();
  const [idNumber, setIdNumber] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useMessage();
  const [exam, setExam] = useState<{ sid: number; round: number } | null>(null);
  const country = kiosk.config.settings.country;
  // The driver's ID number by the company's country: the mainland ID card's, or a passport's elsewhere.
  const rule = checkPersonId(country, idNumber);

  const send = async (move: Move) => {
    setTouched(true);
    if (rule || busy) return;
    setBusy(true);
    setError(null);
    try {
      const input = { dcardId: idNumber.trim().toUpperCase() };
      const booking = await callApi(move === 'arrive' ? logisticsArrive : logisticsLeave, input, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      kiosk.finish({ kind: 'truck', move, booking });
    } catch (err) {
      const owed = err instanceof ApiError && err.status === Status.EXAM_REQUIRED ? driverExamRequired.safeParse(err.result).data : undefined;
      if (owed) {
        setExam((e) => ({ sid: owed.sid, round: (e?.round ?? 0) + 1 }));
        return;
      }
      setExam(null);
      setError(({ t }) => truckErrorText(err, move, t));
    } finally {
      setBusy(false);
    }
  };

  if (exam)
    return (
      <InductionStep
        key={exam.round}
        drawFor={{ sid: exam.sid }}
        continueLabel={t('truck.continue')}
        sending={busy}
        describeError={(err) => truckErrorText(err, 'arrive', t)}
        onPassed={() => void send('arrive')}
      />
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send('arrive');
  };
  const shownRule = touched && rule ? rule : null;
  return (
    <section className="k-panel" aria-labelledby="k-truck-title">
      <h1 id="k-truck-title" className="k-title">
        {t('truck.title')}
      </h1>
      <p className="k-sub">{t('truck.intro')}</p>
      {error ? (
        <p className="k-notice k-notice--error" role="alert" data-testid="kiosk-error">
          {error}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <label className="k-field" htmlFor="k-truck-id">
          <span className="k-field__label">{t('truck.idNumber')}</span>
          <input
            id="k-truck-id"
            className="k-input"
            value={idNumber}
            placeholder={isMainland(country) ? t('truck.idPlaceholder') : t('truck.idPlaceholderAbroad')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={isMainland(country) ? 18 : 32}
            aria-invalid={shownRule !== null}
            onChange={(e) => setIdNumber(e.target.value)}
          />
          <span className="k-error">{shownRule ? ruleMessage(ct, shownRule) : ''}</span>
        </label>
        <div className="k-actions">
          <button type="submit" className="k-btn" disabled={busy} data-testid="truck-arrive">
            {busy ? t('common.sending') : t('truck.arrive')}
          </button>
          <button type="button" className="k-btn k-btn--ghost" disabled={busy} data-testid="truck-leave" onClick={() => void send('leave')}>
            {t('truck.leave')}
          </button>
        </div>
      </form>
    </section>
  );
}
