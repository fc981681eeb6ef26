import { DESIGN_PACKAGE_MAX_BYTES, designExportQuerySchema, designImportResultSchema, designImportUploadSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { exportDesign, importDesign } from './design-package.js';

const TAG = 'design-package';

/** The study design package (spec 002 §7 `/dcap/project/import`; docs/decisions.md "Record import"). */
export function registerDesignPackageRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/export',
    summary: 'The project’s development design (instruments with panels, events, matrix, project dictionaries) as one versioned JSON file with a checksum',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    query: designExportQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller }) => exportDesign(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/import',
    summary: 'Build the project’s development draft from a design package (multipart: projectId, file, replace); a draft that is not empty is replaced only when asked',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    consumes: ['multipart/form-data'],
    upload: { maxBytes: DESIGN_PACKAGE_MAX_BYTES + 1 },
    body: designImportUploadSchema,
    response: designImportResultSchema,
    successMessage: 'ok.design_imported',
    handler: ({ caller, body }) => importDesign(deps, caller, body),
  });
}
