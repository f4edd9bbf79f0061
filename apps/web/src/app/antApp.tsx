import { App } from 'antd';
import type { ComponentType } from 'react';

/**
 * antd's App (the context of `App.useApp()`: message, modal, notification) around a screen or a signed-in frame,
 * loaded with it (app/router.tsx), not with the first page: the sign-in screens do without its modals.
 */
export function withAntApp<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return (props: P) => (
    <App>
      <Screen {...props} />
    </App>
  );
}
