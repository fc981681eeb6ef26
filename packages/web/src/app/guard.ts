import { QR_AUTH_PATH, RESET_PASSWORD_PATH } from '@dcap/core';

/**
 * Routing decisions of spec 000 §2.5, as pure functions so every case can be tested in a table.
 * Hiding is a convenience only: the server refuses every call the user has no right to.
 */
export const LOGIN_PATH = '/user/login';
export const DASHBOARD_PATH = '/project/DataDisplay';
export const NOT_FOUND_PATH = '/404';
export const ACCOUNT_SETTINGS_PATH = '/account/settings';
/** Where a user whose password an administrator reset chooses their own before anything else. */
export const CHANGE_PASSWORD_PATH = '/user/changePassword';

/** Password recovery (spec 000 §5): asking for the e-mail, and the page its link opens. */
export const FORGOT_PASSWORD_PATH = '/user/forgotPassword';

/** Routes that need no sign-in (spec 000 §2.5: login, Privacy, UserTerm, WebAppAuth, ApplyProject, Portal). */
const PUBLIC_PATHS = new Set(['/', LOGIN_PATH, '/user/Privacy', '/UserTerm', QR_AUTH_PATH, '/_App/ApplyProject', NOT_FOUND_PATH, FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH]);
/** `/epro/`: a subject's questionnaire link (docs/decisions.md "Subject questionnaires"). */
const PUBLIC_PREFIXES = ['/portal/', '/epro/'];
/** Paths that lead to the sign-in form; a signed-in user visiting them is sent on. */
const SIGN_IN_PATHS = new Set(['/', LOGIN_PATH]);

export interface Target {
  pathname: string;
  search: string;
}

export type NavigationDecision = { kind: 'pass' } | { kind: 'redirect'; to: string };

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * A `redirect` value is only followed when it is a path inside this app: an absolute URL or a
 * protocol-relative one (`//evil.example`) would turn the sign-in page into an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (SIGN_IN_PATHS.has(pathname) || pathname === CHANGE_PASSWORD_PATH) return null;
  return value;
}

/** Where to go once signed in: the redirect value when it is safe, else the dashboard. */
export function afterSignInPath(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? DASHBOARD_PATH;
}

export function signInPathFor(target: Target): string {
  const back = `${target.pathname}${target.search}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: back }).toString()}`;
}

export interface SessionState {
  hasToken: boolean;
  /** The user signed out on purpose: the page they were on is not remembered for the next sign-in. */
  signedOut: boolean;
  /** The password was reset by an administrator and must be replaced first (docs/decisions.md). */
  mustChangePassword: boolean;
}

/** The authentication half of the guard: who may see the requested path at all. */
export function decideNavigation(target: Target, session: SessionState): NavigationDecision {
  if (session.hasToken) {
    if (session.mustChangePassword) {
      if (target.pathname === CHANGE_PASSWORD_PATH) return { kind: 'pass' };
      // The page asked for is kept, so the user arrives there once the password is changed.
      const wanted = SIGN_IN_PATHS.has(target.pathname) ? afterSignInPath(target.search) : `${target.pathname}${target.search}`;
      return { kind: 'redirect', to: `${CHANGE_PASSWORD_PATH}?${new URLSearchParams({ redirect: wanted }).toString()}` };
    }
    if (SIGN_IN_PATHS.has(target.pathname) || target.pathname === CHANGE_PASSWORD_PATH) {
      return { kind: 'redirect', to: afterSignInPath(target.search) };
    }
    return { kind: 'pass' };
  }
  if (isPublicPath(target.pathname)) return { kind: 'pass' };
  return { kind: 'redirect', to: session.signedOut ? LOGIN_PATH : signInPathFor(target) };
}

/** Pages every signed-in user may open whatever menus they were granted. */
const ALWAYS_OPEN_PATHS = new Set([DASHBOARD_PATH, ACCOUNT_SETTINGS_PATH]);
const ALWAYS_OPEN_PREFIXES = [`${ACCOUNT_SETTINGS_PATH}/`];

export type AccessDecision = 'allowed' | 'forbidden';

/**
 * The authorisation half: a signed-in user may open a page only if the server granted a menu leading to it
 * (spec 000 §2.2, menus filtered by what the server returns). `grantedPaths` are the menu paths of
 * `/dcap/sys/init`; matching is exact so a granted menu group does not open every page beneath it.
 */
export function decideAccess(pathname: string, grantedPaths: readonly string[]): AccessDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (ALWAYS_OPEN_PATHS.has(path) || ALWAYS_OPEN_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'allowed';
  return grantedPaths.some((granted) => pathMatches(granted, path)) ? 'allowed' : 'forbidden';
}

/**
 * Exact match, except that a granted segment written `:name` (a page opened for one panel, say) matches any
 * one non-empty segment; it never matches across a slash.
 */
function pathMatches(granted: string, path: string): boolean {
  if (!granted.includes('/:')) return granted === path;
  const grantedSegments = granted.split('/');
  const pathSegments = path.split('/');
  return (
    grantedSegments.length === pathSegments.length &&
    grantedSegments.every((segment, index) => (segment.startsWith(':') ? pathSegments[index] !== '' : segment === pathSegments[index]))
  );
}
