import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Flex, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CANVAS_WIDGET_MAX_WIDTH, DRAG_ANIMATION_MS } from '@dcap/core';
import type { Widget, WidgetLocation } from '@dcap/core';
import { useCanvas, widgetDragId } from './canvasContext';
import type { DragData, DropData } from './canvasContext';
import { GridBlock } from './GridBlock';
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
