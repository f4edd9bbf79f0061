import type { QueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { RootProviders } from './rootProviders';

export { createQueryClient } from './rootProviders';

/** The root's providers and antd's App around them: everything a screen expects (tests render screens in it). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <RootProviders queryClient={queryClient}>
      <AntApp>{children}</AntApp>
    </RootProviders>
  );
}
