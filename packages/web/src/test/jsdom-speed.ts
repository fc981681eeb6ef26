import * as React from 'react';

/**
 * Two costs of rendering antd pages under jsdom that tell a test nothing (docs/architecture.md, "Tests and
 * their speed"). Both are test-only: the application never loads this file.
 */

/**
 * antd's style engine looks for its earlier `<style>` elements before inserting or removing one by listing
 * the container's children. jsdom's `children` is a live collection whose every property read scans the
 * collection by name, so each lookup cost time in the number of styles, hundreds per page: about a sixth of
 * a page test. Here style elements go to a detached element, which jsdom never parses either (tests read
 * inline styles only, see `getComputedStyle` in setup.ts), and whose `children` is a plain array.
 */
export function keepStylesOutOfTheDocument(): void {
  const sink = document.createElement('div');
  const styles: Node[] = [];
  Object.defineProperty(sink, 'children', { get: () => styles });
  const forget = (node: Node) => {
    const at = styles.indexOf(node);
    if (at >= 0) styles.splice(at, 1);
  };
  const append = sink.appendChild.bind(sink);
  const insert = sink.insertBefore.bind(sink);
  const remove = sink.removeChild.bind(sink);
  sink.appendChild = <T extends Node>(node: T): T => {
    forget(node);
    styles.push(node);
    return append(node);
  };
  sink.insertBefore = <T extends Node>(node: T, child: Node | null): T => {
    forget(node);
    const at = child ? styles.indexOf(child) : -1;
    if (at >= 0) styles.splice(at, 0, node);
    else styles.push(node);
    return insert(node, at >= 0 ? child : null);
  };
  sink.removeChild = <T extends Node>(node: T): T => {
    forget(node);
    return remove(node);
  };

  // The head's own methods are Node's: other nodes go on to them.
  const head = HTMLHeadElement.prototype;
  head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return node instanceof HTMLStyleElement ? sink.appendChild(node) : (Node.prototype.appendChild.call(this, node) as T);
  };
  head.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
    return node instanceof HTMLStyleElement ? sink.insertBefore(node, child) : (Node.prototype.insertBefore.call(this, node, child) as T);
  };
  head.removeChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return node.parentNode === sink ? sink.removeChild(node) : (Node.prototype.removeChild.call(this, node) as T);
  };
}

/**
 * React's development build records where each element was created by making an `Error` for its stack (the
 * "owner stack" of its warnings), up to ten thousand per render. The tests need the development build (for
 * `act`), not those stacks: with the counter held above the limit React uses its shared placeholder stack.
 * Warnings still name the component, without the creation stack.
 */
export function skipReactOwnerStacks(): void {
  const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Number.MAX_SAFE_INTEGER, set: () => undefined, configurable: true });
}
