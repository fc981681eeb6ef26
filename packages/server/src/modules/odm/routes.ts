import { ODM_IMPORT_MAX_BYTES, odmDesignQuerySchema, odmImportReportSchema, odmImportSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { designOdmFile } from './design-file.js';
import { importOdm } from './import-service.js';

const TAG = 'odm';

/**
 * CDISC ODM 1.3.2 of the study design (docs/decisions.md, "CDISC ODM"): the design an environment runs as
 * ODM metadata, and an ODM file's design read into the development draft. Clinical data leaves as ODM
 * through the export job, which writes the ODM writer's parts in its steps.
 */
export function registerOdmRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/design/odm',
    summary: 'The design an environment runs (the session’s unless env is given) as a CDISC ODM 1.3.2 file of metadata only',
    tag: TAG,
    // The study definition leaves the platform: the export right governs that, as for every other export.
    access: { project: 'data.export', locate: fromQuery },
    query: odmDesignQuerySchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ caller, query }) => designOdmFile(deps, caller, query),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/design/importOdm',
    summary: 'Read the study design of a CDISC ODM 1.3.2 file into the development draft: a dry run reports what cannot be mapped, dryRun=false applies it',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    consumes: ['multipart/form-data'],
    upload: { maxBytes: ODM_IMPORT_MAX_BYTES + 1 },
    body: odmImportSchema,
    response: odmImportReportSchema,
    handler: ({ caller, body, request }) => importOdm(deps, caller, body, request.uploadedFile),
  });
}
