import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Grid, Layout, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../../platform/components/LanguageSwitch';
import { useSiteLabel } from '../../platform/config';
import { AccountMenu } from '../components/AccountMenu';

/**
 * Phones and narrow tablets (below antd's `md`, 768 px): every area's navigation moves into a drawer opened by a menu
 * button in the header, the header keeps one line, the content loses most of its padding. One rule for all areas.
 */
export function useNarrow(): boolean {
  return Grid.useBreakpoint().md === false;
}

/** What the print style sheet (styles.css) leaves out of a printout: the shell's header, menus and footer. */
export const NO_PRINT = 'app-no-print';

/** The content's padding: 24 px on a desktop, 12 px on a phone. */
export function contentPadding(narrow: boolean): number {
  return narrow ? 12 : 24;
}

/**
 * The header of every signed-in area: the site label (a link to the area's home), `middle` (the admin's top navigation, the area's
 * name), the language switch and the account menu. On a phone `nav` goes into a drawer behind a menu button instead,
 * titled `navTitle`; it closes when a screen is chosen.
 */
export function ShellHeader({
  narrow,
  middle,
  nav,
  navTitle,
  settingsPath,
  home,
}: {
  narrow: boolean;
  middle: ReactNode;
  nav: ReactNode;
  navTitle: string;
  settingsPath: string;
  /** Where the site label leads: the area's base. */
  home: string;
}) {
  const { t } = useTranslation();
  const site = useSiteLabel();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // A screen chosen in the drawer (or any other way) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Layout.Header
      className={NO_PRINT}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: narrow ? 8 : 24,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: narrow ? 8 : 24,
      }}
    >
      {narrow ? (
        <>
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('shell.openMenu')}
            aria-expanded={open}
            data-testid="nav-menu-button"
            onClick={() => setOpen(true)}
          />
          <Drawer
            open={open}
            onClose={() => setOpen(false)}
            placement="left"
            size="min(300px, calc(100vw - 48px))"
            title={navTitle}
            styles={{ body: { padding: 0 } }}
          >
            <div data-testid="nav-drawer">{nav}</div>
          </Drawer>
        </>
      ) : null}
      <Link to={home} aria-label={site} style={{ minWidth: 0, flex: narrow ? 1 : 'none', overflow: 'hidden' }}>
        <Typography.Title
          level={narrow ? 5 : 4}
          style={{ margin: 0, color: token.colorPrimary, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {site}
        </Typography.Title>
      </Link>
      {narrow ? null : middle}
      <Flex align="center" gap={narrow ? 4 : 12} style={{ flex: 'none' }}>
        <LanguageSwitch size="small" />
        <AccountMenu settingsPath={settingsPath} compact={narrow} />
      </Flex>
    </Layout.Header>
  );
}
