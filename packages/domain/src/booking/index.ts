/**
 * Booking (spec sections 4, 5 and 9; issue 6): whether a student may book a lesson with a tutor
 * at a given time, which times the book-lesson dialog may offer, when a lesson may be moved, how
 * many minutes a cancellation gives back, and the tutor's weekly schedule on a given week's
 * calendar. Pure functions of their arguments, shared by the dialog and the server, so the dialog
 * never offers a time the server would refuse. The database still has the last word on overlaps
 * (exclusion constraints); these functions decide everything else.
 *
 * One file per idea, each stating its decisions: `grid.ts` (lengths, the 15-minute grid,
 * intervals), `rules.ts` (booking and rescheduling), `lessons.ts` (cancelling, a lesson's status),
 * `weekly-schedule.ts` (the template on a week's calendar).
 */

export {
  endOf,
  isCoveredBy,
  isLessonDuration,
  isOnSlotGrid,
  LESSON_DURATIONS,
  rangesOverlap,
  SLOT_GRID_MINUTES,
} from './grid';
export {
  BOOKING_RULES,
  bookingSubscriptionOf,
  checkBooking,
  checkReschedule,
  freeRescheduleStartTimes,
  freeStartTimes,
  isTutorListed,
  nextFreeStart,
  rescheduleContext,
  tutorFreeStartTimes,
  tutorVisibility,
} from './rules';
export type {
  ListingFields,
  TutorHiddenReason,
  BookingContext,
  BookingErrorCode,
  BookingInput,
  BookingRequest,
  BookingRule,
  BookingStudent,
  BookingSubscription,
  BookingTutor,
  BookingVerdict,
  BusyInterval,
  ReschedulableLesson,
  TutorTimeContext,
} from './rules';
export * from './lessons';
export * from './weekly-schedule';
