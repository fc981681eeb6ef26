import { describe, expect, it } from 'vitest';
import { menuPaths, menusFor } from './menus.js';

const member = { admin: false, systemAdmin: false, projectAdmin: false };

describe('menusFor (spec 000 §2.2: filtered by the user, always entries shown, ordered by sort)', () => {
  it('gives platform administrators the system menu and others only what is always shown', () => {
    expect(menuPaths(menusFor({ ...member, admin: true }))).toEqual(['/project/DataDisplay', '/sys', '/sys/user']);
    expect(menuPaths(menusFor({ ...member, systemAdmin: true }))).toContain('/sys/user');
    expect(menuPaths(menusFor(member))).toEqual(['/project/DataDisplay']);
    expect(menuPaths(menusFor({ ...member, projectAdmin: true }))).toEqual(['/project/DataDisplay']);
  });

  it('orders entries by sort and drops the internal visibility rule from the wire shape', () => {
    const menus = menusFor({ ...member, admin: true });
    expect(menus.map((m) => m.sort)).toEqual([...menus.map((m) => m.sort)].sort((a, b) => a - b));
    expect(JSON.stringify(menus)).not.toContain('visibleTo');
  });
});
