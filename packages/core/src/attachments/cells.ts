import type { Widget } from '../panels/schema.js';
import { walkWidgets } from '../panels/walk.js';
import { fieldTableRowId } from '../records/form-values.js';
import type { FieldPath } from '../records/paths.js';
import { parsePath } from '../records/paths.js';

/**
 * Where field images may be attached (spec 002 §3 "Attachment (image) upload fields", §5 "Image upload"): an
 * upload field of the panel, or an upload column's cell in one saved row of a table. A cell's images are
 * keyed by the row-stable cell path `TABLE#r3.COL` (records/paths.ts), so they stay with their row when rows
 * before it are added or deleted, and go when their row goes (docs/decisions.md "Attachments").
 */

/** The widget types that take images: the designer's `imgupload` palette item and the stored `uploader`. */
const UPLOAD_WIDGET_TYPES: ReadonlySet<string> = new Set(['uploader', 'imgupload']);

export const isUploadWidget = (widget: Pick<Widget, 'type'>): boolean => UPLOAD_WIDGET_TYPES.has(widget.type);

/**
 * The upload widget a field path names in a panel's widget list: a plain field by its model, a table cell by
 * its table's column (the column's cell template). Undefined when the path names no upload widget.
 */
export function uploadWidgetAt(list: readonly Widget[], path: FieldPath): Widget | undefined {
  const parsed = parsePath(path);
  for (const { widget, place } of walkWidgets(list)) {
    const named =
      parsed.column === undefined
        ? place.kind !== 'table' && widget.model === path
        : place.kind === 'table' && place.row === null && place.table.type === 'table' && place.table.model === parsed.model && place.column.key === parsed.column;
    if (named) return isUploadWidget(widget) ? widget : undefined;
  }
  return undefined;
}

/** The table row a cell path belongs to (`TABLE#r3` for `TABLE#r3.COL`); null for a plain field's path. */
export function attachmentRowOf(path: FieldPath): string | null {
  const parsed = parsePath(path);
  return parsed.row === undefined ? null : fieldTableRowId(parsed.model, parsed.row);
}

/** The start every cell path of a row shares, so a row's cells (and their images) are found by prefix. */
export const rowCellPrefix = (rowId: string): string => `${rowId}.`;
