import type { PlatformActor } from '../permissions/actor.js';
import { isPlatformAdmin } from '../permissions/actor.js';

/**
 * The main menu comes from the server (spec 000 §2.2: entries filtered by the menus the server returns,
 * `always` entries always shown, ordered by a sort value). Titles are catalogue keys so the header
 * follows a language switch without another call.
 */
export interface MenuItem {
  key: string;
  path: string;
  titleKey: string;
  icon?: string;
  sort: number;
  always?: boolean;
  hidden?: boolean;
  children?: MenuItem[];
}

interface MenuDefinition extends Omit<MenuItem, 'children'> {
  visibleTo: (actor: PlatformActor) => boolean;
  children?: MenuDefinition[];
}

const everyone = () => true;

const MENU_DEFINITIONS: MenuDefinition[] = [
  {
    key: 'dataDisplay',
    path: '/project/DataDisplay',
    titleKey: 'menu.dataDisplay',
    icon: 'home',
    sort: 10,
    always: true,
    visibleTo: everyone,
  },
  {
    key: 'sys',
    path: '/sys',
    titleKey: 'menu.sys',
    icon: 'setting',
    sort: 900,
    visibleTo: isPlatformAdmin,
    children: [{ key: 'sysUser', path: '/sys/user', titleKey: 'menu.sysUser', icon: 'user', sort: 10, visibleTo: isPlatformAdmin }],
  },
];

function filterMenus(definitions: MenuDefinition[], actor: PlatformActor): MenuItem[] {
  return definitions
    .filter((entry) => entry.always || entry.visibleTo(actor))
    .sort((a, b) => a.sort - b.sort)
    .map(({ visibleTo: _visibleTo, children, ...item }): MenuItem => {
      const visibleChildren = children ? filterMenus(children, actor) : undefined;
      return visibleChildren ? { ...item, children: visibleChildren } : item;
    })
    .filter((item) => !item.children || item.children.length > 0);
}

/** The menu tree this actor may see, sorted. */
export function menusFor(actor: PlatformActor): MenuItem[] {
  return filterMenus(MENU_DEFINITIONS, actor);
}

/** Every path a menu could lead to; the web guard lets a user open only the ones the server granted. */
export function menuPaths(menus: MenuItem[]): string[] {
  return menus.flatMap((item) => [item.path, ...(item.children ? menuPaths(item.children) : [])]);
}
