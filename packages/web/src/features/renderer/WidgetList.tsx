import { Col, Row } from 'antd';
import { memo, useMemo } from 'react';
import { GRID_ALIGN_DEFAULT, GRID_COLUMN_SPAN_DEFAULT, GRID_GUTTER_DEFAULT, GRID_JUSTIFY_DEFAULT, gridColumns, holdsValue } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { useRenderer, useVisible } from './context';
import { AlertBlock, PlaceholderBox, RichText, SectionDivider } from './Decorations';
import { FieldItem } from './FieldItem';
import { TableWidget } from './TableWidget';

const ALIGN = { top: 'top', middle: 'middle', bottom: 'bottom' } as const;

const GridWidget = memo(function GridWidget({ widget }: { widget: Widget }) {
  const { gutter, justify, align } = widget.options;
  return (
    <Row gutter={gutter ?? GRID_GUTTER_DEFAULT} justify={justify ?? GRID_JUSTIFY_DEFAULT} align={ALIGN[align ?? GRID_ALIGN_DEFAULT]} className="dcap-renderer-grid" data-testid={`grid-${widget.model}`}>
      {gridColumns(widget).map((column, index) => (
        <Col key={index} span={column.span || GRID_COLUMN_SPAN_DEFAULT}>
          <WidgetList widgets={column.list} />
        </Col>
      ))}
    </Row>
  );
});

/** Every value-holding type is a labelled field (core's widget-type table); the others each draw their own way. */
function WidgetBody({ widget, checkboxesBelow }: { widget: Widget; checkboxesBelow: readonly Widget[] }) {
  if (holdsValue(widget.type)) return <FieldItem widget={widget} />;
  switch (widget.type) {
    case 'grid':
      return <GridWidget widget={widget} />;
    case 'table':
      return <TableWidget widget={widget} />;
    case 'blank':
      return <SectionDivider widget={widget} checkboxesBelow={checkboxesBelow} />;
    case 'alert':
      return <AlertBlock widget={widget} />;
    case 'richeditor':
      return <RichText widget={widget} />;
    case 'placeholder':
      return <PlaceholderBox widget={widget} />;
  }
}

/** A widget behind a show condition renders only while the condition holds (spec 001 §3.4, spec 002 §4). */
function ConditionalWidget({ widget, checkboxesBelow }: { widget: Widget; checkboxesBelow: readonly Widget[] }) {
  const { store } = useRenderer();
  const visible = useVisible(store, widget.key);
  return visible ? <WidgetBody widget={widget} checkboxesBelow={checkboxesBelow} /> : null;
}

/** The checkbox fields after each divider up to the next one: what its select-all ticks. */
function checkboxesAfterDividers(widgets: readonly Widget[]): Map<string, Widget[]> {
  const result = new Map<string, Widget[]>();
  let current: Widget[] | null = null;
  for (const widget of widgets) {
    if (widget.type === 'blank') {
      current = [];
      result.set(widget.key, current);
    } else if (widget.type === 'checkbox' && !widget.options.expression) {
      current?.push(widget);
    }
  }
  return result;
}

const NONE: readonly Widget[] = [];

/** A list of widgets (a panel or a grid column); each entry subscribes only to what it shows. */
export const WidgetList = memo(function WidgetList({ widgets }: { widgets: readonly Widget[] }) {
  const { store } = useRenderer();
  const below = useMemo(() => checkboxesAfterDividers(widgets), [widgets]);
  return (
    <>
      {widgets.map((widget) => {
        const checkboxesBelow = below.get(widget.key) ?? NONE;
        return store.index.conditions.has(widget.key) ? (
          <ConditionalWidget key={widget.key} widget={widget} checkboxesBelow={checkboxesBelow} />
        ) : (
          <WidgetBody key={widget.key} widget={widget} checkboxesBelow={checkboxesBelow} />
        );
      })}
    </>
  );
});
