import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Col, Flex, Row, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CANVAS_WIDGET_MAX_WIDTH, DRAG_ANIMATION_MS, gridColumns } from '@dcap/core';
import type { GridColumn, Widget, WidgetLocation } from '@dcap/core';
import { useCanvas, widgetDragId } from './canvasContext';
import type { DragData, DropData } from './canvasContext';
import { TableBlock } from './TableBlock';
import { WidgetPreview } from './WidgetPreview';

/** A widget on the canvas or in a grid column: sortable by drag, selectable, with clone and delete when selected. */
export function CanvasWidget({ widget, location }: { widget: Widget; location: WidgetLocation }) {
  const { t } = useTranslation();
  const canvas = useCanvas();
  const data: DragData & DropData = { widgetKey: widget.key, location };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: widgetDragId(widget.key),
    data,
    transition: { duration: DRAG_ANIMATION_MS, easing: 'ease' },
  });
  const selected = canvas.selectedKey === widget.key;
  const flagged = canvas.issueKeys.has(widget.key);
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
    position: 'relative',
    padding: '8px 8px 8px 24px',
    marginBottom: 4,
    border: `1px ${selected ? 'solid #1677ff' : flagged ? 'solid #ff4d4f' : 'dashed #d9d9d9'}`,
    background: selected ? '#e6f4ff' : '#fff',
    maxWidth: widget.type === 'table' || widget.type === 'grid' ? undefined : CANVAS_WIDGET_MAX_WIDTH,
    cursor: 'pointer',
  };
  return (
    <div
      ref={setNodeRef}
      style={style}
      onClick={(event) => {
        event.stopPropagation();
        canvas.onSelect(widget.key);
      }}
      data-testid={`canvas-widget-${widget.key}`}
      data-selected={selected}
      data-type={widget.type}
    >
      <span ref={setActivatorNodeRef} {...attributes} {...listeners} style={{ position: 'absolute', left: 4, top: 8, cursor: 'grab' }} data-testid={`drag-${widget.key}`}>
        <HolderOutlined />
      </span>
      {widget.type === 'grid' ? (
        <GridBlock grid={widget} />
      ) : widget.type === 'table' ? (
        <TableBlock table={widget} />
      ) : (
        // Disabled controls swallow clicks; the still picture lets them through to the widget's frame.
        <div style={{ pointerEvents: 'none' }}>
          <WidgetPreview widget={widget} config={canvas.config} />
        </div>
      )}
      {selected ? (
        <Flex gap={4} style={{ position: 'absolute', right: 4, bottom: -12, zIndex: 2 }}>
          <Tooltip title={t('designer.canvas.clone')}>
            <Button
              size="small"
              shape="circle"
              icon={<CopyOutlined />}
              aria-label={t('designer.canvas.clone')}
              onClick={(event) => {
                event.stopPropagation();
                canvas.onClone(widget.key);
              }}
              data-testid={`clone-${widget.key}`}
            />
          </Tooltip>
          <Tooltip title={t('designer.canvas.delete')}>
            <Button
              size="small"
              shape="circle"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('designer.canvas.delete')}
              onClick={(event) => {
                event.stopPropagation();
                canvas.onDelete(widget.key);
              }}
              data-testid={`delete-${widget.key}`}
            />
          </Tooltip>
        </Flex>
      ) : null}
    </div>
  );
}

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

/**
 * Spec 001 §3.5: a grid's columns side by side, each a drop target with its own sortable list. It lives with
 * CanvasWidget because the two draw each other (a grid holds widgets, a widget may be a grid).
 */
function GridBlock({ grid }: { grid: Widget }) {
  return (
    <Row gutter={grid.options.gutter} justify={grid.options.justify} align={grid.options.align}>
      {gridColumns(grid).map((column, columnIndex) => (
        <GridColumnDrop key={columnIndex} grid={grid} column={column} columnIndex={columnIndex} />
      ))}
    </Row>
  );
}
