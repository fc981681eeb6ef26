import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { panelKeys } from '@dcap/core';
import type { DerivedField } from '@dcap/core';
import { useLibraryFetchers, usePanelQuery } from '../../api/designer';
import { settle } from '../../lib/confirm';
import { currentLocale } from '../../i18n';
import { CanvasContext } from './canvas/canvasContext';
import { DesignerCanvas } from './canvas/DesignerCanvas';
import { DesignerDnd } from './canvas/DesignerDnd';
import { DerivedConfig } from './DerivedConfig';
import { DerivedGroups } from './DerivedGroups';
import { BottomButtons, DesignerLayout } from './DesignerLayout';
import { JsonViewerDialog } from './dialogs/JsonViewerDialog';
import { PreviewDialog } from './dialogs/PreviewDialog';
import { useDesignerState } from './state/useDesignerState';
import { useDesignAccess } from './useDesignAccess';
import { useDesignerActions } from './useDesignerActions';
import { useUnsavedGuard } from './useUnsavedGuard';

/** Spec 001 §2.2 and §4.2: the derived-variable panel designer (route /dCapVue/design/derived/:instrumentId). */
export function DerivedDesignerPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const instrumentId = Number(useParams().instrumentId ?? 0);
  const access = useDesignAccess();
  const loaded = usePanelQuery(access.access === 'ready' ? instrumentId : 0);
  const { state, dispatch, canvas } = useDesignerState(loaded.data?.panel, instrumentId);
  const actions = useDesignerActions('derived', instrumentId, loaded.data?.revision, state, dispatch);
  const fetchers = useLibraryFetchers();
  useUnsavedGuard(state.dirty);

  const add = async (field: DerivedField) => {
    const name = currentLocale(i18n) === 'en-US' ? field.fieldLabelEn : field.fieldLabel;
    const used = panelKeys(state.panel);
    // Spec 001 §5.4: a derived variable already on the panel is refused.
    if (used.has(field.fieldName)) {
      modal.warning({ title: t('designer.derived.duplicateTitle'), content: t('designer.derived.duplicateContent', { name }) });
      return;
    }
    const preview = await fetchers.derivedPreview(field.id);
    // Input variables another derived field already brought stay shared, so formulas keep their references.
    const widgets = preview.list.filter((widget) => !used.has(widget.key));
    dispatch({ type: 'addWidgets', widgets, mode: 'append' });
    void message.success(t('designer.derived.added', { name }));
  };

  return (
    <DesignerLayout
      title={loaded.data ? `${t('designer.derivedTitle')} · ${loaded.data.name} (${loaded.data.nameAbbr})` : t('designer.derivedTitle')}
      dirty={state.dirty}
      access={access}
      loading={loaded.isLoading}
      failed={loaded.isError}
      left={<DerivedGroups onPick={(field) => void settle(() => add(field))} />}
      wrapColumns={(columns) => (
        <CanvasContext value={canvas}>
          <DesignerDnd onDropPalette={() => undefined} onMoveWidget={(key, to) => dispatch({ type: 'move', key, to })}>
            {columns}
          </DesignerDnd>
        </CanvasContext>
      )}
      centre={<DesignerCanvas panel={state.panel} onBackgroundClick={() => dispatch({ type: 'select', key: null })} />}
      right={<DerivedConfig panel={state.panel} selectedKey={state.selectedKey} dispatch={dispatch} />}
      bottom={
        <>
          <BottomButtons {...actions.buttons} />
          <PreviewDialog open={actions.dialog === 'preview'} panel={state.panel} onClose={actions.closeDialog} />
          <JsonViewerDialog open={actions.dialog === 'json'} value={state.panel} onClose={actions.closeDialog} />
        </>
      }
    />
  );
}
