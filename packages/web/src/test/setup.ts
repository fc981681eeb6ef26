import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { keepStylesOutOfTheDocument, skipReactOwnerStacks } from './jsdom-speed';

// Rendering antd pages under jsdom is slow; waiting up to five seconds avoids flaky page tests.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts automatically only when test globals are enabled; this project imports them.
// Test files share a worker's modules (isolate: false in vitest.config.ts), so nothing may outlive a test.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.useRealTimers();
});

// jsdom implements none of these; antd's responsive and overflow helpers and the scroll-to-top effect call them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});
window.scrollTo = vi.fn();

class ResizeObserverStub {
  observe = vi.fn();
  unobserve = vi.fn();
  disconnect = vi.fn();
}
window.ResizeObserver = ResizeObserverStub;

// jsdom's getComputedStyle runs the cascade over every stylesheet in the document, and antd injects
// hundreds of them: it was four fifths of the web tests' time. Tests see an element's inline style only,
// which keeps what Testing Library reads (inline display and visibility, the hidden attribute it checks
// itself) and gives antd's measuring helpers a value without the cascade. antd also measures the
// scrollbar through a pseudo-element style, which jsdom does not implement: that gets an empty style.
const emptyStyle = document.createElement('div').style;
window.getComputedStyle = (element: Element, pseudoElement?: string | null) =>
  pseudoElement || !(element instanceof HTMLElement || element instanceof SVGElement) ? emptyStyle : element.style;

// jsdom has no canvas: getContext answers null, as a browser with canvas turned off does, but also prints an
// error each time it is asked. Charts then draw with SVG (components/EChart.tsx).
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

keepStylesOutOfTheDocument();
skipReactOwnerStacks();
