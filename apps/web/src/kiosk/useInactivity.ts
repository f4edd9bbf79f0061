import { useCallback, useEffect, useRef, useState } from 'react';

/** Back to the start screen after this long without a touch, a key or typing. */
export const INACTIVITY_MS = 60_000;
/** The countdown shows for the last seconds. */
export const COUNTDOWN_MS = 10_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'touchstart', 'wheel'] as const;

/**
 * Calls `onTimeout` once `timeoutMs` pass without activity while `active`. Answers the seconds left during the
 * last `countdownMs` (null before), and `keepAlive` to count as activity (the countdown's "I am still here").
 * Any activity restarts the clock; becoming inactive stops it.
 */
export function useInactivity(opts: { active: boolean; onTimeout: () => void; timeoutMs?: number; countdownMs?: number }): {
  secondsLeft: number | null;
  keepAlive: () => void;
} {
  const { active, timeoutMs = INACTIVITY_MS, countdownMs = COUNTDOWN_MS } = opts;
  const onTimeout = useRef(opts.onTimeout);
  onTimeout.current = opts.onTimeout;
  const last = useRef(Date.now());
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  const keepAlive = useCallback(() => {
    last.current = Date.now();
    setSecondsLeft(null);
  }, []);

  useEffect(() => {
    if (!active) {
      setSecondsLeft(null);
      return;
    }
    last.current = Date.now();
    const onActivity = () => {
      last.current = Date.now();
    };
    for (const e of ACTIVITY_EVENTS) document.addEventListener(e, onActivity, { capture: true, passive: true });
    const timer = setInterval(() => {
      const left = timeoutMs - (Date.now() - last.current);
      if (left <= 0) {
        setSecondsLeft(null);
        last.current = Date.now();
        onTimeout.current();
        return;
      }
      setSecondsLeft(left <= countdownMs ? Math.ceil(left / 1000) : null);
    }, 250);
    return () => {
      clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) document.removeEventListener(e, onActivity, { capture: true });
    };
  }, [active, timeoutMs, countdownMs]);

  return { secondsLeft, keepAlive };
}
