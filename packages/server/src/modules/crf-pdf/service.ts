import { PassThrough } from 'node:stream';
import type { Writable } from 'node:stream';
import type { BlankCrfQuery, CasebookQuery } from '@dcap/core';
import { AppError, canInProject, isoWithOffset, STUDY_TIME_ZONE, studyToday } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import { loadDraft, snapshotOf, versionOfEnv } from '../publishing/snapshot.js';
import { dataScope } from '../subjects/scope.js';
import type { BlankCrfInput } from './blank.js';
import { renderBlankCrf } from './blank.js';
import { renderCasebook } from './casebook.js';
import { loadFonts } from './font.js';

const PDF = 'application/pdf';

/** Collects what a renderer writes to its sink into one buffer (a route answers a whole file, an export zips it). */
export async function toBuffer<T>(render: (sink: Writable) => Promise<T>): Promise<{ body: Buffer; result: T }> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const result = await render(sink);
  return { body: Buffer.concat(chunks), result };
}

const stamp = (now: Date): string => studyToday(now).replaceAll('-', '');
const studyOf = (caller: ProjectCaller) => ({ code: caller.project.project.code, name: caller.project.project.name, nameEn: caller.project.project.name_en });

/**
 * The blank annotated CRF (spec 002 §3 export module "CRF report"): of the design the session's environment
 * runs (record.view, as everyone who may see data may see the form it is entered on), or of the development
 * draft, which only designers see (design.edit; docs/decisions.md, "CRF PDFs"). The design is not study data,
 * so no audit row is written.
 */
export async function blankCrf(deps: ServiceDeps, caller: ProjectCaller, query: BlankCrfQuery): Promise<FileReply> {
  const projectId = caller.project.project.id;
  let design: DesignSnapshot;
  let source: BlankCrfInput['source'];
  if (query.source === 'draft') {
    if (!canInProject(caller.project.access, 'design.edit')) throw new AppError('permission.project_forbidden');
    design = await loadDraft(deps.db, projectId);
    source = { kind: 'draft' };
  } else {
    const scope = await dataScope(deps.db, caller);
    const version = await versionOfEnv(deps.db, projectId, scope.env.key);
    if (!version) throw new AppError('crf.no_design');
    design = snapshotOf(version);
    source = { kind: 'env', envKey: scope.env.key, version: version.version };
  }
  if (query.instrumentId !== undefined && !design.instruments.some((instrument) => instrument.id === query.instrumentId)) throw new AppError('crf.instrument_not_found');
  const fonts = loadFonts(deps.config);
  const now = deps.clock.now();
  const timeZone = query.timeZone ?? STUDY_TIME_ZONE;
  const input: BlankCrfInput = {
    design,
    instrumentId: query.instrumentId,
    locale: query.lang ?? caller.meta.locale,
    study: studyOf(caller),
    source,
    generatedAt: isoWithOffset(now, timeZone),
    timeZone,
  };
  const { body } = await toBuffer((sink) => renderBlankCrf(fonts, input, sink));
  const which = query.instrumentId === undefined ? '' : `-${design.instruments.find((instrument) => instrument.id === query.instrumentId)?.nameAbbr ?? ''}`;
  return { contentType: PDF, filename: `${caller.project.project.code}-blank-crf${which}-${stamp(now)}.pdf`, body };
}

/**
 * One subject's casebook as a PDF (data.export at the subject's site): a copy of study data leaving the
 * platform, so its audit row (who, which subject, how much) commits before the file is handed out
 * (COMPLIANCE AT-3 "exports"). Another site's subject answers as one that does not exist.
 */
export async function casebook(deps: ServiceDeps, caller: ProjectCaller, subjectId: number, query: CasebookQuery): Promise<FileReply> {
  const scope = await dataScope(deps.db, caller);
  const fonts = loadFonts(deps.config);
  const now = deps.clock.now();
  const locale = query.lang ?? caller.meta.locale;
  const timeZone = query.timeZone ?? STUDY_TIME_ZONE;
  const { body, result } = await toBuffer((sink) => renderCasebook(deps.db, { scope, subjectId, locale, timeZone, now, study: studyOf(caller), fonts }, sink));
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({
      action: 'crf.casebook',
      entityType: 'subject',
      entityId: result.subjectId,
      env: scope.env.key,
      siteId: result.siteId,
      newValue: { visits: result.visits, panels: result.panels, fields: result.fields, locale, bytes: body.length },
    }),
  );
  return { contentType: PDF, filename: `${caller.project.project.code}-casebook-${String(result.subjectId)}-${stamp(now)}.pdf`, body };
}
