import { describe, expect, it } from 'vitest';
import { afterSignInPath, decideAccess, decideNavigation, safeRedirect } from './guard';

const at = (url: string) => {
  const [pathname = '', query] = url.split('?');
  return { pathname, search: query ? `?${query}` : '' };
};

describe('decideNavigation (spec 000 §2.5)', () => {
  it.each([
    // [url, has token, expected]
    ['/', false, { kind: 'pass' }],
    ['/user/login', false, { kind: 'pass' }],
    ['/user/login?redirect=%2Fsys%2Fuser', false, { kind: 'pass' }],
    ['/user/Privacy', false, { kind: 'pass' }],
    ['/UserTerm', false, { kind: 'pass' }],
    ['/portal/STUDY-1', false, { kind: 'pass' }],
    ['/404', false, { kind: 'pass' }],
    ['/project/DataDisplay', false, { kind: 'redirect', to: '/user/login?redirect=%2Fproject%2FDataDisplay' }],
    ['/sys/user?keyword=li', false, { kind: 'redirect', to: '/user/login?redirect=%2Fsys%2Fuser%3Fkeyword%3Dli' }],
    ['/account/settings/base', false, { kind: 'redirect', to: '/user/login?redirect=%2Faccount%2Fsettings%2Fbase' }],
    ['/no/such/page', false, { kind: 'redirect', to: '/user/login?redirect=%2Fno%2Fsuch%2Fpage' }],
    ['/', true, { kind: 'redirect', to: '/project/DataDisplay' }],
    ['/user/login', true, { kind: 'redirect', to: '/project/DataDisplay' }],
    ['/user/login?redirect=%2Fsys%2Fuser', true, { kind: 'redirect', to: '/sys/user' }],
    ['/user/login?redirect=https%3A%2F%2Fevil.example', true, { kind: 'redirect', to: '/project/DataDisplay' }],
    ['/project/DataDisplay', true, { kind: 'pass' }],
    ['/sys/user', true, { kind: 'pass' }],
    ['/user/Privacy', true, { kind: 'pass' }],
  ] as const)('%s with token=%s', (url, hasToken, expected) => {
    expect(decideNavigation(at(url), { hasToken, signedOut: false, mustChangePassword: false })).toEqual(expected);
  });

  it.each([
    ['/account/settings/binding', { kind: 'redirect', to: '/user/login' }],
    ['/user/login', { kind: 'pass' }],
  ] as const)('after signing out on purpose, %s does not remember the page', (url, expected) => {
    expect(decideNavigation(at(url), { hasToken: false, signedOut: true, mustChangePassword: false })).toEqual(expected);
  });

  it.each([
    ['/project/DataDisplay', { kind: 'redirect', to: '/user/changePassword?redirect=%2Fproject%2FDataDisplay' }],
    ['/sys/user?keyword=li', { kind: 'redirect', to: '/user/changePassword?redirect=%2Fsys%2Fuser%3Fkeyword%3Dli' }],
    ['/account/settings/security', { kind: 'redirect', to: '/user/changePassword?redirect=%2Faccount%2Fsettings%2Fsecurity' }],
    ['/user/Privacy', { kind: 'redirect', to: '/user/changePassword?redirect=%2Fuser%2FPrivacy' }],
    ['/user/login?redirect=%2Fsys%2Fuser', { kind: 'redirect', to: '/user/changePassword?redirect=%2Fsys%2Fuser' }],
    ['/', { kind: 'redirect', to: '/user/changePassword?redirect=%2Fproject%2FDataDisplay' }],
    ['/user/changePassword?redirect=%2Fsys%2Fuser', { kind: 'pass' }],
  ] as const)('a user whose password was reset goes from %s to the change-password page first', (url, expected) => {
    expect(decideNavigation(at(url), { hasToken: true, signedOut: false, mustChangePassword: true })).toEqual(expected);
  });

  it('sends a user with their own password on from the change-password page, and a visitor to sign in', () => {
    const page = at('/user/changePassword?redirect=%2Fsys%2Fuser');
    expect(decideNavigation(page, { hasToken: true, signedOut: false, mustChangePassword: false })).toEqual({ kind: 'redirect', to: '/sys/user' });
    expect(decideNavigation(page, { hasToken: false, signedOut: false, mustChangePassword: false })).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fuser%2FchangePassword%3Fredirect%3D%252Fsys%252Fuser',
    });
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/sys/user', '/sys/user'],
    ['/sys/user?status=locked#top', '/sys/user?status=locked#top'],
    ['https://evil.example/', null],
    ['//evil.example/path', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
    ['/user/login?redirect=/sys/user', null],
    ['/user/changePassword', null],
    ['/', null],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it('sends a signed-in user to the redirect value or the dashboard', () => {
    expect(afterSignInPath('?redirect=%2Faccount%2Fsettings%2Fsecurity')).toBe('/account/settings/security');
    expect(afterSignInPath('')).toBe('/project/DataDisplay');
    expect(afterSignInPath('?redirect=%2F%2Fevil.example')).toBe('/project/DataDisplay');
  });
});

describe('decideAccess (menus granted by /dcap/sys/init)', () => {
  const adminMenus = ['/project/DataDisplay', '/sys', '/sys/user'];
  const memberMenus = ['/project/DataDisplay'];
  const designerMenus = ['/project/DataDisplay', '/dCapVue/design/panel/:instrumentId'];
  it.each([
    ['/project/DataDisplay', memberMenus, 'allowed'],
    ['/account/settings', memberMenus, 'allowed'],
    ['/account/settings/security', memberMenus, 'allowed'],
    ['/account/settings/binding', [], 'allowed'],
    ['/sys/user', memberMenus, 'forbidden'],
    ['/sys/user', adminMenus, 'allowed'],
    ['/sys/user/', adminMenus, 'allowed'],
    // A granted menu group does not open pages beneath it that were not granted themselves.
    ['/sys/menu', adminMenus, 'forbidden'],
    ['/sys', memberMenus, 'forbidden'],
    // A page for one panel: `:instrumentId` stands for exactly one segment.
    ['/dCapVue/design/panel/12', designerMenus, 'allowed'],
    ['/dCapVue/design/panel/12', memberMenus, 'forbidden'],
    ['/dCapVue/design/panel', designerMenus, 'forbidden'],
    ['/dCapVue/design/panel/', designerMenus, 'forbidden'],
    ['/dCapVue/design/panel/12/extra', designerMenus, 'forbidden'],
    ['/dCapVue/design/derived/12', designerMenus, 'forbidden'],
  ] as const)('%s with menus %j is %s', (pathname, menus, expected) => {
    expect(decideAccess(pathname, menus)).toBe(expected);
  });
});
