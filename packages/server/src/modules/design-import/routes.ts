import { REDCAP_DICTIONARY_MAX_BYTES, redcapImportRequestSchema, redcapImportResultSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { fromBody } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { importRedcap } from './redcap-service.js';

/**
 * Design import from another system's form definitions (docs/design-import.md). A data dictionary is read
 * and checked in one request: it is small (a thousand fields is well under a megabyte) and planning is pure
 * computation, so it needs no background job.
 */
export function registerDesignImportRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/design/importRedcap',
    summary: 'Panels from a REDCap data dictionary (CSV, multipart): a dry run answers the panels and the per-field report; otherwise creates them in the development draft, all or none',
    tag: 'instruments',
    access: { project: 'design.edit', locate: fromBody },
    consumes: ['multipart/form-data'],
    // Read one byte past the limit, so a larger file is known to be too large.
    upload: { maxBytes: REDCAP_DICTIONARY_MAX_BYTES + 1 },
    body: redcapImportRequestSchema,
    response: redcapImportResultSchema,
    handler: ({ caller, body, request }) => importRedcap(deps, caller, body, request.uploadedFile),
  });
}
