import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { gridColumns } from '@dcap/core';
import type { GridColumn, Widget, WidgetLocation } from '@dcap/core';
import type { DropData } from './canvasContext';
import { widgetDragId } from './canvasContext';
import { CanvasWidget } from './CanvasWidget';

function GridColumnDrop({ grid, column, columnIndex }: { grid: Widget; column: GridColumn; columnIndex: number }) {
  const { t } = useTranslation();
  const append: WidgetLocation = { container: 'grid', gridKey: grid.key, columnIndex, index: column.list.length };
  const data: DropData = { location: append };
  const { setNodeRef, isOver } = useDroppable({ id: `grid:${grid.key}:${String(columnIndex)}`, data });
  return (
    <Col span={column.span}>
      <div
        ref={setNodeRef}
        style={{ minHeight: 56, padding: 4, border: `1px dashed ${isOver ? '#1677ff' : '#bfbfbf'}`, background: isOver ? '#f0f5ff' : '#fafafa' }}
        data-testid={`grid-column-${grid.key}-${String(columnIndex)}`}
      >
        <SortableContext items={column.list.map((widget) => widgetDragId(widget.key))} strategy={verticalListSortingStrategy}>
          {column.list.map((widget, index) => (
            <CanvasWidget key={widget.key} widget={widget} location={{ container: 'grid', gridKey: grid.key, columnIndex, index }} />
          ))}
        </SortableContext>
        {column.list.length === 0 ? <Typography.Text type="secondary">{t('designer.canvas.dropHere')}</Typography.Text> : null}
      </div>
    </Col>
  );
}

/** Spec 001 §3.5: a grid's columns side by side, each a drop target with its own sortable list. */
export function GridBlock({ grid }: { grid: Widget }) {
  return (
    <Row gutter={grid.options.gutter} justify={grid.options.justify} align={grid.options.align}>
      {gridColumns(grid).map((column, columnIndex) => (
        <GridColumnDrop key={columnIndex} grid={grid} column={column} columnIndex={columnIndex} />
      ))}
    </Row>
  );
}
