import type { FieldError, Locale, RecordPanel, SaveRecordPanelRequest } from '@dcap/core';
import { AppError, errorMessage } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, inDataScope, panelInstanceInScope } from '../subjects/scope.js';
import { applyValues, authorOf } from './apply-values.js';
import { designOf } from './design.js';
import { presentPanel } from './read.js';
import * as repo from './repo.js';

/** A stale version's refusal, naming who changed which fields since the version the caller read. */
async function staleError(trx: Executor, panel: PanelInstanceRow, version: number, locale: Locale): Promise<AppError> {
  const saves = await repo.savesAfter(trx, panel.id, version);
  const fields: FieldError[] = [];
  for (const save of saves) {
    const paths = ((save.newValue as { paths?: unknown } | null)?.paths ?? []) as string[];
    for (const path of paths) fields.push({ path, message: errorMessage('record.changed_by', locale, { by: save.by ?? '-', at: save.at.toISOString() }) });
  }
  const who = [...new Set(saves.map((save) => save.by ?? '-'))].join(', ');
  const changes = fields.length > 0 ? `${who}: ${[...new Set(fields.map((field) => field.path))].join(', ')}` : who || '-';
  return new AppError('record.stale', { changes }, fields);
}

/** Locks the panel instance of a write and refuses a stale version with who changed which fields since. */
export async function lockForWrite(trx: Transaction<Database>, caller: ProjectCaller, scope: DataScope, panelInstanceId: number, version: number): Promise<PanelInstanceRow> {
  const panel = await repo.findPanel(trx, panelInstanceId, true);
  // As subjects/scope.ts `panelInstanceInScope`, on the locked row.
  if (!panel || !inDataScope(scope, panel)) throw new AppError('subject.panel_not_found');
  if (panel.version !== version) throw await staleError(trx, panel, version, caller.meta.locale);
  return panel;
}

/** Saves a panel instance (spec 002 §4, §5; docs/decisions.md "Panel entry") and answers it as now stored. */
export async function saveRecordPanel(deps: ServiceDeps, caller: ProjectCaller, body: SaveRecordPanelRequest): Promise<RecordPanel> {
  // Another site's panel answers as missing before anything else is said about it (COMPLIANCE WF-3).
  const scope = await dataScope(deps.db, caller);
  await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  const saved = await projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const panel = await lockForWrite(trx, caller, scope, body.panelInstanceId, body.version);
    return applyValues(deps, trx, audit, authorOf(caller), scope, panel, await designOf(deps.db, panel, trx), body.values, {
      compareWithEngine: true,
      reasons: body.reasons ?? {},
      unchecked: body.unchecked,
      action: 'record.save',
      now: deps.clock.now(),
    });
  });
  // The answer is the panel as this save left it: its row and fields as written, the rest (subject, visit,
  // queries, signatures) read after the commit.
  return presentPanel(deps.db, caller, scope, saved.panel, saved.fields);
}
