import { describe, expect, it } from 'vitest';
import { validatePanel } from '../panels/validate.js';
import { checkPanelFormulas } from './panel-check.js';
import { computed, field, grid, panelOf, table } from './panels.fixture.js';

function summary(issues: ReturnType<typeof checkPanelFormulas>): string[] {
  return issues.map((issue) => `${issue.widgetKey ?? '-'} ${issue.path} ${issue.code}`);
}

describe('checkPanelFormulas: every formula and condition, reported with widget key and path', () => {
  it('passes a panel whose formulas and conditions are sound', () => {
    const panel = panelOf(
      field('weight'),
      field('height'),
      computed('bmi', '[weight] / ([height] / 100) ^ 2'),
      field('sex', 'radio'),
      field('pregnant', 'radio', { showOnCondition: true, showConditions: [{ cName: '性别', eName: 'sex', evalType: 'eq', value: '2' }] }),
      table('LAB', { result: field('res'), double: computed('dbl', '[result] * 2 + [weight]') }),
      computed('labTotal', 'sum([LAB.result])'),
    );
    expect(checkPanelFormulas(panel)).toEqual([]);
  });

  it('reports formula problems at list.N.options.expression and logicExpression', () => {
    const panel = panelOf(
      field('weight'),
      computed('bmi', '[weight] / [height]'),
      field('note', 'input', { logicExpression: 'foo([weight])' }),
      field('x', 'input', { expression: '1 +' }),
    );
    expect(summary(checkPanelFormulas(panel))).toEqual([
      'BMI list.1.options.expression formula.unknown_field',
      'NOTE list.2.options.logicExpression formula.unknown_function',
      'X list.3.options.expression formula.unexpected_end',
    ]);
  });

  it('reports show-condition items with no field or an unknown field, by item path', () => {
    const panel = panelOf(
      field('sex', 'radio'),
      field('a', 'input', {
        showOnCondition: true,
        showConditions: [
          { cName: '', eName: '', evalType: 'eq', value: '1' },
          { appendix: '&&' },
          { cName: '年龄', eName: 'age', evalType: 'gt', value: '18' },
          { appendix: '||' },
          { cName: '性别', eName: 'sex', evalType: 'eq', value: '1' },
        ],
      }),
      // Unticked: conditions are not in force and not checked (spec 001 §4.1 clears them anyway).
      field('b', 'input', { showOnCondition: false, showConditions: [{ cName: 'x', eName: 'missing', evalType: 'eq', value: '1' }] }),
    );
    const issues = checkPanelFormulas(panel);
    expect(summary(issues)).toEqual(['A list.1.options.showConditions.0 condition.missing_field', 'A list.1.options.showConditions.2 condition.unknown_field']);
    expect(issues[1]?.message).toBe('第 3 个显示条件引用的字段“age”在本表单中不存在');
  });

  it('finds formulas in grids and table cells, with their paths', () => {
    const panel = panelOf(
      grid('G', [[field('a')], [computed('b', '[zz] + [a]')]]),
      table('T', { c1: field('x'), c2: computed('y', '[c1] + [c3]') }),
    );
    expect(summary(checkPanelFormulas(panel))).toEqual([
      'B list.0.options.columns.1.list.0.options.expression formula.unknown_field',
      'Y list.1.options.columns.1.widget.options.expression formula.unknown_field',
    ]);
  });

  it('does not let a bare column key reach outside its table', () => {
    const panel = panelOf(table('T', { c1: field('x') }), computed('outside', '[c1] + 1'));
    expect(summary(checkPanelFormulas(panel))).toEqual(['OUTSIDE list.1.options.expression formula.unknown_field']);
  });

  it('reports a cycle on every member, naming the chain', () => {
    const panel = panelOf(computed('a', '[b] + 1'), computed('b', '[c] + 1'), computed('c', '[a] + 1'), computed('d', '[a]'));
    const issues = checkPanelFormulas(panel).filter((issue) => issue.code === 'formula.cycle');
    expect(summary(issues)).toEqual(['A list.0.options.expression formula.cycle', 'B list.1.options.expression formula.cycle', 'C list.2.options.expression formula.cycle']);
    expect(issues[0]?.messageEn).toBe('The formulas refer to each other in a cycle: a → b → c → a');
    expect(issues[0]?.message).toBe('公式之间存在循环引用：a → b → c → a');
  });

  it('reports a condition in a cycle on the condition', () => {
    const panel = panelOf(computed('a', '[b] + 1'), field('b', 'number', { logicExpression: '[a] > 1' }));
    expect(summary(checkPanelFormulas(panel))).toEqual(['A list.0.options.expression formula.cycle', 'B list.1.options.logicExpression formula.cycle']);
  });

  it('is part of validatePanel, so the server refuses such a panel on save', () => {
    const issues = validatePanel(panelOf(computed('a', '[a] + 1')));
    expect(issues.some((issue) => issue.code === 'formula.cycle' && issue.path === 'list.0.options.expression')).toBe(true);
  });
});
