import { describe, expect, it } from 'vitest';
import { buildFormulaGraph } from './graph.js';
import { computed, field, grid, panelOf, table } from './panels.fixture.js';

describe('buildFormulaGraph: computed fields in evaluation order', () => {
  it('orders a chain so each formula comes after what it reads, whatever the panel order', () => {
    const panel = panelOf(
      computed('bsa', 'sqrt([height] * [weight] / 3600)'),
      computed('dose', '[bsa] * 75'),
      field('height'),
      field('weight'),
      computed('bmi', '[weight] / ([height] / 100) ^ 2'),
      computed('total', '[dose] + [bmi]'),
    );
    const { order } = buildFormulaGraph(panel);
    expect(order).toEqual(['bsa', 'dose', 'bmi', 'total']);
    const before = (a: string, b: string) => order.indexOf(a) < order.indexOf(b);
    expect(before('bsa', 'dose') && before('dose', 'total') && before('bmi', 'total')).toBe(true);
  });

  it('puts a later-declared dependency first', () => {
    const { order } = buildFormulaGraph(panelOf(computed('c', '[b] + 1'), computed('b', '[a] + 1'), field('a')));
    expect(order).toEqual(['b', 'c']);
  });

  it('holds a formula that reads no field once, before the formulas that read it', () => {
    const { order } = buildFormulaGraph(panelOf(computed('since', "datediff([visit], [today], 'd')"), field('visit', 'date'), computed('today', 'today()'), computed('pi', '3.14')));
    expect(order).toEqual(['today', 'since', 'pi']);
    expect(buildFormulaGraph(panelOf(table('t', { on: computed('on', 'today()') }))).order).toEqual(['t.on']);
  });
});

describe('dependents(model): computed fields and conditional widgets affected by a change, transitively, in evaluation order', () => {
  const panel = panelOf(
    field('height'),
    field('weight'),
    field('sex', 'radio'),
    computed('bmi', '[weight] / ([height] / 100) ^ 2'),
    computed('obese', 'if([bmi] >= 28, 1, 0)'),
    field('pregnant', 'radio', { logicExpression: "[sex] = '2'" }),
    field('diet', 'input', { showOnCondition: true, showConditions: [{ cName: 'obese', eName: 'obese', evalType: 'eq', value: '1' }] }),
    computed('unrelated', '[other] * 2'),
    field('other'),
  );
  const graph = buildFormulaGraph(panel);

  it.each<[string, string[]]>([
    ['weight', ['bmi', 'obese', 'diet']],
    ['height', ['bmi', 'obese', 'diet']],
    ['bmi', ['obese', 'diet']],
    ['sex', ['pregnant']],
    ['other', ['unrelated']],
    ['nothing', []],
    ['diet', []],
  ])('a change of %s affects %j', (model, expected) => {
    expect(graph.dependents(model)).toEqual(expected);
  });

  it('returns a fresh list each time', () => {
    const first = graph.dependents('weight');
    first.push('x');
    expect(graph.dependents('weight')).toEqual(['bmi', 'obese', 'diet']);
  });

  it('describes each node with its widget key, path and what it reads', () => {
    const node = graph.nodes.get('obese');
    expect(node?.widgetKey).toBe('OBESE');
    expect(node?.path).toBe('list.4');
    expect(node?.references).toEqual(['bmi']);
    expect(graph.nodes.get('pregnant')?.computed).toBeNull();
    expect(graph.nodes.get('pregnant')?.condition?.kind).toBe('binary');
  });
});

describe('fields inside grids and tables', () => {
  it('finds formulas in grid columns', () => {
    const graph = buildFormulaGraph(panelOf(grid('G', [[field('a')], [computed('b', '[a] * 2')]])));
    expect(graph.order).toEqual(['b']);
    expect(graph.dependents('a')).toEqual(['b']);
    expect(graph.nodes.get('b')?.path).toBe('list.0.options.columns.1.list.0');
  });

  it('treats fields in a conditional grid as changing with its condition (a hidden field is cleared, spec 002 §4)', () => {
    const panel = panelOf(field('flag', 'radio'), grid('G', [[field('a')]], { logicExpression: "[flag] = '1'" }), computed('b', '[a] + 1'));
    expect(buildFormulaGraph(panel).dependents('flag')).toEqual(['G', 'b']);
  });

  it("names a table cell TABLE.column; inside the table [column] is the same row's cell", () => {
    const panel = panelOf(
      field('factor'),
      table('LAB', { result: field('res'), low: field('lo'), level: computed('lvl', 'if([result] < [low], [factor], 0)') }),
      computed('total', 'sum([LAB.result])'),
    );
    const graph = buildFormulaGraph(panel);
    expect(graph.nodes.get('LAB.level')?.references).toEqual(['LAB.result', 'LAB.low', 'factor']);
    expect(graph.dependents('LAB.result')).toEqual(['LAB.level', 'total']);
    expect(graph.dependents('factor')).toEqual(['LAB.level']);
    expect(graph.dependents('LAB')).toEqual(['LAB.level', 'total']);
    expect(graph.order).toEqual(['LAB.level', 'total']);
  });
});

describe('cycles across formulas', () => {
  it.each<[string, ReturnType<typeof panelOf>, string[][]]>([
    ['a formula reading itself', panelOf(computed('a', '[a] + 1')), [['a']]],
    ['two formulas reading each other', panelOf(computed('a', '[b] + 1'), computed('b', '[a] + 1')), [['a', 'b']]],
    ['a three-step loop', panelOf(computed('a', '[c]'), computed('b', '[a]'), computed('c', '[b]')), [['a', 'c', 'b']]],
    ['a condition in the loop', panelOf(computed('a', '[b] + 1'), field('b', 'number', { logicExpression: '[a] > 1' })), [['a', 'b']]],
    ['no loop in a chain', panelOf(computed('a', '[b]'), computed('b', '[c]'), field('c')), []],
  ])('%s', (_rule, panel, cycles) => {
    const graph = buildFormulaGraph(panel);
    expect(graph.cycles).toEqual(cycles);
    // Fields in a cycle are still listed once, so a renderer never loops.
    const computedModels = panel.list.filter((widget) => widget.options.expression !== undefined).map((widget) => widget.model);
    expect([...graph.order].sort()).toEqual([...computedModels].sort());
  });
});
