import { App } from 'antd';
import AppContext from 'antd/es/app/context';
import type { ComponentType, ReactNode } from 'react';
import { useRootMessage } from '../platform/rootProviders';

/**
 * `App.useApp().message` answers the page's root message API: this App lives as long as its screen, and a message
 * shown as the screen navigates away (the onboarding's "Setup complete") must outlive it.
 */
function RootMessageInApp({ children }: { children: ReactNode }) {
  const app = App.useApp();
  const message = useRootMessage() ?? app.message;
  return <AppContext.Provider value={{ ...app, message }}>{children}</AppContext.Provider>;
}

/**
 * antd's App (the context of `App.useApp()`: message, modal, notification) around a screen or a signed-in frame,
 * loaded with it (app/router.tsx), not with the first page: the sign-in screens do without its modals.
 */
export function withAntApp<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return (props: P) => (
    <App>
      <RootMessageInApp>
        <Screen {...props} />
      </RootMessageInApp>
    </App>
  );
}
