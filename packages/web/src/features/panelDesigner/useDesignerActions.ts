import { App } from 'antd';
import type { Dispatch } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findDefaultLabels, findUnconfiguredTableCells, SAVE_BLOCKED_WARNING_MS } from '@dcap/core';
import { useSavePanelMutation } from '../../api/designer';
import type { PanelKind } from '../../api/designer';
import { useConfirm } from '../../lib/confirm';
import type { DesignerAction, DesignerState } from './state/designerReducer';
import { issuesFromSaveError } from './state/saveIssues';

export type OpenDialog = 'none' | 'preview' | 'json';

/**
 * The four bottom buttons of both designers (spec 001 §2.1, §2.2): preview and JSON open their dialogs,
 * clear asks first, save is blocked while a table cell is unconfigured (§5.4) and puts a refusal's issues
 * on the widgets.
 */
export function useDesignerActions(kind: PanelKind, instrumentId: number, revision: number | undefined, state: DesignerState, dispatch: Dispatch<DesignerAction>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const save = useSavePanelMutation(kind);
  const [dialog, setDialog] = useState<OpenDialog>('none');
  const [savedRevision, setSavedRevision] = useState<number | undefined>(undefined);

  const onSave = async () => {
    if (findUnconfiguredTableCells(state.panel).length > 0) {
      void message.warning({ content: t('designer.saveBlocked'), duration: SAVE_BLOCKED_WARNING_MS / 1000 });
      return;
    }
    try {
      const result = await save.mutateAsync({ instrumentId, panel: state.panel, revision: savedRevision ?? revision });
      setSavedRevision(result.revision);
      dispatch({ type: 'saved' });
      // The same check publishing runs (core default-labels.ts): a reminder now, a listed warning at publish.
      const defaults = findDefaultLabels(state.panel).length;
      if (defaults > 0) void message.info({ content: t('designer.defaultLabelsLeft', { count: defaults }), key: 'designer-default-labels' });
    } catch (error) {
      const issues = issuesFromSaveError(state.panel, error);
      if (issues.length > 0) dispatch({ type: 'serverIssues', issues });
    }
  };

  return {
    dialog,
    closeDialog: () => setDialog('none'),
    saving: save.isPending,
    buttons: {
      onPreview: () => setDialog('preview'),
      onJson: () => setDialog('json'),
      onClear: () =>
        confirm({
          title: t('designer.clearConfirm'),
          danger: true,
          onOk: () => {
            dispatch({ type: 'clear' });
            return undefined;
          },
        }),
      onSave: () => void onSave(),
      saving: save.isPending,
    },
  };
}
