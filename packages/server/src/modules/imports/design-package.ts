import { createHash } from 'node:crypto';
import type { DesignImportResult, DesignPackage, DesignPackageContent } from '@dcap/core';
import { AppError, DESIGN_PACKAGE_FORMAT, DESIGN_PACKAGE_MAX_BYTES, DESIGN_PACKAGE_VERSION, describeValidationIssues, designPackageContentSchema, designPackageSchema, packageJson } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import { countFields } from '../instruments/presenter.js';
import { loadDraft } from '../publishing/snapshot.js';
import * as repo from './design-repo.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The development design of a project as package content: parts named by abbreviation and name, not by id. */
async function draftContent(deps: ServiceDeps, projectId: number): Promise<DesignPackageContent> {
  const draft = await loadDraft(deps.db, projectId);
  const abbrOf = new Map(draft.instruments.map((instrument) => [instrument.id, instrument.nameAbbr]));
  const nameOf = new Map(draft.events.map((event) => [event.id, event.name]));
  return {
    instruments: draft.instruments.map((instrument) => ({
      kind: instrument.kind,
      name: instrument.name,
      nameEn: instrument.nameEn,
      nameAbbr: instrument.nameAbbr,
      description: instrument.description,
      sort: instrument.sort,
      panel: instrument.panel,
    })),
    events: draft.events.map((event) => ({
      name: event.name,
      nameEn: event.nameEn,
      type: event.type,
      sort: event.sort,
      offsetDays: event.offsetDays,
      windowBefore: event.windowBefore,
      windowAfter: event.windowAfter,
      repeatable: event.repeatable,
    })),
    matrix: draft.matrix.map((cell) => ({ event: nameOf.get(cell.eventId) ?? '', instrument: abbrOf.get(cell.instrumentId) ?? '' })),
    dictionaries: (await repo.projectDicts(deps.db, projectId)).map((dict) => ({ key: dict.dict_key, value: dict.value, valueEn: dict.value_en, items: dict.items as DesignPackageContent['dictionaries'][number]['items'] })),
  };
}

/**
 * GET /dcap/project/export (docs/decisions.md "Record import"): the project's development design as one
 * versioned JSON file with the SHA-256 of its design part. The download is audited with that checksum.
 */
export async function exportDesign(deps: ServiceDeps, caller: ProjectCaller): Promise<FileReply> {
  const project = caller.project.project;
  const design = await draftContent(deps, project.id);
  const file: DesignPackage = {
    format: DESIGN_PACKAGE_FORMAT,
    version: DESIGN_PACKAGE_VERSION,
    exportedAt: deps.clock.now().toISOString(),
    source: { projectCode: project.code, projectName: project.name },
    checksum: sha256(packageJson(design)),
    design,
  };
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({ action: 'design.export', entityType: 'project', entityId: project.id, newValue: { checksum: file.checksum, instruments: design.instruments.length, events: design.events.length } }),
  );
  return { contentType: 'application/json; charset=utf-8', filename: `${project.code}-design.json`, body: Buffer.from(`${JSON.stringify(file, null, 2)}\n`, 'utf8') };
}

/** Reads and checks a package: JSON, the format and version, the checksum, then every part by core's schemas. */
function readPackage(bytes: Buffer, caller: ProjectCaller): DesignPackageContent {
  if (bytes.length === 0 || bytes.length > DESIGN_PACKAGE_MAX_BYTES) throw new AppError('design_package.unreadable');
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new AppError('design_package.unreadable');
  }
  const file = designPackageSchema.safeParse(raw);
  if (!file.success) {
    const version = (raw as { version?: unknown } | null)?.version;
    if ((raw as { format?: unknown } | null)?.format === DESIGN_PACKAGE_FORMAT && typeof version === 'number' && version !== DESIGN_PACKAGE_VERSION) throw new AppError('design_package.version', { version });
    throw new AppError('design_package.unreadable');
  }
  if (file.data.version !== DESIGN_PACKAGE_VERSION) throw new AppError('design_package.version', { version: file.data.version });
  if (sha256(packageJson(file.data.design)) !== file.data.checksum) throw new AppError('design_package.checksum');
  const content = designPackageContentSchema.safeParse(file.data.design);
  if (!content.success) {
    const issues = describeValidationIssues(content.error.issues, caller.meta.locale);
    throw new AppError('design_package.invalid', { detail: issues.map((issue) => `${issue.path} ${issue.message}`).join('; ') });
  }
  return content.data;
}

/**
 * POST /dcap/project/import (spec 002 §7; docs/decisions.md "Record import"): builds the project's
 * development draft from a package. A draft that holds anything is refused unless `replace` asks to delete it
 * first; the whole import (and any deletion) commits with its audit row, or nothing does. Needs a session in
 * the project's development environment, as every design change (spec 000 §4.3).
 */
export async function importDesign(deps: ServiceDeps, caller: ProjectCaller, body: { file: Uint8Array; replace?: 'true' | 'false' | undefined }): Promise<DesignImportResult> {
  const content = readPackage(Buffer.from(body.file), caller);
  const replace = body.replace === 'true';
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { ...DESIGN_CHANGE, right: 'design.edit' }, async (trx, audit) => {
    const before = await repo.draftSize(trx, projectId);
    if (before > 0 && !replace) throw new AppError('design_package.draft_not_empty');
    const removed = before > 0 ? await loadDraft(trx, projectId) : null;
    if (before > 0) await repo.clearDraft(trx, projectId);
    const now = deps.clock.now();
    const instrumentIds = new Map<string, number>();
    for (const instrument of content.instruments) {
      const panel = instrument.panel;
      instrumentIds.set(
        instrument.nameAbbr,
        await repo.insertInstrument(trx, {
          project_id: projectId,
          kind: instrument.kind,
          name: instrument.name,
          name_en: instrument.nameEn,
          name_abbr: instrument.nameAbbr,
          description: instrument.description,
          sort: instrument.sort,
          panel: JSON.stringify(panel),
          field_count: countFields(panel),
          updated_at: now,
          updated_by: caller.actor.username,
        }),
      );
    }
    const eventIds = new Map<string, number>();
    for (const event of content.events) {
      eventIds.set(
        event.name,
        await repo.insertEvent(trx, {
          project_id: projectId,
          name: event.name,
          name_en: event.nameEn,
          type: event.type,
          sort: event.sort,
          offset_days: event.offsetDays,
          window_before: event.windowBefore,
          window_after: event.windowAfter,
          repeatable: event.repeatable,
          updated_at: now,
        }),
      );
    }
    await repo.insertMatrix(
      trx,
      content.matrix.map((cell) => ({ project_id: projectId, event_id: eventIds.get(cell.event) ?? 0, instrument_id: instrumentIds.get(cell.instrument) ?? 0 })),
    );
    for (const dict of content.dictionaries) {
      await repo.insertDict(trx, { project_id: projectId, dict_key: dict.key, value: dict.value, value_en: dict.valueEn, items: JSON.stringify(dict.items) });
    }
    const result: DesignImportResult = { instruments: content.instruments.length, events: content.events.length, matrix: content.matrix.length, dictionaries: content.dictionaries.length, replaced: before > 0 };
    await audit({
      action: 'design.import',
      entityType: 'project',
      entityId: projectId,
      // What was deleted and what was created, so the draft can be read back from the trail (COMPLIANCE AT-1).
      oldValue: removed,
      newValue: { ...result, checksum: sha256(packageJson(content)), design: content },
    });
    return result;
  });
}
