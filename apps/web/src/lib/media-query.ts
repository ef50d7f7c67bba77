import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here a page has room for a side panel. */
export const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * Whether a media query matches now, following changes (a rotated phone, a resized window).
 * Without `matchMedia` (old browsers, some test environments) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
