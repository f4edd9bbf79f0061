import type { ComponentType } from 'react';
import type { ScreenEntry, TitleKey } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

export interface AreaDef {
  /** The console role that owns the area; the guard admits only it. */
  role: ConsoleRole;
  /** '/' for the admin area, '/reception' etc. for the others. */
  base: string;
  /** Sent as `sType` to the sign-in screen when the guard sends someone there. */
  sType?: number;
  titleKey: TitleKey;
  /** The area's frame, loaded with its first screen (a visitor who is sent to sign in never downloads it). */
  layout: () => Promise<ComponentType<{ area: AreaDef }>>;
  routes: readonly ScreenEntry[];
  /** The change-password screen the account menu leads to, relative to `base` ('password' unless said). */
  passwordPath?: string;
}
