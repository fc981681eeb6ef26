import { TEXTAREA_MAXLENGTH_DEFAULT, TEXT_MAXLENGTH_DEFAULT } from './constants.js';
import type { DataType, Widget, WidgetRule } from './schema.js';
import { isDataWidget } from './walk.js';
import { widgetTypeFacts } from '../forms/widget-types.js';

type RuleType = NonNullable<WidgetRule['type']>;

/** Spec 001 §5.2 and §3.9: the message of a data-type rule. */
export const FORMAT_INCORRECT = { message: '格式不正确', messageEn: 'Format incorrect' } as const;
/** Spec 001 §5.2: the message of a pattern rule. */
export const FORMAT_MISMATCH = { message: '格式不匹配', messageEn: 'Format does not match' } as const;

/** Spec 001 §5.2: '{name} must be filled in'. An unnamed widget is named by its model. */
export function requiredMessage(widget: Pick<Widget, 'name' | 'nameEn' | 'model'>): { message: string; messageEn: string } {
  const name = widget.name.trim() || widget.model;
  const nameEn = widget.nameEn?.trim() || name;
  return { message: `${name}必须填写`, messageEn: `${nameEn} must be filled in` };
}

/** Spec 001 §5.2: the text data type maps to the rule type string. */
export function ruleTypeOf(dataType: DataType): RuleType {
  return dataType === 'text' ? 'string' : dataType;
}

/** Spec 001 §5.2: a reference select takes its value from elsewhere and shows no validation. */
export function isReferenceSelect(widget: Widget): boolean {
  return widget.type === 'select' && Boolean(widget.options.ref);
}

/**
 * The validation rules a widget's settings imply (spec 001 §5.2): required, data type and pattern, each
 * with its message in both languages. Disabled widgets, reference selects and layout widgets get none.
 */
export function generateRules(widget: Widget): WidgetRule[] {
  if (widget.disabled === true || !isDataWidget(widget) || isReferenceSelect(widget)) return [];
  const rules: WidgetRule[] = [];
  if (widget.required === true || widget.options.required === true) {
    rules.push({ required: true, ...requiredMessage(widget) });
  }
  const { dataType, pattern } = widget.options;
  if (dataType !== undefined) rules.push({ type: ruleTypeOf(dataType), ...FORMAT_INCORRECT });
  if (pattern !== undefined && pattern !== '') rules.push({ pattern, ...FORMAT_MISMATCH });
  return rules;
}

function ruleIdentity(rule: WidgetRule): string {
  if (rule.required === true) return 'required';
  if (rule.type !== undefined) return `type:${rule.type}`;
  if (rule.pattern !== undefined) return `pattern:${rule.pattern}`;
  return `message:${rule.message}`;
}

/**
 * Spec 002 §5: a field's rules are merged when declared more than once. A rule of the same kind (required,
 * one data type, one pattern) counts once; the first declaration's message wins; order is kept.
 */
export function mergeRules(...declarations: readonly (readonly WidgetRule[] | undefined)[]): WidgetRule[] {
  const merged = new Map<string, WidgetRule>();
  for (const rules of declarations) {
    for (const rule of rules ?? []) {
      const identity = ruleIdentity(rule);
      if (!merged.has(identity)) merged.set(identity, rule);
    }
  }
  return [...merged.values()];
}

/** Spec 001 §5.2 and spec 002 §5: configured maxlength, else 1024 for a textarea and 64 for other text. */
export function textMaxLength(widget: Widget): number {
  return widget.options.maxlength ?? (widget.type === 'textarea' ? TEXTAREA_MAXLENGTH_DEFAULT : TEXT_MAXLENGTH_DEFAULT);
}

/**
 * Spec 001 §5.2: number inputs take precision from options for number/float types, otherwise 0 decimals.
 * A number widget without a data type counts as type number.
 */
export function numberPrecision(widget: Widget): number {
  const dataType = widget.options.dataType ?? (widgetTypeFacts(widget.type).numeric ? 'number' : undefined);
  return dataType === 'number' || dataType === 'float' ? (widget.options.precision ?? 0) : 0;
}
