import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from './apiError';
import { i18n, useLang } from './i18n';
import { setMessageApi } from './notify';

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

/** Hands antd's context-aware message API to the (non-React) error policy. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

function Themed({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} componentSize="middle" theme={{ token: { colorPrimary: '#1677ff' } }}>
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Themed>{children}</Themed>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
