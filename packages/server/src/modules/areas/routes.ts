import { areaImportReportSchema, areaListSchema, areaSchema, areaStandardRequestSchema, areaStandardResultSchema, deleteAreaSchema, saveAreaSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { importAreaSheet, loadStandardAreas } from './import-service.js';
import { deleteArea, listAreas, saveArea } from './service.js';
import { areaTemplate, XLSX } from './sheet.js';

/** Areas and units belong together: the right that manages hospitals manages the areas they stand in (docs/decisions.md "Areas"). */
const MANAGE_AREAS = { platform: 'unit.manage' } as const;
const TAG = 'areas';

/** The uploaded sheet (one file part named `file`) and whether only to check it (`dryRun`, default true). */
const areaSheetUploadSchema = z.strictObject({
  file: z.custom<Buffer>((value) => Buffer.isBuffer(value), { message: 'file' }),
  dryRun: z.enum(['true', 'false']).default('true'),
});

/** The area dictionary of platform administration (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"). */
export function registerAreaRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/area/list',
    summary: 'Every area in tree order (parents first, siblings by sort then code), with how many units name each',
    tag: TAG,
    // Read by the unit editor's area picker and the big screen's map, like the unit list.
    access: 'signedIn',
    response: areaListSchema,
    handler: () => listAreas(deps),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/area/save',
    summary: 'Create an area (no id) or change one; a new parent moves its subtree, refused if it makes a loop or a tree deeper than four levels',
    tag: TAG,
    access: MANAGE_AREAS,
    body: saveAreaSchema,
    response: areaSchema,
    handler: ({ actor, body, meta }) => saveArea(deps, { actor, meta }, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/area/delete',
    summary: 'Delete an area that has no sub-areas and that no unit names',
    tag: TAG,
    access: MANAGE_AREAS,
    body: deleteAreaSchema,
    response: z.null(),
    handler: async ({ actor, body, meta }) => {
      await deleteArea(deps, { actor, meta }, body.id);
      return null;
    },
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/area/exportTemplate',
    summary: 'The sheet to fill in for importing areas (code, parent code, names, longitude, latitude, sort), headers in the caller’s language',
    tag: TAG,
    access: MANAGE_AREAS,
    response: fileReplySchema,
    raw: true,
    handler: async ({ meta }) => ({ contentType: XLSX, filename: 'area-import-template.xlsx', body: await areaTemplate(meta.locale) }),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/area/import',
    summary: 'Check a CSV or xlsx area sheet row by row; unless dryRun, create every area when all rows pass, or none',
    tag: TAG,
    access: MANAGE_AREAS,
    consumes: ['multipart/form-data'],
    body: areaSheetUploadSchema,
    response: areaImportReportSchema,
    handler: ({ actor, body, meta }) => importAreaSheet(deps, { actor, meta }, body.file, body.dryRun === 'true'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/area/loadStandard',
    summary: 'Add a standard list (`cn`: China and its 34 provincial-level divisions with their capitals’ points), skipping codes already stored',
    tag: TAG,
    access: MANAGE_AREAS,
    body: areaStandardRequestSchema,
    response: areaStandardResultSchema,
    handler: ({ actor, meta }) => loadStandardAreas(deps, { actor, meta }),
  });
}
