import { RICH_TEXT_LINK_PATTERN, sanitizeRichText as sanitizeAllowedHtml } from '@dcap/core';

/**
 * Spec 001 §2.1 rich-text note: the small editor's DOM operations and the sanitiser every stored HTML goes
 * through. Operations work on the current selection's range inside the editor, without execCommand. The
 * allowlist and the sanitiser are core's, the same the server applies to every save (docs/decisions.md).
 */

/** Inline formatting a "clear formatting" lifts text out of. */
const INLINE_TAGS = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'A', 'SPAN', 'FONT']);
const BLOCK_TAGS = new Set(['DIV', 'P', 'LI']);

export const LINK_PATTERN = RICH_TEXT_LINK_PATTERN;

/** The HTML as it may be stored: only the tags the toolbar makes, no scripts, no event attributes. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeAllowedHtml(html);
  // An editor emptied by the user leaves a lone line break behind; the widget then has no content.
  return clean.replace(/^(<br>)+$/, '');
}

const isElement = (node: Node | null): node is HTMLElement => node?.nodeType === Node.ELEMENT_NODE;

/** The selection's range when it lies inside the editor, else null. */
export function rangeIn(root: HTMLElement): Range | null {
  const selection = root.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return root.contains(range.commonAncestorContainer) ? range : null;
}

/** A collapsed range at the end of the editor, where pasted content goes when nothing is selected there. */
export function endOf(root: HTMLElement): Range {
  const range = root.ownerDocument.createRange();
  range.selectNodeContents(root);
  range.collapse(false);
  return range;
}

function select(range: Range, node: Node): void {
  range.selectNodeContents(node);
  const selection = node.ownerDocument?.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

function caretAfter(range: Range, node: Node): void {
  range.setStartAfter(node);
  range.collapse(true);
  const selection = node.ownerDocument?.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Wraps the selected content in an inline element (bold, italic, underline, link). False when nothing is selected. */
export function wrapSelection(range: Range, wrapper: HTMLElement): boolean {
  if (range.collapsed) return false;
  wrapper.append(range.extractContents());
  range.insertNode(wrapper);
  select(range, wrapper);
  return true;
}

/** One list item per line or block of the selection; a caret alone starts an empty list. */
export function makeList(range: Range, kind: 'ul' | 'ol'): void {
  const document = range.startContainer.ownerDocument ?? window.document;
  const list = document.createElement(kind);
  const fragment = range.extractContents();
  const addItem = (): HTMLLIElement => {
    const item = document.createElement('li');
    list.append(item);
    return item;
  };
  let current: HTMLLIElement | null = null;
  for (const node of [...fragment.childNodes]) {
    if (isElement(node) && (node.tagName === 'UL' || node.tagName === 'OL')) {
      for (const child of [...node.children]) addItem().append(...child.childNodes);
      current = null;
    } else if (isElement(node) && BLOCK_TAGS.has(node.tagName)) {
      addItem().append(...node.childNodes);
      current = null;
    } else if (isElement(node) && node.tagName === 'BR') {
      current = null;
    } else {
      current ??= addItem();
      current.append(node);
    }
  }
  const first = list.firstElementChild ?? addItem();
  if (!first.hasChildNodes()) first.append(document.createElement('br'));
  range.insertNode(list);
  select(range, list.lastElementChild ?? list);
}

/** Puts the range's start outside every inline formatting element, splitting them there. */
function liftOut(range: Range, root: HTMLElement): void {
  let outer: HTMLElement | null = null;
  for (let node: Node | null = range.startContainer; node && node !== root; node = node.parentNode) {
    if (isElement(node) && INLINE_TAGS.has(node.tagName)) outer = node;
  }
  if (!outer) return;
  const tail = root.ownerDocument.createRange();
  tail.setStart(range.startContainer, range.startOffset);
  tail.setEndAfter(outer);
  const rest = tail.extractContents();
  const restElement = rest.firstChild;
  outer.after(rest);
  if (isElement(restElement) && restElement.textContent === '') restElement.remove();
  if (outer.textContent === '') {
    range.setStartBefore(outer);
    outer.remove();
  } else {
    range.setStartAfter(outer);
  }
  range.collapse(true);
}

/** Replaces the selection by its plain text, outside any bold, italic, underline or link. */
export function clearFormatting(range: Range, root: HTMLElement): boolean {
  if (range.collapsed) return false;
  const text = root.ownerDocument.createTextNode(range.toString());
  range.deleteContents();
  liftOut(range, root);
  range.insertNode(text);
  select(range, text);
  return true;
}

/** Inserts already sanitised HTML in place of the selection and puts the caret after it. */
export function insertHtml(range: Range, html: string): void {
  const template = range.startContainer.ownerDocument?.createElement('template') ?? document.createElement('template');
  template.innerHTML = html;
  const last = template.content.lastChild;
  range.deleteContents();
  range.insertNode(template.content);
  if (last) caretAfter(range, last);
}

/** Plain pasted text as HTML: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(/\r?\n/g, '<br>');
}
