/**
 * A small XML reader for ODM files: enough of XML 1.0 for what schema-valid ODM holds (elements, attributes,
 * text, CDATA, comments, processing instructions, the predefined and numeric character references). A
 * document type declaration is refused, so no entity can expand (docs/decisions.md, "CDISC ODM").
 */

export interface XmlElement {
  /** The qualified name as written, such as `ODM` or `xml:lang`'s element. */
  name: string;
  /** The name without its prefix. */
  local: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NAME = /^[A-Za-z_:][\w.:-]*/;
const ATTR = /^\s+([A-Za-z_:][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, offset: number): string {
  return text.replace(/&(#x[0-9A-Fa-f]+|#\d+|\w+);?/g, (match, ref: string) => {
    if (!match.endsWith(';')) throw new XmlSyntaxError(`unterminated reference ${match}`, offset);
    if (ref.startsWith('#')) {
      const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      // XML 1.0 characters only: no NUL, no lone surrogates, nothing beyond Unicode.
      if (!(code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff))) {
        throw new XmlSyntaxError(`character reference ${match} is not an XML character`, offset);
      }
      return String.fromCodePoint(code);
    }
    const value = PREDEFINED[ref];
    if (value === undefined) throw new XmlSyntaxError(`unknown entity &${ref};`, offset);
    return value;
  });
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Parses a whole document into its root element; refuses anything not well formed. */
export function parseXml(source: string): XmlElement {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let at = 0;
  const appendText = (value: string) => {
    const top = stack.at(-1);
    if (top) top.text += value;
    else if (value.trim() !== '') throw new XmlSyntaxError('text outside the root element', at);
  };
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    if (lt < 0) {
      appendText(decode(text.slice(at), at));
      break;
    }
    if (lt > at) appendText(decode(text.slice(at, lt), at));
    at = lt;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) throw new XmlSyntaxError('unterminated comment', at);
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', at)) {
      const end = text.indexOf(']]>', at + 9);
      if (end < 0) throw new XmlSyntaxError('unterminated CDATA section', at);
      appendText(text.slice(at + 9, end));
      at = end + 3;
    } else if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end < 0) throw new XmlSyntaxError('unterminated processing instruction', at);
      at = end + 2;
    } else if (text.startsWith('<!', at)) {
      throw new XmlSyntaxError('document type declarations are not accepted', at);
    } else if (text.startsWith('</', at)) {
      const end = text.indexOf('>', at);
      const name = end < 0 ? '' : text.slice(at + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlSyntaxError(`unexpected closing tag </${name}>`, at);
      at = end + 1;
    } else {
      const nameMatch = NAME.exec(text.slice(at + 1, at + 256));
      if (!nameMatch) throw new XmlSyntaxError('malformed tag', at);
      const name = nameMatch[0];
      let cursor = at + 1 + name.length;
      const element: XmlElement = { name, local: localName(name), attrs: {}, children: [], text: '' };
      for (;;) {
        const rest = text.slice(cursor, cursor + 65_536);
        const attr = ATTR.exec(rest);
        if (!attr) break;
        const attrName = attr[1] as string;
        if (attrName in element.attrs) throw new XmlSyntaxError(`attribute ${attrName} repeated`, cursor);
        const raw = attr[3] ?? attr[4] ?? '';
        if (raw.includes('<')) throw new XmlSyntaxError('< in an attribute value', cursor);
        element.attrs[attrName] = decode(raw.replace(/[\t\n\r]/g, ' '), cursor);
        cursor += attr[0].length;
      }
      while (/\s/.test(text[cursor] ?? '')) cursor += 1;
      const selfClosing = text.startsWith('/>', cursor);
      if (!selfClosing && text[cursor] !== '>') throw new XmlSyntaxError(`malformed tag <${name}>`, cursor);
      at = cursor + (selfClosing ? 2 : 1);
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new XmlSyntaxError('more than one root element', at);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 0) throw new XmlSyntaxError(`element <${stack.at(-1)?.name ?? ''}> not closed`, at);
  if (!root) throw new XmlSyntaxError('no root element', 0);
  return root;
}

/** Children of an element with the given local name. */
export const childrenNamed = (element: XmlElement, local: string): XmlElement[] => element.children.filter((child) => child.local === local);
export const childNamed = (element: XmlElement, local: string): XmlElement | undefined => element.children.find((child) => child.local === local);

/** Every element of a tree in document order. */
export function* allElements(element: XmlElement): Generator<XmlElement> {
  yield element;
  for (const child of element.children) yield* allElements(child);
}
