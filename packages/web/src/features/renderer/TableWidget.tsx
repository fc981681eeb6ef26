import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { CSSProperties } from 'react';
import { TABLE_CARDS_PER_ROW_DEFAULT, tableColumns } from '@dcap/core';
import type { TableColumn, Widget } from '@dcap/core';
import { useRenderer, useRowIds, widgetLabel } from './context';
import { FieldFrame } from './FieldItem';
import { TableCell } from './TableCell';

const ACTIONS_WIDTH = 72;
const HUGE_ROW_HEIGHT = 40;
const HUGE_VIEW_HEIGHT = 480;

/** Spec 001 §3.6: a column's width is a percentage of the table; the widths share what the actions leave. */
function columnStyle(column: TableColumn): CSSProperties | undefined {
  return column.width ? { flex: `1 1 ${column.width}` } : undefined;
}

function columnTitle(column: TableColumn, locale: string): string {
  return locale === 'en-US' && column.titleEn ? column.titleEn : column.title;
}

interface RowsProps {
  widget: Widget;
  columns: TableColumn[];
  rowIds: readonly number[];
  removable: boolean;
}

function DeleteRowButton({ table, rowId }: { table: string; rowId: number }) {
  const { store, t } = useRenderer();
  return <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('renderer.table.deleteRow')} onClick={() => store.tables.deleteRow(table, rowId)} data-testid={`delete-row-${table}`} />;
}

const TableRow = memo(function TableRow({ widget, columns, rowId, removable, huge }: { widget: Widget; columns: TableColumn[]; rowId: number; removable: boolean; huge: boolean }) {
  return (
    <div className="dcap-renderer-table-row" role="row" data-testid={`row-${widget.model}`}>
      {columns.map((column) => (
        <div key={column.key} role="cell" className="dcap-renderer-table-cell" style={columnStyle(column)}>
          <TableCell table={widget.model} rowId={rowId} column={column} huge={huge} />
        </div>
      ))}
      {removable ? (
        <div role="cell" className="dcap-renderer-table-cell" style={{ width: ACTIONS_WIDTH, flex: 'none' }}>
          <DeleteRowButton table={widget.model} rowId={rowId} />
        </div>
      ) : null}
    </div>
  );
});

function TableHeader({ columns, removable }: { columns: TableColumn[]; removable: boolean }) {
  const { locale, t } = useRenderer();
  return (
    <div className="dcap-renderer-table-row dcap-renderer-table-head" role="row">
      {columns.map((column) => (
        <div key={column.key} role="columnheader" className="dcap-renderer-table-cell" style={columnStyle(column)}>
          {columnTitle(column, locale)}
        </div>
      ))}
      {removable ? (
        <div role="columnheader" className="dcap-renderer-table-cell" style={{ width: ACTIONS_WIDTH, flex: 'none' }}>
          {t('renderer.table.actions')}
        </div>
      ) : null}
    </div>
  );
}

function PlainRows({ widget, columns, rowIds, removable }: RowsProps) {
  return (
    <div className="dcap-renderer-table" role="table" data-testid={`table-${widget.model}`}>
      <TableHeader columns={columns} removable={removable} />
      {rowIds.map((rowId) => (
        <TableRow key={rowId} widget={widget} columns={columns} rowId={rowId} removable={removable} huge={false} />
      ))}
    </div>
  );
}

/** Spec 002 §5: above 50 rows only the rows in view are rendered, and their cells are read-only. */
function HugeRows({ widget, columns, rowIds }: RowsProps) {
  const { t } = useRenderer();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowIds.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => HUGE_ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 0, height: HUGE_VIEW_HEIGHT },
  });
  return (
    <div className="dcap-renderer-table" role="table" data-testid={`table-${widget.model}`} data-huge="true">
      <Typography.Text type="secondary">{t('renderer.table.huge', { count: rowIds.length })}</Typography.Text>
      <TableHeader columns={columns} removable={false} />
      <div ref={scroller} className="dcap-renderer-huge-scroller" style={{ height: HUGE_VIEW_HEIGHT }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const rowId = rowIds[item.index];
            if (rowId === undefined) return null;
            return (
              <div key={rowId} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${String(item.start)}px)` }}>
                <TableRow widget={widget} columns={columns} rowId={rowId} removable={false} huge />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** Card mode (spec 002 §2): 1 to 4 cards per row, each titled by the row's CARD_TITLE or its number. */
function CardRows({ widget, columns, rowIds, removable }: RowsProps) {
  const { store, t, cardsPerRow, locale } = useRenderer();
  const perRow = cardsPerRow ?? widget.options.cardsPerRow ?? TABLE_CARDS_PER_ROW_DEFAULT;
  return (
    <div className="dcap-renderer-cards" style={{ gridTemplateColumns: `repeat(${String(perRow)}, minmax(0, 1fr))` }} data-testid={`cards-${widget.model}`}>
      {rowIds.map((rowId, index) => (
        <Card
          key={rowId}
          size="small"
          title={store.tables.rowTitle(widget.model, rowId, locale) ?? t('renderer.table.cardTitle', { number: index + 1 })}
          extra={removable ? <DeleteRowButton table={widget.model} rowId={rowId} /> : null}
          data-testid={`card-${widget.model}`}
        >
          {columns.map((column) => (
            <FieldFrame key={column.key} widget={{ ...column.widget, name: columnTitle(column, locale), nameEn: undefined, labelCol: 8, wrapperCol: 16 }} error={undefined}>
              <TableCell table={widget.model} rowId={rowId} column={column} huge={false} />
            </FieldFrame>
          ))}
        </Card>
      ))}
    </div>
  );
}

/** A table widget: a heading, its rows as a table, cards or a virtualised list, and add row when repeatable. */
export const TableWidget = memo(function TableWidget({ widget }: { widget: Widget }) {
  const { store, tableMode, readOnly, locale, t, dataMode } = useRenderer();
  const rowIds = useRowIds(store, widget.model);
  const columns = tableColumns(widget);
  const huge = store.tables.isHuge(widget.model);
  const repeatable = widget.options.repeatable === true && !readOnly && !huge;
  const mode = tableMode ?? widget.options.tableMode ?? 'table';
  const props: RowsProps = { widget, columns, rowIds, removable: repeatable };
  return (
    <div className="dcap-renderer-table-widget" data-testid={`tablewidget-${widget.model}`}>
      <Typography.Title level={5}>{widgetLabel(widget, locale)}</Typography.Title>
      {/* Data entry only (the preview has no data mode): spec 002 §2 "upload from spreadsheet", also to replace huge-data rows. */}
      {widget.options.repeatable === true && !readOnly && dataMode?.tableActions ? <div className="dcap-renderer-table-toolbar">{dataMode.tableActions(widget)}</div> : null}
      {huge ? <HugeRows {...props} /> : mode === 'card' ? <CardRows {...props} /> : <PlainRows {...props} />}
      {repeatable ? (
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => store.tables.addRow(widget.model)} data-testid={`add-row-${widget.model}`}>
          {t('renderer.table.addRow')}
        </Button>
      ) : null}
    </div>
  );
});
