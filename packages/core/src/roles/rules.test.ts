import { describe, expect, it } from 'vitest';
import type { SiteScope } from '../permissions/project.js';
import { idListParam, saveRoleSchema } from './schemas.js';
import {
  intersectScopes,
  normaliseScope,
  rightsFromFlags,
  roleAliasNames,
  sameScope,
  scopesOverlap,
  siteInvestigatorRole,
  siteNamesLabel,
  unionScopes,
} from './rules.js';

describe('site scopes', () => {
  it('normalises to sorted unique ids and compares by content', () => {
    expect(normaliseScope([3, 1, 3, 2])).toEqual([1, 2, 3]);
    expect(normaliseScope('all')).toBe('all');
    expect(sameScope([2, 1], [1, 2, 2])).toBe(true);
    expect(sameScope('all', [1])).toBe(false);
    expect(sameScope('all', 'all')).toBe(true);
  });

  it('unites the scopes of several roles', () => {
    expect(unionScopes([[3, 1], [2, 3]])).toEqual([1, 2, 3]);
    expect(unionScopes([[3], 'all'])).toBe('all');
    expect(unionScopes([])).toEqual([]);
  });

  it('intersects a grant with its role', () => {
    expect(intersectScopes('all', [2, 1])).toEqual([1, 2]);
    expect(intersectScopes([1, 2], 'all')).toEqual([1, 2]);
    expect(intersectScopes([3, 1, 2], [2, 3, 4])).toEqual([2, 3]);
    expect(intersectScopes('all', 'all')).toBe('all');
  });

  it.each<[SiteScope, SiteScope, boolean]>([
    ['all', [1], true],
    [[1], 'all', true],
    [[1, 2], [2, 3], true],
    [[1], [2], false],
  ])('overlap of %j and %j is %s', (a, b, expected) => {
    expect(scopesOverlap(a, b)).toBe(expected);
  });
});

describe('rights from the wire flags', () => {
  it('takes sent flags, keeps unsent ones, and keeps core order', () => {
    expect(rightsFromFlags({ verify: true, dataEntryRights: true })).toEqual(['dataEntryRights', 'verify']);
    expect(rightsFromFlags({ verify: false }, ['verify', 'query'])).toEqual(['query']);
    expect(rightsFromFlags({}, ['query', 'verify'])).toEqual(['verify', 'query']);
  });
});

describe('site names label (institutionNamesStr)', () => {
  const sites = [
    { id: 1, name: '北京协和医院', eName: 'PUMCH' },
    { id: 2, name: '华山医院', eName: null },
  ];
  it('shows All Sites in the caller’s language', () => {
    expect(siteNamesLabel('all', sites, 'en-US')).toBe('All Sites');
    expect(siteNamesLabel('all', sites, 'zh-CN')).toBe('全部中心');
  });
  it('joins names, English names where known, in scope order', () => {
    expect(siteNamesLabel([2, 1], sites, 'zh-CN')).toBe('华山医院、北京协和医院');
    expect(siteNamesLabel([1, 2], sites, 'en-US')).toBe('PUMCH, 华山医院');
    expect(siteNamesLabel([9], sites, 'en-US')).toBe('');
  });
});

describe('per-site investigator role', () => {
  it('is named after the site code and described in both languages', () => {
    expect(siteInvestigatorRole({ code: '001', name: '协和', eName: 'PUMCH' })).toEqual({
      alias: 'PI-001',
      description: '协和 研究者',
      descriptionEn: 'Investigator at PUMCH',
      rights: ['dataEntryRights', 'answerQuery', 'locked'],
    });
  });
});

describe('request schemas', () => {
  it('reads comma-separated id lists without repeats and refuses anything else', () => {
    expect(idListParam.parse('3,1,3')).toEqual([3, 1]);
    expect(idListParam.safeParse('1,,2').success).toBe(false);
    expect(idListParam.safeParse('0').success).toBe(false);
    expect(idListParam.safeParse('').success).toBe(false);
  });
  it('leaves enabled unset on a save that does not send it', () => {
    const parsed = saveRoleSchema.parse({ id: 1, projectId: 1, alias: 'CRC', institutionIds: 'all' });
    expect(parsed.enabled).toBeUndefined();
  });
});

describe('message receivers named by role', () => {
  it('names a role by its alias in any case, and the site roles made from a template by its code', () => {
    expect(roleAliasNames('CRC', 'crc')).toBe(true);
    expect(roleAliasNames(siteInvestigatorRole({ code: 'A01', name: '甲', eName: null }).alias, 'PI')).toBe(true);
    expect(roleAliasNames('PIX', 'PI')).toBe(false);
    expect(roleAliasNames('PI', 'PI-A01')).toBe(false);
  });
});
