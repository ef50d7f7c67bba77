/**
 * The page size of the admin's paged lists, remembered in local storage (spec section 9), and
 * the sizes offered (the spec's default, 10, first).
 */
import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, STORAGE_KEYS } from '@talaqa/domain';

export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, 20, 50] as const;

const isPageSize = (value: number): boolean =>
  (PAGE_SIZE_OPTIONS as readonly number[]).includes(value);

/** The page size chosen last time (spec section 9: remembered locally), else 10. */
export function readStoredPageSize(): number {
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEYS.pageSize));
    return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function storePageSize(size: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.pageSize, String(size));
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
}

/** The page size, remembered in local storage under STORAGE_KEYS.pageSize. */
export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readStoredPageSize);
  const change = useCallback((next: number) => {
    if (!isPageSize(next)) return;
    storePageSize(next);
    setSize(next);
  }, []);
  return [size, change];
}
