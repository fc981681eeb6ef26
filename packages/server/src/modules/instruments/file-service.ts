import type { Instrument, InstrumentFile, InstrumentFileEntry, PanelIssue, UploadMode } from '@dcap/core';
import { AppError, INSTRUMENT_FILE_FORMAT, INSTRUMENT_FILE_VERSION, describeValidationIssues, instrumentFileSchema } from '@dcap/core';
import type { InstrumentRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { FileReply } from '../../http/route.js';
import type { ProjectContext } from '../projects/access.js';
import type { ProjectCaller } from '../../http/context.js';
import type { RequestMeta } from '../../http/context.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import { PanelIssuesError, checkPanel } from './panel-check.js';
import { auditedInstrument, countFields, draftPanel } from './presenter.js';
import * as repo from './repo.js';
import { instrumentIn, presentAll } from './service.js';

function fileEntry(row: InstrumentRow): InstrumentFileEntry {
  return { name: row.name, nameEn: row.name_en, nameAbbr: row.name_abbr, kind: row.kind, description: row.description, panel: draftPanel(row) };
}

function jsonFile(filename: string, file: InstrumentFile): FileReply {
  return { contentType: 'application/json; charset=utf-8', filename, body: Buffer.from(`${JSON.stringify(file, null, 2)}\n`, 'utf8') };
}

/** GET /dcap/project/instrument/download/{id}: one instrument's draft as an upload file. */
export async function downloadInstrument(deps: ServiceDeps, context: ProjectContext, id: number): Promise<FileReply> {
  const row = await instrumentIn(deps.db, context, id);
  return jsonFile(`${row.name_abbr}.json`, { format: INSTRUMENT_FILE_FORMAT, version: INSTRUMENT_FILE_VERSION, instruments: [fileEntry(row)] });
}

/** GET /dcap/project/instrument/downloadAll/{projectId}: every instrument of the project. */
export async function downloadAll(deps: ServiceDeps, context: ProjectContext): Promise<FileReply> {
  const rows = await repo.listInstruments(deps.db, context.project.id);
  if (rows.length === 0) throw new AppError('instrument.not_found');
  return jsonFile(`${context.project.code}-instruments.json`, {
    format: INSTRUMENT_FILE_FORMAT,
    version: INSTRUMENT_FILE_VERSION,
    instruments: rows.map(fileEntry),
  });
}

/** GET /dcap/project/instrument/downloadTemplate/: an example file showing the upload format. */
export function downloadTemplate(): FileReply {
  return jsonFile('instrument-template.json', {
    format: INSTRUMENT_FILE_FORMAT,
    version: INSTRUMENT_FILE_VERSION,
    instruments: [
      {
        name: '人口学资料',
        nameEn: 'Demographics',
        nameAbbr: 'DM',
        kind: 'form',
        description: null,
        panel: {
          list: [
            {
              type: 'date',
              key: 'BRTHDTC',
              model: 'BRTHDTC',
              name: '出生日期',
              nameEn: 'Date of birth',
              options: { format: 'YYYY-MM-DD', type: 'date', required: true },
              rules: [{ required: true, message: '出生日期必须填写', messageEn: 'Date of birth is required' }],
            },
            {
              type: 'radio',
              key: 'SEX',
              model: 'SEX',
              name: '性别',
              nameEn: 'Sex',
              options: {
                options: [
                  { key: 'M', value: '1', label: '男', labelEn: 'Male' },
                  { key: 'F', value: '2', label: '女', labelEn: 'Female' },
                ],
              },
            },
          ],
          config: { labelWidth: 8, labelPosition: 'right' },
        },
      },
    ],
  });
}

/** Every problem of an upload file: its shape, abbreviations repeated in it, then each panel's rules. */
function checkFile(raw: unknown, meta: RequestMeta): InstrumentFile {
  const parsed = instrumentFileSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    // A panel's own problems are reported per widget below; the envelope's go back as one sentence.
    const outside = parsed.error.issues.filter((issue) => !(issue.path[0] === 'instruments' && issue.path[2] === 'panel'));
    if (outside.length > 0) {
      throw new AppError('design.file_invalid', { detail: describeValidationIssues(outside, meta.locale).map((field) => field.message).join('; ') });
    }
  }
  const entries = (raw as { instruments: unknown[] }).instruments;
  const issues: PanelIssue[] = entries.flatMap((entry, index) => checkPanel((entry as { panel: unknown }).panel, `instruments.${String(index)}.panel`).issues);
  if (issues.length > 0 || !parsed.success) throw new PanelIssuesError(issues);
  const seen = new Set<string>();
  for (const entry of parsed.data.instruments) {
    const key = entry.nameAbbr.toLowerCase();
    if (seen.has(key)) throw new AppError('instrument.abbr_taken', { nameAbbr: entry.nameAbbr });
    seen.add(key);
  }
  return parsed.data;
}

/**
 * POST /dcap/project/instrument/upload: adds the file's instruments, or with `replace` first removes every
 * instrument of the project (and its matrix cells). Every panel is checked first; one invalid panel refuses
 * the whole file and changes nothing.
 */
/**
 * Where an upload's instruments came from when another import hands them over (docs/design-import.md): the
 * audit row takes its action and records `detail` beside the created instruments.
 */
export interface UploadOrigin {
  action: string;
  detail: Record<string, unknown>;
}

export async function uploadInstruments(deps: ServiceDeps, caller: ProjectCaller, raw: unknown, mode: UploadMode, origin?: UploadOrigin): Promise<Instrument[]> {
  const file = checkFile(raw, caller.meta);
  const projectId = caller.project.project.id;
  return projectWrite(
    deps,
    caller,
    { ...DESIGN_CHANGE, errorContext: { nameAbbr: file.instruments.map((entry) => entry.nameAbbr).join(', ') } },
    async (trx, audit) => {
      const removed = mode === 'replace' ? await repo.listInstruments(trx, projectId) : [];
      await repo.deleteInstruments(
        trx,
        removed.map((row) => row.id),
      );
      let sort = await repo.nextSort(trx, projectId);
      const created: number[] = [];
      for (const entry of file.instruments) {
        const row = await repo.insertInstrument(trx, {
          project_id: projectId,
          kind: entry.kind,
          name: entry.name,
          name_en: entry.nameEn ?? null,
          name_abbr: entry.nameAbbr,
          description: entry.description ?? null,
          sort,
          panel: JSON.stringify(entry.panel),
          field_count: countFields(entry.panel),
          updated_at: deps.clock.now(),
          updated_by: caller.actor.username,
        });
        sort += 1;
        created.push(row.id);
      }
      await audit({
        action: origin?.action ?? 'instrument.upload',
        entityType: 'project',
        entityId: projectId,
        // Every instrument removed and created with its settings and panel, so the upload can be read back
        // from the trail alone (COMPLIANCE AT-1).
        oldValue: mode === 'replace' ? { removed: removed.map((row) => ({ id: row.id, ...auditedInstrument(row), panel: row.panel })) } : null,
        newValue: {
          mode,
          ...(origin ? { origin: origin.detail } : {}),
          created: file.instruments.map((entry, index) => ({
            id: created[index],
            kind: entry.kind,
            name: entry.name,
            nameEn: entry.nameEn ?? null,
            nameAbbr: entry.nameAbbr,
            description: entry.description ?? null,
            panel: entry.panel,
          })),
        },
      });
      return presentAll(trx, projectId);
    },
  );
}
