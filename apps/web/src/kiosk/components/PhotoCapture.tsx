import { useState } from 'react';
import { captureFrame, useCamera } from '../../platform/camera';
import { useK } from '../i18n';

/**
 * Takes the visitor's photo with the tablet camera. Without a camera the visitor goes on without one (when the type
 * requires a photo the server then says so, and reception helps); with a working camera a required photo is taken.
 */
export function PhotoCapture({ onDone, onBack, required = false }: { onDone: (photo: string) => void; onBack: () => void; required?: boolean }) {
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
