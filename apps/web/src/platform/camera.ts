import { useEffect, useRef, useState } from 'react';

export type CameraState = 'starting' | 'live' | 'none' | 'denied';

/**
 * The device camera in a <video>: 'none' when the browser has no camera API (an insecure http page, say) or no
 * camera, 'denied' when the permission is refused or the camera is busy. The stream stops on unmount.
 */
export function useCamera(facingMode: 'user' | 'environment' = 'user') {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setState('none');
      return;
    }
    setState('starting');
    media
      .getUserMedia({ video: { facingMode, width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then(async (s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        const video = videoRef.current;
        if (video) {
          video.srcObject = s;
          await video.play().catch(() => undefined);
        }
        setState('live');
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const name = (err as { name?: string })?.name;
        setState(name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotSupportedError' ? 'none' : 'denied');
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [facingMode]);

  return { videoRef, state };
}

/** A still of the video as a JPEG data URL, its longer edge at most `maxEdge` pixels; null before the first frame. */
export function captureFrame(video: HTMLVideoElement, maxEdge = 960, quality = 0.85): string | null {
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) return null;
  const scale = Math.min(1, maxEdge / Math.max(w, h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', quality);
}
