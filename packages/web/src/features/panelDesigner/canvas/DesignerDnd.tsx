import { DndContext, DragOverlay, PointerSensor, KeyboardSensor, pointerWithin, rectIntersection, useSensor, useSensors } from '@dnd-kit/core';
import type { Active, Announcements, CollisionDetection, DragEndEvent, DragStartEvent, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Tag } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAG_ANIMATION_MS } from '@dcap/core';
import type { WidgetLocation } from '@dcap/core';
import type { DragData, DropData } from './canvasContext';

/**
 * Nested drop targets (a grid column inside a grid on the canvas) all contain the pointer; the innermost,
 * the smallest, is the one meant.
 */
const innermostFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length === 0) return rectIntersection(args);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

/** What a screen reader calls the dragged thing: the palette entry's name, or the widget's key. */
function draggedName(t: TFunction, active: Active): string {
  const data = active.data.current as DragData | undefined;
  if (data?.paletteId !== undefined) return t(`designer.palette.items.${data.paletteId}`);
  return data?.widgetKey ?? String(active.id);
}

/** Where a drop would land, in words: the panel, a grid column or a table column (counted from 1). */
function targetName(t: TFunction, over: Over | null): string {
  const location = (over?.data.current as DropData | undefined)?.location;
  if (!location) return t('designer.dnd.nowhere');
  switch (location.container) {
    case 'panel':
      return t('designer.dnd.panel', { position: location.index + 1 });
    case 'grid':
      return t('designer.dnd.grid', { key: location.gridKey, column: location.columnIndex + 1, position: location.index + 1 });
    case 'table':
      return t('designer.dnd.table', { key: location.tableKey, column: location.columnIndex + 1 });
  }
}

/** dnd-kit's live-region texts in the interface language (its defaults are English only). */
export function dndAnnouncements(t: TFunction): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  return {
    screenReaderInstructions: { draggable: t('designer.dnd.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('designer.dnd.start', { name: draggedName(t, active) }),
      onDragOver: ({ active, over }) => t(over ? 'designer.dnd.over' : 'designer.dnd.outside', { name: draggedName(t, active), target: targetName(t, over) }),
      onDragEnd: ({ active, over }) => t(over ? 'designer.dnd.end' : 'designer.dnd.endOutside', { name: draggedName(t, active), target: targetName(t, over) }),
      onDragCancel: ({ active }) => t('designer.dnd.cancel', { name: draggedName(t, active) }),
    },
  };
}

interface DesignerDndProps {
  children: ReactNode;
  /** A palette entry was dropped at this place. */
  onDropPalette: (paletteId: string, location: WidgetLocation) => void;
  /** A widget of the canvas was dropped at this place. */
  onMoveWidget: (key: string, location: WidgetLocation) => void;
}

/** Drag and drop of the designer (spec 001 §2.1): from the palette onto the canvas and within it, 200 ms animation. */
export function DesignerDnd({ children, onDropPalette, onMoveWidget }: DesignerDndProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A short distance first, so a click on a widget or palette entry stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [dragging, setDragging] = useState<DragData | null>(null);
  const start = (event: DragStartEvent) => {
    const data: DragData | undefined = event.active.data.current;
    setDragging(data ?? null);
  };
  const end = (event: DragEndEvent) => {
    setDragging(null);
    const { active, over } = event;
    if (!over || over.id === active.id) return;
    const source = active.data.current as DragData | undefined;
    const target = over.data.current as DropData | undefined;
    if (!source || !target) return;
    if (source.paletteId !== undefined) onDropPalette(source.paletteId, target.location);
    else if (source.widgetKey !== undefined) onMoveWidget(source.widgetKey, target.location);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostFirst}
      accessibility={dndAnnouncements(t)}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setDragging(null)}
    >
      {children}
      <DragOverlay dropAnimation={{ duration: DRAG_ANIMATION_MS, easing: 'ease' }}>
        {dragging ? <Tag color="blue">{dragging.paletteId !== undefined ? t(`designer.palette.items.${dragging.paletteId}`) : dragging.widgetKey}</Tag> : null}
      </DragOverlay>
    </DndContext>
  );
}
