import dayjs from 'dayjs';
import { vi } from 'vitest';

/**
 * First setup file of every web test file. The web project runs a worker's files one after another in one process
 * (isolate: false) so jsdom, React and antd load once per worker, not once per file; this gives each file what a
 * process of its own gave it. The console's own modules are evaluated afresh (language, session, network and message
 * bridges start as on a page load); the timers the previous file left (a network probe, a message's close) are
 * cleared, as its process's death did; the page is blank again: body, storage, address, title, language, stubbed
 * globals. Packages stay loaded, as on a page that had shown those screens. (antd adds no styles here: the console runs it
 * in zero-runtime mode, its stylesheet written at build time, which a test does not load.)
 */
type Timer = ReturnType<typeof setTimeout>;
interface Tracked {
  timers: Set<Timer>;
  frames: Set<number>;
  realGetComputedStyle: typeof window.getComputedStyle;
}
const slot = globalThis as typeof globalThis & { __openvisitFreshFile?: Tracked };

if (!slot.__openvisitFreshFile) {
  const timers = new Set<Timer>();
  const { setTimeout: st, setInterval: si, clearTimeout: ct, clearInterval: ci } = globalThis;
  globalThis.setTimeout = ((...args: Parameters<typeof st>) => {
    const id = st(...args);
    timers.add(id);
    return id;
  }) as typeof st;
  globalThis.setInterval = ((...args: Parameters<typeof si>) => {
    const id = si(...args);
    timers.add(id);
    return id;
  }) as typeof si;
  globalThis.clearTimeout = ((id?: Timer) => {
    if (id !== undefined) timers.delete(id);
    ct(id);
  }) as typeof ct;
  globalThis.clearInterval = ((id?: Timer) => {
    if (id !== undefined) timers.delete(id);
    ci(id);
  }) as typeof ci;
  // jsdom runs every animation frame from one interval of its own, started through the global setInterval (so it is
  // tracked above) and cleared only when its last frame is run or cancelled. Cleared by the sweep below while a frame
  // was outstanding, it never starts again: every later file of the worker would wait forever for a frame (antd's
  // motions, so a form error never leaves). Frames are tracked and cancelled first, which stops that interval properly.
  const frames = new Set<number>();
  const { requestAnimationFrame: raf, cancelAnimationFrame: caf } = window;
  if (typeof raf !== 'function') throw new Error('jsdom without requestAnimationFrame: the web tests expect pretendToBeVisual');
  window.requestAnimationFrame = (callback: FrameRequestCallback) => {
    const id = raf((time) => {
      frames.delete(id);
      callback(time);
    });
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id: number) => {
    frames.delete(id);
    caf(id);
  };
  globalThis.requestAnimationFrame = window.requestAnimationFrame;
  globalThis.cancelAnimationFrame = window.cancelAnimationFrame;
  slot.__openvisitFreshFile = { timers, frames, realGetComputedStyle: window.getComputedStyle };
}
const tracked = slot.__openvisitFreshFile;

vi.useRealTimers();
for (const id of tracked.frames) window.cancelAnimationFrame(id);
for (const id of tracked.timers) clearTimeout(id);
tracked.timers.clear();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
// test-setup.ts wraps it again for this file.
window.getComputedStyle = tracked.realGetComputedStyle;
document.body.replaceChildren();
document.title = '';
document.documentElement.removeAttribute('lang');
window.history.replaceState(null, '', '/');
localStorage.clear();
sessionStorage.clear();
dayjs.locale('en');
