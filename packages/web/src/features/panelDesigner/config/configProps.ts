import type { Dispatch } from 'react';
import type { Panel, Widget, WidgetPatch } from '@dcap/core';
import type { DesignerAction } from '../state/designerReducer';

/** What every configuration section gets: the selected widget, the panel, and the way to change them. */
export interface ConfigProps {
  widget: Widget;
  panel: Panel;
  dispatch: Dispatch<DesignerAction>;
}

export function patcher({ widget, dispatch }: Pick<ConfigProps, 'widget' | 'dispatch'>): (patch: WidgetPatch) => void {
  return (patch) => dispatch({ type: 'update', key: widget.key, patch });
}

/** InputNumber reports null for an emptied box; the panel JSON leaves the option out instead. */
export const numberOrUndefined = (value: number | string | null): number | undefined => (typeof value === 'number' ? value : undefined);

/** Types whose value is one or more of a list of options (spec 001 §3.3 options). */
export const CHOICE_TYPES = ['radio', 'checkbox', 'select', 'bullseyeplot'] as const;
export const hasOptions = (widget: Widget): boolean => (CHOICE_TYPES as readonly string[]).includes(widget.type);
