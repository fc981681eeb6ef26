import type { Locale, OdmDesignModel } from '@dcap/core';
import { AppError, closeTag, emptyTag, metaDataVersionXml, odmDesignModel, odmOid, openTag, studyOpenXml, textElement } from '@dcap/core';
import type { Executor } from '../audit/repo.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import type { ClinicalBatch } from './clinical.js';
import { subjectsXml } from './clinical.js';
import * as repo from './repo.js';

/** What an ODM file covers (docs/decisions.md, "CDISC ODM"); the export job builds it from its request. */
export interface OdmScope {
  projectId: number;
  envId: number;
  /** The sites whose subjects are written; a caller passes the intersection with its own site scope. */
  siteIds: readonly number[] | 'all';
  eventIds: readonly number[] | null;
  instrumentIds: readonly number[] | null;
  /** Subject statuses to include, or null for all. */
  statuses: readonly string[] | null;
  mode: 'snapshot' | 'transactional';
  locale: Locale;
  /** Written as ODM/@Description, such as the sealed head of the audit chain. */
  description: string | null;
  fileOid: string;
  createdAt: Date;
}

export interface OdmSummary {
  subjects: number;
  items: number;
}

export interface OdmSink {
  write(text: string): Promise<void>;
}

/** Subjects read and written per step; a batch's XML is handed to the sink before the next is read. */
const BATCH = 100;
const ODM_NAMESPACE = 'http://www.cdisc.org/ns/odm/v1.3';

/** A design version the file holds, with its design limited to the scope's instruments and events. */
export interface OdmVersion {
  id: number;
  oid: string;
  name: string;
  note: string | null;
  model: OdmDesignModel;
}

/** What the subjects of a file are read from: the scope without the file's own name, time and description. */
export type OdmDataScope = Pick<OdmScope, 'projectId' | 'envId' | 'siteIds' | 'eventIds' | 'instrumentIds' | 'statuses' | 'mode'>;

/**
 * What the head of a file fixed for the ClinicalData that follows it. It is plain JSON, so an export job can
 * record it with its first step and write the rest of the file in later steps against the same versions and
 * sites, in a later process if need be.
 */
export interface OdmPlan {
  studyOid: string;
  envKey: string;
  /** The design versions the file holds, in version order: one MetaDataVersion and one ClinicalData each. */
  versionIds: number[];
  /** The version the environment runs: its ClinicalData holds the subjects without data too. */
  currentId: number | null;
  /** The scope's sites as AdminData lists them; SiteRef and LocationRef name them by these codes. */
  sites: { id: number; code: string }[];
  /**
   * The last audit row of the project's chain and the last signature as the head was begun. ClinicalData
   * holds changes and signatures up to these only, so each UserRef and SignatureRef names someone and a
   * meaning that AdminData lists, even when a batch is read minutes after the head (a later change may be by
   * someone AdminData does not name). Values name no one and are read as they stand when their batch is.
   * Audit ids follow their chain's commit order (migration 0017); signature ids only nearly do, so a
   * signature committing in the very instant the head begins could still slip past the bound.
   */
  lastAuditId: number;
  lastSignatureId: number;
}

/** The start of a file: everything before its first ClinicalData, and what it fixed for the rest. */
export interface OdmHead {
  xml: string;
  plan: OdmPlan;
  versions: OdmVersion[];
}

/** One batch of subjects of one version's ClinicalData. */
export interface OdmBatch {
  /** The batch's SubjectData, ending with a line break; empty when none of its subjects is written. */
  xml: string;
  /** How many subjects were read: fewer than asked means the version's ClinicalData is complete. */
  read: number;
  /** The last subject id read, where the next batch starts (the `after` given when none was read). */
  last: number;
  /** The subjects that got a SubjectData, and how many values their ItemData carry. */
  subjectIds: number[];
  items: number;
}

/** The design of a version limited to the scope's instruments and events. */
function scopedModel(snapshot: DesignSnapshot, scope: Pick<OdmScope, 'eventIds' | 'instrumentIds'>): OdmDesignModel {
  const instruments = scope.instrumentIds ? snapshot.instruments.filter((instrument) => scope.instrumentIds?.includes(instrument.id)) : snapshot.instruments;
  const events = scope.eventIds ? snapshot.events.filter((event) => scope.eventIds?.includes(event.id)) : snapshot.events;
  return odmDesignModel({ instruments, events, matrix: snapshot.matrix });
}

/** The design versions of the given ids, in version order. */
export async function odmVersions(db: Executor, scope: Pick<OdmScope, 'projectId' | 'eventIds' | 'instrumentIds'>, ids: readonly number[]): Promise<OdmVersion[]> {
  const rows = await repo.versionRows(db, scope.projectId, ids);
  return rows.map((row) => ({
    id: row.id,
    oid: odmOid.metaDataVersion(row.version),
    name: `v${String(row.version)}`,
    note: row.note,
    model: scopedModel(row.snapshot as DesignSnapshot, scope),
  }));
}

async function versionsOf(db: Executor, scope: OdmScope, withData: boolean): Promise<{ versions: OdmVersion[]; currentId: number | null }> {
  const currentId = await repo.envVersionId(db, scope.envId);
  const ids = new Set(withData ? await repo.versionIdsWithData(db, scope.envId, scope.siteIds) : []);
  if (currentId !== null) ids.add(currentId);
  return { versions: await odmVersions(db, scope, [...ids]), currentId };
}

function odmOpen(scope: OdmScope, fileType: 'Snapshot' | 'Transactional'): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    openTag('ODM', {
      xmlns: ODM_NAMESPACE,
      FileType: fileType,
      Granularity: 'All',
      FileOID: scope.fileOid,
      CreationDateTime: scope.createdAt.toISOString(),
      ODMVersion: '1.3.2',
      Description: scope.description,
      Originator: 'DCAP',
      SourceSystem: 'DCAP',
    }) +
    '\n'
  );
}

async function studyXml(db: Executor, scope: OdmScope, versions: readonly OdmVersion[], queryLists: boolean): Promise<{ xml: string; studyOid: string; code: string }> {
  const project = await repo.projectHead(db, scope.projectId);
  if (!project) throw new AppError('project.not_found');
  const units = new Map<string, string>();
  for (const version of versions) for (const [oid, symbol] of version.model.units) units.set(oid, symbol);
  const name = scope.locale === 'en-US' ? (project.name_en ?? project.name) : project.name;
  const studyOid = odmOid.study(project.code);
  let xml = studyOpenXml({ oid: studyOid, name, description: project.description ?? name, protocol: project.code }, units);
  for (const version of versions) xml += metaDataVersionXml({ oid: version.oid, name: version.name, description: version.note, model: version.model, queryLists });
  return { xml: `${xml}${closeTag('Study')}\n`, studyOid, code: project.code };
}

/**
 * The environment's design as an ODM file of metadata only (GET /dcap/project/design/odm): the Study with
 * the version the environment runs; no clinical or administrative data.
 */
export async function writeOdmDesign(db: Executor, scope: Pick<OdmScope, 'projectId' | 'envId' | 'locale' | 'fileOid' | 'createdAt' | 'description'>, sink: OdmSink): Promise<{ code: string; versionOid: string }> {
  const full: OdmScope = { ...scope, siteIds: [], eventIds: null, instrumentIds: null, statuses: null, mode: 'snapshot' };
  const { versions } = await versionsOf(db, full, false);
  if (versions.length === 0) throw new AppError('odm.no_design');
  await sink.write(odmOpen(full, 'Snapshot'));
  const study = await studyXml(db, full, versions, false);
  await sink.write(study.xml);
  await sink.write(`${closeTag('ODM')}\n`);
  return { code: study.code, versionOid: versions.map((version) => version.oid).join(',') };
}

async function adminXml(db: Executor, scope: OdmScope, envKey: string, studyOid: string, versions: readonly OdmVersion[], sites: { id: number; code: string; name: string; name_en: string | null }[]): Promise<string> {
  let xml = openTag('AdminData', { StudyOID: studyOid });
  const users = await repo.usersNamed(db, scope.projectId, envKey, scope.envId, scope.siteIds);
  const seen = new Set<string>();
  for (const user of users) {
    const oid = user.id === null ? odmOid.userNamed(user.username ?? 'system') : odmOid.user(user.id);
    if (seen.has(oid)) continue;
    seen.add(oid);
    xml += openTag('User', { OID: oid });
    if (user.username) xml += textElement('LoginName', user.username);
    const display = scope.locale === 'en-US' ? (user.name_en ?? user.name) : user.name;
    if (display) xml += textElement('DisplayName', display);
    xml += closeTag('User');
  }
  for (const site of sites) {
    xml += openTag('Location', { OID: odmOid.site(site.code), Name: scope.locale === 'en-US' ? (site.name_en ?? site.name) : site.name, LocationType: 'Site' });
    for (const version of versions) xml += emptyTag('MetaDataVersionRef', { StudyOID: studyOid, MetaDataVersionOID: version.oid, EffectiveDate: scope.createdAt.toISOString().slice(0, 10) });
    xml += closeTag('Location');
  }
  for (const { meaning } of await repo.signatureMeanings(db, scope.envId, scope.siteIds)) {
    xml += `${openTag('SignatureDef', { OID: odmOid.signatureDef(meaning), Methodology: 'Electronic' })}${textElement('Meaning', meaning)}${textElement('LegalReason', meaning)}${closeTag('SignatureDef')}`;
  }
  return `${xml}${closeTag('AdminData')}\n`;
}

/** The list kept under `key`, made empty the first time. */
function listIn<T>(map: Map<number, T[]>, key: number): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

async function readBatch(db: Executor, scope: OdmDataScope, plan: OdmPlan, subjects: ClinicalBatch['subjects'], versionId: number): Promise<ClinicalBatch> {
  const subjectIds = subjects.map((subject) => subject.id);
  const events = await repo.eventInstancesOf(db, subjectIds);
  const panels = (await repo.panelInstancesOf(db, subjectIds, versionId)).filter((panel) => !scope.instrumentIds || scope.instrumentIds.includes(panel.instrument_id));
  const panelIds = panels.map((panel) => panel.id);
  const values = new Map<number, { path: string; value: unknown }[]>();
  const history: ClinicalBatch['history'] = new Map();
  const queries: ClinicalBatch['queries'] = new Map();
  if (panelIds.length > 0) {
    for (const row of await repo.fieldValuesOf(db, panelIds)) listIn(values, row.panel_instance_id).push({ path: row.path, value: row.value });
    if (scope.mode === 'transactional') {
      for (const row of await repo.fieldHistoryOf(db, scope.projectId, plan.envKey, panelIds, plan.lastAuditId)) {
        const colon = row.entity_id.indexOf(':');
        const panelId = Number(row.entity_id.slice(0, colon));
        const value = (row.new_value as { value?: unknown } | null)?.value ?? null;
        const entry = { id: row.id, at: new Date(row.at), actor_id: row.actor_id, actor_username: row.actor_username, action: row.action, path: row.entity_id.slice(colon + 1), value, reason: row.reason };
        listIn(history, panelId).push(entry);
      }
    }
    for (const row of await repo.queriesOf(db, panelIds)) listIn(queries, row.panel_instance_id).push(row);
  }
  const signatures = (await repo.signaturesOf(db, subjectIds, plan.lastSignatureId)).filter(
    (signature) => signature.scope === 'subject' || (signature.scope === 'event' ? true : panelIds.includes(signature.panel_instance_id ?? -1)),
  );
  const siteCodes = new Map(plan.sites.map((site) => [site.id, site.code]));
  return { subjects, siteCodes, events, panels, values, history, signatures, queries };
}

/**
 * The start of an ODM 1.3.2 file of the scope (docs/decisions.md, "CDISC ODM"): the ODM element, the Study
 * with every design version the scope's data was entered with (and the one the environment runs), and
 * AdminData with the users the file names, the sites and the signature meanings.
 */
export async function odmHead(db: Executor, scope: OdmScope): Promise<OdmHead> {
  const env = await repo.envRow(db, scope.projectId, scope.envId);
  if (!env) throw new AppError('odm.no_design');
  // Read before AdminData's users and meanings, so AdminData names everyone the changes up to them name.
  const lastAuditId = await repo.lastAuditId(db, scope.projectId);
  const lastSignatureId = await repo.lastSignatureId(db);
  const { versions, currentId } = await versionsOf(db, scope, true);
  if (versions.length === 0) throw new AppError('odm.no_design');
  const study = await studyXml(db, scope, versions, true);
  // Only the scope's sites and the people who worked there are named, so nothing of another site leaks.
  const sites = (await repo.sitesOf(db, scope.projectId)).filter((site) => scope.siteIds === 'all' || scope.siteIds.includes(site.id));
  const admin = await adminXml(db, scope, env.key, study.studyOid, versions, sites);
  const xml = odmOpen(scope, scope.mode === 'snapshot' ? 'Snapshot' : 'Transactional') + study.xml + admin;
  return {
    xml,
    plan: {
      studyOid: study.studyOid,
      envKey: env.key,
      versionIds: versions.map((version) => version.id),
      currentId,
      sites: sites.map((site) => ({ id: site.id, code: site.code })),
      lastAuditId,
      lastSignatureId,
    },
    versions,
  };
}

/** How many subjects each version's ClinicalData reads: the scope's subjects, deleted ones never. */
export function subjectsInScope(db: Executor, scope: OdmDataScope): Promise<number> {
  return repo.countSubjects(db, { projectId: scope.projectId, envId: scope.envId, siteIds: scope.siteIds, statuses: scope.statuses });
}

/** The start of one version's ClinicalData. */
export function clinicalDataOpen(plan: OdmPlan, version: OdmVersion): string {
  return `${openTag('ClinicalData', { StudyOID: plan.studyOid, MetaDataVersionOID: version.oid })}\n`;
}

export const CLINICAL_DATA_CLOSE = `${closeTag('ClinicalData')}\n`;
export const ODM_CLOSE = `${closeTag('ODM')}\n`;

/**
 * The SubjectData of the next `batchSize` subjects of the scope after subject id `after` (keyset paging by
 * id), as recorded under one design version; subjects without data of that version are left out unless it
 * is the version the environment runs.
 */
export async function clinicalDataBatch(db: Executor, scope: OdmDataScope, plan: OdmPlan, version: OdmVersion, after: number, batchSize: number): Promise<OdmBatch> {
  const subjects = await repo.subjectBatch(db, { projectId: scope.projectId, envId: scope.envId, siteIds: scope.siteIds, statuses: scope.statuses }, after, batchSize);
  if (subjects.length === 0) return { xml: '', read: 0, last: after, subjectIds: [], items: 0 };
  const batch = await readBatch(db, scope, plan, subjects, version.id);
  const counter = { subjects: new Set<number>(), items: 0 };
  const eventIds = scope.eventIds ? new Set(scope.eventIds) : null;
  const xml = subjectsXml(version.model, batch, { mode: scope.mode, eventIds, includeEmpty: version.id === plan.currentId }, counter);
  return { xml: xml === '' ? '' : `${xml}\n`, read: subjects.length, last: subjects.at(-1)?.id ?? after, subjectIds: [...counter.subjects], items: counter.items };
}

/**
 * Writes an ODM 1.3.2 file of the scope to `sink` (docs/decisions.md, "CDISC ODM"): the head, then one
 * ClinicalData per version, its subjects read in batches by id and written batch by batch, so the file is
 * never held whole; then the tail. The export job writes the same parts in job steps of its own.
 */
export async function writeOdm(db: Executor, scope: OdmScope, sink: OdmSink, options: { batchSize?: number } = {}): Promise<OdmSummary> {
  const batchSize = options.batchSize ?? BATCH;
  const head = await odmHead(db, scope);
  await sink.write(head.xml);
  const subjects = new Set<number>();
  let items = 0;
  for (const version of head.versions) {
    await sink.write(clinicalDataOpen(head.plan, version));
    let after = 0;
    for (;;) {
      const batch = await clinicalDataBatch(db, scope, head.plan, version, after, batchSize);
      if (batch.xml !== '') await sink.write(batch.xml);
      for (const id of batch.subjectIds) subjects.add(id);
      items += batch.items;
      after = batch.last;
      if (batch.read < batchSize) break;
    }
    await sink.write(CLINICAL_DATA_CLOSE);
  }
  await sink.write(ODM_CLOSE);
  return { subjects: subjects.size, items };
}
