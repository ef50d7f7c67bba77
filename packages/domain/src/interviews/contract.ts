/**
 * The interview and demo-session endpoints (spec section 7, issue 21) and the shapes they answer.
 * Paths are the server's own (it ignores a trailing slash).
 */
import { z } from 'zod';
import { ADMIN_ROLES, rolesOnly } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema } from '../contract/query-fields';
import type { DemoSession, Interview } from '../entities';
import { ENGLISH_LEVELS, Role } from '../enums';
import { personSummarySchema } from '../lessons/contract';
import { DEMO_SESSION_STATUSES, INTERVIEW_STATUSES } from '../statuses';
import {
  bookDemoSessionBodySchema,
  bookInterviewBodySchema,
  demoSessionListQuerySchema,
  interviewListQuerySchema,
  interviewSelectQuerySchema,
  updateDemoSessionBodySchema,
  updateInterviewBodySchema,
} from './validation';

const id = z.number().int();

/**
 * An interview as screens show it. `note` is the manager's private note: null for the tutor.
 * `end` is `start` + 30 minutes; `closedAt` when it was decided or canceled.
 */
export const interviewViewSchema = z.object({
  id,
  status: z.literal(INTERVIEW_STATUSES),
  start: instantSchema,
  end: instantSchema,
  feedback: z.string().nullable(),
  note: z.string().nullable(),
  level: z.literal(ENGLISH_LEVELS).nullable(),
  interviewerId: id,
  intervieweeId: id,
  interviewer: personSummarySchema,
  interviewee: personSummarySchema,
  bookedAt: instantSchema,
  closedAt: instantSchema.nullable(),
}) satisfies z.ZodType<Interview>;
export type InterviewView = z.infer<typeof interviewViewSchema>;

export const interviewPageSchema = pageSchema(interviewViewSchema);
export type InterviewPage = z.infer<typeof interviewPageSchema>;

/** A demo session as screens show it (`note` null for the tutor). */
export const demoSessionViewSchema = z.object({
  id,
  status: z.literal(DEMO_SESSION_STATUSES),
  start: instantSchema,
  end: instantSchema,
  tutorId: id,
  tutorManagerId: id,
  tutor: personSummarySchema,
  tutorManager: personSummarySchema,
  feedback: z.string().nullable(),
  note: z.string().nullable(),
  bookedAt: instantSchema,
  closedAt: instantSchema.nullable(),
}) satisfies z.ZodType<DemoSession>;
export type DemoSessionView = z.infer<typeof demoSessionViewSchema>;

export const demoSessionPageSchema = pageSchema(demoSessionViewSchema);
export type DemoSessionPage = z.infer<typeof demoSessionPageSchema>;

/** GET /user/interviewer/select: the active tutor managers. */
export const interviewerOptionSchema = personSummarySchema;
export const interviewerOptionsSchema = z.array(interviewerOptionSchema);
export type InterviewerOption = z.infer<typeof interviewerOptionSchema>;

/** GET /interview/select: each active manager's free 30-minute starts, ascending. */
export const interviewTimesSchema = z.array(
  z.object({ interviewer: personSummarySchema, starts: z.array(instantSchema) }),
);
export type InterviewTimes = z.infer<typeof interviewTimesSchema>;

const PEOPLE = [Role.Tutor, Role.TutorManager, ...ADMIN_ROLES] as const;

export const interviewEndpoints = {
  interviewers: endpoint({
    method: 'GET',
    path: '/user/interviewer/select',
    summary: 'The active tutor managers a tutor may book an interview or demo session with',
    access: rolesOnly(...PEOPLE),
    responses: { 200: interviewerOptionsSchema },
  }),
  times: endpoint({
    method: 'GET',
    path: '/interview/select',
    summary: 'Free 30-minute times of the active tutor managers (this and next Cairo week)',
    access: rolesOnly(...PEOPLE),
    query: interviewSelectQuerySchema,
    responses: { 200: interviewTimesSchema },
    errors: ['user-not-found', 'inactive-tutor-manager'],
  }),
  book: endpoint({
    method: 'POST',
    path: '/interview',
    summary: 'Books an interview with a tutor manager',
    access: rolesOnly(Role.Tutor),
    body: bookInterviewBodySchema,
    responses: { 201: interviewViewSchema },
    errors: [
      'user-not-found',
      'inactive-tutor-manager',
      'conflicting-interview',
      'busy-tutor-manager',
    ],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/interview',
    summary: 'Cancels, decides or annotates an interview',
    access: rolesOnly(...PEOPLE),
    body: updateInterviewBodySchema,
    responses: { 200: interviewViewSchema },
    errors: ['interview-not-found', 'forbidden', 'illegal'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/interview/list',
    summary: 'The caller’s interviews (every interview for admins), filtered and paged',
    access: rolesOnly(...PEOPLE),
    query: interviewListQuerySchema,
    responses: { 200: interviewPageSchema },
  }),
};

export const demoSessionEndpoints = {
  book: endpoint({
    method: 'POST',
    path: '/demo-session',
    summary: 'Books the demo session with a tutor manager, after a passed interview',
    access: rolesOnly(Role.Tutor),
    body: bookDemoSessionBodySchema,
    responses: { 201: demoSessionViewSchema },
    errors: [
      'illegal',
      'user-not-found',
      'inactive-tutor-manager',
      'demo-session-exists',
      'busy-tutor-manager',
    ],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/demo-session',
    summary: 'Cancels, decides or annotates a demo session',
    access: rolesOnly(...PEOPLE),
    body: updateDemoSessionBodySchema,
    responses: { 200: demoSessionViewSchema },
    errors: ['demo-session-not-found', 'forbidden', 'illegal'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/demo-session/list',
    summary: 'The caller’s demo sessions (every one for admins), filtered and paged',
    access: rolesOnly(...PEOPLE),
    query: demoSessionListQuerySchema,
    responses: { 200: demoSessionPageSchema },
  }),
};
