import type { UserInfo } from '@openvisit/contract';
import type { ComponentType } from 'react';
import type { TitleKey } from '../../platform/routes';
import { BookingAppSection } from './components/BookingAppSection';
import { InvitationSection } from './components/InvitationSection';
import { OnSiteSection } from './components/OnSiteSection';

/** A tab of the basic-settings screen: a component of its own, given the company's settings (GetUserInfo). */
export interface BaseSetSection {
  /** Kept in the URL (`?tab=`). */
  key: string;
  titleKey: TitleKey;
  Component: ComponentType<{ settings: UserInfo }>;
}

/**
 * The sections of Custom settings › basic settings, in tab order. Other modules add theirs here (invitation templates,
 * employees allowed to invite…) as components of their own module.
 */
export const BASESET_SECTIONS: readonly BaseSetSection[] = [
  { key: 'invitations', titleKey: 'settings.baseset.tabs.invitations', Component: InvitationSection },
  { key: 'onSite', titleKey: 'settings.baseset.tabs.onSite', Component: OnSiteSection },
  { key: 'bookingApp', titleKey: 'settings.baseset.tabs.bookingApp', Component: BookingAppSection },
];
