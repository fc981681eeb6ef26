import { AREA_MAX_LEVEL } from './schemas.js';

/** The links of the area tree the rules below need; the list and the store both give them. */
export interface AreaLink {
  id: number;
  parentId: number | null;
}

export interface AreaOrderKey extends AreaLink {
  code: string;
  sort: number;
}

export interface AreaPoint {
  longitude: number | null;
  latitude: number | null;
}

function childrenByParent<T extends AreaLink>(areas: readonly T[]): Map<number | null, T[]> {
  const children = new Map<number | null, T[]>();
  for (const area of areas) {
    const siblings = children.get(area.parentId) ?? [];
    siblings.push(area);
    children.set(area.parentId, siblings);
  }
  return children;
}

/** The ids below `id` (not `id` itself), at any depth. */
export function areaDescendants(areas: readonly AreaLink[], id: number): number[] {
  const children = childrenByParent(areas);
  const found: number[] = [];
  const stack = [id];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    for (const child of children.get(next) ?? []) {
      if (found.includes(child.id) || child.id === id) continue;
      found.push(child.id);
      stack.push(child.id);
    }
  }
  return found;
}

/** The level of every area: 1 for a root, one more than its parent's otherwise (a broken link counts as a root). */
export function areaLevels(areas: readonly AreaLink[]): Map<number, number> {
  const byId = new Map(areas.map((area) => [area.id, area]));
  const levels = new Map<number, number>();
  const levelOf = (area: AreaLink, seen: Set<number>): number => {
    const known = levels.get(area.id);
    if (known !== undefined) return known;
    const parent = area.parentId === null ? undefined : byId.get(area.parentId);
    const level = parent && !seen.has(parent.id) ? levelOf(parent, seen.add(area.id)) + 1 : 1;
    levels.set(area.id, level);
    return level;
  };
  for (const area of areas) levelOf(area, new Set());
  return levels;
}

/** How many levels the subtree of `id` spans: 1 for an area without children. */
export function areaSubtreeHeight(areas: readonly AreaLink[], id: number): number {
  const children = childrenByParent(areas);
  const height = (at: number, seen: Set<number>): number => {
    const below = (children.get(at) ?? []).filter((child) => !seen.has(child.id));
    return 1 + Math.max(0, ...below.map((child) => height(child.id, new Set(seen).add(child.id))));
  };
  return height(id, new Set([id]));
}

export type AreaParentProblem = 'area.parent_is_self' | 'area.parent_is_descendant' | 'area.too_deep';

/**
 * Whether area `id` (null: a new area) may sit under `parentId` (null: a root): never under itself or one of
 * its own descendants (that would cut the subtree from the tree in a loop), and never so deep that it or one
 * of its descendants ends below AREA_MAX_LEVEL.
 */
export function checkAreaParent(areas: readonly AreaLink[], id: number | null, parentId: number | null): AreaParentProblem | null {
  if (id !== null && parentId === id) return 'area.parent_is_self';
  if (id !== null && parentId !== null && areaDescendants(areas, id).includes(parentId)) return 'area.parent_is_descendant';
  const parentLevel = parentId === null ? 0 : (areaLevels(areas).get(parentId) ?? 0);
  const height = id === null ? 1 : areaSubtreeHeight(areas, id);
  return parentLevel + height > AREA_MAX_LEVEL ? 'area.too_deep' : null;
}

const bySortThenCode = (a: AreaOrderKey, b: AreaOrderKey) => a.sort - b.sort || a.code.localeCompare(b.code);

/** Every area in tree order: a parent before its children, siblings by sort then code. Orphans come last. */
export function orderAreas<T extends AreaOrderKey>(areas: readonly T[]): T[] {
  const children = childrenByParent(areas);
  const ids = new Set(areas.map((area) => area.id));
  const ordered: T[] = [];
  const placed = new Set<number>();
  const visit = (area: T) => {
    if (placed.has(area.id)) return;
    placed.add(area.id);
    ordered.push(area);
    for (const child of [...(children.get(area.id) ?? [])].sort(bySortThenCode)) visit(child);
  };
  for (const root of areas.filter((area) => area.parentId === null || !ids.has(area.parentId)).sort(bySortThenCode)) visit(root);
  for (const area of areas) visit(area);
  return ordered;
}

export type AreaNode<T> = T & { children?: AreaNode<T>[] };

/** The areas nested under their parents in tree order, for a tree table or a tree select; leaves have no `children`. */
export function buildAreaTree<T extends AreaOrderKey>(areas: readonly T[]): AreaNode<T>[] {
  const nodes = new Map<number, AreaNode<T>>();
  const roots: AreaNode<T>[] = [];
  for (const area of orderAreas(areas)) {
    const node: AreaNode<T> = { ...area };
    nodes.set(area.id, node);
    const parent = area.parentId === null ? undefined : nodes.get(area.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The point a map draws for area `id`: its own coordinates, or those of its nearest ancestor that has some
 * (a city without a point is drawn at its province's), with the area the point belongs to. Null when no
 * area up the tree has one.
 */
export function locateArea<T extends AreaLink & AreaPoint>(byId: ReadonlyMap<number, T>, id: number | null): { area: T; longitude: number; latitude: number } | null {
  const seen = new Set<number>();
  for (let at = id === null ? undefined : byId.get(id); at && !seen.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) {
    seen.add(at.id);
    if (at.longitude !== null && at.latitude !== null) return { area: at, longitude: at.longitude, latitude: at.latitude };
  }
  return null;
}
