import { describe, expect, it } from 'vitest';
import { describeValidationIssues } from '../errors/validation.js';
import { AREA_MAX_LEVEL, saveAreaSchema } from './schemas.js';
import { areaFromSheetRow, importAreaSchema, planAreaImport } from './sheet.js';
import type { ImportArea } from './sheet.js';
import { areaDescendants, areaLevels, buildAreaTree, checkAreaParent, locateArea, orderAreas } from './tree.js';

/** The area dictionary (spec 000 §2.2 /sys/area; docs/decisions.md "Areas"). */
// China (1) > Guangdong (2) > Guangzhou (3) > Tianhe (4); China > Beijing (5); a second root, Japan (6).
const tree = [
  { id: 1, parentId: null, code: 'CN', sort: 1 },
  { id: 2, parentId: 1, code: '440000', sort: 2 },
  { id: 3, parentId: 2, code: '440100', sort: 0 },
  { id: 4, parentId: 3, code: '440106', sort: 0 },
  { id: 5, parentId: 1, code: '110000', sort: 1 },
  { id: 6, parentId: null, code: 'JP', sort: 0 },
];

describe('area codes and points', () => {
  it('takes GB/T 2260 and ISO 3166 codes and refuses spaces, leading punctuation and over-long codes', () => {
    for (const code of ['110000', 'CN', 'US-CA', 'cn.bj_1']) expect(saveAreaSchema.safeParse({ code, name: '甲', nameEn: 'A' }).success).toBe(true);
    for (const code of ['', ' - ', '-CN', 'C N', 'A'.repeat(33), 'CN\u0000']) expect(saveAreaSchema.safeParse({ code, name: '甲', nameEn: 'A' }).success).toBe(false);
  });

  it('bounds coordinates to the globe and wants both of a point or neither', () => {
    const base = { code: 'X1', name: '甲', nameEn: 'A' };
    expect(saveAreaSchema.safeParse({ ...base, longitude: 180, latitude: -90 }).success).toBe(true);
    expect(saveAreaSchema.safeParse({ ...base, longitude: 180.01, latitude: 0 }).success).toBe(false);
    expect(saveAreaSchema.safeParse({ ...base, longitude: 0, latitude: 90.5 }).success).toBe(false);
    expect(saveAreaSchema.safeParse({ ...base, longitude: 10 }).success).toBe(false);
    expect(saveAreaSchema.safeParse({ id: 1, longitude: 10 }).success).toBe(true);
    const half = saveAreaSchema.safeParse({ ...base, longitude: 116.4, latitude: null });
    expect(half.success).toBe(false);
    if (!half.success) {
      expect(describeValidationIssues(half.error.issues, 'en-US')).toEqual([{ path: 'latitude', message: 'Give both longitude and latitude, or neither' }]);
      expect(describeValidationIssues(half.error.issues, 'zh-CN')[0]?.message).toBe('经度和纬度须同时填写或同时留空');
    }
  });

  it('needs code and both names to create, but none of them to update', () => {
    const created = saveAreaSchema.safeParse({ code: 'X1', name: '甲' });
    expect(created.success).toBe(false);
    if (!created.success) expect(describeValidationIssues(created.error.issues, 'en-US').map((issue) => issue.path)).toEqual(['nameEn']);
    expect(saveAreaSchema.safeParse({ id: 3, sort: 5 }).success).toBe(true);
  });
});

describe('the area tree', () => {
  it('gives levels from the roots and lists descendants at any depth', () => {
    expect(Object.fromEntries(areaLevels(tree))).toEqual({ 1: 1, 2: 2, 3: 3, 4: 4, 5: 2, 6: 1 });
    expect(areaDescendants(tree, 1).sort()).toEqual([2, 3, 4, 5]);
    expect(areaDescendants(tree, 4)).toEqual([]);
  });

  it('refuses a move under itself or under its own descendant (a cycle)', () => {
    expect(checkAreaParent(tree, 2, 2)).toBe('area.parent_is_self');
    expect(checkAreaParent(tree, 2, 4)).toBe('area.parent_is_descendant');
    expect(checkAreaParent(tree, 1, 4)).toBe('area.parent_is_descendant');
  });

  it(`refuses a tree deeper than ${String(AREA_MAX_LEVEL)} levels, counting the moved area's own subtree`, () => {
    expect(checkAreaParent(tree, null, 3)).toBeNull();
    expect(checkAreaParent(tree, null, 4)).toBe('area.too_deep');
    // Guangzhou with its district under Beijing: levels 3 and 4, allowed; under a city it would reach 5.
    expect(checkAreaParent(tree, 3, 5)).toBeNull();
    expect(checkAreaParent(tree, 2, 5)).toBe('area.too_deep');
    // Guangdong (three levels) under Japan: 2..4, allowed; China (four levels) under Japan: refused.
    expect(checkAreaParent(tree, 2, 6)).toBeNull();
    expect(checkAreaParent(tree, 1, 6)).toBe('area.too_deep');
    expect(checkAreaParent(tree, 4, null)).toBeNull();
  });

  it('orders parents before children and siblings by sort then code, and nests them', () => {
    expect(orderAreas(tree).map((area) => area.code)).toEqual(['JP', 'CN', '110000', '440000', '440100', '440106']);
    const nested = buildAreaTree(tree);
    expect(nested.map((node) => node.code)).toEqual(['JP', 'CN']);
    expect(nested[0]?.children).toBeUndefined();
    expect(nested[1]?.children?.map((node) => node.code)).toEqual(['110000', '440000']);
    expect(nested[1]?.children?.[1]?.children?.[0]?.children?.[0]?.code).toBe('440106');
  });

  it('draws an area at its own point or at its nearest ancestor that has one', () => {
    const points = new Map(
      tree.map((area) => [area.id, { ...area, longitude: area.id === 2 ? 113.26 : area.id === 4 ? 113.36 : null, latitude: area.id === 2 ? 23.13 : area.id === 4 ? 23.12 : null }]),
    );
    expect(locateArea(points, 4)).toMatchObject({ area: { id: 4 }, longitude: 113.36, latitude: 23.12 });
    expect(locateArea(points, 3)).toMatchObject({ area: { id: 2 }, longitude: 113.26, latitude: 23.13 });
    expect(locateArea(points, 5)).toBeNull();
    expect(locateArea(points, null)).toBeNull();
  });
});

describe('the area sheet', () => {
  const parse = (cells: (string | null)[]): ImportArea | null => {
    const checked = importAreaSchema.safeParse(areaFromSheetRow(cells));
    return checked.success ? checked.data : null;
  };

  it('reads cells by position, numbers from text, and refuses a bad number or half a point', () => {
    expect(parse(['440100', '440000', '广州市', 'Guangzhou', '113.26', '23.13', '3'])).toEqual({ code: '440100', parentCode: '440000', name: '广州市', nameEn: 'Guangzhou', longitude: 113.26, latitude: 23.13, sort: 3 });
    expect(parse(['CN', '', '中国', 'China', null, null, null])).toEqual({ code: 'CN', name: '中国', nameEn: 'China' });
    expect(parse(['X', '', '甲', 'A', 'east', '1', null])).toBeNull();
    expect(parse(['X', '', '甲', 'A', '200', '1', null])).toBeNull();
    expect(parse(['X', '', '甲', 'A', '100', null, null])).toBeNull();
  });

  it('creates parents before children whatever the row order, with their levels', () => {
    const rows = [
      { code: '440100', parentCode: '440000', name: '广州市', nameEn: 'Guangzhou' },
      { code: '440000', parentCode: 'CN', name: '广东省', nameEn: 'Guangdong' },
      { code: 'JP', name: '日本', nameEn: 'Japan' },
    ];
    const plan = planAreaImport(rows, [{ code: 'cn', level: 1 }]);
    expect(plan.problems.size).toBe(0);
    expect(plan.order).toEqual([1, 0, 2]);
    expect(Object.fromEntries(plan.levels)).toEqual({ 0: 3, 1: 2, 2: 1 });
  });

  it('names every problem on its row: taken, repeated, unknown parent, loops, depth, and rows under a bad parent', () => {
    const rows: (ImportArea | null)[] = [
      { code: 'CN', name: '中国', nameEn: 'China' },
      { code: 'A1', name: '甲', nameEn: 'A' },
      { code: 'a1', name: '甲', nameEn: 'A' },
      { code: 'B1', parentCode: 'ZZ', name: '乙', nameEn: 'B' },
      { code: 'L1', parentCode: 'L2', name: '环一', nameEn: 'Loop 1' },
      { code: 'L2', parentCode: 'L1', name: '环二', nameEn: 'Loop 2' },
      { code: 'D5', parentCode: 'D4', name: '五级', nameEn: 'Level 5' },
      { code: 'C1', parentCode: 'A1', name: '丙', nameEn: 'C' },
      { code: 'S1', parentCode: 's1', name: '自', nameEn: 'Self' },
      null,
      { code: 'C2', parentCode: 'X9', name: '丁', nameEn: 'D' },
      { code: 'X9', name: '戊', nameEn: 'E', parentCode: 'BADROW' },
      { code: 'BADROW', name: '己', nameEn: 'F' },
    ];
    const stored = [
      { code: 'CN', level: 1 },
      { code: 'D4', level: 4 },
    ];
    const plan = planAreaImport(rows.slice(0, 10), stored);
    const codes = (index: number) => (plan.problems.get(index) ?? []).map((problem) => problem.code);
    expect(codes(0)).toEqual(['area.code_taken']);
    expect(codes(1)).toEqual(['area.sheet_duplicate']);
    expect(codes(2)).toEqual(['area.sheet_duplicate']);
    expect(codes(3)).toEqual(['area.parent_unknown']);
    expect(codes(4)).toEqual(['area.sheet_cycle']);
    expect(codes(5)).toEqual(['area.sheet_cycle']);
    expect(codes(6)).toEqual(['area.too_deep']);
    expect(codes(7)).toEqual(['area.parent_invalid']);
    expect(codes(8)).toEqual(['area.parent_is_self']);
    expect(plan.order).toEqual([]);
    // A chain of valid rows read in any order.
    const chain = planAreaImport(rows.slice(10), []);
    expect(chain.problems.size).toBe(0);
    expect(chain.order).toEqual([2, 1, 0]);
  });
});
