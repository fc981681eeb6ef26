import { describe, expect, it } from 'vitest';
import { menusFor, PROJECT_ACTIONS } from '@dcap/core';
import type { MenuItem } from '@dcap/core';
import { catalogues, createI18n } from './index';

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

const zh = flatten(catalogues['zh-CN']);
const en = flatten(catalogues['en-US']);

/** Source files of the app (not tests), read as text to find the catalogue keys they use. */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('catalogues', () => {
  it('have the same, non-empty key sets in both languages', () => {
    expect(zh.size).toBeGreaterThan(50);
    // English adds a singular `_one` form beside a counted key (i18next plurals); Chinese needs none.
    const singulars = [...en.keys()].filter((key) => key.endsWith('_one'));
    expect(singulars.filter((key) => !zh.has(key.slice(0, -'_one'.length)))).toEqual([]);
    expect([...en.keys()].filter((key) => !singulars.includes(key)).sort()).toEqual([...zh.keys()].sort());
  });

  it('give every English singular form a counted plural beside it', () => {
    for (const key of en.keys()) {
      if (key.endsWith('_one')) expect(String(en.get(key.slice(0, -'_one'.length))), key).toContain('{{count}}');
    }
  });

  it('have a non-empty text for every key', () => {
    for (const [key, text] of [...zh, ...en]) {
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    // Spec 000 §5: the Chinese text states only the minimum length, the English one the range.
    const exceptions = new Set(['password.rule']);
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of zh) {
      if (!exceptions.has(key)) expect(placeholders(en.get(key)), key).toEqual(placeholders(text));
    }
  });

  it('contain every key the source names literally', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const sections = new Set([...zh.keys()].map((key) => key.split('.')[0]));
    const named = new Set<string>();
    for (const text of Object.values(sources)) {
      // Quoted dotted names: `t('login.submit')` as well as keys kept in lookup tables (enum labels, tabs).
      for (const match of text.matchAll(/'([a-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)+)'/g)) {
        const key = match[1] ?? '';
        if (sections.has(key.split('.')[0])) named.add(key);
      }
    }
    expect(named.has('login.submit')).toBe(true);
    expect([...named].filter((key) => !zh.has(key))).toEqual([]);
  });

  it('contain the titles of every menu the server may send', () => {
    // A viewer who may do everything sees every entry core defines.
    const everything = Object.fromEntries(PROJECT_ACTIONS.map((action) => [action, true]));
    const titles = (items: readonly MenuItem[]): string[] => items.flatMap((item) => [item.titleKey, ...titles(item.children ?? [])]);
    const keys = titles(menusFor({ admin: true, systemAdmin: false, projectAdmin: true, projectAbilities: everything }));
    expect(keys).toContain('menu.sysDivision');
    for (const key of keys) {
      expect(zh.has(key), key).toBe(true);
      expect(en.has(key), key).toBe(true);
    }
  });
});

describe('English plurals through i18next plural keys', () => {
  it.each<[string, number, string]>([
    ['designer.saveIssues', 1, 'The panel has 1 problem and was not saved'],
    ['designer.saveIssues', 3, 'The panel has 3 problems and was not saved'],
    ['dashboard.toWorkplace', 1, 'Workplace (1 project)'],
    ['dashboard.toWorkplace', 0, 'Workplace (0 projects)'],
    ['design.publish.defaultLabels.title', 1, '1 label still has its default text, which sites will see once published. Consider replacing it in the designer first.'],
  ])('%s with %d reads "%s"', (key, count, text) => {
    expect(createI18n('en-US').t(key, { count })).toBe(text);
  });

  it('Chinese has one form for every count', () => {
    const zhT = createI18n('zh-CN').t;
    expect(zhT('dashboard.toWorkplace', { count: 1 })).toBe(zhT('dashboard.toWorkplace', { count: 2 }).replace('2', '1'));
  });
});

describe('Chinese texts built from other texts', () => {
  it('never double a word: a lifecycle action named 确认… is not asked as 确认确认…', () => {
    const zhT = createI18n('zh-CN').t;
    for (const action of ['saConfirmConfig', 'confirmInternalTest', 'confirmUatTest', 'nextStep']) {
      const title = zhT('lifecycle.confirmTitle', { action: zhT(`lifecycle.actions.${action}`) });
      expect(title).not.toMatch(/确认确认|(.{2})\1/);
    }
    expect(zhT('lifecycle.confirmTitle', { action: zhT('lifecycle.actions.saConfirmConfig') })).toBe('确定要执行“确认配置”吗？');
  });
});
