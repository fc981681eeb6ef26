import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { RandAllocationRow, RandAllocationsTable, RandSchemeRow, RandSchemesTable, RandTableRow, RandTablesTable, RandUnblindingsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** Reads and writes of the allocation model (migration 0021). */

export type SchemeWithNames = RandSchemeRow & { created_name: string | null; approved_name: string | null; allocations: number };

function schemes(db: Executor) {
  return db
    .selectFrom('rand_schemes as s')
    .leftJoin('users as c', 'c.id', 's.created_by')
    .leftJoin('users as a', 'a.id', 's.approved_by')
    .selectAll('s')
    .select(['c.username as created_name', 'a.username as approved_name'])
    .select((eb) => eb.selectFrom('rand_allocations as r').whereRef('r.scheme_id', '=', 's.id').select((inner) => inner.fn.countAll<string>().as('n')).as('allocations'));
}

export async function listSchemes(db: Executor, projectId: number): Promise<SchemeWithNames[]> {
  const rows = await schemes(db).where('s.project_id', '=', projectId).orderBy('s.id', 'desc').execute();
  return rows.map((row) => ({ ...row, allocations: Number(row.allocations ?? 0) }));
}

export async function findScheme(db: Executor, projectId: number, id: number): Promise<SchemeWithNames | undefined> {
  const row = await schemes(db).where('s.project_id', '=', projectId).where('s.id', '=', id).executeTakeFirst();
  return row ? { ...row, allocations: Number(row.allocations ?? 0) } : undefined;
}

/** The scheme row locked: every allocation under a scheme takes this lock, so they happen one at a time. */
export async function lockScheme(db: Executor, projectId: number, id: number): Promise<RandSchemeRow | undefined> {
  return db.selectFrom('rand_schemes').selectAll().where('project_id', '=', projectId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function approvedScheme(db: Executor, projectId: number): Promise<RandSchemeRow | undefined> {
  return db.selectFrom('rand_schemes').selectAll().where('project_id', '=', projectId).where('status', '=', 'approved').executeTakeFirst();
}

export type TableWithNames = RandTableRow & { created_name: string | null; used: number };

export async function listTables(db: Executor, projectId: number, schemeId: number): Promise<TableWithNames[]> {
  const rows = await db
    .selectFrom('rand_tables as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .selectAll('t')
    .select('u.username as created_name')
    .select((eb) => eb.selectFrom('rand_allocations as a').whereRef('a.table_id', '=', 't.id').select((inner) => inner.fn.countAll<string>().as('n')).as('used'))
    .where('t.project_id', '=', projectId)
    .where('t.scheme_id', '=', schemeId)
    .orderBy('t.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, used: Number(row.used ?? 0) }));
}

export async function findTable(db: Executor, projectId: number, id: number): Promise<RandTableRow | undefined> {
  return db.selectFrom('rand_tables').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

export async function activeTable(db: Executor, schemeId: number, kind: 'test' | 'formal'): Promise<RandTableRow | undefined> {
  return db.selectFrom('rand_tables').selectAll().where('scheme_id', '=', schemeId).where('kind', '=', kind).where('status', '=', 'active').executeTakeFirst();
}

export async function insertSlots(db: Executor, tableId: number, slots: readonly { stratum: string; seq: number; block: number | null; blockSize: number | null; arm: string; randomNumber: string }[]): Promise<void> {
  // In statements of a few thousand rows: one statement per slot would take minutes for a large table.
  for (let start = 0; start < slots.length; start += 2000) {
    const part = slots.slice(start, start + 2000);
    await db
      .insertInto('rand_slots')
      .values(part.map((slot) => ({ table_id: tableId, stratum: slot.stratum, seq: slot.seq, block: slot.block, block_size: slot.blockSize, arm: slot.arm, random_no: slot.randomNumber })))
      .execute();
  }
}

export async function slotPage(db: Executor, tableId: number, stratum: string | undefined, offset: number, limit: number) {
  let query = db
    .selectFrom('rand_slots as s')
    .leftJoin('rand_allocations as a', 'a.slot_id', 's.id')
    .leftJoin('subjects as sub', 'sub.id', 'a.subject_id')
    .where('s.table_id', '=', tableId);
  if (stratum !== undefined) query = query.where('s.stratum', '=', stratum);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['s.id', 's.stratum', 's.seq', 's.block', 's.block_size', 's.arm', 's.random_no', 'sub.platform_no', 'sub.subject_code'])
    .orderBy('s.stratum')
    .orderBy('s.seq')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total: Number(total.n) };
}

/** The first free slot of a stratum, in sequence order; the caller holds the scheme's lock. */
export async function firstFreeSlot(db: Executor, tableId: number, stratum: string) {
  return db
    .selectFrom('rand_slots')
    .select(['id', 'seq', 'arm', 'random_no', 'block', 'block_size'])
    .where('table_id', '=', tableId)
    .where('stratum', '=', stratum)
    .where('used', '=', false)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}

/** Marks a slot taken; the allocation's unique slot reference guards against a second use as well. */
export async function markSlotUsed(db: Executor, slotId: number): Promise<void> {
  await db.updateTable('rand_slots').set({ used: true }).where('id', '=', slotId).execute();
}

export async function nextAllocationSeq(db: Executor, envId: number): Promise<number> {
  const row = await db.selectFrom('rand_allocations').select((eb) => eb.fn.max<string | number | null>('seq').as('n')).where('env_id', '=', envId).executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** The factors and arms of every allocation under a scheme in an environment, for minimisation's counts. */
export async function allocationsForCounts(db: Executor, schemeId: number, envId: number): Promise<{ factors: unknown; arm: string; site_code: string }[]> {
  return db
    .selectFrom('rand_allocations as a')
    .innerJoin('project_sites as p', 'p.id', 'a.site_id')
    .select(['a.factors', 'a.arm', 'p.code as site_code'])
    .where('a.scheme_id', '=', schemeId)
    .where('a.env_id', '=', envId)
    .execute();
}

export async function insertAllocation(db: Executor, values: Insertable<RandAllocationsTable>): Promise<RandAllocationRow> {
  return db.insertInto('rand_allocations').values(values).returningAll().executeTakeFirstOrThrow();
}

export type AllocationWithNames = RandAllocationRow & {
  platform_no: string;
  subject_code: string | null;
  site_code: string;
  allocated_name: string | null;
  unblinding_id: number | null;
  unblinded_by: number | null;
};

function allocations(db: Executor) {
  return db
    .selectFrom('rand_allocations as a')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .innerJoin('project_sites as p', 'p.id', 'a.site_id')
    .leftJoin('users as u', 'u.id', 'a.allocated_by')
    .leftJoin('rand_unblindings as b', (join) => join.onRef('b.allocation_id', '=', 'a.id').on('b.kind', '=', 'emergency'))
    .selectAll('a')
    .select(['s.platform_no', 's.subject_code', 'p.code as site_code', 'u.username as allocated_name', 'b.id as unblinding_id', 'b.unblinded_by']);
}

export async function allocationOfSubject(db: Executor, projectId: number, envId: number, subjectId: number): Promise<AllocationWithNames | undefined> {
  return allocations(db).where('a.project_id', '=', projectId).where('a.env_id', '=', envId).where('a.subject_id', '=', subjectId).executeTakeFirst();
}

export async function listAllocations(db: Executor, projectId: number, envId: number, siteIds: 'all' | readonly number[], offset: number, limit: number): Promise<{ rows: AllocationWithNames[]; total: number }> {
  let query = allocations(db).where('a.project_id', '=', projectId).where('a.env_id', '=', envId);
  if (siteIds !== 'all') query = siteIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('a.site_id', 'in', [...siteIds]);
  const rows = await query.orderBy('a.seq', 'desc').offset(offset).limit(limit).execute();
  let count = db.selectFrom('rand_allocations as a').where('a.project_id', '=', projectId).where('a.env_id', '=', envId);
  if (siteIds !== 'all') count = siteIds.length === 0 ? count.where(sql<boolean>`false`) : count.where('a.site_id', 'in', [...siteIds]);
  const total = await count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function studyUnblinded(db: Executor, envId: number): Promise<boolean> {
  const row = await db.selectFrom('rand_unblindings').select('id').where('env_id', '=', envId).where('kind', '=', 'study').executeTakeFirst();
  return row !== undefined;
}

export type UnblindingWithNames = {
  id: number;
  kind: 'emergency' | 'study';
  reason: string;
  unblinded_by: number;
  unblinded_at: Date;
  acknowledged_at: Date | null;
  unblinded_name: string | null;
  acknowledged_name: string | null;
  platform_no: string | null;
  subject_code: string | null;
  site_code: string | null;
  site_id: number | null;
  arm: string | null;
};

export async function listUnblindings(db: Executor, projectId: number, envId: number, siteIds: 'all' | readonly number[]): Promise<UnblindingWithNames[]> {
  let query = db
    .selectFrom('rand_unblindings as b')
    .leftJoin('rand_allocations as a', 'a.id', 'b.allocation_id')
    .leftJoin('subjects as s', 's.id', 'a.subject_id')
    .leftJoin('project_sites as p', 'p.id', 'a.site_id')
    .leftJoin('users as u', 'u.id', 'b.unblinded_by')
    .leftJoin('users as k', 'k.id', 'b.acknowledged_by')
    .select(['b.id', 'b.kind', 'b.reason', 'b.unblinded_by', 'b.unblinded_at', 'b.acknowledged_at', 'u.username as unblinded_name', 'k.username as acknowledged_name', 's.platform_no', 's.subject_code', 'p.code as site_code', 'a.site_id', 'a.arm'])
    .where('b.project_id', '=', projectId)
    .where('b.env_id', '=', envId);
  // A site-limited caller sees the emergency unblindings of their sites and the study's own unblinding.
  if (siteIds !== 'all') query = query.where((eb) => eb.or([eb('b.kind', '=', 'study'), ...(siteIds.length === 0 ? [] : [eb('a.site_id', 'in', [...siteIds])])]));
  return query.orderBy('b.id', 'desc').execute();
}

export async function userNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Sites of the project in the order they were added: random numbers and strata follow it (docs/decisions.md). */
export async function projectSites(db: Executor, projectId: number): Promise<{ id: number; code: string }[]> {
  return db.selectFrom('project_sites').select(['id', 'code']).where('project_id', '=', projectId).orderBy('id').execute();
}

/** The value of a field of a subject's panels of an instrument: the first saved instance's, in visit order. */
export async function subjectFieldValue(db: Executor, subjectId: number, instrumentId: number, path: string): Promise<unknown> {
  const row = await db
    .selectFrom('field_values as v')
    .innerJoin('panel_instances as p', 'p.id', 'v.panel_instance_id')
    .select('v.value')
    .where('p.subject_id', '=', subjectId)
    .where('p.instrument_id', '=', instrumentId)
    .where('v.path', '=', path)
    .orderBy('p.event_instance_id')
    .orderBy('p.seq')
    .limit(1)
    .executeTakeFirst();
  return row?.value;
}

export async function insertScheme(db: Executor, values: Insertable<RandSchemesTable>): Promise<{ id: number; seed: string }> {
  return db.insertInto('rand_schemes').values(values).returning(['id', 'seed']).executeTakeFirstOrThrow();
}

export async function updateScheme(db: Executor, id: number, values: Updateable<RandSchemesTable>): Promise<void> {
  await db.updateTable('rand_schemes').set(values).where('id', '=', id).execute();
}

/** A draft and its lists, gone (no subject can have used a draft's list). */
export async function deleteScheme(db: Executor, id: number): Promise<void> {
  const tables = await db.selectFrom('rand_tables').select('id').where('scheme_id', '=', id).execute();
  if (tables.length > 0) await db.deleteFrom('rand_slots').where('table_id', 'in', tables.map((table) => table.id)).execute();
  await db.deleteFrom('rand_tables').where('scheme_id', '=', id).execute();
  await db.deleteFrom('rand_schemes').where('id', '=', id).execute();
}

export async function instrumentOfProject(db: Executor, projectId: number, instrumentId: number): Promise<boolean> {
  const row = await db.selectFrom('instruments').select('id').where('id', '=', instrumentId).where('project_id', '=', projectId).executeTakeFirst();
  return row !== undefined;
}

export async function schemeUsed(db: Executor, schemeId: number): Promise<boolean> {
  return (await db.selectFrom('rand_allocations').select('id').where('scheme_id', '=', schemeId).limit(1).executeTakeFirst()) !== undefined;
}

export async function tableUsed(db: Executor, tableId: number): Promise<boolean> {
  return (await db.selectFrom('rand_allocations').select('id').where('table_id', '=', tableId).limit(1).executeTakeFirst()) !== undefined;
}

export async function retireTable(db: Executor, tableId: number): Promise<void> {
  await db.updateTable('rand_tables').set({ status: 'retired' }).where('id', '=', tableId).execute();
}

export async function countTables(db: Executor, schemeId: number, kind: 'test' | 'formal'): Promise<number> {
  const row = await db.selectFrom('rand_tables').select((eb) => eb.fn.countAll<string>().as('n')).where('scheme_id', '=', schemeId).where('kind', '=', kind).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTable(db: Executor, values: Insertable<RandTablesTable>): Promise<number> {
  return (await db.insertInto('rand_tables').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function siteMapping(db: Executor, projectId: number, siteId: number): Promise<string | undefined> {
  return (await db.selectFrom('rand_site_mappings').select('remote_site').where('project_id', '=', projectId).where('site_id', '=', siteId).executeTakeFirst())?.remote_site;
}

export type SiteWithMapping = {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
  remote_site: string | null;
  updated_by_name: string | null;
  updated_at: Date | null;
};

/** Every site of the project in the order it was added, with its code at the remote service if mapped. */
export async function listSiteMappings(db: Executor, projectId: number): Promise<SiteWithMapping[]> {
  return db
    .selectFrom('project_sites as p')
    .leftJoin('rand_site_mappings as m', (join) => join.onRef('m.site_id', '=', 'p.id').onRef('m.project_id', '=', 'p.project_id'))
    .leftJoin('users as u', 'u.id', 'm.updated_by')
    .select(['p.id', 'p.code', 'p.name', 'p.name_en', 'm.remote_site', 'u.username as updated_by_name', 'm.updated_at'])
    .where('p.project_id', '=', projectId)
    .orderBy('p.id')
    .execute();
}

/** A site's mapping under a row lock, so two saves of one site take turns. */
export async function lockSiteMapping(db: Executor, projectId: number, siteId: number): Promise<string | undefined> {
  return (await db.selectFrom('rand_site_mappings').select('remote_site').where('project_id', '=', projectId).where('site_id', '=', siteId).forUpdate().executeTakeFirst())?.remote_site;
}

export async function upsertSiteMapping(db: Executor, values: { project_id: number; site_id: number; remote_site: string; updated_by: number; updated_at: Date }): Promise<void> {
  await db
    .insertInto('rand_site_mappings')
    .values(values)
    .onConflict((conflict) => conflict.columns(['project_id', 'site_id']).doUpdateSet({ remote_site: values.remote_site, updated_by: values.updated_by, updated_at: values.updated_at }))
    .execute();
}

export async function deleteSiteMapping(db: Executor, projectId: number, siteId: number): Promise<void> {
  await db.deleteFrom('rand_site_mappings').where('project_id', '=', projectId).where('site_id', '=', siteId).execute();
}

export async function insertUnblinding(db: Executor, values: Insertable<RandUnblindingsTable>): Promise<number> {
  return (await db.insertInto('rand_unblindings').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function lockUnblinding(db: Executor, projectId: number, envId: number, id: number): Promise<{ id: number; acknowledged_at: Date | null } | undefined> {
  return db.selectFrom('rand_unblindings').select(['id', 'acknowledged_at']).where('id', '=', id).where('project_id', '=', projectId).where('env_id', '=', envId).forUpdate().executeTakeFirst();
}

export async function acknowledge(db: Executor, id: number, userId: number, at: Date): Promise<void> {
  await db.updateTable('rand_unblindings').set({ acknowledged_by: userId, acknowledged_at: at }).where('id', '=', id).execute();
}

/** The project's status under a share lock, so it cannot change before the write it guards commits. */
export async function lockedProjectStatus(db: Executor, projectId: number): Promise<string> {
  const row = await db.selectFrom('projects').select('status').where('id', '=', projectId).forShare().executeTakeFirstOrThrow();
  return row.status;
}
