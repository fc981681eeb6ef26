import type {
  ApplicationType,
  EnvStatus,
  EnvType,
  HeaderNotice,
  ProjectConfigFlag,
  ProjectListFilter,
  ProjectStatus,
  RoleRight,
} from '@dcap/core';
import type { BLIND_METHODS, GROUP_SCHEMES, SITE_STATUSES } from '@dcap/core';

/** Catalogue keys for the values of core's project, environment and role enums. */
export const PROJECT_STATUS_LABEL_KEYS: Record<ProjectStatus, string> = {
  PROJECT_STATUS_SET_UP: 'projects.status.PROJECT_STATUS_SET_UP',
  CONFIG: 'projects.status.CONFIG',
  INTERNAL_TEST: 'projects.status.INTERNAL_TEST',
  TEST: 'projects.status.TEST',
  ON_RESEARCH: 'projects.status.ON_RESEARCH',
  FIX: 'projects.status.FIX',
  DATABASE_FREEZED: 'projects.status.DATABASE_FREEZED',
  DOC_DELIVERY: 'projects.status.DOC_DELIVERY',
  OFFLINE: 'projects.status.OFFLINE',
  LOCKED: 'projects.status.LOCKED',
  FREEZED_ON_TEST: 'projects.status.FREEZED_ON_TEST',
  RECORD_FREEZED: 'projects.status.RECORD_FREEZED',
  FREEZED_ON_RESEARCH: 'projects.status.FREEZED_ON_RESEARCH',
};

/** Tag colours by status: testing blue, running green, paused orange, locked or closed grey or red. */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  PROJECT_STATUS_SET_UP: 'default',
  CONFIG: 'geekblue',
  INTERNAL_TEST: 'blue',
  TEST: 'cyan',
  ON_RESEARCH: 'green',
  FIX: 'lime',
  DATABASE_FREEZED: 'purple',
  DOC_DELIVERY: 'magenta',
  OFFLINE: 'default',
  LOCKED: 'red',
  FREEZED_ON_TEST: 'orange',
  RECORD_FREEZED: 'gold',
  FREEZED_ON_RESEARCH: 'volcano',
};

export const LIST_FILTER_LABEL_KEYS: Record<ProjectListFilter, string> = {
  mine: 'projects.filters.mine',
  all: 'projects.filters.all',
  testing: 'projects.filters.testing',
  running: 'projects.filters.running',
  suspended: 'projects.filters.suspended',
  databaseLocked: 'projects.filters.databaseLocked',
  docDelivery: 'projects.filters.docDelivery',
  offline: 'projects.filters.offline',
};

export const HEADER_NOTICE_LABEL_KEYS: Record<HeaderNotice, string> = {
  pausedOnTest: 'projects.notice.pausedOnTest',
  recruitmentPaused: 'projects.notice.recruitmentPaused',
  projectLocked: 'projects.notice.projectLocked',
  runPaused: 'projects.notice.runPaused',
};

export const BLIND_METHOD_LABEL_KEYS: Record<(typeof BLIND_METHODS)[number], string> = {
  D: 'projects.blindMethod.D',
  S: 'projects.blindMethod.S',
  N: 'projects.blindMethod.N',
};

export const GROUP_SCHEME_LABEL_KEYS: Record<(typeof GROUP_SCHEMES)[number], string> = {
  PROJECT_GROUP_SCHEME_RAND: 'projects.groupScheme.PROJECT_GROUP_SCHEME_RAND',
  PROJECT_GROUP_SCHEME_NONE: 'projects.groupScheme.PROJECT_GROUP_SCHEME_NONE',
};

export const CONFIG_FLAG_LABEL_KEYS: Record<ProjectConfigFlag, string> = {
  applicationModule: 'projects.config.applicationModule',
  applicationModuleRunning: 'projects.config.applicationModuleRunning',
  openWechatMp: 'projects.config.openWechatMp',
  openMiniApp: 'projects.config.openMiniApp',
  preScreen: 'projects.config.preScreen',
  preScreenSuspend: 'projects.config.preScreenSuspend',
  visitTask: 'projects.config.visitTask',
  clinicalNumber: 'projects.config.clinicalNumber',
  clinicalNumberMust: 'projects.config.clinicalNumberMust',
  panelAutoCover: 'projects.config.panelAutoCover',
  panelAutoSwitch: 'projects.config.panelAutoSwitch',
  enableOcr: 'projects.config.enableOcr',
  varsRequeredOnRecruit: 'projects.config.varsRequeredOnRecruit',
  sameRoleCancelCloseQuery: 'projects.config.sameRoleCancelCloseQuery',
};

/** Every application type: the status changes and the pre-screening suspension. */
export const STATUS_CHANGE_LABEL_KEYS: Record<ApplicationType, string> = {
  APPLY_SUSPEND_RECRUIT: 'lifecycle.changeType.APPLY_SUSPEND_RECRUIT',
  APPLY_CONTINUE_RECRUIT: 'lifecycle.changeType.APPLY_CONTINUE_RECRUIT',
  APPLY_PROJECT_LOCKED: 'lifecycle.changeType.APPLY_PROJECT_LOCKED',
  APPLY_PROJECT_UNLOCKED: 'lifecycle.changeType.APPLY_PROJECT_UNLOCKED',
  APPLY_FREEZED_ON_RESEARCH: 'lifecycle.changeType.APPLY_FREEZED_ON_RESEARCH',
  APPLY_UNFREEZE_CONTINUE_RECRUIT: 'lifecycle.changeType.APPLY_UNFREEZE_CONTINUE_RECRUIT',
  APPLY_DATABASE_FREEZED: 'lifecycle.changeType.APPLY_DATABASE_FREEZED',
  APPLY_DATABASE_UNFREEZED: 'lifecycle.changeType.APPLY_DATABASE_UNFREEZED',
  APPLY_PRE_SCREEN_SUSPEND: 'lifecycle.changeType.APPLY_PRE_SCREEN_SUSPEND',
};

export const ENV_TYPE_LABEL_KEYS: Record<EnvType, string> = {
  dev: 'envs.type.dev',
  uat: 'envs.type.uat',
  bprd: 'envs.type.bprd',
  prd: 'envs.type.prd',
  sde: 'envs.type.sde',
};

export const ENV_STATUS_LABEL_KEYS: Record<EnvStatus, string> = {
  normal: 'envs.status.normal',
  disable: 'envs.status.disable',
};

export const SITE_STATUS_LABEL_KEYS: Record<(typeof SITE_STATUSES)[number], string> = {
  active: 'sites.status.active',
  closed: 'sites.status.closed',
};

export const ROLE_RIGHT_LABEL_KEYS: Record<RoleRight, string> = {
  projectDesignAndSetup: 'roles.rights.projectDesignAndSetup',
  dataEntryRights: 'roles.rights.dataEntryRights',
  verify: 'roles.rights.verify',
  review: 'roles.rights.review',
  locked: 'roles.rights.locked',
  freeze: 'roles.rights.freeze',
  query: 'roles.rights.query',
  answerQuery: 'roles.rights.answerQuery',
  handleAllQuery: 'roles.rights.handleAllQuery',
  export: 'roles.rights.export',
  import: 'roles.rights.import',
  randomise: 'roles.rights.randomise',
  unblind: 'roles.rights.unblind',
  drugSupply: 'roles.rights.drugSupply',
  userRightsManagement: 'roles.rights.userRightsManagement',
};

/** The actions of the role authorisation log (the server's audit action names). */
export const ROLE_LOG_ACTION_LABEL_KEYS: Record<string, string> = {
  'role.create': 'authLog.actions.create',
  'role.update': 'authLog.actions.update',
  'role.delete': 'authLog.actions.delete',
  'role.disable': 'authLog.actions.disable',
  'role.enable': 'authLog.actions.enable',
  'role.assign': 'authLog.actions.assign',
  'role.revoke': 'authLog.actions.revoke',
  'role.site_authority': 'authLog.actions.siteAuthority',
};
