import {
  ApiOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  ControlOutlined,
  DesktopOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  StopOutlined,
  TableOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The menus' icons by name. The route tables name them (`icon: 'TeamOutlined'`) and the signed-in layouts draw them, so
 * the first page, which loads the tables to route, loads no icon (about 7 KB gzip).
 */
export const menuIcons = {
  ApiOutlined: <ApiOutlined />,
  AuditOutlined: <AuditOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CalendarOutlined: <CalendarOutlined />,
  ClockCircleOutlined: <ClockCircleOutlined />,
  ClusterOutlined: <ClusterOutlined />,
  ControlOutlined: <ControlOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  FormOutlined: <FormOutlined />,
  HomeOutlined: <HomeOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  LockOutlined: <LockOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  SendOutlined: <SendOutlined />,
  SettingOutlined: <SettingOutlined />,
  StopOutlined: <StopOutlined />,
  TableOutlined: <TableOutlined />,
  TeamOutlined: <TeamOutlined />,
  UnorderedListOutlined: <UnorderedListOutlined />,
  UserAddOutlined: <UserAddOutlined />,
  UserSwitchOutlined: <UserSwitchOutlined />,
  UsergroupAddOutlined: <UsergroupAddOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIcon = keyof typeof menuIcons;
