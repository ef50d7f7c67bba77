import {
  availabilityForWeek,
  cairoWeekBounds,
  checkScheduleChange,
  isoRangeOf,
  slotWeekMinute,
} from '@talaqa/domain';
import type { AvailabilityWeek, WeeklySlot } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { isExclusionViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { busyOf, isListedRow, refreshNextFree, requireScheduleOwner, templateOf } from '../tutors';
import type { TutorRow } from '../tutors';
import { lockTutor, replaceTemplate, upcomingLessonsOf, upcomingMeetingsOf } from './repo';

/**
 * The tutor's schedule on the calendar of the Cairo week holding `weekOf`, as seen by `viewerId`.
 * A step of the services below: it is given their database and the instant they read, so one
 * request reads the clock once (decision 250).
 */
async function availabilityWeek(
  db: Database,
  tutor: TutorRow,
  view: { weekOf: Date; viewerId: number },
  now: Date,
): Promise<AvailabilityWeek> {
  const { weekOf, viewerId } = view;
  const week = cairoWeekBounds(weekOf);
  const [template, busy] = await Promise.all([
    templateOf(db, tutor.id),
    busyOf(db, [tutor.id], week, viewerId),
  ]);
  return {
    tutorId: tutor.id,
    weekStart: week.start.toISOString(),
    weekEnd: week.end.toISOString(),
    template,
    slots: availabilityForWeek(template, week.start).map(isoRangeOf),
    busy: (busy.get(tutor.id) ?? []).map(({ start, end, lessonId }) => ({
      ...isoRangeOf({ start, end }),
      ...(lessonId !== undefined && { lessonId }),
    })),
    noticePeriod: tutor.noticePeriod,
    bookable: isListedRow(tutor),
    now: now.toISOString(),
  };
}

/**
 * GET /availability-slot/: a tutor's own week, or (anyone signed in) a listed tutor's; admins may
 * read any tutor's. Everyone else's view is `tutor-not-found`, like an unknown id.
 */
export async function readAvailability(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
  query: { tutorId?: number; week?: Date },
): Promise<AvailabilityWeek> {
  const now = clock.now();
  const tutorId = query.tutorId ?? caller.userId;
  const tutor = await requireScheduleOwner(db, tutorId);
  if (tutorId !== caller.userId && !isAdmin(caller) && !isListedRow(tutor)) {
    throw new AppError('tutor-not-found');
  }
  return availabilityWeek(db, tutor, { weekOf: query.week ?? now, viewerId: caller.userId }, now);
}

/** Week order: Saturday first, then by start. */
const inWeekOrder = (slots: readonly WeeklySlot[]): WeeklySlot[] =>
  [...slots].sort((a, b) => slotWeekMinute(a) - slotWeekMinute(b));

function overlapping(first: number, second: number): AppError {
  return new AppError(
    'conflicting-schedule',
    `overlapping-slots: slots ${first} and ${second} overlap`,
    {
      fields: [
        { path: `slots.${first}.start`, code: 'invalid-type' },
        { path: `slots.${second}.start`, code: 'invalid-type' },
      ],
    },
  );
}

/**
 * POST /availability-slot/ (the tutor): replaces the weekly template in one transaction. The
 * tutor's user row is locked first, so a booking (which takes the same lock) cannot land between
 * reading the upcoming lessons and writing the new slots. Refused with `conflicting-schedule`
 * when two slots overlap (checked here, and by the exclusion constraint
 * `availability_slots_no_overlap` as the last word) or when an upcoming lesson would fall
 * outside the new schedule.
 */
export async function saveAvailability(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  tutorId: number,
  slots: readonly WeeklySlot[],
): Promise<AvailabilityWeek> {
  const now = clock.now();
  const ordered = inWeekOrder(slots);
  await db
    .transaction(async (tx) => {
      if (!(await lockTutor(tx, tutorId))) throw new AppError('tutor-not-found');
      // Lessons, and a tutor manager's interviews and demo sessions (issue 21).
      const upcoming = [
        ...(await upcomingLessonsOf(tx, tutorId, now)),
        ...(await upcomingMeetingsOf(tx, tutorId, now)),
      ];
      const verdict = checkScheduleChange(slots, upcoming);
      if (!verdict.ok && verdict.reason === 'overlapping-slots') {
        throw overlapping(...verdict.slots);
      }
      if (!verdict.ok) {
        const starts = verdict.lessons
          .map((index) => upcoming[index]?.start.toISOString())
          .join(', ');
        throw new AppError(
          'conflicting-schedule',
          `booked-lessons: ${verdict.lessons.length} booked lesson(s) would fall outside the new schedule (${starts})`,
        );
      }
      await replaceTemplate(tx, tutorId, ordered);
      await refreshNextFree(tx, [tutorId], now);
    })
    .catch((error: unknown) => {
      if (isExclusionViolation(error, 'availability_slots_no_overlap')) {
        throw new AppError('conflicting-schedule', 'overlapping-slots: two slots overlap', {
          cause: error,
        });
      }
      throw error;
    });
  const tutor = await requireScheduleOwner(db, tutorId);
  return availabilityWeek(db, tutor, { weekOf: now, viewerId: tutorId }, now);
}
