import { CloseOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableColumns } from '@dcap/core';
import type { TableColumn, Widget } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import { canvasLabel, useCanvas } from './canvasContext';
import type { DropData } from './canvasContext';

function CellDrop({ table, column, columnIndex, english }: { table: Widget; column: TableColumn; columnIndex: number; english: boolean }) {
  const { t } = useTranslation();
  const canvas = useCanvas();
  const data: DropData = { location: { container: 'table', tableKey: table.key, columnIndex } };
  const { setNodeRef, isOver } = useDroppable({ id: `cell:${table.key}:${String(columnIndex)}`, data });
  const cell = column.widget;
  const selected = canvas.selectedKey === cell.key;
  const empty = cell.type === 'placeholder';
  // Spec 001 §3.6 widgetMap: the rows whose cell holds its own widget are marked under the column's widget.
  const overrides = Object.entries(column.widgetMap ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <td
      ref={setNodeRef}
      style={{
        border: `1px ${selected ? 'solid #1677ff' : 'solid #f0f0f0'}`,
        padding: 6,
        background: isOver ? '#f0f5ff' : selected ? '#e6f4ff' : empty ? '#fffbe6' : undefined,
        position: 'relative',
      }}
      onClick={(event) => {
        event.stopPropagation();
        canvas.onSelect(cell.key);
      }}
      data-testid={`table-cell-${table.key}-${String(columnIndex)}`}
      data-cell-type={cell.type}
      data-overridden-rows={overrides.map(([row]) => row).join(',') || undefined}
    >
      {empty ? <Typography.Text type="warning">{t('designer.canvas.cellEmpty')}</Typography.Text> : <Typography.Text>{canvasLabel(cell, english) || cell.type}</Typography.Text>}
      {overrides.map(([row, override]) => (
        <Tag
          key={override.key}
          color={canvas.selectedKey === override.key ? 'blue' : 'purple'}
          style={{ display: 'block', marginTop: 4, cursor: 'pointer', whiteSpace: 'normal' }}
          title={t('designer.table.rowCellMark')}
          onClick={(event) => {
            event.stopPropagation();
            canvas.onSelect(override.key);
          }}
          data-testid={`table-row-cell-${table.key}-${String(columnIndex)}-${row}`}
          data-cell-type={override.type}
        >
          {t('designer.table.rowNumber', { row: Number(row) + 1 })}: {override.type === 'placeholder' ? t('designer.canvas.cellEmpty') : canvasLabel(override, english) || override.type}
        </Tag>
      ))}
      {!empty && selected ? (
        <Button
          size="small"
          type="text"
          danger
          icon={<CloseOutlined />}
          aria-label={t('designer.table.clearCell')}
          style={{ position: 'absolute', right: 0, top: 0 }}
          onClick={(event) => {
            event.stopPropagation();
            canvas.onClearCell(table.key, columnIndex);
          }}
          data-testid={`clear-cell-${table.key}-${String(columnIndex)}`}
        />
      ) : null}
    </td>
  );
}

/** Spec 001 §3.6: a table with its column titles and one row of cells; each cell is a drop target. */
export function TableBlock({ table }: { table: Widget }) {
  const { i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const columns = tableColumns(table);
  const rows = table.options.data?.length ?? 0;
  return (
    <div style={{ overflowX: 'auto' }}>
      <Typography.Text strong>
        {canvasLabel(table, english)}
        {table.options.repeatable ? ' ⟳' : ` × ${String(rows)}`}
      </Typography.Text>
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} style={{ width: column.width, border: '1px solid #f0f0f0', background: '#fafafa', padding: 4, fontWeight: 500 }}>
                {english && column.titleEn ? column.titleEn : column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {columns.map((column, columnIndex) => (
              <CellDrop key={column.key} table={table} column={column} columnIndex={columnIndex} english={english} />
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
