import type { InstrumentKind, Panel, SavePanelResult, Widget } from '@dcap/core';
import { AppError, auditValues, panelChanges, walkWidgets } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import { panelChangeSummary } from './panel-diff.js';
import { validPanel } from './panel-check.js';
import { countFields, draftPanel } from './presenter.js';
import * as repo from './repo.js';
import { instrumentIn } from './service.js';

interface DraftChange {
  instrumentId: number;
  /** The draft revision the editor loaded; a stale one is refused. */
  revision?: number | undefined;
  /** Which kind of instrument the calling designer edits; absent: any. */
  kind?: InstrumentKind;
  /** The new panel, built from the stored draft (which is read under a row lock). */
  build(current: Panel): unknown;
}

/**
 * Saves a new draft panel in one transaction: lock the instrument, check the revision, build and check the
 * panel (core `panelSchema` then `validatePanel`; any issue refuses the save and changes nothing), store it
 * with the next revision, and audit each changed widget's settings before and after.
 */
async function saveDraft(deps: ServiceDeps, caller: ProjectCaller, change: DraftChange): Promise<SavePanelResult> {
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const row = await instrumentIn(trx, caller.project, change.instrumentId, true);
    if (change.kind !== undefined && row.kind !== change.kind) throw new AppError('instrument.kind_mismatch', { kind: row.kind });
    if (change.revision !== undefined && change.revision !== row.revision) throw new AppError('conflict.stale');
    const before = draftPanel(row);
    const panel = validPanel(change.build(before));
    const fieldCount = countFields(panel);
    const revision = row.revision + 1;
    await repo.updateInstrument(trx, row.id, {
      panel: JSON.stringify(panel),
      revision,
      field_count: fieldCount,
      updated_at: deps.clock.now(),
      updated_by: caller.actor.username,
    });
    // Per changed widget key, its own settings before and after (core panelChanges; null where it does not
    // exist), and the panel layout when it changed, so the row alone shows what the save did (COMPLIANCE AT-1).
    const changes = panelChanges(before, panel);
    const layout = changes.config ? { old: { layout: changes.config.old }, new: { layout: changes.config.new } } : { old: {}, new: {} };
    const widgets = auditValues(changes.widgets);
    await audit({
      action: 'instrument.panel.save',
      entityType: 'instrument',
      entityId: row.id,
      oldValue: { revision: row.revision, fieldCount: row.field_count, widgets: widgets.oldValue, ...layout.old },
      newValue: { revision, fieldCount, ...panelChangeSummary(before, panel), widgets: widgets.newValue, ...layout.new },
    });
    return { instrumentId: row.id, revision, fieldCount };
  });
}

/** POST saveAllCfg and the kind-specific saveFieldCfg calls: the whole panel. */
export function savePanel(
  deps: ServiceDeps,
  caller: ProjectCaller,
  body: { instrumentId: number; list: unknown; config: unknown; revision?: number | undefined },
  kind?: InstrumentKind,
): Promise<SavePanelResult> {
  return saveDraft(deps, caller, {
    instrumentId: body.instrumentId,
    revision: body.revision,
    ...(kind ? { kind } : {}),
    build: () => ({ list: body.list, config: body.config }),
  });
}

/**
 * Puts a widget in place of the widget with the same key wherever it sits (a grid column or a table cell
 * included), or appends it. The widget is checked afterwards with the whole panel.
 */
function placeWidget(list: readonly Widget[], widget: unknown): unknown[] {
  const copy = structuredClone(list) as Widget[];
  const key = typeof widget === 'object' && widget !== null ? (widget as { key?: unknown }).key : undefined;
  for (const { widget: candidate } of walkWidgets(copy)) {
    if (typeof key === 'string' && candidate.key === key) {
      for (const name of Object.keys(candidate)) Reflect.deleteProperty(candidate, name);
      Object.assign(candidate, widget);
      return copy;
    }
  }
  return [...copy, widget];
}

/** POST saveCfg: one widget's configuration, replacing the widget with its key or appended to the panel. */
export async function saveWidget(
  deps: ServiceDeps,
  caller: ProjectCaller,
  body: { instrumentId: number; widget: unknown; revision?: number | undefined },
): Promise<{ instrumentId: number; revision: number }> {
  const result = await saveDraft(deps, caller, {
    instrumentId: body.instrumentId,
    revision: body.revision,
    build: (current) => ({ list: placeWidget(current.list, body.widget), config: current.config }),
  });
  return { instrumentId: result.instrumentId, revision: result.revision };
}
