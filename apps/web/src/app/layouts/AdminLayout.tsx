import { Flex, Layout, Menu, type MenuProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../platform/components/LanguageSwitch';
import { useConfig, useSiteLabel } from '../../platform/config';
import { menuIcons } from '../../platform/menuIcons';
import { type Features, MENU_GROUPS, type MenuGroup, type TitleKey } from '../../platform/routes';
import { BRAND_COLOR } from '../../platform/theme';
import { AccountMenu } from '../components/AccountMenu';
import { selectedPath } from '../components/RouteMenu';
import { VersionLabel } from '../components/VersionLabel';
import { type MenuNode, menuNodes } from '../routes/derive';
import type { AreaDef } from '../routes/types';

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
  const features: Features = useConfig().data?.features;
  const site = useSiteLabel();
  const nodes = menuNodes(area.routes, area.base, area.role, features);
  const selected = selectedPath(
    pathname,
    nodes.map((n) => n.path),
  );
  const accountSection = nodes.find((n) => n.entry.path === 'setting/account')?.path ?? '/setting/account';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', gap: 24, background: '#fff', borderBottom: '1px solid #f0f0f0', paddingInline: 24 }}
      >
        <Link to="/" aria-label={site}>
          <Typography.Title level={4} style={{ margin: 0, color: BRAND_COLOR, whiteSpace: 'nowrap' }}>
            {site}
          </Typography.Title>
        </Link>
        <nav aria-label={t('enums.consoleRole.manager')} style={{ flex: 1, minWidth: 0 }}>
          <Menu
            // A new menu once the feature switches have arrived and screens join it: antd would otherwise not mark
            // the group of a screen that was not there at the first render (e.g. /blacklist after a reload).
            key={nodes.map((n) => n.path).join()}
            mode="horizontal"
            items={adminNavItems(nodes, t)}
            selectedKeys={selected ? [selected] : []}
            onClick={({ key }) => navigate(key)}
            style={{ borderBottom: 0 }}
          />
        </nav>
        <Flex align="center" gap={12}>
          <LanguageSwitch size="small" />
          <AccountMenu settingsPath={accountSection} />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', paddingBlock: 12 }}>
        <VersionLabel />
      </Layout.Footer>
    </Layout>
  );
}
