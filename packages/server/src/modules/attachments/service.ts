import { createHash } from 'node:crypto';
import type {
  AttachmentItem,
  AttachmentKind,
  AttachmentListRequest,
  FieldState,
  InactiveType,
  FieldStatus,
  Locale,
  ProjectAction,
  ProjectPredicate,
  TableImportPreview,
  Widget,
} from '@dcap/core';
import {
  AppError,
  TABLE_IMPORT_MAX_ROWS,
  canInProject,
  cellErrorMessage,
  detectFileKind,
  fieldEditRefusal,
  isPanelClosed,
  importTableSheet,
  importableColumns,
  uploadWidgetAt,
  walkWidgets,
} from '@dcap/core';
import type { PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import type { Executor } from '../audit/repo.js';
import { panelDefinition } from '../records/status.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, eventInstanceInScope, inDataScope, panelInstanceInScope, subjectInScope } from '../subjects/scope.js';
import { inMissingRow, requireStoredRow } from './cells.js';
import { presentAttachment } from './presenter.js';
import type { AttachmentInfo, AttachmentOwner } from './repo.js';
import * as repo from './repo.js';
import { readFirstSheet, tableTemplate as templateWorkbook, XLSX } from './sheet.js';
import type { UploadedFile } from './store.js';
import { auditedAttachment, storeAttachment } from './store.js';

export type { DeletedRows } from './cells.js';
export { deleteRowAttachments } from './cells.js';
export type { StoreAttachmentInput, UploadedFile } from './store.js';
export { auditedAttachment, storeAttachment } from './store.js';

/**
 * Who may do what with each kind of attachment (docs/decisions.md "Attachments and table import"). Uploading
 * and deleting is data entry everywhere. Field images and visit records are read by anyone who reads the
 * record; source documents, which are hospital records, by those who enter data and the monitors who verify
 * it (remote source verification); identity cards only by those who enter data.
 */
const READ_RIGHTS: Record<AttachmentKind, readonly ProjectAction[]> = {
  field: ['record.view'],
  visitRecord: ['record.view'],
  source: ['record.enter', 'record.verify'],
  idCard: ['record.enter'],
};
/** The project state an upload or deletion needs: data entry, and recruitment for pre-screening's identity cards. */
const WRITE_STATE: Record<AttachmentKind, ProjectPredicate> = { field: 'recordEditable', source: 'recordEditable', visitRecord: 'recordEditable', idCard: 'recordRecruitable' };

function requireReadRight(caller: ProjectCaller, kind: AttachmentKind): void {
  if (!READ_RIGHTS[kind].some((right) => canInProject(caller.project.access, right))) throw new AppError('permission.project_forbidden');
}

async function names(db: Executor, rows: readonly AttachmentInfo[]): Promise<Map<number, string>> {
  return repo.userNames(db, rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])));
}

/**
 * Refuses a change to the attachments of a field whose data no longer changes (spec 002 §4, COMPLIANCE WF-2):
 * the field locked, frozen, inactive or signed, or its panel signed, frozen or locked.
 */
async function requireFieldOpen(db: Executor, panel: PanelInstanceRow, path: string | null): Promise<void> {
  if (isPanelClosed(panel.status)) throw new AppError('attachment.field_locked');
  if (path === null) return;
  const stored = await repo.findFieldState(db, panel.id, path);
  if (!stored) return;
  const state: FieldState = { status: stored.status as FieldStatus, frozen: stored.frozen, inactiveType: stored.inactive_type as InactiveType | null };
  if (fieldEditRefusal(state) !== null || state.status === 'SIGNED') throw new AppError('attachment.field_locked');
}

/** Spec 002 §5: uploading waits until the panel was saved once. */
function requirePanelSaved(panel: PanelInstanceRow): void {
  if (panel.first_saved_at === null) throw new AppError('attachment.panel_not_saved');
}

function uploadedFile(file: Uint8Array, info: { filename: string; mimetype: string; truncated: boolean } | null): UploadedFile {
  if (!info) throw new AppError('attachment.file_missing');
  return { name: info.filename, declaredType: info.mimetype || null, bytes: Buffer.from(file.buffer, file.byteOffset, file.byteLength), truncated: info.truncated };
}

type FileInfo = { filename: string; mimetype: string; truncated: boolean } | null;

async function present(db: Executor, row: AttachmentInfo): Promise<AttachmentItem> {
  return presentAttachment(row, await names(db, [row]));
}

/**
 * POST /dcap/project/recordData/attachment/import (spec 002 §7): an image of an upload field of a saved panel.
 * recordId and eventInsId, when sent, must be the panel's own subject and visit.
 */
export async function uploadFieldAttachment(
  deps: ServiceDeps,
  caller: ProjectCaller,
  body: { file: Uint8Array; instrumentInsId: number; field: string; recordId?: number | undefined; eventInsId?: number | undefined },
  info: FileInfo,
): Promise<AttachmentItem> {
  const file = uploadedFile(body.file, info);
  await panelInstanceInScope(deps.db, await dataScope(deps.db, caller), body.instrumentInsId);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const panel = await panelInstanceInScope(trx, scope, body.instrumentInsId);
    if ((body.recordId !== undefined && body.recordId !== panel.subject_id) || (body.eventInsId !== undefined && body.eventInsId !== panel.event_instance_id)) {
      throw new AppError('attachment.ids_mismatch');
    }
    const subject = await subjectInScope(trx, scope, panel.subject_id);
    const definition = await panelDefinition(trx, panel);
    if (!uploadWidgetAt(definition.panel.list, body.field)) throw new AppError('attachment.field_unknown', { field: body.field });
    requirePanelSaved(panel);
    await requireStoredRow(trx, panel.id, body.field);
    await requireFieldOpen(trx, panel, body.field);
    const row = await storeAttachment(trx, audit, { subject, env: scope.env.key, kind: 'field', eventInstanceId: panel.event_instance_id, panelInstanceId: panel.id, path: body.field, file, userId: caller.actor.userId });
    return present(trx, row);
  });
}

/** POST /dcap/project/recordData/source/import: a source document of a saved panel, for remote source verification. */
export async function uploadSourceDocument(deps: ServiceDeps, caller: ProjectCaller, body: { file: Uint8Array; instrumentInsId: number }, info: FileInfo): Promise<AttachmentItem> {
  const file = uploadedFile(body.file, info);
  await panelInstanceInScope(deps.db, await dataScope(deps.db, caller), body.instrumentInsId);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const panel = await panelInstanceInScope(trx, scope, body.instrumentInsId);
    const subject = await subjectInScope(trx, scope, panel.subject_id);
    requirePanelSaved(panel);
    await requireFieldOpen(trx, panel, null);
    const row = await storeAttachment(trx, audit, { subject, env: scope.env.key, kind: 'source', eventInstanceId: panel.event_instance_id, panelInstanceId: panel.id, path: null, file, userId: caller.actor.userId });
    return present(trx, row);
  });
}

/** POST /dcap/visitTask/uploadVisitRecord (spec 002 §7): a record of a visit task, that is of an event instance. */
export async function uploadVisitRecord(deps: ServiceDeps, caller: ProjectCaller, body: { file: Uint8Array; eventInsId: number; recordId?: number | undefined }, info: FileInfo): Promise<AttachmentItem> {
  const file = uploadedFile(body.file, info);
  await eventInstanceInScope(deps.db, await dataScope(deps.db, caller), body.eventInsId);
  // Visit records belong to visit tasks, which exist only where the project schedules them (spec 000 §3 visitTask).
  if (caller.project.project.config.visitTask !== true) throw new AppError('schedule.visit_tasks_off');
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const visit = await eventInstanceInScope(trx, scope, body.eventInsId);
    if (body.recordId !== undefined && body.recordId !== visit.subject_id) throw new AppError('attachment.ids_mismatch');
    const subject = await subjectInScope(trx, scope, visit.subject_id);
    const row = await storeAttachment(trx, audit, { subject, env: scope.env.key, kind: 'visitRecord', eventInstanceId: visit.id, panelInstanceId: null, path: null, file, userId: caller.actor.userId });
    return present(trx, row);
  });
}

/** Spec 000 §3 flag preScreen: pre-screening, and with it identity cards, exists only where the project uses it. */
function requirePreScreen(caller: ProjectCaller): void {
  if (caller.project.project.config.preScreen !== true) throw new AppError('attachment.prescreen_off');
}

/** POST /dcap/prescreen/subject/uploadIdCard (spec 002 §7): the identity-card image of a pre-screened subject. */
export async function uploadIdCard(deps: ServiceDeps, caller: ProjectCaller, body: { file: Uint8Array; recordId: number }, info: FileInfo): Promise<AttachmentItem> {
  const file = uploadedFile(body.file, info);
  await subjectInScope(deps.db, await dataScope(deps.db, caller), body.recordId);
  requirePreScreen(caller);
  return projectWrite(deps, caller, { state: 'recordRecruitable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const subject = await subjectInScope(trx, scope, body.recordId);
    const row = await storeAttachment(trx, audit, { subject, env: scope.env.key, kind: 'idCard', eventInstanceId: null, panelInstanceId: null, path: null, file, userId: caller.actor.userId });
    return present(trx, row);
  });
}

/** The panel instance a list request names, in the caller's scope; recordId and eventInsId, when sent, its own. */
async function listedPanel(db: Executor, scope: DataScope, body: AttachmentListRequest): Promise<PanelInstanceRow> {
  const panel = await panelInstanceInScope(db, scope, body.instrumentInsId ?? 0);
  if ((body.recordId !== undefined && body.recordId !== panel.subject_id) || (body.eventInsId !== undefined && body.eventInsId !== panel.event_instance_id)) {
    throw new AppError('attachment.ids_mismatch');
  }
  await subjectInScope(db, scope, panel.subject_id);
  return panel;
}

/** The owner a list request of one stored kind names, each id loaded through the caller's scope. */
async function ownerOf(db: Executor, scope: DataScope, kind: AttachmentKind, body: AttachmentListRequest): Promise<AttachmentOwner> {
  switch (kind) {
    case 'field':
    case 'source': {
      const panel = await listedPanel(db, scope, body);
      return { subjectId: panel.subject_id, kind, panelInstanceId: panel.id, ...(kind === 'field' ? { path: body.field ?? '' } : {}) };
    }
    case 'visitRecord': {
      const visit = await eventInstanceInScope(db, scope, body.eventInsId ?? 0);
      if (body.recordId !== undefined && body.recordId !== visit.subject_id) throw new AppError('attachment.ids_mismatch');
      await subjectInScope(db, scope, visit.subject_id);
      return { subjectId: visit.subject_id, kind: 'visitRecord', eventInstanceId: visit.id };
    }
    case 'idCard': {
      const subject = await subjectInScope(db, scope, body.recordId ?? 0);
      return { subjectId: subject.id, kind: 'idCard' };
    }
  }
}

/**
 * The `panelFields` list: every field image of one panel instance, fields' and cells' together, each with its
 * path, read in one statement, so the entry page asks once per panel (docs/decisions.md "Attachments"). Its
 * scope checks and what it leaves out are the per-field list's.
 */
async function listPanelFields(deps: ServiceDeps, caller: ProjectCaller, scope: DataScope, body: AttachmentListRequest): Promise<AttachmentItem[]> {
  const panel = await listedPanel(deps.db, scope, body);
  requireReadRight(caller, 'field');
  const rows = await repo.listPanelFieldAttachments(deps.db, panel.subject_id, panel.id);
  const who = new Map(rows.flatMap((row) => (row.created_by === null || row.created_by_name === null ? [] : [[row.created_by, row.created_by_name] as const])));
  return rows.map((row) => presentAttachment(row, who));
}

/** POST /dcap/project/recordData/attachment/list (spec 002 §7): the attachments of one list, oldest first. */
export async function listAttachments(deps: ServiceDeps, caller: ProjectCaller, body: AttachmentListRequest): Promise<AttachmentItem[]> {
  const scope = await dataScope(deps.db, caller);
  const kind = body.kind;
  if (kind === 'panelFields') return listPanelFields(deps, caller, scope, body);
  const owner = await ownerOf(deps.db, scope, kind, body);
  requireReadRight(caller, kind);
  if (kind === 'idCard') requirePreScreen(caller);
  // A deleted row's images went with it (cells.ts), whether or not they were marked deleted with it.
  if (owner.panelInstanceId && (await inMissingRow(deps.db, owner.panelInstanceId, owner.path ?? null))) return [];
  const rows = await repo.listAttachments(deps.db, owner);
  const who = await names(deps.db, rows);
  return rows.map((row) => presentAttachment(row, who));
}

/** An attachment not deleted, in the caller's scope; another site's or environment's id answers as unknown. */
async function attachmentInScope(db: Executor, scope: DataScope, id: number): Promise<AttachmentInfo> {
  const row = await repo.findAttachment(db, id);
  if (!row || row.deleted_at !== null || !inDataScope(scope, row)) throw new AppError('attachment.not_found');
  if (row.kind === 'field' && row.panel_instance_id !== null && (await inMissingRow(db, row.panel_instance_id, row.path))) throw new AppError('attachment.not_found');
  // The subject must still be in scope too (a deleted subject's files are not served).
  await subjectInScope(db, scope, row.subject_id).catch(() => {
    throw new AppError('attachment.not_found');
  });
  return row;
}

/**
 * GET /dcap/project/recordData/attachment/picture/{projectId}/{id} (spec 002 §7 picture URLs): the bytes with
 * the content type read from them. The thumbnail flag answers the stored thumbnail, or the original where none
 * was made (docs/decisions.md "No server thumbnails").
 */
export async function attachmentPicture(deps: ServiceDeps, caller: ProjectCaller, id: number, thumbnail: boolean): Promise<FileReply> {
  const scope = await dataScope(deps.db, caller);
  const row = await attachmentInScope(deps.db, scope, id);
  requireReadRight(caller, row.kind);
  const content = await repo.readAttachmentContent(deps.db, row.id);
  if (!content) throw new AppError('attachment.not_found');
  return { contentType: row.content_type, filename: row.name, body: thumbnail && content.thumbnail ? content.thumbnail : content.content };
}

/**
 * GET /dcap/project/recordData/attachment/delete/{id} (spec 002 §7, §5 "permanent deletion" as the user sees
 * it): a logical deletion, audited with what was deleted; the bytes stay for the audit trail (COMPLIANCE
 * IM-2). Refused once the field or panel no longer changes.
 */
export async function deleteAttachment(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<AttachmentItem> {
  const scope = await dataScope(deps.db, caller);
  const found = await attachmentInScope(deps.db, scope, id);
  return projectWrite(deps, caller, { state: WRITE_STATE[found.kind], right: 'record.enter' }, async (trx, audit) => {
    const row = await attachmentInScope(trx, scope, id);
    if (row.kind === 'idCard') requirePreScreen(caller);
    if (row.panel_instance_id !== null && (row.kind === 'field' || row.kind === 'source')) {
      await requireFieldOpen(trx, await panelInstanceInScope(trx, scope, row.panel_instance_id), row.path);
    }
    const deleted = await repo.markAttachmentDeleted(trx, row.id, caller.actor.userId, deps.clock.now());
    if (!deleted) throw new AppError('attachment.not_found');
    await audit({ action: 'attachment.delete', entityType: 'attachment', entityId: row.id, siteId: row.site_id, env: scope.env.key, oldValue: auditedAttachment(row) });
    return present(trx, deleted);
  });
}

/** A repeatable table of a panel by its model; refuses one the panel does not have. */
function repeatableTable(list: readonly Widget[], model: string): Widget {
  for (const { widget } of walkWidgets(list)) {
    if (widget.type === 'table' && widget.model === model && widget.options.repeatable === true) return widget;
  }
  throw new AppError('attachment.table_unknown', { table: model });
}

/**
 * POST /dcap/project/recordData/import (spec 002 §7 default import action; §2 Excel upload modal; §5): reads
 * an xlsx sheet for one repeatable table of a panel instance and answers its rows as the table would hold
 * them, with each cell's problem in the caller's language. It saves nothing: the rows go into the browser's
 * form, and the panel's own save writes them with their audit rows (docs/forms.md "Table import"). The
 * reading itself is audited as an import (COMPLIANCE AT-3).
 */
export async function previewTableImport(
  deps: ServiceDeps,
  caller: ProjectCaller,
  body: { file: Uint8Array; instrumentInsId: number; table: string },
  info: FileInfo,
  locale: Locale,
): Promise<TableImportPreview> {
  const file = uploadedFile(body.file, info);
  await panelInstanceInScope(deps.db, await dataScope(deps.db, caller), body.instrumentInsId);
  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const panel = await panelInstanceInScope(trx, scope, body.instrumentInsId);
    await subjectInScope(trx, scope, panel.subject_id);
    const table = repeatableTable((await panelDefinition(trx, panel)).panel.list, body.table);
    if (file.truncated) throw new AppError('attachment.too_large');
    const kind = detectFileKind(file.bytes);
    // Spec 002 §2 lets the user pick an xls; the legacy binary format is not read, and the message says what to do.
    if (kind === 'xls') throw new AppError('attachment.sheet_xls');
    if (kind !== 'xlsx') throw new AppError('attachment.sheet_unreadable');
    const sheet = await readFirstSheet(file.bytes);
    if (!sheet) throw new AppError('attachment.sheet_unreadable');
    // Header, the template's key row and the most rows allowed; checked again on the rows read.
    if (sheet.length > TABLE_IMPORT_MAX_ROWS + 2) throw new AppError('attachment.sheet_too_many', { max: TABLE_IMPORT_MAX_ROWS });
    const read = importTableSheet(table, sheet);
    if (!read) throw new AppError('attachment.sheet_no_columns');
    if (read.rows.length === 0) throw new AppError('attachment.sheet_empty');
    if (read.rows.length > TABLE_IMPORT_MAX_ROWS) throw new AppError('attachment.sheet_too_many', { max: TABLE_IMPORT_MAX_ROWS });
    await audit({
      action: 'record.table_import',
      entityType: 'panel_instance',
      entityId: panel.id,
      siteId: panel.site_id,
      env: scope.env.key,
      newValue: { table: body.table, file: file.name, sha256: createHash('sha256').update(file.bytes).digest('hex'), rows: read.rows.length, errors: read.errors.length },
    });
    return {
      table: body.table,
      columns: read.columns,
      unmatched: read.unmatched,
      rows: read.rows,
      errors: read.errors.map((error) => ({ row: error.row, column: error.column, code: error.code, message: cellErrorMessage(error, locale) })),
      total: read.rows.length,
      huge: read.huge,
    };
  });
}

/** GET /dcap/project/recordData/importTemplate/{instrumentInsId}/{table}: the sheet to fill in for a table. */
export async function tableImportTemplate(deps: ServiceDeps, caller: ProjectCaller, instrumentInsId: number, tableModel: string, locale: Locale): Promise<FileReply> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, instrumentInsId);
  await subjectInScope(deps.db, scope, panel.subject_id);
  const table = repeatableTable((await panelDefinition(deps.db, panel)).panel.list, tableModel);
  const title = locale === 'en-US' && table.nameEn ? table.nameEn : table.name;
  const body = await templateWorkbook(importableColumns(table), locale, title);
  return { contentType: XLSX, filename: `${tableModel}-template.xlsx`, body };
}
