import type { Area } from '@dcap/core';
import type { AreaRow } from '../../db/schema.js';

export function presentArea(row: AreaRow, unitCount: number): Area {
  return {
    id: row.id,
    code: row.code,
    parentId: row.parent_id,
    name: row.name,
    nameEn: row.name_en,
    level: row.level,
    sort: row.sort,
    longitude: row.longitude,
    latitude: row.latitude,
    enabled: row.enabled,
    unitCount,
  };
}

/** The fields an area's audit rows record; the parent by code, which a reader of the trail recognises. */
export const auditedArea = (row: AreaRow, parentCode: string | null) => ({
  code: row.code,
  parentCode,
  name: row.name,
  nameEn: row.name_en,
  level: row.level,
  sort: row.sort,
  longitude: row.longitude,
  latitude: row.latitude,
  enabled: row.enabled,
});
