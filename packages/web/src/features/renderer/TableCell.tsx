import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { memo, useCallback } from 'react';
import type { ReactNode } from 'react';
import { cellErrorKey, designReadOnly, fieldCellPath, isBlank, isUploadWidget, MISSING_VALUE_DISPLAY } from '@dcap/core';
import type { Locale, TableColumn, Widget } from '@dcap/core';
import { annotationParts } from './Annotation';
import { errorText, optionLabel, useCell, useFieldError, useLevel, useRenderer } from './context';
import { FieldControl } from './FieldControl';
import type { FormStore } from './store';

/** Spec 002 §4 levels: 1–3 above the upper limit (1, 2, 3 times), 4–6 below the lower (1, 1/2, 1/4). */
function LevelMark({ table, rowId }: { table: string; rowId: number }) {
  const { store, t } = useRenderer();
  const level = useLevel(store, table, rowId);
  if (level === null) return null;
  const text = t(`renderer.level.l${String(level)}`);
  if (level === 0) return <Tag color="success" data-testid="lab-level" data-level={level}>{text}</Tag>;
  const high = level <= 3;
  return (
    <Tag color={level === 3 || level === 6 ? 'error' : 'warning'} icon={high ? <ArrowUpOutlined /> : <ArrowDownOutlined />} data-testid="lab-level" data-level={level}>
      {text}
    </Tag>
  );
}

/** A huge table's cells are read-only text (spec 002 §4), so thousands of rows stay cheap. */
export function displayValue(widget: Widget, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE_DISPLAY;
  const options = widget.options.options ?? [];
  const label = (code: unknown) => {
    const option = options.find((candidate) => candidate.value === String(code));
    return option ? optionLabel(option, locale) : String(code);
  };
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return JSON.stringify(value);
  return options.length > 0 ? label(value) : String(value);
}

/**
 * A preset lab row's test item and unit are part of the table's design, not data to enter (spec 001 §3.9):
 * they show as read-only text, the test item by the row's name in the interface language (its stored value
 * is the standard abbreviation) and the unit with its caret superscript. Limits and ranges stay editable,
 * as sites have their own; rows a user adds have no preset and keep their controls.
 */
function presetText(store: FormStore, table: string, rowId: number, column: TableColumn, value: unknown, locale: Locale): ReactNode {
  if (column.refCtrl !== 'subject' && column.refCtrl !== 'unit') return null;
  const preset = store.tables.presetCell(table, rowId, column.key);
  if (isBlank(preset)) return null;
  const shown = isBlank(value) ? preset : value;
  const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : JSON.stringify(shown);
  if (column.refCtrl === 'unit') return annotationParts(text);
  return store.tables.rowTitle(table, rowId, locale) ?? text;
}

interface TableCellProps {
  table: string;
  rowId: number;
  column: TableColumn;
  huge: boolean;
}

/** One cell, subscribed to its own value and error only. */
export const TableCell = memo(function TableCell({ table, rowId, column, huge }: TableCellProps) {
  const settings = useRenderer();
  const { store, readOnly, locale, onFieldRender } = settings;
  const value = useCell(store, table, rowId, column.key);
  const error = useFieldError(store, cellErrorKey(table, rowId, column.key));
  onFieldRender?.(`${table}:${String(rowId)}:${column.key}`);
  const onChange = useCallback((next: unknown) => store.setCell(table, rowId, column.key, next), [store, table, rowId, column.key]);
  const widget = store.tables.cellWidget(table, rowId, column.key) ?? column.widget;
  const isResult = column.refCtrl === 'result';
  // Panel entry addresses a cell of a saved row by its path; its stored state may make it read-only.
  const { dataMode } = settings;
  const rowKey = dataMode ? store.tables.rowKey(table, rowId) : undefined;
  const path = rowKey === undefined ? undefined : fieldCellPath(table, rowKey, column.key);
  const locked = path !== undefined && (dataMode?.fieldReadOnly(path) ?? false);
  // Spec 002 §4: what the design makes read-only (a disabled widget, a reference upper-limit cell) is one
  // rule in core, which the server's save holds to as well.
  const disabled = readOnly || locked || designReadOnly(widget, column) !== null;
  const serverError = path === undefined ? undefined : dataMode?.serverError(path);
  const fixed = presetText(store, table, rowId, column, value, locale);
  // An image column's cell of a saved row takes images by its row-stable path (docs/decisions.md "Images in
  // table cells"); before its row is saved it has no path, and the placeholder asks to save first.
  const uploads = path !== undefined && isUploadWidget(widget) ? dataMode?.uploadField?.(path, widget, disabled) : undefined;
  return (
    <div className="dcap-renderer-cell-content" data-testid={`cell-${table}-${column.key}`}>
      {fixed !== null ? (
        <span className={path !== undefined && dataMode ? 'dcap-renderer-data-field' : undefined}>
          <span className="dcap-renderer-cell-text dcap-renderer-data-control" data-testid="preset-text">
            {fixed}
          </span>
          {path !== undefined && dataMode ? dataMode.fieldExtra(path, widget) : null}
        </span>
      ) : huge ? (
        <span className="dcap-renderer-cell-text">{displayValue(widget, value, locale)}</span>
      ) : path !== undefined && dataMode ? (
        <div className="dcap-renderer-data-field">
          <div className={uploads === undefined ? 'dcap-renderer-data-control' : 'dcap-renderer-data-control dcap-renderer-data-control-fit'}>
            {uploads ?? <FieldControl widget={widget} value={value} disabled={disabled} onChange={onChange} />}
          </div>
          {dataMode.fieldExtra(path, widget)}
        </div>
      ) : (
        <FieldControl widget={widget} value={value} disabled={disabled} onChange={onChange} />
      )}
      {isResult ? <LevelMark table={table} rowId={rowId} /> : null}
      {error || serverError ? (
        <div className="dcap-renderer-explain" role="alert">
          {error ? errorText(error, settings) : serverError}
        </div>
      ) : null}
    </div>
  );
});
