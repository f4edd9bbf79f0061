import { useEffect, useRef } from 'react';
import { useCamera } from '../../platform/camera';
import { useK } from '../i18n';

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (opts: { formats: string[] }) => Detector;

/** The browser's BarcodeDetector when it reads QR codes, else null. */
async function nativeDetector(): Promise<Detector | null> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const formats = (await Ctor.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

/** One frame → the QR code's text: BarcodeDetector when present, else jsQR (loaded only when a scan starts). */
async function makeReader(): Promise<Reader> {
  const native = await nativeDetector();
  if (native)
    return async (video) => {
      const [code] = await native.detect(video);
      return code?.rawValue ?? null;
    };
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!ctx || !w || !h) return null;
    const scale = Math.min(1, 640 / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/** A live camera view that answers each QR code it reads (the same code again only after a pause). */
export function QrScanner({ onResult }: { onResult: (text: string) => void }) {
  const { t } = useK();
  const { videoRef, state } = useCamera('user');
  const done = useRef(onResult);
  done.current = onResult;

  useEffect(() => {
    if (state !== 'live') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastText = '';
    let lastAt = 0;
    void makeReader().then((read) => {
      const tick = async () => {
        if (stopped) return;
        const video = videoRef.current;
        const text = (video ? await read(video).catch(() => null) : null)?.trim();
        if (stopped) return;
        if (text && (text !== lastText || Date.now() - lastAt > 5000)) {
          lastText = text;
          lastAt = Date.now();
          done.current(text);
          timer = setTimeout(tick, 1500);
          return;
        }
        timer = setTimeout(tick, 200);
      };
      void tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state, videoRef]);

  const message = state === 'starting' ? t('photo.starting') : state === 'none' ? t('photo.noCamera') : state === 'denied' ? t('photo.denied') : null;
  return (
    <div className="k-camera" data-testid="qr-scanner">
      <video ref={videoRef} muted playsInline autoPlay />
      {state === 'live' ? <div className="k-scan-frame" /> : null}
      {message ? <div className="k-camera__msg">{message}</div> : null}
    </div>
  );
}
