import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Rendering antd pages under jsdom is slow; waiting up to five seconds avoids flaky page tests.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts automatically only when test globals are enabled; this project imports them.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
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

// antd measures the scrollbar through a pseudo-element style, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
