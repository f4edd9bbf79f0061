import { checkInByCode, examRequired, formatDateTime, residentSignIn, Status } from '@openvisit/contract';
import { type ReactNode, useRef, useState } from 'react';
import { callApi } from '../../platform/api';
import { ApiError } from '../../platform/apiError';
import { errorText } from '../../platform/notify';
import { type CodeAnswer, CodeEntry } from '../components/CodeEntry';
import { InductionStep } from '../components/InductionStep';
import { FacePhotoStep, type FaceShot } from '../components/PhotoCapture';
import { ProtocolStep, termsSigned } from '../components/ProtocolStep';
import { KIOSK_TIMEOUT_MS } from '../config';
import { useKiosk } from '../context';
import { useK, useMessage } from '../i18n';
import { isNetworkFailure, newClientKey } from '../offlineQueue';

function timeOf(ms: unknown, lang: 'zh' | 'en'): string | null {
  if (typeof ms !== 'number') return null;
  return formatDateTime(ms, lang);
}

/** The text of a refused check-in or sign-out, in the kiosk's language. */
export function visitErrorText(err: unknown, t: ReturnType<typeof useK>['t'], lang: 'zh' | 'en'): string {
  if (!(err instanceof ApiError)) return t('errors.network');
  if (err.http !== undefined) return t('errors.network');
  const result = err.result as { opensAt?: number; closedAt?: number; status?: string } | null;
  if (err.status === Status.TOO_EARLY) {
    const time = timeOf(result?.opensAt, lang);
    return time ? t('checkin.early', { time }) : t('checkin.earlyNoTime');
  }
  if (err.status === Status.LATE) {
    const time = timeOf(result?.closedAt, lang);
    return time ? t('checkin.late', { time }) : t('checkin.lateNoTime');
  }
  if (err.status === Status.INVALID_VISITOR) return t('checkin.unknown');
  if (err.status === Status.VISITOR_UNAUTHORIZED) return t('checkin.notApproved');
  // 58 names the visit's status: a called-off invitation says so; declined, expired or signed out cannot be used.
  if (err.status === Status.UPDATE_NOT_ALLOWED && result?.status) return t(result.status === 'ended' ? 'checkin.calledOff' : 'checkin.notUsable');
  if (err.status === Status.OUTSIDE_VALIDITY) return t('checkin.residentOutside');
  return errorText(err);
}

/**
 * An invited or booked visitor checks in by QR code, code or phone; a phone without an invitation may be a resident
 * visitor's, who is signed in with it (ResidentVisitorSignIn). When the company has terms the visit has not
 * accepted yet, the server asks for them (a `protocolAccepted` field error) and the visitor reads and signs first.
 * Without a network the check-in is queued with its key and the visitor sees that it will be sent (or, when the phone
 * matched the kiosk's copy of the watchlists, is asked to see reception). With the face scanner switched on
 * (faceScaner), the visitor's face is taken with the kiosk's camera after the code and checked in with the visit (a
 * kiosk without a camera goes on without one).
 */
export function CheckInScreen() {
  const { t, lang } = useK();
  const kiosk = useKiosk();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useMessage();
  const [needTerms, setNeedTerms] = useState<{ answer: CodeAnswer; clientKey: string } | null>(null);
  // The visit's type asks for the safety induction (69): the same check-in goes again once passed.
  const [exam, setExam] = useState<{ answer: CodeAnswer; clientKey: string; signature: string; vid: number; round: number } | null>(null);
  const [face, setFace] = useState<{ answer: CodeAnswer; clientKey: string } | null>(null);
  // A ref, not state: the face step hands it over and sends in the same tick; the terms and induction resend it.
  const photo = useRef<FaceShot>({ photo: '' });

  const send = async (answer: CodeAnswer, clientKey: string, signature = '') => {
    setBusy(true);
    setError(null);
    const input = { ...answer, ...termsSigned(kiosk.config, lang, signature), clientKey, ...(photo.current.photo && photo.current) };
    try {
      const visit = await callApi(checkInByCode, input, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
      kiosk.finish({ kind: visit.repeated ? 'repeated' : visit.status === 'signedIn' ? 'signedIn' : 'awaiting', visit, photo: null });
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.BLACKLISTED) return kiosk.finish({ kind: 'refused' });
      if (err instanceof ApiError && err.status === Status.BAD_PARAMS && err.fieldErrors.some((f) => f.field === 'protocolAccepted')) {
        setExam(null);
        setNeedTerms({ answer, clientKey });
        return;
      }
      const required = err instanceof ApiError && err.status === Status.EXAM_REQUIRED ? examRequired.safeParse(err.result).data : undefined;
      if (required?.vid) {
        setNeedTerms(null);
        setExam((e) => ({ answer, clientKey, signature, vid: required.vid ?? 0, round: (e?.round ?? 0) + 1 }));
        return;
      }
      // No invitation for this phone: a resident visitor (a supplier's staff…) signs in with it.
      if (err instanceof ApiError && err.status === Status.INVALID_VISITOR && answer.phone) {
        try {
          const resident = await callApi(residentSignIn, { phone: answer.phone }, { silent: true, timeoutMs: KIOSK_TIMEOUT_MS });
          return kiosk.finish({ kind: resident.repeated ? 'repeated' : 'signedIn', visit: resident, photo: null });
        } catch (e) {
          if (e instanceof ApiError && e.status === Status.BLACKLISTED) return kiosk.finish({ kind: 'refused' });
          if (!(e instanceof ApiError && e.status === Status.INVALID_VISITOR)) {
            setError(({ t, lang }) => visitErrorText(e, t, lang));
            return;
          }
        }
      }
      if (isNetworkFailure(err)) {
        // By phone, the phone is screened against the kiosk's copy of the watchlists; a code names no one the kiosk knows.
        const label = answer.verifyCode || answer.phone;
        const record = { id: clientKey, kind: 'checkIn', companyId: kiosk.session.userid, label, input } as const;
        const { matched } = await kiosk.enqueue(record, answer.phone ? { phone: answer.phone } : undefined);
        return kiosk.finish({ kind: 'queued', label, matched });
      }
      setNeedTerms(null);
      setExam(null);
      setError(({ t, lang }) => visitErrorText(err, t, lang));
    } finally {
      setBusy(false);
    }
  };

  if (exam)
    return (
      <InductionStep
        key={exam.round}
        drawFor={{ vid: exam.vid }}
        continueLabel={t('induction.continueCheckIn')}
        sending={busy}
        describeError={(err) => visitErrorText(err, t, lang)}
        onPassed={() => void send(exam.answer, exam.clientKey, exam.signature)}
      />
    );
  const faceTaken = (shot: FaceShot, f: { answer: CodeAnswer; clientKey: string }) => {
    photo.current = shot;
    setFace(null);
    void send(f.answer, f.clientKey);
  };
  if (face) return <FacePhotoStep required onBack={() => setFace(null)} onDone={(shot) => faceTaken(shot, face)} />;
  if (needTerms)
    return (
      <ProtocolStep
        busy={busy}
        submitLabel={t('checkin.submit')}
        onBack={() => setNeedTerms(null)}
        onDone={(signature) => void send(needTerms.answer, needTerms.clientKey, signature)}
      />
    );

  return (
    <CodePanel
      error={error}
      busy={busy}
      scan={kiosk.config.settings.scaner !== 0}
      onSubmit={(answer) => {
        if (busy) return;
        photo.current = { photo: '' };
        if (kiosk.config.settings.faceScaner === 1) setFace({ answer, clientKey: newClientKey() });
        else void send(answer, newClientKey());
      }}
    />
  );
}

/** The check-in screen's own panel: the code, QR or phone entry, and what went wrong last. */
function CodePanel({ error, busy, scan, onSubmit }: { error: ReactNode; busy: boolean; scan: boolean; onSubmit: (answer: CodeAnswer) => void }) {
  const { t } = useK();
  return (
    <section className="k-panel" aria-labelledby="k-checkin-title">
      <h1 id="k-checkin-title" className="k-title">
        {t('checkin.title')}
      </h1>
      {error ? (
        <p className="k-notice k-notice--error" role="alert" data-testid="kiosk-error">
          {error}
        </p>
      ) : null}
      <CodeEntry submitLabel={t('checkin.submit')} busy={busy} scan={scan} onSubmit={onSubmit} />
    </section>
  );
}
