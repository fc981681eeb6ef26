import type { CodingCandidate, CodingCodeRequest, CodingExportQuery, CodingField, CodingSetup, CodingTermPage, CodingTermQuery, CodingValue, CodingValuePage, CodingValueQuery, Locale } from '@dcap/core';
import { AppError, CODING_EXPORT_MAX, canInProject, STATUS_LABELS, codableFields as codableFieldsOf, codingState, indexForm, parsePath, sameVerbatim, termTextIn } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { sessionEnv } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import type { Cell } from '../queries/export.js';
import { stamp, tableFile } from '../queries/export.js';
import type { Executor } from '../audit/repo.js';
import { designOfEnv } from '../publishing/service.js';
import { DesignNames } from '../queries/design-names.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, panelInstanceInScope } from '../subjects/scope.js';
import * as dictionaries from './dictionary-repo.js';
import { searchTerms } from './dictionary-service.js';
import type { CodingFieldInfo, CodingInfo, ValueFilter, ValueRow } from './project-repo.js';
import * as repo from './project-repo.js';
import { presentDictionary } from './presenter.js';

/**
 * Coding in a project (docs/decisions.md "Coding library"): the project chooses text fields and the dictionary
 * each is coded to (`coding.configure`); a data manager lists the captured values of a field in their sites and
 * codes each to a term, or every value with the same text at once (`record.code`). A coding copies the
 * verbatim and the term; when the value changes later the coding reads as needing recoding. Every change is
 * audited; codings change no captured value.
 */

const CODE_WRITE = { right: 'record.code', state: 'recordEditable' } as const;
const CONFIGURE_WRITE = { right: 'coding.configure' } as const;

interface DesignField {
  instrumentName: string;
  instrumentNameEn: string | null;
  fieldName: string;
  fieldNameEn: string | null;
}

/** The text fields of the environment's design that may be coded, by instrument and path. */
async function codableFields(db: Executor, scope: DataScope): Promise<Map<string, DesignField & { instrumentId: number; path: string }>> {
  const design = await designOfEnv(db, scope.env.id);
  const found = new Map<string, DesignField & { instrumentId: number; path: string }>();
  for (const instrument of design?.snapshot.instruments ?? []) {
    for (const field of codableFieldsOf(indexForm(instrument.panel))) {
      found.set(`${String(instrument.id)}:${field.path}`, { instrumentId: instrument.id, path: field.path, instrumentName: instrument.name, instrumentNameEn: instrument.nameEn, fieldName: field.name, fieldNameEn: field.nameEn });
    }
  }
  return found;
}

function presentField(row: CodingFieldInfo, names: DesignField | undefined): CodingField {
  return {
    id: row.id,
    instrumentId: row.instrument_id,
    instrumentName: names?.instrumentName ?? `#${String(row.instrument_id)}`,
    instrumentNameEn: names?.instrumentNameEn ?? null,
    path: row.path,
    fieldName: names?.fieldName ?? row.path,
    fieldNameEn: names?.fieldNameEn ?? null,
    dictionaryId: row.dictionary_id,
    dictionaryName: row.dictionary_name,
    dictionaryVersion: row.dictionary_version,
    dictionaryKind: row.dictionary_kind,
  };
}

/** GET /dcap/coding/setup: the coded fields, the fields that may be chosen, the enabled dictionaries and the caller's rights. */
export async function codingSetup(deps: ServiceDeps, caller: ProjectCaller): Promise<CodingSetup> {
  const scope = await dataScope(deps.db, caller);
  const codable = await codableFields(deps.db, scope);
  const rows = await repo.listFields(deps.db, scope.projectId);
  const chosen = new Set(rows.map((row) => `${String(row.instrument_id)}:${row.path}`));
  const candidates: CodingCandidate[] = [...codable.entries()].filter(([key]) => !chosen.has(key)).map(([, field]) => field);
  return {
    fields: rows.map((row) => presentField(row, codable.get(`${String(row.instrument_id)}:${row.path}`))),
    candidates,
    dictionaries: (await dictionaries.listDictionaries(deps.db, true)).map((row) => presentDictionary(row, caller.meta.locale)).map(({ id, name, kind, version, language }) => ({ id, name, kind, version, language })),
    rights: { configure: canInProject(caller.project.access, 'coding.configure'), code: canInProject(caller.project.access, 'record.code') },
  };
}

const auditedField = (row: { instrument_id: number; path: string; dictionary_id: number }, dictionary: { name: string; version: string }) => ({
  instrumentId: row.instrument_id,
  path: row.path,
  dictionaryId: row.dictionary_id,
  dictionary: `${dictionary.name} ${dictionary.version}`,
});

/** POST /dcap/coding/field/save: chooses a text field of the design for coding, or changes its dictionary. */
export async function saveCodingField(deps: ServiceDeps, caller: ProjectCaller, body: { instrumentId: number; path: string; dictionaryId: number }): Promise<CodingSetup> {
  const scope = await dataScope(deps.db, caller);
  if (!(await codableFields(deps.db, scope)).has(`${String(body.instrumentId)}:${body.path}`)) throw new AppError('coding.field_not_text');
  await projectWrite(deps, caller, CONFIGURE_WRITE, async (trx, audit) => {
    const dictionary = await dictionaries.lockDictionary(trx, body.dictionaryId);
    if (!dictionary) throw new AppError('coding.dictionary_not_found');
    if (!dictionary.enabled) throw new AppError('coding.dictionary_disabled');
    const before = await repo.findField(trx, scope.projectId, { instrumentId: body.instrumentId, path: body.path }, true);
    const after = { instrument_id: body.instrumentId, path: body.path, dictionary_id: dictionary.id };
    if (!before) {
      const id = await repo.insertField(trx, { project_id: scope.projectId, ...after, created_by: caller.actor.userId, created_at: deps.clock.now() });
      await audit({ action: 'coding.field_add', entityType: 'coding_field', entityId: id, env: sessionEnv(caller), newValue: auditedField(after, dictionary) });
    } else if (before.dictionary_id !== dictionary.id) {
      await repo.setFieldDictionary(trx, before.id, dictionary.id);
      const old = { name: before.dictionary_name, version: before.dictionary_version };
      await audit({ action: 'coding.field_update', entityType: 'coding_field', entityId: before.id, env: sessionEnv(caller), oldValue: auditedField(before, old), newValue: auditedField(after, dictionary) });
    }
  });
  return codingSetup(deps, caller);
}

/** POST /dcap/coding/field/delete: no longer codes a field; refused while values of it are coded. */
export async function deleteCodingField(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<CodingSetup> {
  await projectWrite(deps, caller, CONFIGURE_WRITE, async (trx, audit) => {
    const before = await repo.findField(trx, caller.project.project.id, { id }, true);
    if (!before) throw new AppError('coding.field_not_found');
    const count = await repo.fieldCodingCount(trx, id);
    if (count > 0) throw new AppError('coding.field_in_use', { count });
    await repo.deleteField(trx, id);
    await audit({ action: 'coding.field_remove', entityType: 'coding_field', entityId: id, env: sessionEnv(caller), oldValue: auditedField(before, { name: before.dictionary_name, version: before.dictionary_version }) });
  });
  return codingSetup(deps, caller);
}

async function fieldOf(db: Executor, projectId: number, id: number): Promise<CodingFieldInfo> {
  const field = await repo.findField(db, projectId, { id });
  if (!field) throw new AppError('coding.field_not_found');
  return field;
}

/** The coded field a value's path belongs to: a table cell `TABLE#rN.COLUMN` to its column `TABLE.COLUMN`. */
function fieldPathOf(valuePath: string): string {
  const parsed = parsePath(valuePath);
  return parsed.column === undefined ? parsed.model : `${parsed.model}.${parsed.column}`;
}

const valueFilter = (scope: DataScope, field: CodingFieldInfo): ValueFilter => ({
  projectId: scope.projectId,
  envId: scope.env.id,
  sites: scope.sites === 'all' ? null : scope.sites,
  instrumentId: field.instrument_id,
  path: field.path,
});

function presentValue(row: ValueRow, coding: CodingInfo | undefined, names: DesignNames): CodingValue {
  const visit = names.event(row.design_version_id, row.event_id, row.event_seq);
  return {
    panelInstanceId: row.panel_instance_id,
    path: row.path,
    subjectId: row.subject_id,
    subject: row.subject_code ?? row.platform_no,
    siteId: row.site_id,
    siteName: row.site_name,
    siteNameEn: row.site_name_en,
    visitName: visit.name,
    visitNameEn: visit.nameEn,
    value: row.value,
    state: codingState(row.value, coding ?? null),
    coding: coding
      ? {
          dictionaryId: coding.dictionary_id,
          dictionaryName: coding.dictionary_name,
          dictionaryVersion: coding.dictionary_version,
          code: coding.term_code,
          term: coding.term,
          termEn: coding.term_en,
          path: coding.term_path,
          pathEn: coding.term_path_en,
          verbatim: coding.verbatim,
          codedBy: coding.coded_name ?? '',
          codedAt: coding.coded_at.toISOString(),
        }
      : null,
  };
}

/** GET /dcap/coding/values: a page of a coded field's values in the caller's environment and sites, with their coding state. */
export async function listCodingValues(deps: ServiceDeps, caller: ProjectCaller, query: CodingValueQuery): Promise<CodingValuePage> {
  const scope = await dataScope(deps.db, caller);
  const field = await fieldOf(deps.db, scope.projectId, query.fieldId);
  const filter: ValueFilter = { ...valueFilter(scope, field), siteId: query.siteId, state: query.state, text: query.text || undefined };
  const total = await repo.countValues(deps.db, filter);
  const rows = await repo.listValues(deps.db, filter, query.pageSize, (query.page - 1) * query.pageSize);
  const codings = new Map((await repo.codingsByIds(deps.db, rows.flatMap((row) => (row.coding_id === null ? [] : [row.coding_id])))).map((row) => [row.id, row]));
  const names = await DesignNames.load(deps.db, rows.map((row) => row.design_version_id));
  return { total, page: query.page, pageSize: query.pageSize, values: rows.map((row) => presentValue(row, row.coding_id === null ? undefined : codings.get(row.coding_id), names)) };
}

/** GET /dcap/coding/terms: the terms of an enabled dictionary, for coding. */
export async function projectTerms(deps: ServiceDeps, query: CodingTermQuery): Promise<CodingTermPage> {
  const dictionary = await dictionaries.findDictionary(deps.db, query.dictionaryId);
  if (!dictionary?.enabled) throw new AppError('coding.dictionary_not_found');
  return searchTerms(deps.db, query);
}

const auditedCoding = (row: { verbatim: string; dictionary_id: number; term_code: string; term: string }, subject: string, field: CodingFieldInfo) => ({
  subject,
  instrumentId: field.instrument_id,
  path: field.path,
  verbatim: row.verbatim,
  dictionaryId: row.dictionary_id,
  code: row.term_code,
  term: row.term,
});

/**
 * POST /dcap/coding/code: codes a value to a term of its field's dictionary; with `sameText`, also every other
 * value of the field in the caller's environment and sites with the same text that is not coded or has
 * changed since. Each value coded leaves its own audit row.
 */
export async function codeValue(deps: ServiceDeps, caller: ProjectCaller, body: CodingCodeRequest): Promise<{ coded: number }> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  const now = deps.clock.now();
  return projectWrite(deps, caller, CODE_WRITE, async (trx, audit) => {
    const field = await repo.findField(trx, scope.projectId, { instrumentId: panel.instrument_id, path: fieldPathOf(body.path) });
    if (!field) throw new AppError('coding.field_not_found');
    if (!field.dictionary_enabled) throw new AppError('coding.dictionary_disabled');
    const term = await dictionaries.findTerm(trx, field.dictionary_id, body.termCode);
    if (!term) throw new AppError('coding.term_not_found', { code: body.termCode });
    const filter = valueFilter(scope, field);
    const [target] = await repo.listValues(trx, { ...filter, panelInstanceId: panel.id, valuePath: body.path }, 1);
    if (!target || target.value === '') throw new AppError('coding.value_not_found');
    const targets = [target];
    if (body.sameText) {
      const others = await repo.listValues(trx, { ...filter, text: target.value.trim() }, null);
      targets.push(...others.filter((row) => row.panel_instance_id !== target.panel_instance_id && sameVerbatim(row.value, target.value)));
    }
    let coded = 0;
    for (const row of targets) {
      const before = await repo.findCoding(trx, row.panel_instance_id, row.path, true);
      // Coding the same text at once leaves values already coded to their current text alone.
      if (row !== target && before && codingState(row.value, before) === 'coded') continue;
      const values = { verbatim: row.value, dictionary_id: field.dictionary_id, term_code: term.code, term: term.term, term_path: term.path, term_en: term.term_en, term_path_en: term.path_en, coded_by: caller.actor.userId, coded_at: now, coding_field_id: field.id };
      const subject = row.subject_code ?? row.platform_no;
      const entry = { entityType: 'field_coding', env: sessionEnv(caller), siteId: row.site_id, newValue: auditedCoding(values, subject, field) };
      if (before) {
        await repo.replaceCoding(trx, before.id, values);
        await audit({ ...entry, action: 'coding.recode', entityId: before.id, oldValue: auditedCoding(before, subject, field) });
      } else {
        const id = await repo.insertCoding(trx, { project_id: scope.projectId, env_id: scope.env.id, site_id: row.site_id, subject_id: row.subject_id, panel_instance_id: row.panel_instance_id, path: row.path, ...values });
        await audit({ ...entry, action: 'coding.code', entityId: id });
      }
      coded += 1;
    }
    return { coded };
  });
}

/** POST /dcap/coding/uncode: removes a value's coding, audited with what it was. */
export async function uncodeValue(deps: ServiceDeps, caller: ProjectCaller, body: { panelInstanceId: number; path: string }): Promise<{ coded: number }> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  return projectWrite(deps, caller, CODE_WRITE, async (trx, audit) => {
    const before = await repo.findCoding(trx, panel.id, body.path, true);
    if (!before) throw new AppError('coding.not_coded');
    const field = await fieldOf(trx, scope.projectId, before.coding_field_id);
    const [row] = await repo.listValues(trx, { ...valueFilter(scope, field), panelInstanceId: panel.id, valuePath: body.path }, 1);
    await repo.deleteCoding(trx, before.id);
    await audit({ action: 'coding.uncode', entityType: 'field_coding', entityId: before.id, env: sessionEnv(caller), siteId: panel.site_id, oldValue: auditedCoding(before, row ? (row.subject_code ?? row.platform_no) : '', field) });
    return { coded: 0 };
  });
}

const EXPORT_HEADER: Record<Locale, string[]> = {
  'zh-CN': ['受试者', '中心', '访视', '原始文本', '编码状态', '词典', '版本', '编码', '术语', '术语（英文）', '层级路径', '编码时文本', '编码人', '编码时间'],
  'en-US': ['Subject', 'Site', 'Visit', 'Verbatim', 'Coding state', 'Dictionary', 'Version', 'Code', 'Term', 'Term (English)', 'Hierarchy', 'Verbatim when coded', 'Coded by', 'Coded at'],
};

/**
 * GET /dcap/coding/export: the coding listing of one coded field, every value the caller may see with its
 * coding, as xlsx or CSV in the caller's language (docs/decisions.md "Coding library"). Like the query list's
 * export it is the caller's own list as a file, audited `coding.export` with the field and the row count.
 */
export async function exportCodingValues(deps: ServiceDeps, caller: ProjectCaller, query: CodingExportQuery): Promise<FileReply> {
  const locale = caller.meta.locale;
  const scope = await dataScope(deps.db, caller);
  const field = await fieldOf(deps.db, scope.projectId, query.fieldId);
  const filter: ValueFilter = { ...valueFilter(scope, field), state: query.state };
  const count = await repo.countValues(deps.db, filter);
  if (count > CODING_EXPORT_MAX) throw new AppError('coding.export_too_large', { count, max: CODING_EXPORT_MAX });
  const rows = await repo.listValues(deps.db, filter, null);
  const codings = new Map((await repo.codingsByIds(deps.db, rows.flatMap((row) => (row.coding_id === null ? [] : [row.coding_id])))).map((row) => [row.id, row]));
  const names = await DesignNames.load(deps.db, rows.map((row) => row.design_version_id));
  const en = locale === 'en-US';
  const cells = rows.map((row): Cell[] => {
    const value = presentValue(row, row.coding_id === null ? undefined : codings.get(row.coding_id), names);
    const coding = value.coding;
    return [
      value.subject,
      en ? (value.siteNameEn ?? value.siteName) : value.siteName,
      en ? (value.visitNameEn ?? value.visitName) : value.visitName,
      value.value,
      STATUS_LABELS[locale].coding[value.state],
      coding?.dictionaryName ?? '',
      coding?.dictionaryVersion ?? '',
      coding?.code ?? '',
      coding?.term ?? '',
      coding?.termEn ?? '',
      coding ? termTextIn(locale, coding.path, coding.pathEn) : '',
      coding?.verbatim ?? '',
      coding?.codedBy ?? '',
      coding?.codedAt ?? '',
    ];
  });
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({ action: 'coding.export', entityType: 'coding_field', entityId: field.id, env: sessionEnv(caller), newValue: { path: field.path, state: query.state ?? null, rows: cells.length } }),
  );
  return tableFile(query.format, en ? 'Coding' : '编码', EXPORT_HEADER[locale], cells, `${caller.project.project.code}-coding-${field.path.replaceAll(/[^A-Za-z0-9_.-]/g, '_')}-${stamp(deps.clock.now())}`);
}
