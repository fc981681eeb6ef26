import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';
import { panelDefinition, panelStatusOf, todayOf } from './status.js';

/**
 * Recomputes `panel_instances.status` from the panel instance's stored field values (core
 * records/panel-status.ts `derivePanelStatus`) and returns it. Called by every write that changes a value or a
 * field's workflow state: the records save, and workflow's verify, review, sign, lock, freeze and inactivate.
 */
export async function refreshPanelStatus(trx: Transaction<Database>, panelInstanceId: number): Promise<string> {
  const panel = await repo.findPanel(trx, panelInstanceId);
  if (!panel) return 'EXPIRED';
  const definition = await panelDefinition(trx, panel);
  const rows = await repo.fieldValues(trx, panelInstanceId);
  const status = panelStatusOf(definition.panel, rows, panel.unchecked, todayOf(new Date()));
  if (status !== panel.status) await repo.updatePanel(trx, panelInstanceId, { status });
  return status;
}
