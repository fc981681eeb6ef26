import { LABEL_MAX } from '../../panels/constants.js';

const ENTITIES: ReadonlyMap<string, string> = new Map([
  ['nbsp', ' '],
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['#39', "'"],
]);

/**
 * A REDCap label as plain text on one line: REDCap labels may hold HTML (bold, line breaks, colours), which
 * a widget name shows as written, so tags are dropped, common entities decoded, and control characters and
 * runs of white space become one space.
 */
export function plainText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (whole, name: string) => ENTITIES.get(name) ?? whole)
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
}

/** Whether a text holds HTML markup worth keeping as rich text. */
export const hasMarkup = (text: string): boolean => /<\/?[a-z][^>]*>/i.test(text);

/** Chinese, Japanese or Korean characters: such a label is not also offered as the English one. */
export const hasCjk = (text: string): boolean => /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/.test(text);

/** A name and, when the text reads as English, the same as its English name; cut to the label limit. */
export function bilingual(text: string, max = LABEL_MAX): { name: string; nameEn?: string; truncated: boolean } {
  const truncated = text.length > max;
  const name = truncated ? text.slice(0, max) : text;
  return hasCjk(name) || name === '' ? { name, truncated } : { name, nameEn: name, truncated };
}

/** A form name as a readable panel title: `baseline_visit` reads "Baseline visit". */
export function formTitle(formName: string): string {
  const words = formName.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
