import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BuildOutlined,
  CarOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EyeInvisibleOutlined,
  FileSearchOutlined,
  FormOutlined,
  HomeOutlined,
  LinkOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  NotificationOutlined,
  PartitionOutlined,
  ProjectOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
  FileProtectOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '@dcap/core';
import { headerMenus } from '@dcap/core';
import { menuTitle } from './menuTitle';

/** Icon names the server may send in a menu entry; unknown names simply show no icon. */
const MENU_ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  appstore: <AppstoreOutlined />,
  project: <ProjectOutlined />,
  form: <FormOutlined />,
  cluster: <ClusterOutlined />,
  team: <TeamOutlined />,
  audit: <AuditOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
  bank: <BankOutlined />,
  apartment: <ApartmentOutlined />,
  build: <BuildOutlined />,
  schedule: <ScheduleOutlined />,
  cloudUpload: <CloudUploadOutlined />,
  cloudDownload: <CloudDownloadOutlined />,
  partition: <PartitionOutlined />,
  eyeInvisible: <EyeInvisibleOutlined />,
  medicineBox: <MedicineBoxOutlined />,
  mail: <MailOutlined />,
  car: <CarOutlined />,
  warning: <WarningOutlined />,
  barChart: <BarChartOutlined />,
  link: <LinkOutlined />,
  notification: <NotificationOutlined />,
  fileProtect: <FileProtectOutlined />,
  fileSearch: <FileSearchOutlined />,
  database: <DatabaseOutlined />,
  dashboard: <DashboardOutlined />,
  api: <ApiOutlined />,
  menu: <MenuOutlined />,
  safety: <SafetyOutlined />,
};

type Items = NonNullable<MenuProps['items']>;

/**
 * A group that holds a single visible entry shows that entry directly: a drop-down with one choice
 * only costs a click. Groups of several entries open as sub-menus.
 */
function visibleEntry(item: MenuItem): MenuItem {
  const children = item.children?.filter((child) => !child.hidden) ?? [];
  const [only] = children;
  if (children.length === 1 && only) return visibleEntry(only);
  return { ...item, children };
}

function toItems(menus: readonly MenuItem[], t: TFunction, language: string): Items {
  return menus
    .filter((item) => !item.hidden)
    .map((entry) => {
      const item = visibleEntry(entry);
      const icon = item.icon ? MENU_ICONS[item.icon] : undefined;
      const title = menuTitle(item, t, language);
      // Test ids by menu key (`menu-sys`, `menu-sysUser`) let browser journeys open groups and entries.
      if (item.children?.length) {
        return { key: item.path, icon, label: <span data-testid={`menu-${item.key}`}>{title}</span>, children: toItems(item.children, t, language) };
      }
      return {
        key: item.path,
        icon,
        label: (
          <Link to={item.path} data-testid={`menu-${item.key}`}>
            {title}
          </Link>
        ),
      };
    });
}

/** The ancestors of the active entry, so its group is highlighted too. */
function activeKeys(menus: readonly MenuItem[], pathname: string): string[] {
  for (const item of menus) {
    if (item.path === pathname) return [item.path];
    const below = item.children ? activeKeys(item.children, pathname) : [];
    if (below.length) return [item.path, ...below];
  }
  return [];
}

/** The main menu built from the menus the server granted (spec 000 §2.1 and §2.2). */
export function MainMenu({ menus }: { menus: readonly MenuItem[] }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const language = i18n.language;
  // Each sub-application's groups show only inside it (core `headerMenus`), so the header keeps its width.
  const items = useMemo(() => toItems(headerMenus(menus, pathname), t, language), [menus, pathname, t, language]);
  const selected = useMemo(() => activeKeys(menus, pathname), [menus, pathname]);

  if (items.length === 0) {
    return <span className="dcap-header__action">{t('menu.dataDisplay')}</span>;
  }
  return (
    <Menu
      className="dcap-header__menu"
      theme="dark"
      mode="horizontal"
      items={items}
      selectedKeys={selected}
      aria-label={t('header.mainMenu')}
    />
  );
}
