import type { OptionItem } from './schema.js';

/** A line of the options text dialog: a (possibly negative) number, comma, value, comma, label (§5.2). */
const OPTION_LINE = /^(-?\d+)\s*[,，]\s*([^,，]+?)\s*[,，]\s*(.+)$/;

/**
 * Spec 001 §5.2 options text dialog: each line must be a number, a comma (ASCII or full-width), a value, a
 * comma and a label. Invalid lines are ignored, as are repeats of a code already read. When no line is
 * valid the result is null and the dialog is not applied.
 */
export function parseOptionsText(text: string): OptionItem[] | null {
  const options: OptionItem[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = OPTION_LINE.exec(line.trim());
    if (!match) continue;
    const [, key = '', value = '', label = ''] = match;
    const trimmedLabel = label.trim();
    if (seen.has(key) || trimmedLabel === '') continue;
    seen.add(key);
    options.push({ key, value, label: trimmedLabel });
  }
  return options.length > 0 ? options : null;
}

/** The options as the dialog shows them: one "code,value,label" line each. */
export function formatOptionsText(options: readonly OptionItem[]): string {
  return options.map((option) => `${option.key},${option.value},${option.label}`).join('\n');
}
