import { AppError, ODM_IMPORT_MAX_BYTES, odmDesignQuerySchema, odmImportReportSchema, odmImportSchema, studyToday } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { sessionEnv } from '../../http/context.js';
import { fromBody, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { importOdm } from './import-service.js';
import { envByKey } from './repo.js';
import { writeOdmDesign } from './writer.js';

const TAG = 'odm';

/**
 * CDISC ODM 1.3.2 of the study design (docs/decisions.md, "CDISC ODM"): the design an environment runs as
 * ODM metadata, and an ODM file's design read into the development draft. Clinical data leaves as ODM
 * through the export job, which calls `writeOdm`.
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
    handler: async ({ caller, query }) => {
      const key = query.env ?? sessionEnv(caller);
      const env = key === null ? undefined : await envByKey(deps.db, caller.project.project.id, key);
      if (!env) throw new AppError('project.no_current');
      const now = deps.clock.now();
      const chunks: string[] = [];
      const { code } = await writeOdmDesign(
        deps.db,
        { projectId: caller.project.project.id, envId: env.id, locale: caller.meta.locale, description: null, fileOid: `DCAP.${oidSafe(caller.project.project.code)}.${env.key}.design.${String(now.getTime())}`, createdAt: now },
        { write: (text) => Promise.resolve(void chunks.push(text)) },
      );
      return { contentType: 'application/xml; charset=utf-8', filename: `${code}-${env.key}-odm-${studyToday(now).replaceAll('-', '')}.xml`, body: Buffer.from(chunks.join(''), 'utf8') };
    },
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

/** A project code as it may stand in a file OID. */
function oidSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_');
}
