import { App } from 'antd';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePanel } from '@dcap/core';
import type { Panel, PanelIssue } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import type { CanvasContextValue } from '../canvas/canvasContext';
import { designerReducer, initialDesignerState } from './designerReducer';

/** Spec 001 §8 nesting warnings by the code core gives them. */
const NESTING_MESSAGES: Record<string, string> = {
  'panel.grid_nesting': 'designer.nesting.grid',
  'panel.table_nesting': 'designer.nesting.table',
  'panel.placeholder_outside_table': 'designer.nesting.placeholder',
};

/**
 * The designer's reducer, loaded with the panel once it arrives (once per instrument: later refetches do
 * not replace the copy being edited); refused operations become warnings, and
 * design-time issues (core's validatePanel, formula checks included) are recomputed on every change.
 */
export function useDesignerState(loaded: Panel | undefined, loadKey: unknown) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [state, dispatch] = useReducer(designerReducer, undefined, () => initialDesignerState());
  const loadedKey = useRef<unknown>(undefined);
  useEffect(() => {
    if (loaded && loadedKey.current !== loadKey) {
      loadedKey.current = loadKey;
      dispatch({ type: 'load', panel: loaded });
    }
  }, [loaded, loadKey]);

  const refusal = state.refusal;
  useEffect(() => {
    if (!refusal) return;
    const key = NESTING_MESSAGES[refusal.issue.code];
    const text = key ? t(key) : currentLocale(i18n) === 'en-US' ? refusal.issue.messageEn : refusal.issue.message;
    void message.warning(text);
  }, [refusal, message, t, i18n]);

  const designIssues = useMemo(() => validatePanel(state.panel), [state.panel]);
  const issues: PanelIssue[] = useMemo(() => [...designIssues, ...state.serverIssues], [designIssues, state.serverIssues]);
  const issueKeys = useMemo(() => new Set(issues.map((issue) => issue.widgetKey).filter((key): key is string => key !== null)), [issues]);
  const selectedIssues = useMemo(() => issues.filter((issue) => issue.widgetKey !== null && issue.widgetKey === state.selectedKey), [issues, state.selectedKey]);
  // What the canvas's widgets read: the same for the form and the derived-variable designer.
  const canvas: CanvasContextValue = useMemo(
    () => ({
      config: state.panel.config,
      selectedKey: state.selectedKey,
      issueKeys,
      onSelect: (key) => dispatch({ type: 'select', key }),
      onClone: (key) => dispatch({ type: 'clone', key }),
      onDelete: (key) => dispatch({ type: 'delete', key }),
      onClearCell: (tableKey, columnIndex) => dispatch({ type: 'clearCell', tableKey, columnIndex }),
    }),
    [state.panel.config, state.selectedKey, issueKeys],
  );
  return { state, dispatch, issues, issueKeys, selectedIssues, canvas };
}
