/**
 * The `/lessons` filters, kept in the address so links and Back keep them (issue 23 item 2;
 * decision 346): tutor, student, canceled or not, past/now/future, the stored status and a range
 * of Cairo days (`YYYY-MM-DD`, both included).
 */
import {
  LESSON_RATIFICATIONS,
  LESSON_STATUSES,
  LESSON_TIMINGS,
  isCairoDate,
  isOneOf,
  lessonDayRangeProblem,
} from '@talaqa/domain';
import type { LessonRatification, LessonStatus, LessonTiming } from '@talaqa/domain';

export interface LessonFilters {
  page: number;
  state: LessonRatification | undefined;
  when: LessonTiming | undefined;
  status: LessonStatus | undefined;
  from: string | undefined;
  to: string | undefined;
  tutorId: number | undefined;
  studentId: number | undefined;
}

/** A whole positive number, Arabic digits too; undefined otherwise. */
export const positive = (text: string | null): number | undefined => {
  if (text === null) return undefined;
  const value = Number(text.replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))));
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** A real `YYYY-MM-DD` day, else undefined. */
export const cairoDay = (text: string | null): string | undefined =>
  text !== null && isCairoDate(text) ? text : undefined;

export function readLessonFilters(params: URLSearchParams): LessonFilters {
  const state = params.get('state');
  const when = params.get('when');
  const status = params.get('status');
  return {
    page: positive(params.get('page')) ?? 1,
    state: isOneOf(LESSON_RATIFICATIONS, state) ? state : undefined,
    when: isOneOf(LESSON_TIMINGS, when) ? when : undefined,
    status: isOneOf(LESSON_STATUSES, status) ? status : undefined,
    from: cairoDay(params.get('from')),
    to: cairoDay(params.get('to')),
    tutorId: positive(params.get('tutorId')),
    studentId: positive(params.get('studentId')),
  };
}

export function writeLessonFilters(filters: LessonFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tutorId !== undefined) params.set('tutorId', String(filters.tutorId));
  if (filters.studentId !== undefined) params.set('studentId', String(filters.studentId));
  if (filters.state !== undefined) params.set('state', filters.state);
  if (filters.when !== undefined) params.set('when', filters.when);
  if (filters.status !== undefined) params.set('status', filters.status);
  if (filters.from !== undefined) params.set('from', filters.from);
  if (filters.to !== undefined) params.set('to', filters.to);
  if (filters.page !== 1) params.set('page', String(filters.page));
  return params;
}

/** What is wrong with the day range, by the server's own rule (`invalid-date-range`). */
export const dateRangeProblem = (filters: Pick<LessonFilters, 'from' | 'to'>) =>
  lessonDayRangeProblem(filters);

export const isFiltered = (filters: LessonFilters): boolean =>
  filters.state !== undefined ||
  filters.when !== undefined ||
  filters.status !== undefined ||
  filters.from !== undefined ||
  filters.to !== undefined ||
  filters.tutorId !== undefined ||
  filters.studentId !== undefined;
