import type { OptionItem } from './schema.js';

/** Spec 001 §5.2: an option code holds digits only; anything else typed is dropped. */
export function sanitizeOptionCode(input: string): string {
  return input.replace(/\D/g, '');
}

/** Spec 001 §3.7: code 0 is the frozen "normal" code of the bullseye, so a user-typed zero becomes 999. */
export const BULLSEYE_ZERO_REPLACEMENT = '999';

/**
 * Spec 001 §5.2: bullseye codes allow digits and a minus (the not-done and non-diagnostic codes are
 * negative); a zero entered is replaced by 999. A minus only counts in front.
 */
export function sanitizeBullseyeCode(input: string): string {
  const kept = input.replace(/[^\d-]/g, '');
  const negative = kept.startsWith('-');
  const digits = kept.replace(/-/g, '');
  if (digits !== '' && /^0+$/.test(digits)) return BULLSEYE_ZERO_REPLACEMENT;
  return negative ? `-${digits}` : digits;
}

/**
 * The label of a new option: 选项1 / Option 1. Spec 001 §9 numbers them "1. 新选项"; a label that reads as a
 * real answer text is what a study team expects to refine, and publishing lists any left as they are
 * (default-labels.ts; docs/decisions.md, "Default labels").
 */
export function newOptionLabel(n: number): { label: string; labelEn: string } {
  return { label: `选项${String(n)}`, labelEn: `Option ${String(n)}` };
}

/** Spec 001 §9: example option labels are numbered like "1. Example". */
export function exampleOptionLabel(n: number): { label: string; labelEn: string } {
  return { label: `${String(n)}. 示例`, labelEn: `${String(n)}. Example` };
}

/** The next free code: one above the highest numeric code in use, 1 for an empty list. */
export function nextOptionCode(options: readonly OptionItem[]): string {
  const codes = options.map((option) => Number(option.key)).filter((code) => Number.isInteger(code));
  return String(Math.max(0, ...codes) + 1);
}

/** A new option for the add-option button: next code, value following the key (§5.2), numbered label. */
export function createOption(options: readonly OptionItem[]): OptionItem {
  const key = nextOptionCode(options);
  return { key, value: key, ...newOptionLabel(options.length + 1) };
}

/** The default options of a new choice widget: 选项1 and 选项2 (Option 1, Option 2). */
export function defaultChoiceOptions(count = 2): OptionItem[] {
  const options: OptionItem[] = [];
  for (let i = 0; i < count; i += 1) options.push(createOption(options));
  return options;
}
