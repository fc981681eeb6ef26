/**
 * XML text for the ODM files (docs/decisions.md, "CDISC ODM"). Characters XML 1.0 cannot carry (most control
 * characters, lone surrogates) are dropped rather than escaped, since no escape makes them legal.
 */

// eslint-disable-next-line no-control-regex
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: `&`, `<` and `>` escaped. */
export function xmlText(value: string): string {
  return value.replace(ILLEGAL, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** An attribute value in double quotes: also quotes and the white space a parser would otherwise normalise. */
export function xmlAttr(value: string): string {
  return xmlText(value).replaceAll('"', '&quot;').replaceAll('\t', '&#9;').replaceAll('\n', '&#10;').replaceAll('\r', '&#13;');
}

export type XmlAttrs = Record<string, string | number | null | undefined>;

function attrs(values: XmlAttrs): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    out += ` ${name}="${xmlAttr(String(value))}"`;
  }
  return out;
}

export const openTag = (name: string, values: XmlAttrs = {}): string => `<${name}${attrs(values)}>`;
export const closeTag = (name: string): string => `</${name}>`;
export const emptyTag = (name: string, values: XmlAttrs = {}): string => `<${name}${attrs(values)}/>`;
export const textElement = (name: string, text: string, values: XmlAttrs = {}): string => `${openTag(name, values)}${xmlText(text)}${closeTag(name)}`;

/** ODM's TranslatedText list: one per language that has text, Chinese first; at least one (empty) entry. */
export function translatedText(zh: string | null | undefined, en: string | null | undefined): string {
  const parts: string[] = [];
  if (zh) parts.push(textElement('TranslatedText', zh, { 'xml:lang': 'zh' }));
  if (en) parts.push(textElement('TranslatedText', en, { 'xml:lang': 'en' }));
  if (parts.length === 0) parts.push(textElement('TranslatedText', '', { 'xml:lang': 'en' }));
  return parts.join('');
}
