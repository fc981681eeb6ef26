import { UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createWidget, PALETTE_LABELS, panelKeys, tableColumns } from '@dcap/core';
import type { PaletteWidget } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import { canvasLabel } from '../canvas/canvasContext';
import { CELL_WIDGETS } from './CellWidgetSelect';
import type { ConfigProps } from './configProps';

/**
 * Spec 001 §3.6 widgetMap: in a non-repeatable table one row's cell of a column may hold a different
 * widget than the column's. The user picks a row and a column, then a widget type, or resets the cell.
 */
export function RowCellConfig({ widget: table, panel, dispatch }: ConfigProps) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const [row, setRow] = useState(0);
  const [columnIndex, setColumnIndex] = useState(0);
  const columns = tableColumns(table);
  const rowCount = table.options.data?.length ?? 0;
  // Another table may be selected while this section stays mounted: keep the picks inside its rows and columns.
  const safeColumn = Math.min(columnIndex, columns.length - 1);
  const column = columns[safeColumn];
  if (rowCount === 0 || !column) return null;
  const safeRow = Math.min(row, rowCount - 1);
  const override = column.widgetMap?.[String(safeRow)];
  const columnTitle = (index: number) => {
    const item = columns[index];
    return (english && item?.titleEn ? item.titleEn : item?.title) || String(index + 1);
  };
  const reset = (index: number, at: number) => dispatch({ type: 'rowCell', tableKey: table.key, columnIndex: index, row: at, widget: null });
  const overrides = columns.flatMap((item, index) =>
    Object.entries(item.widgetMap ?? {})
      .map(([at, cell]) => ({ index, at: Number(at), cell }))
      .sort((a, b) => a.at - b.at),
  );
  return (
    <Flex vertical gap={4} style={{ marginTop: 12 }} data-testid="row-cells">
      <Typography.Text strong>{t('designer.table.rowCells')}</Typography.Text>
      <Typography.Text type="secondary">{t('designer.table.rowCellsHint')}</Typography.Text>
      <Flex gap={4}>
        <Select<number>
          size="small"
          style={{ flex: 1 }}
          aria-label={t('designer.table.rowCellRow')}
          value={safeRow}
          options={Array.from({ length: rowCount }, (_, index) => ({ value: index, label: t('designer.table.rowNumber', { row: index + 1 }) }))}
          onChange={setRow}
          data-testid="row-cell-row"
        />
        <Select<number>
          size="small"
          style={{ flex: 1 }}
          aria-label={t('designer.table.rowCellColumn')}
          value={safeColumn}
          options={columns.map((_, index) => ({ value: index, label: columnTitle(index) }))}
          onChange={setColumnIndex}
          data-testid="row-cell-column"
        />
      </Flex>
      <Flex gap={4} align="center">
        <Select<PaletteWidget>
          size="small"
          style={{ flex: 1 }}
          aria-label={t('designer.table.rowCellWidget')}
          placeholder={t('designer.table.rowCellWidget')}
          value={null}
          options={CELL_WIDGETS.map((item) => ({ value: item, label: english ? PALETTE_LABELS[item].nameEn : PALETTE_LABELS[item].name }))}
          onChange={(item) => dispatch({ type: 'rowCell', tableKey: table.key, columnIndex: safeColumn, row: safeRow, widget: createWidget(item, panelKeys(panel)) })}
          data-testid="row-cell-widget"
        />
        <Button size="small" icon={<UndoOutlined />} disabled={!override} onClick={() => reset(safeColumn, safeRow)} data-testid="row-cell-reset">
          {t('designer.table.rowCellReset')}
        </Button>
      </Flex>
      {overrides.map(({ index, at, cell }) => (
        <Flex key={cell.key} gap={4} align="center" data-testid={`row-cell-item-${String(index)}-${String(at)}`}>
          <Typography.Text style={{ flex: 1 }}>
            {t('designer.table.rowCellItem', { row: at + 1, column: columnTitle(index), widget: canvasLabel(cell, english) || cell.type })}
          </Typography.Text>
          <Button size="small" type="text" icon={<UndoOutlined />} aria-label={t('designer.table.rowCellReset')} onClick={() => reset(index, at)} />
        </Flex>
      ))}
    </Flex>
  );
}
