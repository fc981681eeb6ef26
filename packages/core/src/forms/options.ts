import { bullseyeSegments } from '../clinical/bullseye.js';
import { BULLSEYE_OPTIONS } from '../panels/bullseye.js';
import { isReferenceSelect } from '../panels/rules.js';
import type { OptionItem, Widget } from '../panels/schema.js';
import { isBlank } from './field-check.js';
import { widgetTypeFacts } from './widget-types.js';

/**
 * Option fields (spec 001 §3.3 `options`, `ref`, `dictType`; spec 002 §5): a select, radio, checkbox or
 * bullseye plot holds codes of its option list, and nothing else. The list is the design's: a dictionary
 * chosen in the designer is copied into the widget's options (its `dictType` only names where they came
 * from), so a design version carries every list it offers and a later change of the dictionary never
 * changes what a saved panel may hold. The renderer offers these lists and the server's save refuses a
 * value outside them (records/option-values.ts).
 */

/** Whether the widget's value is chosen from an option list. */
export const isOptionWidget = (widget: Pick<Widget, 'type'>): boolean => widgetTypeFacts(widget.type).options;

/**
 * The options a widget offers. A reference select (spec 002 §9) whose `ref` names a field or column of its
 * own panel offers its own options among the values entered there (`referenced`), or those values
 * themselves when it lists none. Null when the list is not the panel's to know: a reference select whose
 * `ref` names something off the panel (a dictionary code, another panel) and that lists no options of its
 * own; its value is accepted as entered (docs/decisions.md, "Panel entry").
 */
export function offeredOptions(widget: Widget, referenced: readonly string[] | null): readonly OptionItem[] | null {
  const own = widget.options.options ?? [];
  // Spec 001 §3.7: a plot without options of its own takes the four standard codes.
  if (widget.type === 'bullseyeplot') return own.length > 0 ? own : BULLSEYE_OPTIONS;
  if (referenced !== null) return own.length > 0 ? own.filter((option) => referenced.includes(option.value)) : referenced.map((value) => ({ key: value, value, label: value }));
  if (isReferenceSelect(widget) && own.length === 0) return null;
  return own;
}

const asCode = (entry: unknown): string | null => (typeof entry === 'string' || typeof entry === 'number' ? String(entry) : null);
const shown = (entry: unknown): string => asCode(entry) ?? JSON.stringify(entry);

/**
 * What of an option widget's value is not among `offered` (`offeredOptions`), as text for a message; empty
 * when the whole value is offered, or blank. A checkbox and a multiple select hold a list of codes, a radio
 * and a single select one code (a number counts as its text, as the renderer compares them), a bullseye
 * plot a code per segment under the segment's key (Segment1 … Segment17). A value of the wrong shape is
 * outside as a whole.
 */
export function valuesOutsideOptions(widget: Widget, value: unknown, offered: readonly OptionItem[]): string[] {
  if (isBlank(value)) return [];
  const codes = new Set(offered.map((option) => option.value));
  const outside = (entry: unknown) => {
    const code = asCode(entry);
    return code === null || !codes.has(code);
  };
  if (widget.type === 'bullseyeplot') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [shown(value)];
    const segments = new Set(bullseyeSegments(widget.options.segments ?? 17).map((segment) => segment.key));
    return Object.entries(value as Record<string, unknown>)
      .filter(([segment, code]) => !segments.has(segment) || outside(code))
      .map(([segment, code]) => `${segment}: ${shown(code)}`);
  }
  const list = widget.type === 'checkbox' || (widget.type === 'select' && widget.options.multiple === true);
  if (Array.isArray(value) !== list) return [shown(value)];
  return (Array.isArray(value) ? (value as unknown[]) : [value]).filter(outside).map(shown);
}
