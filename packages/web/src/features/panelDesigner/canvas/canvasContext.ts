import { createContext, useContext } from 'react';
import type { PanelConfig, Widget, WidgetLocation } from '@dcap/core';

/** What every widget on the canvas needs from the page: selection, the two actions, and issue marks. */
export interface CanvasContextValue {
  config: PanelConfig;
  selectedKey: string | null;
  /** Keys of widgets with a design-time or save issue, marked red on the canvas. */
  issueKeys: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onClone: (key: string) => void;
  onDelete: (key: string) => void;
  onClearCell: (tableKey: string, columnIndex: number) => void;
}

export const CanvasContext = createContext<CanvasContextValue | null>(null);

export function useCanvas(): CanvasContextValue {
  const value = useContext(CanvasContext);
  if (!value) throw new Error('useCanvas must be used inside the designer canvas');
  return value;
}

/** What a drop target tells the drag handler: where a dropped widget goes. */
export interface DropData {
  location: WidgetLocation;
}

/** What a dragged canvas widget tells the drag handler. */
export interface DragData {
  widgetKey?: string;
  paletteId?: string;
}

export const widgetDragId = (key: string) => `widget:${key}`;

/** A widget's label as the canvas shows it: nameEn in English when set, else the name (spec 001 §3.1). */
export function canvasLabel(widget: Pick<Widget, 'name' | 'nameEn'>, english: boolean): string {
  return english && widget.nameEn ? widget.nameEn : widget.name;
}
