import type { InstrumentFile, OdmImportNote, OdmImportPlan, OdmImportReport, XmlElement } from '@dcap/core';
import {
  AppError,
  INSTRUMENT_FILE_FORMAT,
  INSTRUMENT_FILE_VERSION,
  ODM_IMPORT_MAX_BYTES,
  ODM_IMPORT_NOTES,
  XmlSyntaxError,
  checkOdmReferences,
  describeValidationIssues,
  instrumentFileEntrySchema,
  interpolate,
  parseXml,
  planOdmImport,
  saveEventSchema,
} from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { DESIGN_CHANGE, inCallersTransaction } from '../../http/project-write.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import { getMatrix, listEvents, saveEvent, saveMatrix } from '../events/service.js';
import { uploadInstruments } from '../instruments/file-service.js';
import { checkPanel } from '../instruments/panel-check.js';
import { countFields } from '../instruments/presenter.js';
import { listInstruments } from '../instruments/service.js';
import { xmllintErrors } from './schema-check.js';

/** The file as text, after the schema check and our own OID check; refuses with the reason otherwise. */
async function readOdmFile(deps: ServiceDeps, bytes: Buffer, info: UploadedFileInfo | null): Promise<XmlElement> {
  if (info?.truncated === true || bytes.byteLength > ODM_IMPORT_MAX_BYTES) throw new AppError('odm.file_too_large', { max: ODM_IMPORT_MAX_BYTES / 1024 / 1024 });
  if (bytes.byteLength === 0) throw new AppError('odm.file_required');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('odm.not_xml', { detail: 'UTF-8' });
  }
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new AppError('odm.not_xml', { detail: error.message });
    throw error;
  }
  const schema = deps.config.odmSchema;
  if (!schema) throw new AppError('odm.schema_unavailable');
  // Without xmllint on the machine no file can be checked, which is the same as no schema configured.
  const errors = await xmllintErrors(schema, bytes).catch(() => {
    throw new AppError('odm.schema_unavailable');
  });
  if (errors.length > 0) throw new AppError('odm.schema_invalid', { detail: errors.join('; ') });
  const problems = checkOdmReferences(text);
  if (problems.length > 0) {
    throw new AppError('odm.references_invalid', {
      detail: problems
        .slice(0, 5)
        .map((problem) => `${problem.element}/@${problem.attribute}="${problem.value}" (${problem.kind})`)
        .join('; '),
    });
  }
  return root;
}

function report(plan: OdmImportPlan, notes: readonly OdmImportNote[], caller: ProjectCaller, applied: { instruments: Map<string, number>; events: Map<string, number> } | null): OdmImportReport {
  const locale = caller.meta.locale;
  return {
    applied: applied !== null,
    studyOid: plan.studyOid,
    versionOid: plan.versionOid,
    instruments: plan.instruments.map((instrument) => ({
      name: instrument.name,
      nameEn: instrument.nameEn,
      nameAbbr: instrument.nameAbbr,
      fields: countFields(instrument.panel),
      id: applied?.instruments.get(instrument.nameAbbr) ?? null,
    })),
    events: plan.events.map((event) => ({ name: event.name, nameEn: event.nameEn, type: event.type, forms: event.forms, id: applied?.events.get(event.oid) ?? null })),
    notes: notes.map((note) => ({ element: note.element, oid: note.oid, code: note.code, message: interpolate(ODM_IMPORT_NOTES[note.code][locale], { detail: note.detail }), blocking: note.blocking })),
  };
}

/** The plan of the file against the draft `deps` reads, with every note the dry run reports. */
async function planWithNotes(deps: ServiceDeps, caller: ProjectCaller, root: XmlElement): Promise<{ plan: OdmImportPlan; notes: OdmImportNote[] }> {
  const projectId = caller.project.project.id;
  const abbrs = new Set((await listInstruments(deps, caller.project)).map((row) => row.nameAbbr));
  const eventNames = new Set((await listEvents(deps, caller.project)).map((row) => row.name));
  const plan = planOdmImport(root, abbrs, eventNames);
  const notes = [...plan.notes];
  const locale = caller.meta.locale;
  for (const instrument of plan.instruments) {
    for (const issue of checkPanel(instrument.panel).issues) {
      notes.push({ element: 'FormDef', oid: instrument.oid, code: 'panel_invalid', detail: `${issue.path}: ${locale === 'en-US' ? issue.messageEn : issue.message}`, blocking: true });
    }
  }
  // The names and settings as the instrument upload and the event call will check them, so the dry run
  // reports what applying would refuse.
  for (const instrument of plan.instruments) {
    const parsed = instrumentFileEntrySchema.safeParse({ name: instrument.name, nameEn: instrument.nameEn, nameAbbr: instrument.nameAbbr, kind: 'form', panel: instrument.panel });
    if (!parsed.success) {
      for (const issue of describeValidationIssues(parsed.error.issues.filter((one) => one.path[0] !== 'panel'), locale)) {
        notes.push({ element: 'FormDef', oid: instrument.oid, code: 'value_invalid', detail: `${issue.path}: ${issue.message}`, blocking: true });
      }
    }
  }
  for (const event of plan.events) {
    const parsed = saveEventSchema.safeParse({ projectId, name: event.name, nameEn: event.nameEn, type: event.type, repeatable: event.repeatable });
    if (!parsed.success) {
      for (const issue of describeValidationIssues(parsed.error.issues, locale)) notes.push({ element: 'StudyEventDef', oid: event.oid, code: 'value_invalid', detail: `${issue.path}: ${issue.message}`, blocking: true });
    }
  }
  return { plan, notes };
}

/**
 * POST /dcap/project/design/importOdm (docs/decisions.md, "CDISC ODM"): reads the study design of an ODM
 * 1.3.2 file into the development draft. A dry run reports per element what could not be mapped; applying
 * adds the panels through the instrument upload and the visits and their matrix cells through the event
 * services, so the same design checks and audit records apply as when a designer makes them by hand. All of
 * them run in one transaction: a refusal of the visits or the matrix leaves no panel behind.
 */
export async function importOdm(deps: ServiceDeps, caller: ProjectCaller, body: { dryRun: 'true' | 'false'; file: Uint8Array }, info: UploadedFileInfo | null): Promise<OdmImportReport> {
  const bytes = Buffer.from(body.file.buffer, body.file.byteOffset, body.file.byteLength);
  // The schema check runs an external program; it runs before, not inside, the transaction.
  const root = await readOdmFile(deps, bytes, info);
  const projectId = caller.project.project.id;
  const first = await planWithNotes(deps, caller, root);
  if (body.dryRun === 'true') return report(first.plan, first.notes, caller, null);
  if (first.notes.some((note) => note.blocking)) throw new AppError('odm.import_blocked');
  return inCallersTransaction(deps, caller, DESIGN_CHANGE, async (joined) => {
    // Planned again inside the transaction, so the names it checks are the ones the writes meet.
    const { plan, notes } = await planWithNotes(joined, caller, root);
    if (notes.some((note) => note.blocking)) throw new AppError('odm.import_blocked');
    const instruments = new Map<string, number>();
    if (plan.instruments.length > 0) {
      const file: InstrumentFile = {
        format: INSTRUMENT_FILE_FORMAT,
        version: INSTRUMENT_FILE_VERSION,
        instruments: plan.instruments.map((instrument) => ({ name: instrument.name, nameEn: instrument.nameEn, nameAbbr: instrument.nameAbbr, kind: 'form', description: null, panel: instrument.panel })),
      };
      for (const row of await uploadInstruments(joined, caller, file, 'append')) instruments.set(row.nameAbbr, row.id);
    }
    const events = new Map<string, number>();
    const cells: { eventId: number; instrumentId: number }[] = [];
    for (const event of plan.events) {
      const saved = await saveEvent(joined, caller, { projectId, name: event.name, nameEn: event.nameEn, type: event.type, repeatable: event.repeatable });
      events.set(event.oid, saved.id);
      for (const abbr of event.forms) {
        const instrumentId = instruments.get(abbr);
        if (instrumentId !== undefined) cells.push({ eventId: saved.id, instrumentId });
      }
    }
    if (cells.length > 0) await saveMatrix(joined, caller, [...(await getMatrix(joined, caller.project)).cells, ...cells]);
    return report(plan, notes, caller, { instruments, events });
  });
}
