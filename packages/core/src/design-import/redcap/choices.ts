import type { OptionItem } from '../../panels/schema.js';
import { bilingual, plainText } from './text.js';

export interface ParsedChoices {
  options: OptionItem[];
  /** `a→3` for each code that was not digits and was given a number (spec 001 §5.2: codes are digits). */
  recoded: string[];
  duplicates: string[];
}

/**
 * REDCap choices `1, Yes | 2, No` as options: each choice is a code, a comma and its label, choices are
 * separated by `|` (or line breaks in older dictionaries). The code becomes both key and value. Codes that are
 * not digits (`a`, `-1`, `NA`) get the next free numbers after the highest numeric code, in their order.
 */
export function parseChoices(text: string): ParsedChoices {
  const parts = text
    .split(/\||\r\n|\r|\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const read: { code: string; label: string }[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const comma = part.indexOf(',');
    const code = (comma === -1 ? part : part.slice(0, comma)).trim();
    const label = plainText(comma === -1 ? part : part.slice(comma + 1)) || code;
    if (seen.has(code)) {
      duplicates.push(code);
      continue;
    }
    seen.add(code);
    read.push({ code, label });
  }
  let next = Math.max(0, ...read.filter(({ code }) => /^\d+$/.test(code)).map(({ code }) => Number(code))) + 1;
  const recoded: string[] = [];
  const options = read.map(({ code, label }) => {
    let key = code;
    if (!/^\d+$/.test(code)) {
      key = String(next);
      next += 1;
      recoded.push(`${code}→${key}`);
    }
    const { name, nameEn } = bilingual(label);
    return nameEn === undefined ? { key, value: key, label: name } : { key, value: key, label: name, labelEn: nameEn };
  });
  return { options, recoded, duplicates };
}
