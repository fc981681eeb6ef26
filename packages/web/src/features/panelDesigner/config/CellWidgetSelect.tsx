import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { canPlace, createWidget, panelKeys, PALETTE_LABELS, PALETTE_WIDGETS } from '@dcap/core';
import type { Panel, PaletteWidget } from '@dcap/core';
import type { Dispatch } from 'react';
import type { DesignerAction } from '../state/designerReducer';
import { currentLocale } from '../../../i18n';

/** Palette widgets a table cell may hold (spec 001 §5.3). */
export const CELL_WIDGETS = PALETTE_WIDGETS.filter((item) => canPlace(item === 'bullseyeDropdown' ? 'select' : item, 'table'));

/** Chooses a table cell's widget: a fresh widget of that type replaces what the cell held. */
export function CellWidgetSelect({ panel, tableKey, columnIndex, dispatch }: { panel: Panel; tableKey: string; columnIndex: number; dispatch: Dispatch<DesignerAction> }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  return (
    <Select<PaletteWidget>
      size="small"
      style={{ width: '100%' }}
      placeholder={t('designer.table.cellWidget')}
      value={null}
      options={CELL_WIDGETS.map((item) => ({ value: item, label: english ? PALETTE_LABELS[item].nameEn : PALETTE_LABELS[item].name }))}
      onChange={(item) => dispatch({ type: 'insert', widgets: [createWidget(item, panelKeys(panel))], location: { container: 'table', tableKey, columnIndex } })}
      data-testid={`cell-widget-${tableKey}-${String(columnIndex)}`}
    />
  );
}
