import { locateArea } from '@dcap/core';
import type { Executor } from '../audit/repo.js';

/** Where a project's site stands: its unit, the unit's area, and the point a map draws for it. */
export interface SiteLocation {
  siteId: number;
  siteCode: string;
  siteName: string;
  unitId: number;
  unitName: string;
  area: { id: number; code: string; name: string; nameEn: string } | null;
  /** The unit's area's point, or its nearest ancestor's (core locateArea); null when none up the tree has one. */
  point: { areaId: number; longitude: number; latitude: number } | null;
}

/**
 * Every site of a project with its unit's area and point, by site code: the data of the big screen's site
 * map (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"). The area tree is read whole (it is small) and
 * walked in core.
 */
export async function siteAreaLocations(db: Executor, projectId: number): Promise<SiteLocation[]> {
  const sites = await db
    .selectFrom('project_sites')
    .innerJoin('units', 'units.id', 'project_sites.unit_id')
    .select(['project_sites.id as site_id', 'project_sites.code as site_code', 'project_sites.name as site_name', 'units.id as unit_id', 'units.name as unit_name', 'units.area_id'])
    .where('project_sites.project_id', '=', projectId)
    .orderBy('project_sites.code')
    .execute();
  const areas = await db.selectFrom('areas').select(['id', 'parent_id', 'code', 'name', 'name_en', 'longitude', 'latitude']).execute();
  const byId = new Map(areas.map((area) => [area.id, { ...area, parentId: area.parent_id }]));
  return sites.map((site) => {
    const area = site.area_id === null ? undefined : byId.get(site.area_id);
    const located = locateArea(byId, site.area_id);
    return {
      siteId: site.site_id,
      siteCode: site.site_code,
      siteName: site.site_name,
      unitId: site.unit_id,
      unitName: site.unit_name,
      area: area ? { id: area.id, code: area.code, name: area.name, nameEn: area.name_en } : null,
      point: located ? { areaId: located.area.id, longitude: located.longitude, latitude: located.latitude } : null,
    };
  });
}
