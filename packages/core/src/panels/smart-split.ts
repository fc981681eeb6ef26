/**
 * Spec 001 §5.2 smart split: pasted text is split on whitespace, newlines and semicolons into rows or
 * options. Full-width characters (semicolons, spaces, letters, digits) are normalised to their ASCII forms
 * first; empty pieces and repeats are dropped, keeping the first occurrence's order.
 */
export function smartSplit(text: string): string[] {
  const pieces = text.normalize('NFKC').split(/[\s;]+/);
  return [...new Set(pieces.filter((piece) => piece !== ''))];
}
