/**
 * The tutor's interviews and demo sessions (issue 21 items 3, 4): the calls of API.interviews and
 * API.demoSessions and their TanStack Query hooks. Booking and cancelling refresh both lists and
 * the onboarding steps, whose interview and demo-session rows follow them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, DemoSessionStatus, InterviewStatus, PAGE_SIZE_MAX } from '@talaqa/domain';
import type {
  BookDemoSessionBody,
  BookInterviewBody,
  DemoSessionView,
  InterviewView,
} from '@talaqa/domain';
import { api } from '../../api';
import { onboardingKeys } from '../onboarding/OnboardingSteps';

export const meetingsApi = {
  /** GET /user/interviewer/select: the active tutor managers. */
  interviewers: (signal?: AbortSignal) => api.call(API.interviews.interviewers, {}, { signal }),
  /** GET /interview/select: one manager's free 30-minute starts, or every active manager's. */
  times: (interviewerId: number | null, signal?: AbortSignal) =>
    api.call(
      API.interviews.times,
      { query: interviewerId === null ? {} : { interviewerId } },
      { signal },
    ),
  interviews: (signal?: AbortSignal) =>
    api.call(API.interviews.list, { query: { size: PAGE_SIZE_MAX } }, { signal }),
  demoSessions: (signal?: AbortSignal) =>
    api.call(API.demoSessions.list, { query: { size: PAGE_SIZE_MAX } }, { signal }),
  bookInterview: (body: BookInterviewBody) => api.call(API.interviews.book, { body }),
  bookDemoSession: (body: BookDemoSessionBody) => api.call(API.demoSessions.book, { body }),
  /** The tutor's only change: cancel until the start. */
  cancelInterview: (id: number) =>
    api.call(API.interviews.update, {
      body: { id, status: InterviewStatus.CanceledByInterviewee },
    }),
  cancelDemoSession: (id: number) =>
    api.call(API.demoSessions.update, { body: { id, status: DemoSessionStatus.CanceledByTutor } }),
};

export const meetingKeys = {
  all: ['meetings'] as const,
  interviews: ['meetings', 'interviews'] as const,
  demoSessions: ['meetings', 'demo-sessions'] as const,
  interviewers: ['meetings', 'interviewers'] as const,
  times: (interviewerId: number | null) => ['meetings', 'times', interviewerId ?? 'any'] as const,
};

export function useOwnInterviews() {
  return useQuery({
    queryKey: meetingKeys.interviews,
    queryFn: ({ signal }) => meetingsApi.interviews(signal),
  });
}

export function useOwnDemoSessions() {
  return useQuery({
    queryKey: meetingKeys.demoSessions,
    queryFn: ({ signal }) => meetingsApi.demoSessions(signal),
  });
}

export function useInterviewers(enabled: boolean) {
  return useQuery({
    queryKey: meetingKeys.interviewers,
    queryFn: ({ signal }) => meetingsApi.interviewers(signal),
    enabled,
  });
}

export function useFreeTimes(interviewerId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: meetingKeys.times(interviewerId),
    queryFn: ({ signal }) => meetingsApi.times(interviewerId, signal),
    enabled,
  });
}

/** After any change: both lists, the free times and the onboarding steps are stale. */
function useRefreshMeetings() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: meetingKeys.all }),
      client.invalidateQueries({ queryKey: onboardingKeys.own }),
    ]);
}

export type MeetingKind = 'interview' | 'demo-session';

export function useBookMeeting(kind: MeetingKind) {
  const refresh = useRefreshMeetings();
  return useMutation({
    mutationFn: ({
      managerId,
      start,
    }: {
      managerId: number;
      start: string;
    }): Promise<InterviewView | DemoSessionView> =>
      kind === 'interview'
        ? meetingsApi.bookInterview({ interviewerId: managerId, start })
        : meetingsApi.bookDemoSession({ tutorManagerId: managerId, start }),
    onSettled: refresh,
  });
}

export function useCancelMeeting() {
  const refresh = useRefreshMeetings();
  return useMutation({
    mutationFn: ({
      kind,
      id,
    }: {
      kind: MeetingKind;
      id: number;
    }): Promise<InterviewView | DemoSessionView> =>
      kind === 'interview' ? meetingsApi.cancelInterview(id) : meetingsApi.cancelDemoSession(id),
    onSettled: refresh,
  });
}
