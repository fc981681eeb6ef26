import { describe, expect, it } from 'vitest';
import { WIDGET_TYPES } from '../panels/schema.js';
import { DATA_WIDGET_TYPES } from '../panels/walk.js';
import { holdsValue, isContainerType, WIDGET_TYPE_FACTS, widgetTypesWhere } from './widget-types.js';

describe('widget type facts', () => {
  it('cover every widget type of spec 001 §3.2 once', () => {
    expect(Object.keys(WIDGET_TYPE_FACTS).sort()).toEqual([...WIDGET_TYPES].sort());
  });

  it('name the value-holding types, which is what the panel walk calls data widgets', () => {
    expect(DATA_WIDGET_TYPES).toEqual(widgetTypesWhere((facts) => facts.kind === 'field'));
    expect(DATA_WIDGET_TYPES).toEqual(['input', 'textarea', 'number', 'radio', 'checkbox', 'select', 'time', 'date', 'rate', 'switch', 'slider', 'color', 'uploader', 'imgupload', 'bullseyeplot']);
    expect(holdsValue('richeditor')).toBe(false);
    expect(holdsValue('placeholder')).toBe(false);
  });

  it.each([
    ['containers', (type: (typeof WIDGET_TYPES)[number]) => isContainerType(type), ['grid', 'table']],
    ['choices among options', (type: (typeof WIDGET_TYPES)[number]) => WIDGET_TYPE_FACTS[type].options, ['radio', 'checkbox', 'select', 'bullseyeplot']],
    ['a unit beside the control', (type: (typeof WIDGET_TYPES)[number]) => WIDGET_TYPE_FACTS[type].unit, ['input', 'number']],
    // spec 002 §5: "Text input maxlength defaults to 64, textarea 1024".
    ['a text length limit', (type: (typeof WIDGET_TYPES)[number]) => WIDGET_TYPE_FACTS[type].textLength, ['input', 'textarea']],
    // spec 002 §5: "Numeric inputs use min and max from options".
    ['a numeric range', (type: (typeof WIDGET_TYPES)[number]) => WIDGET_TYPE_FACTS[type].numericRange, ['number', 'slider']],
    ['decorations without a label', (type: (typeof WIDGET_TYPES)[number]) => WIDGET_TYPE_FACTS[type].kind === 'decoration', ['richeditor', 'alert', 'blank']],
  ])('list the types with %s', (_, test, expected) => {
    expect(WIDGET_TYPES.filter(test).sort()).toEqual([...expected].sort());
  });
});
