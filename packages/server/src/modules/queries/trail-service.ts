import type { AlterationExportQuery, AlterationListQuery, AlterationPage, AuditEntry, DerivedLog, FieldAudit, FieldRefQuery, QueryFilterOptions } from '@dcap/core';
import { AppError, formulaInputs } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, panelInstanceInScope, requireSiteInScope } from '../subjects/scope.js';
import { designForEnv } from '../schedule/service.js';
import { DesignNames } from './design-names.js';
import { scopeSites } from './service.js';
import type { TrailFilter, TrailRow, TrailScope } from './trail-repo.js';
import * as trail from './trail-repo.js';

/** Past this many rows an alteration export is refused in favour of narrower filters. */
export const ALTERATION_EXPORT_MAX = 100_000;

const trailScope = (scope: DataScope): TrailScope => ({ projectId: scope.projectId, env: scope.env.key, sites: scopeSites(scope) });

const json = (value: unknown): unknown => (typeof value === 'string' ? safeParse(value) : value);
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function presentTrail(rows: readonly TrailRow[], names: DesignNames): AuditEntry[] {
  return rows.map((row) => {
    const version = row.design_version_id;
    const event = version !== null && row.event_id !== null ? names.event(version, row.event_id, row.event_seq ?? 1) : null;
    const instrument = version !== null && row.instrument_id !== null ? names.instrument(version, row.instrument_id) : null;
    return {
      id: row.id,
      at: new Date(row.at).toISOString(),
      actorId: row.actor_id,
      actorUsername: row.actor_username,
      actorName: row.actor_name,
      actorRole: row.actor_role,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      siteId: row.site_id,
      siteName: row.site_name,
      siteNameEn: row.site_name_en,
      subjectId: row.subject_id,
      subjectLabel: row.subject_code ?? row.platform_no,
      eventName: event?.name ?? null,
      eventNameEn: event?.nameEn ?? null,
      instrumentName: instrument?.name ?? null,
      instrumentNameEn: instrument?.nameEn ?? null,
      path: row.path,
      oldValue: json(row.old_value) ?? null,
      newValue: json(row.new_value) ?? null,
      reason: row.reason,
    };
  });
}

async function present(deps: ServiceDeps, rows: TrailRow[]): Promise<AuditEntry[]> {
  const names = await DesignNames.load(deps.db, rows.flatMap((row) => (row.design_version_id === null ? [] : [row.design_version_id])));
  return presentTrail(rows, names);
}

/**
 * The audit log of one field (spec 002 §2 field settings menu "audit log"; COMPLIANCE AT-7): its value and
 * status rows, the rows of the queries raised on it and of the signatures over its panel, oldest first by
 * sequence (TS-3).
 */
export async function fieldAudit(deps: ServiceDeps, caller: ProjectCaller, ref: FieldRefQuery): Promise<FieldAudit> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, ref.panelInstanceId);
  const [queryIds, signatureIds] = await Promise.all([trail.queryIdsAt(deps.db, panel.id, [ref.path]), trail.signatureIdsOver(deps.db, panel)]);
  const filter: TrailFilter = { field: { panelInstanceId: panel.id, paths: [ref.path], likePaths: [], queryIds, signatureIds } };
  return { rows: await present(deps, await trail.trailRows(deps.db, trailScope(scope), filter, 'asc')) };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The derived log of a formula field (spec 002 §2 "derived log"): the formula, the fields it reads, and the
 * value rows of the field and of those inputs in one sequence, so each computed value stands after the input
 * changes that produced it.
 */
export async function derivedLog(deps: ServiceDeps, caller: ProjectCaller, ref: FieldRefQuery): Promise<DerivedLog> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, ref.panelInstanceId);
  const names = await DesignNames.load(deps.db, [panel.design_version_id]);
  const instrument = names.instrumentOf(panel.design_version_id, panel.instrument_id);
  const index = names.formIndex(panel.design_version_id, panel.instrument_id);
  const info = names.field(panel.design_version_id, panel.instrument_id, ref.path);
  const inputs = instrument && index ? formulaInputs(instrument.panel, ref.path, index) : null;
  if (!info?.formula || !inputs) throw new AppError('query.no_formula', { path: ref.path });
  const paths = [ref.path, ...inputs.flatMap((input) => ('path' in input ? [input.path] : []))];
  const likePaths = inputs.flatMap((input) => ('tablePrefix' in input ? [`${escapeLike(input.tablePrefix)}%.${escapeLike(input.column)}`] : []));
  const filter: TrailFilter = { field: { panelInstanceId: panel.id, paths, likePaths, queryIds: [], signatureIds: [] } };
  const rows = await trail.trailRows(deps.db, trailScope(scope), filter, 'asc');
  const references = inputs.map((input) => {
    const path = 'path' in input ? input.path : `${input.tablePrefix}*.${input.column}`;
    const field = 'path' in input ? names.field(panel.design_version_id, panel.instrument_id, input.path) : null;
    return { path, label: field?.label ?? path, labelEn: field?.labelEn ?? null };
  });
  return { formula: info.formula, references, rows: presentTrail(rows, names) };
}

function alterationFilter(scope: DataScope, query: Omit<AlterationListQuery, 'pageNo' | 'pageSize'>): TrailFilter {
  if (query.siteId !== undefined) requireSiteInScope(scope, query.siteId);
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from > to) throw new AppError('query.range_invalid');
  return {
    ...(query.siteId === undefined ? {} : { siteId: query.siteId }),
    ...(query.subjectId === undefined ? {} : { subjectId: query.subjectId }),
    ...(query.subject === undefined || query.subject === '' ? {} : { subject: query.subject }),
    ...(query.eventId === undefined ? {} : { eventId: query.eventId }),
    ...(query.instrumentId === undefined ? {} : { instrumentId: query.instrumentId }),
    ...(query.userId === undefined ? {} : { userId: query.userId }),
    ...(query.action === undefined || query.action === '' ? {} : { action: query.action }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/**
 * The alteration log (spec 002 §2 "alteration log"; COMPLIANCE AT-7): every audit row of the study data of
 * the session's environment at the caller's sites (WF-3), newest first by sequence (TS-3), filtered by
 * site, subject, visit, panel, user, action and time.
 */
export async function alterationLog(deps: ServiceDeps, caller: ProjectCaller, query: AlterationListQuery): Promise<AlterationPage> {
  const scope = await dataScope(deps.db, caller);
  const filter = alterationFilter(scope, query);
  const [rows, total] = await Promise.all([
    trail.trailRows(deps.db, trailScope(scope), filter, 'desc', query.pageSize, (query.pageNo - 1) * query.pageSize),
    trail.countTrailRows(deps.db, trailScope(scope), filter),
  ]);
  return { list: await present(deps, rows), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Every row of the alteration log under the filters, oldest first, for the export. */
export async function alterationRows(deps: ServiceDeps, caller: ProjectCaller, query: AlterationExportQuery): Promise<AuditEntry[]> {
  const scope = await dataScope(deps.db, caller);
  const filter = alterationFilter(scope, query);
  if ((await trail.countTrailRows(deps.db, trailScope(scope), filter)) > ALTERATION_EXPORT_MAX) throw new AppError('query.export_too_large', { max: ALTERATION_EXPORT_MAX });
  return present(deps, await trail.trailRows(deps.db, trailScope(scope), filter, 'asc'));
}

/** The choices of the query management and alteration log filters, within the caller's scope. */
export async function filterOptions(deps: ServiceDeps, caller: ProjectCaller): Promise<QueryFilterOptions> {
  const scope = await dataScope(deps.db, caller);
  const [sites, design, users] = await Promise.all([
    trail.sitesIn(deps.db, scope.projectId, scopeSites(scope)),
    designForEnv(deps.db, scope.env.id),
    trail.actorsIn(deps.db, trailScope(scope)),
  ]);
  const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;
  return {
    sites: sites.map((site) => ({ id: site.id, code: site.code, name: site.name, nameEn: site.name_en })),
    events: [...(design?.snapshot.events ?? [])].sort(bySort).map((event) => ({ id: event.id, name: event.name, nameEn: event.nameEn })),
    instruments: [...(design?.snapshot.instruments ?? [])]
      .filter((instrument) => instrument.kind === 'form')
      .sort(bySort)
      .map((instrument) => ({ id: instrument.id, name: instrument.name, nameEn: instrument.nameEn })),
    users,
  };
}
