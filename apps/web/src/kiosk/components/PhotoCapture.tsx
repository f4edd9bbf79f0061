import { useState } from 'react';
import { captureFrame, useCamera } from '../../platform/camera';
import { useKiosk } from '../context';
import { useK } from '../i18n';

/**
 * The consent to face recognition, asked before the camera and apart from the visit's terms: the company's current
 * text in the kiosk's language (getPadConfig). Agreeing sends its version with the photo; declining changes nothing
 * for the visit (the photo, where one is taken, is for the badge only, and the doors take the QR code or card).
 */
function FaceConsentStep({ onChoice, onBack }: { onChoice: (consent: number | undefined) => void; onBack: () => void }) {
  const { t, lang } = useK();
  const text = useKiosk().config.faceConsent?.[lang];
  if (!text) return null;
  return (
    <section className="k-panel" aria-labelledby="k-face-consent-title" data-testid="face-consent">
      <h1 id="k-face-consent-title" className="k-title">
        {t('faceConsent.title')}
      </h1>
      <div className="k-protocol" data-testid="face-consent-text">
        {text.text}
      </div>
      <p className="k-sub">{t('faceConsent.version', { version: text.version })}</p>
      <div className="k-actions k-actions--spread">
        <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <div className="k-actions">
          <button type="button" className="k-btn k-btn--ghost" onClick={() => onChoice(undefined)}>
            {t('faceConsent.decline')}
          </button>
          <button type="button" className="k-btn" onClick={() => onChoice(text.id)}>
            {t('faceConsent.agree')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** What the face step hands over: the photo (a data URL, '' without one) and the consent version accepted, if any. */
export interface FaceShot {
  photo: string;
  faceConsent?: number;
}

/** The consent first (when the company's settings have come), then the camera; `onDone` has both. */
export function FacePhotoStep({ onDone, onBack, required = false }: { onDone: (shot: FaceShot) => void; onBack: () => void; required?: boolean }) {
  const { t } = useK();
  const asks = useKiosk().config.faceConsent !== undefined;
  const [choice, setChoice] = useState<{ consent: number | undefined } | null>(asks ? null : { consent: undefined });
  if (!choice) return <FaceConsentStep onBack={onBack} onChoice={(consent) => setChoice({ consent })} />;
  return (
    <PhotoCapture
      required={required}
      note={asks && choice.consent === undefined ? t('faceConsent.declined') : null}
      onBack={asks ? () => setChoice(null) : onBack}
      onDone={(photo) => onDone({ photo, ...(choice.consent ? { faceConsent: choice.consent } : {}) })}
    />
  );
}

/**
 * Takes the visitor's photo with the tablet camera. Without a camera the visitor goes on without one (when the type
 * requires a photo the server then says so, and reception helps); with a working camera a required photo is taken.
 */
function PhotoCapture({
  onDone,
  onBack,
  required = false,
  note,
}: {
  onDone: (photo: string) => void;
  onBack: () => void;
  required?: boolean;
  /** Under the hint: what the photo is for when face recognition was declined. */
  note: string | null;
}) {
  const { t } = useK();
  const { videoRef, state } = useCamera('user');
  const [shot, setShot] = useState<string | null>(null);
  const take = () => {
    const video = videoRef.current;
    const frame = video ? captureFrame(video) : null;
    if (frame) setShot(frame);
  };
  const message = state === 'starting' ? t('photo.starting') : state === 'none' ? t('photo.noCamera') : state === 'denied' ? t('photo.denied') : null;
  return (
    <section className="k-panel k-panel--fill" aria-labelledby="k-photo-title">
      <h1 id="k-photo-title" className="k-title">
        {t('photo.title')}
      </h1>
      <p className="k-sub">{t('photo.hint')}</p>
      {note ? (
        <p className="k-notice" data-testid="face-declined">
          {note}
        </p>
      ) : null}
      <div className="k-camera-box">
        <div className="k-camera">
          {/* The video stays mounted under the still, so "take again" needs no new stream. */}
          <video ref={videoRef} className="k-mirror" muted playsInline autoPlay data-testid="camera" hidden={!!shot} />
          {shot ? <img src={shot} alt={t('photo.title')} data-testid="photo-preview" /> : null}
          {!shot && message ? <div className="k-camera__msg">{message}</div> : null}
        </div>
      </div>
      <div className="k-actions k-actions--spread">
        <button type="button" className="k-btn k-btn--ghost" onClick={onBack}>
          {t('common.back')}
        </button>
        <div className="k-actions">
          {shot ? (
            <>
              <button type="button" className="k-btn k-btn--ghost" onClick={() => setShot(null)}>
                {t('photo.retake')}
              </button>
              <button type="button" className="k-btn" onClick={() => onDone(shot)}>
                {t('photo.use')}
              </button>
            </>
          ) : (
            <>
              {required && state === 'live' ? null : (
                <button type="button" className="k-btn k-btn--ghost" onClick={() => onDone('')}>
                  {t('photo.skip')}
                </button>
              )}
              <button type="button" className="k-btn" onClick={take} disabled={state !== 'live'}>
                {t('photo.take')}
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
