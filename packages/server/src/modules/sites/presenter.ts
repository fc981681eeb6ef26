import type { Site } from '@dcap/core';
import type { SiteRow } from '../../db/schema.js';

/** The only way a site row leaves the server. */
export function presentSite(row: SiteRow, unitName: string): Site {
  return {
    id: row.id,
    projectId: row.project_id,
    unitId: row.unit_id,
    unitName,
    code: row.code,
    name: row.name,
    eName: row.name_en,
    piName: row.pi_name,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

/** The audited view of a site: what a designer can change. */
export function auditedSite(row: SiteRow): Record<string, unknown> {
  return { unitId: row.unit_id, code: row.code, name: row.name, eName: row.name_en, piName: row.pi_name, status: row.status };
}
