import { DATE_PATTERNS, type Lang } from '@openvisit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from './apiError';
import { i18n, onLanguageLoad, useLang } from './i18n';
import { setMessageApi } from './notify';
import { consoleTheme } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A business refusal will not change on retry; a lost connection may.
        retry: (count, err) => !(err instanceof ApiError && err.http === undefined) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

// antd's texts (date pickers, pagination…) arrive with the language, like ours.
const antdLocales: Partial<Record<Lang, Locale>> = {};
onLanguageLoad(async (lang) => {
  antdLocales[lang] = withOurDates((await (lang === 'zh' ? import('antd/es/locale/zh_CN') : import('antd/es/locale/en_US'))).default, lang);
});

/**
 * antd's locale with its date pickers showing (and reading) days and moments as every table, chart, mail and PDF
 * writes them (the contract's DATE_PATTERNS): "24 Nov 2026, 18:25", not antd's "2026-11-24 18:25", in English.
 */
export function withOurDates(locale: Locale, lang: Lang): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  const patterns = DATE_PATTERNS[lang];
  const fields = { ...picker.lang, fieldDateFormat: patterns.date, fieldDateTimeFormat: patterns.dateTime };
  return { ...locale, DatePicker: { ...picker, lang: fields } };
}

const RootMessage = createContext<MessageInstance | null>(null);

/** The page's one message API: it outlives the screens, so a message shown as a screen navigates away stays. */
export function useRootMessage(): MessageInstance | null {
  return useContext(RootMessage);
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}
/** Whether the person asked their system for less motion (an accessibility setting; WCAG 2.3.3). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION)?.matches ?? false,
    () => false,
  );
}

/** Hands antd's message API to the (non-React) error policy and to the screens; its holder follows theme and locale. */
function Themed({ children }: { children: ReactNode }) {
  const lang = useLang();
  const [api, holder] = message.useMessage();
  // antd animates every modal, drawer, menu and message; a person who asked for less motion gets none of it.
  const reduced = usePrefersReducedMotion();
  // Zero runtime: the components' styles come from the build (apps/web/antdStyles.ts), so a page computes none; the
  // theme's own variables (colours, motion's durations) are still set here, from these tokens.
  const theme = useMemo(
    (): ThemeConfig => ({ ...consoleTheme, zeroRuntime: true, ...(reduced ? { token: { ...consoleTheme.token, motion: false } } : {}) }),
    [reduced],
  );
  useEffect(() => {
    setMessageApi(api);
    return () => setMessageApi(null);
  }, [api]);
  return (
    <ConfigProvider locale={antdLocales[lang]} componentSize="middle" theme={theme}>
      {holder}
      <RootMessage.Provider value={api}>{children}</RootMessage.Provider>
    </ConfigProvider>
  );
}

/**
 * What every page renders in: texts, queries, antd's theme and locale, the error policy's messages. Not antd's App
 * (the context of `App.useApp()`, with modals and notifications): the console's router adds it around the screens that
 * use it (app/antApp.tsx), so the sign-in page does not load it; `AppProviders` (providers.tsx) is the full set.
 */
export function RootProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Themed>{children}</Themed>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
