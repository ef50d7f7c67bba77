import { DEFAULT_PAGE_SIZE } from '@talaqa/domain';

/** The tutors list's page size, remembered on this device (spec: default 10). */
export const TUTORS_PAGE_SIZE_KEY = 'talaqa.tutors.pageSize';
export const TUTORS_PAGE_SIZES = [10, 20, 50] as const;

export function readPageSize(): number {
  try {
    const stored = Number(localStorage.getItem(TUTORS_PAGE_SIZE_KEY));
    return (TUTORS_PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function writePageSize(size: number): void {
  try {
    localStorage.setItem(TUTORS_PAGE_SIZE_KEY, String(size));
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}
