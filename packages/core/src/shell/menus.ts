import type { PlatformActor } from '../permissions/actor.js';
import { canOnPlatform, isPlatformAdmin } from '../permissions/actor.js';
import type { ProjectAction } from '../permissions/project.js';

/**
 * The main menu comes from the server (spec 000 §2.2: entries filtered by the menus the server returns,
 * `always` entries always shown, ordered by a sort value). Titles are catalogue keys so the header
 * follows a language switch without another call. Hidden entries are routes the user may open that do
 * not appear in the menu (the project application page, reached from the workplace).
 */
export interface MenuItem {
  key: string;
  path: string;
  titleKey: string;
  /**
   * Titles a platform administrator set on /sys/menu (docs/decisions.md "Menu settings"); the shell shows the
   * one of its language instead of the catalogue title when present.
   */
  titleZh?: string;
  titleEn?: string;
  icon?: string;
  sort: number;
  always?: boolean;
  hidden?: boolean;
  /**
   * The sub-application a top-level group belongs to (spec 000 §1: data capture, Balance, iMask, iSupply are
   * mounted under their own paths): the header shows it only inside that application, so every
   * application's menus fit the header. Platform and project entries belong to none and always show.
   */
  application?: MenuApplication;
  children?: MenuItem[];
}

export const MENU_APPLICATIONS = ['dCap', 'Balance', 'iMask', 'iSupply', 'Analytics'] as const;
export type MenuApplication = (typeof MENU_APPLICATIONS)[number];

/** The Analytics application's mount point and its charts page, where it lands (spec 000 §1; docs/decisions.md "Analytics screens"). */
export const ANALYTICS_PATH = '/analytics';
export const ANALYTICS_CHARTS_PATH = '/analytics/indicators';
/** The big screen of the current study, and of every study the user may see (docs/decisions.md "Bigscreen"). */
export const BIGSCREEN_PATH = '/bigscreen';
export const BIGSCREEN_ALL_PATH = '/bigscreen/all';

/** The sub-application a path belongs to, by its mount point (spec 000 §2.4); data capture otherwise. */
export function applicationOfPath(pathname: string): MenuApplication {
  if (pathname === '/balance' || pathname.startsWith('/balance/')) return 'Balance';
  if (pathname === '/imask' || pathname.startsWith('/imask/')) return 'iMask';
  if (pathname === '/isupply' || pathname.startsWith('/isupply/')) return 'iSupply';
  if (pathname === ANALYTICS_PATH || pathname.startsWith(`${ANALYTICS_PATH}/`)) return 'Analytics';
  return 'dCap';
}

/** The top-level groups the header shows on a path: those of no application and those of the path's own. */
export function headerMenus(menus: readonly MenuItem[], pathname: string): MenuItem[] {
  const application = applicationOfPath(pathname);
  return menus.filter((item) => item.application === undefined || item.application === application);
}

/** Who is asking: platform flags, and what they may do in the session's current project (if any). */
export interface MenuViewer extends PlatformActor {
  projectAbilities: Partial<Record<ProjectAction, boolean>>;
}

interface MenuDefinition extends Omit<MenuItem, 'children' | 'titleZh' | 'titleEn'> {
  visibleTo: (viewer: MenuViewer) => boolean;
  /**
   * The page serves every signed-in user (its reads need no right), so the entry may be marked `always`
   * on /sys/menu: showing it never leads anyone to a page that only refuses (docs/decisions.md "Menu settings").
   */
  openToAll?: true;
  children?: MenuDefinition[];
}

const everyone = () => true;
const inProject = (...actions: ProjectAction[]) => (viewer: MenuViewer) => actions.some((action) => viewer.projectAbilities[action] === true);

const MENU_DEFINITIONS: MenuDefinition[] = [
  { key: 'dataDisplay', path: '/project/DataDisplay', titleKey: 'menu.dataDisplay', icon: 'home', sort: 10, always: true, openToAll: true, visibleTo: everyone },
  { key: 'projectList', path: '/project/projectList', titleKey: 'menu.projectList', icon: 'appstore', sort: 20, always: true, openToAll: true, visibleTo: everyone },
  {
    key: 'projectApply',
    path: '/project/projectApply',
    titleKey: 'menu.projectApply',
    sort: 21,
    hidden: true,
    visibleTo: (viewer) => canOnPlatform(viewer, 'project.create'),
  },
  // The approvals inbox (docs/decisions.md, "Lifecycle gates"), opened from the header badge; only platform
  // administrators decide applications (core permissions, `project.approve`).
  { key: 'approvals', path: '/project/approvals', titleKey: 'menu.approvals', sort: 22, hidden: true, visibleTo: isPlatformAdmin },
  {
    key: 'project',
    path: '/project',
    titleKey: 'menu.project',
    icon: 'project',
    sort: 30,
    visibleTo: inProject('project.configure', 'env.manage', 'site.manage', 'role.assign', 'messages.manage'),
    children: [
      { key: 'projectDetail', path: '/project/detail/new', titleKey: 'menu.projectDetail', icon: 'form', sort: 10, visibleTo: inProject('project.configure') },
      { key: 'projectEnv', path: '/project/projectEnv/projectEnv', titleKey: 'menu.projectEnv', icon: 'cluster', sort: 20, visibleTo: inProject('env.manage') },
      // Spec 000 §2.2: the environment sync screens, hidden routes opened from environment management.
      { key: 'syncProjectData', path: '/project/projectEnv/syncProjectData', titleKey: 'menu.syncProjectData', sort: 21, hidden: true, visibleTo: inProject('env.manage') },
      { key: 'syncProjectDataTask', path: '/project/projectEnv/syncProjectDataTask', titleKey: 'menu.syncProjectDataTask', sort: 22, hidden: true, visibleTo: inProject('env.manage') },
      { key: 'institution', path: '/project/institution', titleKey: 'menu.institution', icon: 'team', sort: 30, visibleTo: inProject('site.manage', 'role.assign') },
      {
        key: 'projectRoleAuthLog',
        path: '/recordDataManage/projectRoleAuthLog',
        titleKey: 'menu.projectRoleAuthLog',
        icon: 'audit',
        sort: 40,
        // The log names every holder at every site, so it needs the project-wide right, as the server does.
        visibleTo: inProject('role.manage'),
      },
      // Spec 000 §2.2 /project/message: who the project's events tell, on which channels (spec 002 §3).
      { key: 'projectMessage', path: '/project/message', titleKey: 'menu.projectMessage', icon: 'notification', sort: 50, visibleTo: inProject('messages.manage') },
      // Spec 002 §3 "UI settings": the project's logos, footers and portal (spec 000 §2.2 /project/uimanage).
      { key: 'projectUiManage', path: '/project/uimanage', titleKey: 'content.menu.uiManage', icon: 'skin', sort: 60, visibleTo: inProject('project.configure') },
    ],
  },
  {
    // Data capture (spec 002 §2): the subject-area screens under /survey; each entry needs a data right.
    key: 'survey',
    path: '/survey',
    titleKey: 'menu.survey',
    icon: 'schedule',
    sort: 35,
    application: 'dCap',
    visibleTo: inProject('record.view'),
    children: [
      // Spec 002 §2 "subject list with filters" (the data-capture landing, spec 000 §2.4), "subject
      // information", "screening results"; the screening-plan rollback requests of spec 002 §4.
      { key: 'surveySchedule', path: '/survey/schedule', titleKey: 'subjects.menu.list', icon: 'team', sort: 40, visibleTo: inProject('record.view') },
      { key: 'surveySubject', path: '/survey/subject/:subjectId', titleKey: 'subjects.menu.subject', sort: 41, hidden: true, visibleTo: inProject('record.view') },
      { key: 'surveyScreening', path: '/survey/screening', titleKey: 'subjects.menu.screening', icon: 'audit', sort: 45, visibleTo: inProject('record.view') },
      { key: 'surveyRequests', path: '/survey/requests', titleKey: 'subjects.menu.requests', icon: 'audit', sort: 50, visibleTo: inProject('record.view') },
      // Spec 002 §2 "task summary": visits due and overdue per site.
      { key: 'surveyTasks', path: '/survey/tasks', titleKey: 'menu.surveyTasks', icon: 'schedule', sort: 60, visibleTo: inProject('record.view') },
      // Spec 002 §2 "query management" and "alteration log": the caller's sites only.
      { key: 'surveyQueries', path: '/survey/queries', titleKey: 'menu.surveyQueries', icon: 'audit', sort: 70, visibleTo: inProject('record.view') },
      { key: 'surveyAlterationLog', path: '/survey/alterationLog', titleKey: 'menu.surveyAlterationLog', icon: 'audit', sort: 80, visibleTo: inProject('record.view') },
      // Coding captured values to dictionary terms (docs/decisions.md "Coding library").
      { key: 'surveyCoding', path: '/survey/coding', titleKey: 'coding.menu.project', icon: 'fileSearch', sort: 75, visibleTo: inProject('record.code') },
      // Spec 002 §2 "Form panel": panel entry, opened from a subject's visits.
      { key: 'surveyPanelEntry', path: '/survey/subject/:subjectId/panel/:panelInstanceId', titleKey: 'menu.surveyPanelEntry', sort: 90, hidden: true, visibleTo: inProject('record.view') },
      // COMPLIANCE ES-4: a subject's electronic signatures, and signing the whole subject.
      { key: 'surveySignatures', path: '/survey/subject/:subjectId/signatures', titleKey: 'workflow.menu.signatures', sort: 91, hidden: true, visibleTo: inProject('record.view') },
      // Spec 000 §2.2 "data import and export" (/import/importList, /export/exportIndex): the study's data in and
      // out, in the data-capture group so the header keeps its width (docs/decisions.md, "Exports").
      { key: 'importList', path: '/import/importList', titleKey: 'imports.menu.list', icon: 'cloudUpload', sort: 100, visibleTo: inProject('data.import') },
      { key: 'importDetail', path: '/import/importDetail/:importId', titleKey: 'imports.menu.detail', sort: 101, hidden: true, visibleTo: inProject('data.import') },
      { key: 'exportIndex', path: '/export/exportIndex', titleKey: 'exports.menu.index', icon: 'cloudDownload', sort: 110, visibleTo: inProject('data.export') },
      // Spec 000 §2.2 /sopManage/sopDetail (a subject-area screen in spec 002 §1): every member reads the SOPs.
      { key: 'sopDetail', path: '/sopManage/sopDetail', titleKey: 'sop.menu', icon: 'fileProtect', sort: 120, visibleTo: inProject('project.view') },
    ],
  },
  {
    // Balance (randomisation), spec 000 §1, §2.4: mounted under /balance and landing on /balance/survey/schedule,
    // which opens the scheme list. Blinded callers see the screens too; the server leaves arms out for them.
    key: 'balance',
    path: '/balance',
    titleKey: 'balance.menu.group',
    icon: 'partition',
    sort: 50,
    application: 'Balance',
    visibleTo: inProject('randomisation.view'),
    children: [
      { key: 'balanceLanding', path: '/balance/survey/schedule', titleKey: 'balance.menu.schemes', sort: 5, hidden: true, visibleTo: inProject('randomisation.view') },
      { key: 'balanceSchemes', path: '/balance/schemes', titleKey: 'balance.menu.schemes', icon: 'build', sort: 10, visibleTo: inProject('randomisation.view') },
      // The designer of one scheme (`new` for an empty one), opened from the list.
      { key: 'balanceScheme', path: '/balance/schemes/:schemeId', titleKey: 'balance.menu.scheme', sort: 11, hidden: true, visibleTo: inProject('randomisation.view') },
      { key: 'balanceAllocations', path: '/balance/allocations', titleKey: 'balance.menu.allocations', icon: 'team', sort: 20, visibleTo: inProject('randomisation.view') },
      // Each site's code at the remote randomisation service (docs/decisions.md "Remote randomisation protocol").
      { key: 'balanceSiteMapping', path: '/balance/siteMapping', titleKey: 'balance.menu.siteMapping', icon: 'link', sort: 30, visibleTo: inProject('randomisation.design') },
    ],
  },
  {
    // iMask (blinding), spec 000 §1, §2.4: mounted under /imask, landing on the blinding overview.
    key: 'imask',
    path: '/imask',
    titleKey: 'imask.menu.group',
    icon: 'eyeInvisible',
    sort: 55,
    application: 'iMask',
    visibleTo: inProject('randomisation.view'),
    children: [
      { key: 'imaskOverview', path: '/imask/blindManage/blindRandomTableTest', titleKey: 'imask.menu.overview', icon: 'audit', sort: 10, visibleTo: inProject('randomisation.view') },
    ],
  },
  {
    // iSupply (drug supply), spec 000 §1, §2.4: mounted under /isupply, landing on the drug list. Blinded
    // callers see the screens too; the server gives them blinded kit names only.
    key: 'isupply',
    path: '/isupply',
    titleKey: 'isupply.menu.group',
    icon: 'medicineBox',
    sort: 57,
    application: 'iSupply',
    visibleTo: inProject('supply.view'),
    children: [
      { key: 'supplyDrugList', path: '/isupply/drugManage/drugList', titleKey: 'isupply.menu.drugList', icon: 'medicineBox', sort: 10, visibleTo: inProject('supply.view') },
      { key: 'supplyLocations', path: '/isupply/drugManage/locations', titleKey: 'isupply.menu.locations', icon: 'bank', sort: 20, visibleTo: inProject('supply.view') },
      { key: 'supplyKits', path: '/isupply/drugManage/kits', titleKey: 'isupply.menu.kits', icon: 'appstore', sort: 30, visibleTo: inProject('supply.view') },
      { key: 'supplyShipments', path: '/isupply/shipments', titleKey: 'isupply.menu.shipments', icon: 'car', sort: 40, visibleTo: inProject('supply.view') },
      { key: 'supplyExpiry', path: '/isupply/expiry', titleKey: 'isupply.menu.expiry', icon: 'warning', sort: 50, visibleTo: inProject('supply.view') },
      { key: 'supplyMonitor', path: '/isupply/monitor', titleKey: 'isupply.menu.monitor', icon: 'barChart', sort: 60, visibleTo: inProject('supply.view') },
    ],
  },
  {
    // Analytics and Bigscreen, spec 000 §1 (docs/decisions.md "Analytics screens", "Bigscreen"): the charts under
    // /analytics; the big screens stand outside the main layout and open from this group. Every figure needs
    // the data-viewing right, as the server's analytics calls do.
    key: 'analytics',
    path: ANALYTICS_PATH,
    titleKey: 'analytics.menu.group',
    icon: 'barChart',
    sort: 58,
    application: 'Analytics',
    visibleTo: inProject('record.view'),
    children: [
      { key: 'analyticsCharts', path: ANALYTICS_CHARTS_PATH, titleKey: 'analytics.menu.charts', icon: 'barChart', sort: 10, visibleTo: inProject('record.view') },
      { key: 'bigscreen', path: BIGSCREEN_PATH, titleKey: 'analytics.menu.bigscreen', icon: 'dashboard', sort: 20, visibleTo: inProject('record.view') },
      { key: 'bigscreenAll', path: BIGSCREEN_ALL_PATH, titleKey: 'analytics.menu.bigscreenAll', icon: 'dashboard', sort: 30, visibleTo: inProject('record.view') },
    ],
  },
  {
    // The data-capture application's design pages (ARCHITECTURE §1: sub-application prefix /dCapVue).
    key: 'design',
    path: '/dCapVue/design',
    titleKey: 'menu.design',
    icon: 'build',
    sort: 40,
    application: 'dCap',
    visibleTo: inProject('design.edit'),
    children: [
      { key: 'designInstruments', path: '/dCapVue/design/instruments', titleKey: 'menu.designInstruments', icon: 'form', sort: 10, visibleTo: inProject('design.edit') },
      { key: 'designEvents', path: '/dCapVue/design/events', titleKey: 'menu.designEvents', icon: 'schedule', sort: 20, visibleTo: inProject('design.edit') },
      { key: 'designDicts', path: '/dCapVue/design/dicts', titleKey: 'menu.designDicts', icon: 'cluster', sort: 25, visibleTo: inProject('design.edit') },
      { key: 'designPublish', path: '/dCapVue/design/publish', titleKey: 'menu.designPublish', icon: 'cloudUpload', sort: 30, visibleTo: inProject('design.edit') },
      // The designers open from the panel list; `:instrumentId` matches one path segment in the guard.
      { key: 'formDesigner', path: '/dCapVue/design/panel/:instrumentId', titleKey: 'menu.formDesigner', sort: 40, hidden: true, visibleTo: inProject('design.edit') },
      { key: 'derivedDesigner', path: '/dCapVue/design/derived/:instrumentId', titleKey: 'menu.derivedDesigner', sort: 50, hidden: true, visibleTo: inProject('design.edit') },
    ],
  },
  {
    key: 'sys',
    path: '/sys',
    titleKey: 'menu.sys',
    icon: 'setting',
    sort: 900,
    // Shown when any entry under it is: each entry names its own platform function (stored role permissions).
    visibleTo: everyone,
    children: [
      { key: 'sysUser', path: '/sys/user', titleKey: 'menu.sysUser', icon: 'user', sort: 10, visibleTo: (viewer) => canOnPlatform(viewer, 'user.manage') },
      // Every signed-in user may read units and departments (the pages hide the edits from the rest).
      { key: 'sysUnit', path: '/sys/unit/unit', titleKey: 'menu.sysUnit', icon: 'bank', sort: 20, openToAll: true, visibleTo: (viewer) => canOnPlatform(viewer, 'unit.manage') },
      { key: 'sysArea', path: '/sys/area', titleKey: 'areas.menu', icon: 'partition', sort: 25, visibleTo: (viewer) => canOnPlatform(viewer, 'unit.manage') },
      { key: 'sysDivision', path: '/sys/unit/division', titleKey: 'menu.sysDivision', icon: 'apartment', sort: 30, openToAll: true, visibleTo: (viewer) => canOnPlatform(viewer, 'unit.manage') },
      // The platform libraries the designers draw from (spec 000 §2.2 /sys/standardField, /sys/standardInstrument, /sys/dict).
      { key: 'sysStandardField', path: '/sys/standardField', titleKey: 'menu.sysStandardField', icon: 'form', sort: 40, visibleTo: (viewer) => canOnPlatform(viewer, 'library.manage') },
      { key: 'sysStandardInstrument', path: '/sys/standardInstrument', titleKey: 'menu.sysStandardInstrument', icon: 'appstore', sort: 50, visibleTo: (viewer) => canOnPlatform(viewer, 'library.manage') },
      { key: 'sysDict', path: '/sys/dict', titleKey: 'menu.sysDict', icon: 'cluster', sort: 60, visibleTo: (viewer) => canOnPlatform(viewer, 'library.manage') },
      // Spec 000 §2.2 /sys/projectDataManage/globalProjectDict: the same platform dictionaries, which every project
      // sees and copies from (docs/decisions.md "Global project dictionary"); hidden, the entry above leads there.
      { key: 'sysGlobalProjectDict', path: '/sys/projectDataManage/globalProjectDict', titleKey: 'menu.sysDict', sort: 61, hidden: true, visibleTo: (viewer) => canOnPlatform(viewer, 'library.manage') },
      // Spec 000 §2.2 "coding library": the coding dictionaries a licence holder uploads (docs/decisions.md "Coding library").
      { key: 'sysCoding', path: '/sys/coding', titleKey: 'coding.menu.library', icon: 'fileSearch', sort: 65, visibleTo: (viewer) => canOnPlatform(viewer, 'library.manage') },
      { key: 'sysDerivedField', path: '/sys/derivedField', titleKey: 'menu.sysDerivedField', icon: 'build', sort: 70, visibleTo: (viewer) => canOnPlatform(viewer, 'library.manage') },
      { key: 'sysMessageConfig', path: '/sys/messageConfig', titleKey: 'menu.sysMessageConfig', icon: 'notification', sort: 80, visibleTo: (viewer) => canOnPlatform(viewer, 'messages.configure') },
      // Spec 000 §2.2 /sys/messageLog: every e-mail and WeChat message of the platform and what became of it.
      { key: 'sysMessageLog', path: '/sys/messageLog', titleKey: 'messages.menu.log', icon: 'mail', sort: 85, visibleTo: (viewer) => canOnPlatform(viewer, 'message.manage') },
      // Spec 000 §2.2 platform administration: who is signed in, the operation log, the server's caches.
      { key: 'sysOnlineUser', path: '/sys/onlineUser', titleKey: 'admin.menu.onlineUser', icon: 'team', sort: 90, visibleTo: (viewer) => canOnPlatform(viewer, 'platform.administer') },
      { key: 'sysLog', path: '/sys/sysLog', titleKey: 'admin.menu.sysLog', icon: 'fileSearch', sort: 95, visibleTo: (viewer) => canOnPlatform(viewer, 'platform.administer') },
      { key: 'sysCache', path: '/sys/cache', titleKey: 'admin.menu.cache', icon: 'database', sort: 100, visibleTo: (viewer) => canOnPlatform(viewer, 'platform.administer') },
      { key: 'sysInternalInterface', path: '/sys/internalinterface', titleKey: 'admin.menu.internalInterface', icon: 'api', sort: 105, visibleTo: (viewer) => canOnPlatform(viewer, 'platform.administer') },
      // Spec 000 §2.2 /sys/article: the bulletins every user sees once (spec 000 §4.5).
      { key: 'sysArticle', path: '/sys/article', titleKey: 'content.menu.article', icon: 'notification', sort: 88, visibleTo: (viewer) => canOnPlatform(viewer, 'article.manage') },
      // Spec 000 §2.2 /sys/menu and platform administration "role permissions" (docs/decisions.md "Menu settings").
      { key: 'sysMenu', path: '/sys/menu', titleKey: 'sysconfig.menu.menus', icon: 'menu', sort: 110, visibleTo: (viewer) => canOnPlatform(viewer, 'platform.administer') },
      { key: 'sysRolePermission', path: '/sys/rolePermission', titleKey: 'sysconfig.menu.rolePermission', icon: 'safety', sort: 115, visibleTo: (viewer) => canOnPlatform(viewer, 'platform.administer') },
    ],
  },
];

/** What a platform administrator stored for one entry on /sys/menu; null keeps the code's value. */
export interface MenuSetting {
  key: string;
  sort: number | null;
  always: boolean | null;
  enabled: boolean;
  titleZh: string | null;
  titleEn: string | null;
}

/** One entry as code defines it, without its rule of who sees it: what the menu settings start from. */
export interface MenuDefault {
  key: string;
  path: string;
  titleKey: string;
  sort: number;
  always: boolean;
  hidden: boolean;
  /** The entry may be marked always (its page serves everyone). */
  alwaysAllowed: boolean;
  /** The entry may be hidden: not /sys/menu itself nor a group above it, so nobody locks themselves out. */
  disableAllowed: boolean;
  children?: MenuDefault[];
}

const MENU_SETTINGS_KEY = 'sysMenu';
const holdsMenuSettings = (definition: MenuDefinition): boolean =>
  definition.key === MENU_SETTINGS_KEY || (definition.children ?? []).some(holdsMenuSettings);

function toDefaults(definitions: MenuDefinition[]): MenuDefault[] {
  return definitions.map((definition): MenuDefault => ({
    key: definition.key,
    path: definition.path,
    titleKey: definition.titleKey,
    sort: definition.sort,
    always: definition.always ?? false,
    hidden: definition.hidden ?? false,
    alwaysAllowed: definition.openToAll ?? false,
    disableAllowed: !holdsMenuSettings(definition),
    ...(definition.children ? { children: toDefaults(definition.children) } : {}),
  }));
}

/** The code's menu tree with its defaults, in definition order. */
export function menuDefaults(): MenuDefault[] {
  return toDefaults(MENU_DEFINITIONS);
}

function filterMenus(definitions: MenuDefinition[], viewer: MenuViewer, settings: ReadonlyMap<string, MenuSetting>): MenuItem[] {
  return definitions
    .map((definition) => ({ definition, setting: settings.get(definition.key) }))
    // A disabled entry is gone for everyone; the entry of the menu settings and its group cannot be disabled.
    .filter(({ definition, setting }) => setting?.enabled !== false || holdsMenuSettings(definition))
    .map(({ definition, setting }) => ({
      definition,
      setting,
      sort: setting?.sort ?? definition.sort,
      // Only an entry whose page serves everyone may be always shown (docs/decisions.md "Menu settings").
      always: (setting?.always ?? definition.always ?? false) && definition.openToAll === true,
    }))
    .filter(({ definition, always }) => always || definition.visibleTo(viewer))
    .sort((a, b) => a.sort - b.sort)
    .map(({ definition, setting, sort, always }): MenuItem => {
      const { visibleTo: _visibleTo, openToAll: _openToAll, children, always: _always, ...item } = definition;
      const titles = { ...(setting?.titleZh ? { titleZh: setting.titleZh } : {}), ...(setting?.titleEn ? { titleEn: setting.titleEn } : {}) };
      const shown: MenuItem = { ...item, ...titles, sort, ...(always ? { always } : {}) };
      const visibleChildren = children ? filterMenus(children, viewer, settings) : undefined;
      return visibleChildren ? { ...shown, children: visibleChildren } : shown;
    })
    .filter((item) => !item.children || item.children.length > 0);
}

/**
 * The menu tree this viewer may see, sorted (spec 000 §2.2), with the settings stored on /sys/menu applied
 * over the code's definitions: their sort, always flag, titles, and disabled entries left out.
 */
export function menusFor(viewer: MenuViewer, settings: readonly MenuSetting[] = []): MenuItem[] {
  return filterMenus(MENU_DEFINITIONS, viewer, new Map(settings.map((setting) => [setting.key, setting])));
}
/** Every path a menu could lead to; the web guard lets a user open only the ones the server granted. */
export function menuPaths(menus: MenuItem[]): string[] {
  return menus.flatMap((item) => [item.path, ...(item.children ? menuPaths(item.children) : [])]);
}
