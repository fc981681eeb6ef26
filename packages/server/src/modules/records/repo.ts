import type { Insertable, Updateable } from 'kysely';
import type { DesignVersionRow, FieldValueRow, FieldValuesTable, PanelInstanceRow, PanelInstancesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The panel instance row, locked for the rest of the transaction when `lock` (a save compares its version). */
export async function findPanel(db: Executor, id: number, lock = false): Promise<PanelInstanceRow | undefined> {
  const query = db.selectFrom('panel_instances').selectAll().where('id', '=', id);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function updatePanel(db: Executor, id: number, values: Updateable<PanelInstancesTable>): Promise<PanelInstanceRow> {
  return db.updateTable('panel_instances').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The design version a panel instance was made from (its snapshot holds the panel definition). */
export async function findDesignVersion(db: Executor, id: number): Promise<Pick<DesignVersionRow, 'id' | 'snapshot'> | undefined> {
  return db.selectFrom('design_versions').select(['id', 'snapshot']).where('id', '=', id).executeTakeFirst();
}

export async function fieldValues(db: Executor, panelInstanceId: number): Promise<FieldValueRow[]> {
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', '=', panelInstanceId).orderBy('path').execute();
}

export async function upsertFieldValue(db: Executor, row: Insertable<FieldValuesTable>): Promise<void> {
  await db
    .insertInto('field_values')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['panel_instance_id', 'path']).doUpdateSet({
        value: row.value,
        status: row.status,
        saved: row.saved,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Removes the stored cells of deleted table rows (the audit row of the deletion keeps their values). */
export async function deleteFieldValues(db: Executor, panelInstanceId: number, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db.deleteFrom('field_values').where('panel_instance_id', '=', panelInstanceId).where('path', 'in', paths).execute();
}

/** Open and answered queries of one panel instance, counted per path (spec 002 §4: they count as unclosed). */
export async function openQueryCountsByPath(db: Executor, panelInstanceId: number): Promise<{ path: string; count: number }[]> {
  const rows = await db
    .selectFrom('queries')
    .select(['path', (eb) => eb.fn.countAll<string>().as('count')])
    .where('panel_instance_id', '=', panelInstanceId)
    .where('status', 'in', ['OPEN', 'ANSWERED'])
    .groupBy('path')
    .execute();
  return rows.map((row) => ({ path: row.path, count: Number(row.count) }));
}

/** The other panel instances of the same subject and instrument (copy data from another instance). */
export async function siblingPanels(db: Executor, panel: Pick<PanelInstanceRow, 'id' | 'subject_id' | 'instrument_id'>): Promise<PanelInstanceRow[]> {
  return db
    .selectFrom('panel_instances')
    .selectAll()
    .where('subject_id', '=', panel.subject_id)
    .where('instrument_id', '=', panel.instrument_id)
    .where('id', '<>', panel.id)
    .orderBy('event_instance_id')
    .orderBy('seq')
    .execute();
}
