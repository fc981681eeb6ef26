import { useSyncExternalStore } from 'react';
import { DEFAULT_FONT_SIZE, FONT_SIZES, FONT_SIZE_PX } from '@dcap/core';
import type { FontSize } from '@dcap/core';
import { storageKey } from '../../app/storage';

/**
 * The interface font size (spec 000 §3: "A font size preference is also kept (default 12 px; options small,
 * medium, large)"). It is kept locally, so the first paint already uses it, and on the server per user
 * (account preferences), which the custom tab reads and writes. Changing it re-renders every subscriber,
 * antd's theme among them, so the whole application follows at once.
 */
const listeners = new Set<() => void>();

function readStored(): FontSize {
  try {
    const stored = window.localStorage.getItem(storageKey('fontSize'));
    return FONT_SIZES.find((size) => size === stored) ?? DEFAULT_FONT_SIZE;
  } catch {
    return DEFAULT_FONT_SIZE;
  }
}

let current: FontSize | null = null;

export function currentFontSize(): FontSize {
  current ??= readStored();
  return current;
}

/** Applies a font size app-wide and keeps it for the next visit. */
export function applyFontSize(size: FontSize): void {
  if (size === currentFontSize()) return;
  current = size;
  try {
    window.localStorage.setItem(storageKey('fontSize'), size);
  } catch {
    // Private browsing may refuse storage; the size still applies to this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The font size in pixels, following every change. */
export function useFontSizePx(): number {
  return FONT_SIZE_PX[useSyncExternalStore(subscribe, currentFontSize, currentFontSize)];
}
