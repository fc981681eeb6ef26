/** Local storage keys of spec 000 §3, all under the `pro__` namespace. */
export const STORAGE_PREFIX = 'pro__';
export const STORAGE_KEYS = {
  token: 'Token',
  userKey: 'Ukey',
  language: 'app_language',
  loginMode: 'APP_LOGIN_MODE',
  projectRoleList: 'PROJECT_ROLE_LIST',
  currentProjectRole: 'CURRENT_PROJECT_ROLE',
  uiConfig: 'UI_CONFIG',
  article: 'SET_ARTICLE',
  loginInfo: 'LOGIN_INFO_OBJ',
  /** Spec 000 §3: "A font size preference is also kept"; the spec names no key, so this one is ours. */
  fontSize: 'FONT_SIZE',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;
