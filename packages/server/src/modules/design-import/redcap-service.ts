import type { InstrumentFile, RedcapImportRequest, RedcapImportResult } from '@dcap/core';
import { AppError, INSTRUMENT_FILE_FORMAT, INSTRUMENT_FILE_VERSION, INSTRUMENT_UPLOAD_MAX, REDCAP_DICTIONARY_MAX_BYTES, planRedcapImport } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import { uploadInstruments } from '../instruments/file-service.js';
import { listInstruments } from '../instruments/service.js';

const LIMIT_TEXT = `${String(REDCAP_DICTIONARY_MAX_BYTES / 1024 / 1024)} MB`;

/** The upload's text: UTF-8 as REDCap writes it (a BOM is dropped by the reader); anything else is refused. */
function dictionaryText(body: RedcapImportRequest, uploaded: UploadedFileInfo | null): string {
  if (!body.file || body.file.length === 0) throw new AppError('design_import.file_missing');
  if (uploaded?.truncated === true || body.file.length > REDCAP_DICTIONARY_MAX_BYTES) throw new AppError('design_import.file_too_large', { limit: LIMIT_TEXT });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body.file);
  } catch {
    throw new AppError('design_import.not_text');
  }
  if (text.includes('\u0000')) throw new AppError('design_import.not_text');
  return text;
}

/**
 * POST /dcap/project/design/importRedcap (docs/design-import.md): reads a REDCap data dictionary into one
 * panel per form with core's `planRedcapImport`. A dry run answers the panels and the report and changes
 * nothing; otherwise the panels are created in the development draft through the instrument upload, so every
 * panel check, the development-environment rule and the audit apply, all or none. A form whose abbreviation
 * the project already uses refuses the whole file (also on a dry run, so the preview says so at once).
 */
export async function importRedcap(deps: ServiceDeps, caller: ProjectCaller, body: RedcapImportRequest, uploaded: UploadedFileInfo | null): Promise<RedcapImportResult> {
  const result = planRedcapImport(dictionaryText(body, uploaded));
  if (!result.ok) throw new AppError(result.error.code, result.error.params);
  const { panels, report } = result.plan;
  if (panels.length > INSTRUMENT_UPLOAD_MAX) throw new AppError('design_import.too_many_forms', { count: panels.length, max: INSTRUMENT_UPLOAD_MAX });
  const existing = new Set((await listInstruments(deps, caller.project)).map((row) => row.nameAbbr.toLowerCase()));
  const clashes = panels.filter((panel) => existing.has(panel.nameAbbr.toLowerCase())).map((panel) => panel.nameAbbr);
  if (clashes.length > 0) throw new AppError('design_import.name_taken', { names: clashes.join(', ') });
  const answer = (ids: ReadonlyMap<string, number>): RedcapImportResult => ({
    dryRun: body.dryRun,
    panels: panels.map((panel) => ({ ...panel, instrumentId: ids.get(panel.nameAbbr.toLowerCase()) ?? null })),
    report,
  });
  if (body.dryRun) return answer(new Map());
  if (panels.length === 0) throw new AppError('design_import.nothing_importable');

  const file: InstrumentFile = {
    format: INSTRUMENT_FILE_FORMAT,
    version: INSTRUMENT_FILE_VERSION,
    instruments: panels.map((panel) => ({ name: panel.name, nameEn: panel.nameEn, nameAbbr: panel.nameAbbr, kind: 'form', description: null, panel: panel.panel })),
  };
  const created = await uploadInstruments(deps, caller, file, 'append', {
    action: 'instrument.import_redcap',
    detail: {
      source: 'redcap-data-dictionary',
      filename: uploaded?.filename ?? null,
      warnings: report.filter((entry) => entry.level === 'warning').length,
      // The report travels with the audit row, so what was left out is known from the trail alone.
      report: report.map(({ line, field, what, code, source }) => ({ line, field, what, code, source })),
    },
  });
  return answer(new Map(created.map((row) => [row.nameAbbr.toLowerCase(), row.id])));
}
