import { useSyncExternalStore } from 'react';

/**
 * Whether the user's system asks for reduced motion (`prefers-reduced-motion: reduce`). antd's opening,
 * sliding and wave animations are switched off then (WCAG 2.3.3), which also spares slow machines, and the
 * headless browser of the journeys, the frames they would draw.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const read = (): boolean => mediaQuery()?.matches ?? false;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
