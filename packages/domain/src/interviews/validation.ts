/**
 * Interviews' and demo sessions' requests (spec section 7, issue 21) as zod schemas whose
 * failures carry catalogue codes. The feedback, note and level rules are `../validation/interviews`.
 */
import { z } from 'zod';
import { bodyId, optionalQuery, queryId, queryWord } from '../contract/query-fields';
import { lessonStartSchema } from '../lessons/validation';
import { DEMO_SESSION_STATUSES, INTERVIEW_STATUSES } from '../statuses';
import {
  interviewFeedbackSchema,
  interviewLevelSchema,
  interviewNoteSchema,
  pageQuerySchema,
} from '../validation';
import { oneOf, optionalText, textSchema } from '../validation/blocks';

/** GET /interview/select: one manager's free times, or every active manager's. */
export const interviewSelectQuerySchema = z.object({ interviewerId: queryId() });
export type InterviewSelectQuery = z.input<typeof interviewSelectQuerySchema>;

/**
 * POST /interview (tutors): a 30-minute interview with an active tutor manager at a start the
 * manager offers (`freeAppointmentStarts`). Refusals: user-not-found (not a tutor manager),
 * inactive-tutor-manager, conflicting-interview (one pending, one passed, or rejected less than
 * three months ago), busy-tutor-manager (the time is not offered or was just taken).
 */
export const bookInterviewBodySchema = z.object({
  interviewerId: bodyId(),
  start: lessonStartSchema,
});
export type BookInterviewBody = z.input<typeof bookInterviewBodySchema>;
export type BookInterviewRequest = z.output<typeof bookInterviewBodySchema>;

/**
 * PATCH /interview: a status change and/or the manager's feedback, note and level. Deciding
 * (Passed, Rejected) needs feedback and a level; the tutor only cancels
 * (CanceledByInterviewee). Without `status`, the manager edits the texts and level only.
 */
export const updateInterviewBodySchema = z.object({
  id: bodyId(),
  status: oneOf(INTERVIEW_STATUSES).optional(),
  feedback: optionalText(interviewFeedbackSchema),
  note: optionalText(interviewNoteSchema),
  level: interviewLevelSchema.optional(),
});
export type UpdateInterviewBody = z.input<typeof updateInterviewBodySchema>;
export type UpdateInterviewChange = z.output<typeof updateInterviewBodySchema>;

/** Future (not started), past (started): the lists' time filter. */
export const APPOINTMENT_TIMINGS = ['future', 'past'] as const;
export type AppointmentTiming = (typeof APPOINTMENT_TIMINGS)[number];

const statusQuery = <T extends number>(values: readonly T[]) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    oneOf(values).optional(),
  );

/** Part of the tutor's name or e-mail (the admin's list; record 330). */
const tutorSearch = optionalQuery(textSchema().trim().max(100, 'invalid-type'));

/**
 * GET /interview/list/: a tutor's own, a manager's own (as interviewer), every one for admins;
 * by status, time, tutor and manager, and (record 330) the tutor's name or e-mail; newest start
 * first.
 */
export const interviewListQuerySchema = pageQuerySchema.extend({
  status: statusQuery(INTERVIEW_STATUSES),
  when: queryWord(APPOINTMENT_TIMINGS),
  intervieweeId: queryId(),
  interviewerId: queryId(),
  search: tutorSearch,
});
export type InterviewListQuery = z.input<typeof interviewListQuerySchema>;
export type InterviewListFilters = z.output<typeof interviewListQuerySchema>;

/** POST /demo-session (tutors with a passed interview): same time rules as interviews. */
export const bookDemoSessionBodySchema = z.object({
  tutorManagerId: bodyId(),
  start: lessonStartSchema,
});
export type BookDemoSessionBody = z.input<typeof bookDemoSessionBodySchema>;
export type BookDemoSessionRequest = z.output<typeof bookDemoSessionBodySchema>;

/** PATCH /demo-session: a status change and/or the manager's feedback and note. */
export const updateDemoSessionBodySchema = z.object({
  id: bodyId(),
  status: oneOf(DEMO_SESSION_STATUSES).optional(),
  feedback: optionalText(interviewFeedbackSchema),
  note: optionalText(interviewNoteSchema),
});
export type UpdateDemoSessionBody = z.input<typeof updateDemoSessionBodySchema>;
export type UpdateDemoSessionChange = z.output<typeof updateDemoSessionBodySchema>;

export const demoSessionListQuerySchema = pageQuerySchema.extend({
  status: statusQuery(DEMO_SESSION_STATUSES),
  when: queryWord(APPOINTMENT_TIMINGS),
  tutorId: queryId(),
  tutorManagerId: queryId(),
  search: tutorSearch,
});
export type DemoSessionListQuery = z.input<typeof demoSessionListQuerySchema>;
export type DemoSessionListFilters = z.output<typeof demoSessionListQuerySchema>;
