import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { createWidget, panelKeys } from '@dcap/core';
import type { MatrixKind, Widget, WidgetLocation } from '@dcap/core';
import { usePanelQuery } from '../../api/designer';
import { useProjectContext } from '../../app/projectContext';
import { CanvasContext } from './canvas/canvasContext';
import { DesignerCanvas } from './canvas/DesignerCanvas';
import { DesignerDnd } from './canvas/DesignerDnd';
import { ConfigPanel } from './config/ConfigPanel';
import { BottomButtons, DesignerLayout } from './DesignerLayout';
import { GridDialog } from './dialogs/GridDialog';
import { JsonViewerDialog } from './dialogs/JsonViewerDialog';
import { MatrixDialog } from './dialogs/MatrixDialog';
import { PreviewDialog } from './dialogs/PreviewDialog';
import { SmartSplitDialog } from './dialogs/SmartSplitDialog';
import { TableDialog } from './dialogs/TableDialog';
import { LibrarySelects } from './LibrarySelects';
import { Palette } from './Palette';
import { paletteItem } from './palette';
import type { DesignerDialog, PaletteItem } from './palette';
import { useDesignerState } from './state/useDesignerState';
import { useDesignAccess } from './useDesignAccess';
import { useDesignerActions } from './useDesignerActions';
import { useUnsavedGuard } from './useUnsavedGuard';

/** Spec 001 §2.1 smart split into rows: one single-line text widget labelled by each piece. */
function textWidgets(pieces: string[], usedKeys: Set<string>): Widget[] {
  return pieces.map((piece) => ({ ...createWidget('input', usedKeys), name: piece, nameEn: piece }));
}

/** Spec 001 §2.1 and §4.1: the form-panel designer of one instrument (route /dCapVue/design/panel/:instrumentId). */
export function FormDesignerPage() {
  const { t } = useTranslation();
  const instrumentId = Number(useParams().instrumentId ?? 0);
  const { project } = useProjectContext();
  const access = useDesignAccess();
  const loaded = usePanelQuery(access.access === 'ready' ? instrumentId : 0);
  const { state, dispatch, selectedIssues, canvas } = useDesignerState(loaded.data?.panel, instrumentId);
  const actions = useDesignerActions('form', instrumentId, loaded.data?.revision, state, dispatch);
  useUnsavedGuard(state.dirty);
  const [collapsed, setCollapsed] = useState(false);
  const [addDialog, setAddDialog] = useState<DesignerDialog | null>(null);

  const usedKeys = () => panelKeys(state.panel);
  const insert = (widgets: Widget[], location?: WidgetLocation) => dispatch({ type: 'insert', widgets, location });
  const pick = (item: PaletteItem) => {
    if (item.action.kind === 'widgets') insert(item.action.build(usedKeys()));
    else setAddDialog(item.action.dialog);
  };
  const matrixKind: MatrixKind | null = addDialog?.kind === 'matrix' ? addDialog.matrix : null;

  return (
    <DesignerLayout
      title={loaded.data ? `${t('designer.title')} · ${loaded.data.name} (${loaded.data.nameAbbr})` : t('designer.title')}
      dirty={state.dirty}
      access={access}
      loading={loaded.isLoading}
      failed={loaded.isError}
      left={<Palette collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} onPick={pick} />}
      top={
        <LibrarySelects
          labelPosition={state.panel.config.labelPosition}
          onLabelPosition={(position) => dispatch({ type: 'labelPosition', position })}
          hasWidgets={state.panel.list.length > 0}
          onInsert={(widgets, mode) => dispatch({ type: 'addWidgets', widgets, mode })}
        />
      }
      wrapColumns={(columns) => (
        <CanvasContext value={canvas}>
          <DesignerDnd
            onDropPalette={(id, location) => {
              const item = paletteItem(id);
              if (item?.action.kind === 'widgets') insert(item.action.build(usedKeys()), location);
            }}
            onMoveWidget={(key, to) => dispatch({ type: 'move', key, to })}
          >
            {columns}
          </DesignerDnd>
        </CanvasContext>
      )}
      centre={<DesignerCanvas panel={state.panel} onBackgroundClick={() => dispatch({ type: 'select', key: null })} />}
      right={<ConfigPanel panel={state.panel} selectedKey={state.selectedKey} dispatch={dispatch} issues={selectedIssues} projectId={project?.id ?? null} />}
      bottom={
        <>
          <BottomButtons {...actions.buttons} />
          <PreviewDialog open={actions.dialog === 'preview'} panel={state.panel} onClose={actions.closeDialog} />
          <JsonViewerDialog open={actions.dialog === 'json'} value={state.panel} onClose={actions.closeDialog} />
          <GridDialog open={addDialog?.kind === 'grid'} usedKeys={usedKeys} onClose={() => setAddDialog(null)} onInsert={(widgets) => insert(widgets)} />
          <TableDialog open={addDialog?.kind === 'table'} usedKeys={usedKeys} onClose={() => setAddDialog(null)} onInsert={(widgets) => insert(widgets)} />
          <SmartSplitDialog
            open={addDialog?.kind === 'smartSplit'}
            applyLabel={t('designer.dialogs.smartSplit.asRows')}
            onClose={() => setAddDialog(null)}
            onApply={(pieces) => insert(textWidgets(pieces, usedKeys()))}
          />
          <MatrixDialog kind={matrixKind} usedKeys={usedKeys} onClose={() => setAddDialog(null)} onInsert={(widgets) => insert(widgets)} />
        </>
      }
    />
  );
}
