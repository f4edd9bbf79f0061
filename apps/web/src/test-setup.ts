import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The console's and the kiosk's texts, registered as main.tsx and kiosk/main.tsx do, then every part in both languages
// downloaded (screens of every module are rendered in tests, in either language).
import { loadConsoleTexts } from './app/texts';
import './kiosk/i18n';
import { loadLanguage } from './platform/i18n';
import { installFastComputedStyle } from './testing/computedStyle';

await loadConsoleTexts();
await Promise.all([loadLanguage('en'), loadLanguage('zh')]);

// findBy*/waitFor give up after 1 s by default, which a busy 2-core machine loses while rendering an antd screen: the
// bound ends a hang, never a speed (scaled like the test timeouts by TEST_TIMEOUT_SCALE).
configure({ asyncUtilTimeout: 30_000 * Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1) });

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom computes no pseudo-element styles (antd asks for them when measuring scrollbars), and is slow to repeat
// `display` and `visibility`, which every role query reads (testing/computedStyle.ts).
window.getComputedStyle = installFastComputedStyle(window.getComputedStyle.bind(window));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
