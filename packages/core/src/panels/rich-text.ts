/**
 * The HTML a rich-text note may hold (spec 001 §2.1), defined once for the designer's editor and the
 * server, and the sanitiser that enforces it (docs/decisions.md, "Rich text"). It needs no DOM, so the
 * server runs it on every write that stores rich text and the web runs the very same code in the editor.
 *
 * The input is read into tags and text, and the output is written afresh: only allowlisted tags, only
 * allowlisted attributes with checked values, every text and attribute value escaped. Whatever the input
 * hides (scripts, event handlers, `javascript:` links, styles, frames, comments, broken markup), nothing but
 * this small vocabulary can reach the output, however a browser would have read the input.
 */

/** The tags the editor's toolbar makes: paragraphs and line breaks, bold, italic, underline, lists, links. */
export const RICH_TEXT_TAGS = ['p', 'div', 'br', 'span', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a'] as const;
/** Attributes kept, per tag; every other attribute (event handlers, style, class, id, ...) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel'] };
/** A link goes to a web page or an e-mail address; any other scheme (`javascript:`, `data:`) is dropped. */
export const RICH_TEXT_LINK_PATTERN = /^(https?:\/\/|mailto:)\S+$/i;
const REL_WORDS = new Set(['noopener', 'noreferrer', 'nofollow']);

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const VOID = new Set(['br']);
/** Elements whose content goes with them: code, styles, embedded documents, foreign markup (void ones have none). */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frameset', 'object', 'applet', 'noscript', 'noembed', 'noframes', 'template',
  'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'head', 'select', 'option', 'button', 'form', 'audio',
  'video', 'canvas', 'picture',
]);
/** Elements whose content a browser reads as plain text up to the closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'xmp']);

const ENTITY_REFERENCE = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{0,31});/i;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n',
  sol: '/', num: '#', excl: '!', quest: '?', period: '.', comma: ',', lpar: '(', rpar: ')', equals: '=',
};

/** Text as HTML: character references kept, every bare `&`, `<` and `>` escaped. */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (c === '&') {
      const reference = ENTITY_REFERENCE.exec(text.slice(i, i + 34));
      out += reference?.index === 0 ? '&' : '&amp;';
    } else if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else out += c;
  }
  return out;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An attribute value as a browser would read it, for checking. References this does not know stay as
 * written, so a scheme hidden behind one fails the link pattern instead of slipping through.
 */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  /** Index just after the tag's `>`. */
  end: number;
}

const SPACE = /[\t\n\f\r ]/;

/** Reads the tag starting at `<` at `start`; null when the input ends inside it (a browser drops such a tag). */
function readTag(html: string, start: number): Tag | null {
  const closing = html[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  let name = '';
  while (i < html.length && !SPACE.test(html.charAt(i)) && html[i] !== '/' && html[i] !== '>') name += html.charAt(i++);
  const attributes: [string, string][] = [];
  for (;;) {
    while (i < html.length && (SPACE.test(html.charAt(i)) || html[i] === '/')) i += 1;
    if (i >= html.length) return null;
    if (html[i] === '>') return { name: name.toLowerCase(), closing, attributes, end: i + 1 };
    let attribute = html.charAt(i++);
    while (i < html.length && !SPACE.test(html.charAt(i)) && !'/>='.includes(html.charAt(i))) attribute += html.charAt(i++);
    while (i < html.length && SPACE.test(html.charAt(i))) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && SPACE.test(html.charAt(i))) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        while (i < html.length && !SPACE.test(html.charAt(i)) && html[i] !== '>') value += html.charAt(i++);
      }
    }
    attributes.push([attribute.toLowerCase(), value]);
  }
}

/** The kept attributes of an allowed tag, written out; values that fail their check are dropped. */
function writeAttributes(tag: string, attributes: [string, string][]): string {
  const allowed = RICH_TEXT_ATTRIBUTES[tag] ?? [];
  const seen = new Set<string>();
  let out = '';
  for (const [name, raw] of attributes) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    const value = decodeAttribute(raw);
    let kept: string | null = null;
    if (name === 'href') kept = RICH_TEXT_LINK_PATTERN.test(value) ? value : null;
    else if (name === 'target') kept = value.toLowerCase() === '_blank' ? '_blank' : null;
    else if (name === 'rel') {
      const words = value.toLowerCase().split(/\s+/).filter(Boolean);
      kept = words.length > 0 && words.every((word) => REL_WORDS.has(word)) ? words.join(' ') : null;
    }
    if (kept !== null) out += ` ${name}="${escapeAttribute(kept)}"`;
  }
  return out;
}

/** Where the markup opened by a dropped element ends: after its closing tag, or the end of the input. */
function skipDropped(html: string, name: string, from: number): number {
  if (name === 'plaintext') return html.length;
  const closing = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'gi');
  if (RAW_TEXT.has(name)) {
    closing.lastIndex = from;
    const match = closing.exec(html);
    if (!match) return html.length;
    return readTag(html, match.index)?.end ?? html.length;
  }
  // Other dropped elements may nest (an svg in an svg): count them.
  let depth = 1;
  let i = from;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) return html.length;
    const tag = /^<\/?[a-z]/i.test(html.slice(lt, lt + 3)) ? readTag(html, lt) : null;
    if (!tag) {
      i = lt + 1;
      continue;
    }
    if (tag.name === name) depth += tag.closing ? -1 : 1;
    if (depth === 0) return tag.end;
    i = tag.end;
  }
  return html.length;
}

/** Where a comment, doctype or processing instruction at `start` ends. */
function skipComment(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    if (html.startsWith('>', start + 4)) return start + 5;
    if (html.startsWith('->', start + 4)) return start + 6;
    const close = /--!?>/.exec(html.slice(start + 4));
    return close ? start + 4 + close.index + close[0].length : html.length;
  }
  const close = html.indexOf('>', start);
  return close < 0 ? html.length : close + 1;
}

/** The rich text as it may be stored and shown: see the module comment. Idempotent. */
export function sanitizeRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    const next = html.charAt(lt + 1);
    if (next === '!' || next === '?' || (next === '/' && !/[a-z]/i.test(html.charAt(lt + 2)))) {
      // `</>` is nothing; `</ x>` and `<!...>` are comments to a browser.
      i = html.startsWith('</>', lt) ? lt + 3 : skipComment(html, lt);
      continue;
    }
    if (!/[a-z/]/i.test(next)) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) break;
    i = tag.end;
    if (!tag.closing && DROPPED_WITH_CONTENT.has(tag.name)) {
      i = skipDropped(html, tag.name, tag.end);
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop() ?? ''}>`;
      continue;
    }
    out += `<${tag.name}${writeAttributes(tag.name, tag.attributes)}>`;
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop() ?? ''}>`;
  return out;
}

/** The widget whose content is HTML: a rich-text note. Section labels and alerts hold plain text. */
export const RICH_TEXT_WIDGET_TYPE = 'richeditor';

/**
 * A widget with its rich text sanitised. Core's widget schema applies it, so every write that parses a
 * panel or widget (panel saves, uploads, templates, library widgets) stores only clean HTML.
 */
export function cleanRichTextWidget<W extends { type: string; options: { content?: string | undefined; contentEn?: string | undefined } }>(widget: W): W {
  if (widget.type !== RICH_TEXT_WIDGET_TYPE) return widget;
  const { content, contentEn } = widget.options;
  const options = { ...widget.options };
  if (content !== undefined) options.content = sanitizeRichText(content);
  if (contentEn !== undefined) options.contentEn = sanitizeRichText(contentEn);
  return { ...widget, options };
}
