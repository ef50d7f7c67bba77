import { describe, expect, it } from 'vitest';
import { LessonStatus } from '@talaqa/domain';
import { lessonBadge } from './status-badge';

describe('lessonBadge', () => {
  const start = new Date('2026-11-26T15:00:00Z');
  const before = new Date('2026-11-26T14:59:59Z');
  const after = new Date('2026-11-26T15:00:00Z');

  it('calls a pending lesson upcoming until its start, then due', () => {
    expect(lessonBadge(LessonStatus.Pending, start, before).label).toBe('قادم');
    expect(lessonBadge(LessonStatus.Pending, start, after)).toEqual({
      label: 'حان موعده',
      tone: 'warning',
    });
  });

  it('shows the stored status otherwise, whatever the clock', () => {
    expect(lessonBadge(LessonStatus.Happening, start, after).label).toBe('يجري الآن');
    expect(lessonBadge(LessonStatus.Fulfilled, start, before).label).toBe('انتهى');
    expect(lessonBadge(LessonStatus.Cancelled, start, after).label).toBe('ملغى');
  });
});
