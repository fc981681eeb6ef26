import type { OdmDesignQuery } from '@dcap/core';
import { AppError, studyToday } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { sessionEnv } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import { envByKey } from './repo.js';
import { writeOdmDesign } from './writer.js';

/** A project code as it may stand in a file OID. */
const oidSafe = (value: string): string => value.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * GET /dcap/project/design/odm: the design the environment runs as ODM metadata. The file is small (no
 * clinical data), so it is answered in one piece. An export reads; its audit row is written however the
 * project stands (COMPLIANCE AT-3 "exports").
 */
export async function designOdmFile(deps: ServiceDeps, caller: ProjectCaller, query: OdmDesignQuery): Promise<FileReply> {
  const key = query.env ?? sessionEnv(caller);
  const projectId = caller.project.project.id;
  const env = key === null ? undefined : await envByKey(deps.db, projectId, key);
  if (!env) throw new AppError('project.no_current');
  const now = deps.clock.now();
  const chunks: string[] = [];
  const fileOid = `DCAP.${oidSafe(caller.project.project.code)}.${env.key}.design.${String(now.getTime())}`;
  const written = await writeOdmDesign(
    deps.db,
    { projectId, envId: env.id, locale: caller.meta.locale, description: null, fileOid, createdAt: now },
    {
      write: (text) => {
        chunks.push(text);
        return Promise.resolve();
      },
    },
  );
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({ action: 'design.exportOdm', entityType: 'project', entityId: projectId, env: env.key, newValue: { fileOid, versions: written.versionOid } }),
  );
  return { contentType: 'application/xml; charset=utf-8', filename: `${written.code}-${env.key}-odm-${studyToday(now).replaceAll('-', '')}.xml`, body: Buffer.from(chunks.join(''), 'utf8') };
}
