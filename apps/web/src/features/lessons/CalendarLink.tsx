import { useEffect, useMemo } from 'react';
import type { LessonView } from '@talaqa/domain';
import { buttonClasses } from '@talaqa/ui';
import { lessonCalendarFile } from './calendar-file';

/** "إضافة إلى التقويم": the lesson as an .ics download (the address is let go with the link). */
export function CalendarLink({ lesson, otherName }: { lesson: LessonView; otherName: string }) {
  const href = useMemo(() => {
    const text = lessonCalendarFile(lesson, otherName, window.location.origin, new Date());
    return URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  }, [lesson, otherName]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a
      href={href}
      download={`talaqa-lesson-${lesson.id}.ics`}
      className={buttonClasses({ variant: 'secondary' })}
    >
      إضافة إلى التقويم
    </a>
  );
}
