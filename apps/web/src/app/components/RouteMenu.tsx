import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuIcons } from '../../platform/menuIcons';
import type { MenuNode } from '../routes/derive';

/** The menu key of the current location: the longest menu path that contains it. */
export function selectedPath(pathname: string, paths: readonly string[]): string | undefined {
  return [...paths].sort((a, b) => b.length - a.length).find((p) => pathname === p || (p !== '/' && pathname.startsWith(`${p}/`)));
}

/**
 * A vertical menu of screens from a route table (sidebar of a section or of an area); `horizontal`: a strip above the
 * screen (a section's menu on a phone), antd folding what does not fit into "…".
 */
export function RouteMenu({ nodes, ariaLabel, horizontal = false }: { nodes: readonly MenuNode[]; ariaLabel: string; horizontal?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = nodes.map(({ entry, path }) => ({
    key: path,
    icon: entry.icon && menuIcons[entry.icon],
    label: t(entry.titleKey),
  }));
  const selected = selectedPath(
    pathname,
    nodes.map((n) => n.path),
  );
  return (
    <nav aria-label={ariaLabel}>
      <Menu
        mode={horizontal ? 'horizontal' : 'inline'}
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={({ key }) => navigate(key)}
        style={horizontal ? { borderBottom: 0, minWidth: 0 } : { borderInlineEnd: 0 }}
      />
    </nav>
  );
}
