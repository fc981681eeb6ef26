import type { ParseResult } from './ast.js';
import { parseFormula } from './parser.js';

/**
 * A formula is parsed once: the renderer recomputes on every keystroke and the server on
 * every save, both with the tree from here. Results are shared objects and must not be changed.
 */
const cache = new Map<string, ParseResult>();
/** Enough for every formula of many panels; beyond it the oldest entries are dropped first. */
const CACHE_LIMIT = 5000;

export function compileFormula(text: string): ParseResult {
  const cached = cache.get(text);
  if (cached) return cached;
  const result = parseFormula(text);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(text, result);
  return result;
}
