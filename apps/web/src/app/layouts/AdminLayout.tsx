import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCurrentGrants } from '../../core/company/public';
import { ClosingBanner } from '../../modules/accounts/components/ClosingBanner';
import { ReadOnlyBanner } from '../../modules/superAccounts/components/ReadOnlyBanner';
import { useConfig } from '../../platform/config';
import { menuIcons } from '../../platform/menuIcons';
import { type Features, MENU_GROUPS, type MenuGroup, type TitleKey } from '../../platform/routes';
import { selectedPath } from '../components/RouteMenu';
import { VersionLabel } from '../components/VersionLabel';
import { type MenuNode, menuNodes } from '../routes/derive';
import type { AreaDef } from '../routes/types';
import { contentPadding, NO_PRINT, ShellHeader, useNarrow } from './shell';

type Items = NonNullable<MenuProps['items']>;

/**
 * Top navigation from the admin table: screens of one group become a drop-down under the group's
 * title, a group with a single screen shows that screen directly; screens without a group stand alone.
 */
export function adminNavItems(nodes: readonly MenuNode[], t: (key: TitleKey) => string): Items {
  const items: Items = [];
  const seen = new Set<MenuGroup>();
  for (const node of nodes) {
    const group = node.entry.group;
    const item = { key: node.path, icon: node.entry.icon && menuIcons[node.entry.icon], label: t(node.entry.titleKey) };
    if (!group) {
      items.push(item);
      continue;
    }
    if (seen.has(group)) continue;
    seen.add(group);
    const members = nodes.filter((n) => n.entry.group === group);
    if (members.length === 1) items.push(item);
    else
      items.push({
        key: `group:${group}`,
        label: t(MENU_GROUPS[group]),
        children: members.map((m) => ({ key: m.path, icon: m.entry.icon && menuIcons[m.entry.icon], label: t(m.entry.titleKey) })),
      });
  }
  return items;
}

export function AdminLayout({ area }: { area: AreaDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const narrow = useNarrow();
  const features: Features = useConfig().data?.features;
  const grants = useCurrentGrants();
  const nodes = menuNodes(area.routes, area.base, area.role, features, undefined, grants);
  const selected = selectedPath(
    pathname,
    nodes.map((n) => n.path),
  );
  const accountSection = nodes.find((n) => n.entry.path === 'setting/account')?.path ?? '/setting/account';
  const items = adminNavItems(nodes, t);
  const navLabel = t('enums.consoleRole.manager');
  // The group of the screen shown, open in the drawer's menu.
  const openGroup = items.find((i) => i && 'children' in i && i.children?.some((c) => c?.key === selected))?.key;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ShellHeader
        narrow={narrow}
        home={area.base}
        settingsPath={accountSection}
        navTitle={navLabel}
        middle={
          <nav aria-label={navLabel} style={{ flex: 1, minWidth: 0 }}>
            <Menu
              // A new menu once the feature switches have arrived and screens join it: antd would otherwise not mark
              // the group of a screen that was not there at the first render (e.g. /blacklist after a reload).
              key={nodes.map((n) => n.path).join()}
              mode="horizontal"
              items={items}
              selectedKeys={selected ? [selected] : []}
              onClick={({ key }) => navigate(key)}
              style={{ borderBottom: 0 }}
            />
          </nav>
        }
        nav={
          <nav aria-label={navLabel}>
            <Menu
              key={nodes.map((n) => n.path).join()}
              mode="inline"
              items={items}
              selectedKeys={selected ? [selected] : []}
              defaultOpenKeys={openGroup ? [String(openGroup)] : []}
              onClick={({ key }) => navigate(key)}
              style={{ borderInlineEnd: 0 }}
            />
          </nav>
        }
      />
      <ReadOnlyBanner />
      <Layout.Content style={{ padding: contentPadding(narrow), minWidth: 0 }}>
        <ClosingBanner />
        <Outlet />
      </Layout.Content>
      <Layout.Footer className={NO_PRINT} style={{ textAlign: 'center', paddingBlock: 12 }}>
        <VersionLabel />
      </Layout.Footer>
    </Layout>
  );
}
