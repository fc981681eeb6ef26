import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { CANVAS_MIN_HEIGHT } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { CanvasWidget } from './CanvasWidget';
import { widgetDragId } from './canvasContext';
import type { DropData } from './canvasContext';

export const CANVAS_DROP_ID = 'canvas';

/** Spec 001 §2.1 centre: the canvas (at least 800px high), a drop target whose widgets sort by drag. */
export function DesignerCanvas({ panel, onBackgroundClick }: { panel: Panel; onBackgroundClick: () => void }) {
  const { t } = useTranslation();
  const data: DropData = { location: { container: 'panel', index: panel.list.length } };
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_DROP_ID, data });
  return (
    <div
      ref={setNodeRef}
      onClick={onBackgroundClick}
      style={{ minHeight: CANVAS_MIN_HEIGHT, padding: 12, background: isOver ? '#f0f5ff' : '#fff', border: '1px solid #f0f0f0' }}
      data-testid="designer-canvas"
    >
      <SortableContext items={panel.list.map((widget) => widgetDragId(widget.key))} strategy={verticalListSortingStrategy}>
        {panel.list.map((widget, index) => (
          <CanvasWidget key={widget.key} widget={widget} location={{ container: 'panel', index }} />
        ))}
      </SortableContext>
      {panel.list.length === 0 ? <Empty description={t('designer.emptyCanvas')} style={{ marginTop: 120 }} /> : null}
    </div>
  );
}
