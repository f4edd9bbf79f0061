import type { FeatureFlag, GrantArea } from '@openvisit/contract';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import type { MenuIcon } from './menuIcons';
import type { ConsoleRole } from './session';

export type TitleKey = ParseKeys;
export type LazyPage = () => Promise<ComponentType>;

/**
 * Top-navigation groups of the admin area (spec section 2), in the order their first screens appear; a group appears
 * once it has a screen. 'custom' is the spec's "Custom settings" (front desk, basic settings, access control),
 * 'meeting' its "Meeting"; 'settings' holds the account settings of the `setting` section.
 */
export const MENU_GROUPS = {
  visitors: 'menu.visitors',
  people: 'menu.people',
  custom: 'menu.custom',
  meeting: 'menu.meeting',
  settings: 'menu.settings',
} as const satisfies Record<string, TitleKey>;
export type MenuGroup = keyof typeof MENU_GROUPS;

/**
 * One screen of an area. Menus, page titles, guards and the post-login redirect are all derived
 * from these entries; nothing else lists the screens.
 */
export interface ScreenEntry {
  /** Relative to the area (or section) path; '' is its index. */
  path: string;
  titleKey: TitleKey;
  /** Drawn by the menus from `menuIcons` (platform/menuIcons.tsx). */
  icon?: MenuIcon;
  roles: readonly ConsoleRole[];
  /**
   * Only for these staff sub-types (`sType` of the login) of the role: the reception menu varies by sub-type (spec
   * section 2). Absent: every sub-type.
   */
  sTypes?: readonly number[];
  /** Hidden (menu and route) while this runtime switch is off. */
  feature?: FeatureFlag;
  /**
   * The grant area the screen belongs to: a module-driven account (a sub-administrator, a sub-company of
   * adminType other than 0) sees it only when granted that area. 'own': the account's own screens (its password,
   * the area's home) every account keeps. Every page of the admin and sub-company areas names one (derive.test.ts).
   */
  area?: GrantArea | 'own';
  /** The screen; absent for a section, which has `children` and a `layout` instead. */
  page?: LazyPage;
  hideInMenu?: boolean;
  /** Admin top navigation group. */
  group?: MenuGroup;
  /** A section (e.g. account settings): its children are shown with a sidebar built from them. */
  children?: readonly ScreenEntry[];
}

/** A screen outside the areas (sign-in, sign-up…); `session` says who may open it. */
export interface PublicEntry {
  path: string;
  titleKey: TitleKey;
  page: LazyPage;
  /** 'any': any signed-in account; a role: only that one; absent: everyone. */
  session?: 'any' | ConsoleRole;
  /** Screens outside the centred public card (full-width). */
  wide?: boolean;
  /**
   * 'start': the screen shows only the first page's texts (the platform's and sign-in's), so the console's are not
   * downloaded for it; absent: it needs the console's too.
   */
  texts?: 'start';
}

/** The runtime switches of the installation, as `/api/config` answers them (unknown yet: undefined). */
export type Features = Partial<Record<FeatureFlag, boolean>> | undefined;

/** The staff sub-type of the signed-in account (null for administrators, employees…). */
export type SType = number | null | undefined;
