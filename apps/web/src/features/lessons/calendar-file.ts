/**
 * The lesson page's "add to calendar" file: one lesson as an iCalendar document, written by the
 * domain's writer the server's calendar feed uses, with the feed's UID (`lesson-{id}@{host}`) so
 * a calendar that has both keeps one event.
 */
import { endOf, lessonEventUid, lessonSequence, writeCalendar } from '@talaqa/domain';
import { minutesText } from '../../lib/format';
import { lessonPath } from '../../paths';
import type { LessonView } from '@talaqa/domain';

export function lessonCalendarFile(
  lesson: LessonView,
  otherName: string,
  webOrigin: string,
  now: Date,
): string {
  const url = new URL(lessonPath(lesson.id), webOrigin).href;
  const start = new Date(lesson.start);
  const canceled = lesson.canceledBy !== null;
  return writeCalendar({
    prodId: '-//Talaqa//Lesson//AR',
    name: 'طلاقة',
    timeZone: 'Africa/Cairo',
    stamp: now,
    events: [
      {
        uid: lessonEventUid(lesson.id, new URL(webOrigin).hostname),
        start,
        end: endOf(start, lesson.duration),
        created: new Date(lesson.bookedAt),
        lastModified: now,
        // Counted at download (as the feed counts at a change): a later file wins over an earlier.
        sequence: lessonSequence(now),
        summary: `درس إنجليزي مع ${otherName}`,
        description: `${canceled ? 'أُلغي هذا الدرس.\n' : ''}مدة الدرس ${minutesText(lesson.duration)}.\nصفحة الدرس: ${url}`,
        url,
        status: canceled ? 'CANCELLED' : 'CONFIRMED',
      },
    ],
  });
}
