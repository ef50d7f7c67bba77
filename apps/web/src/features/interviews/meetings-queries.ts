/**
 * The tutor's interviews and demo sessions (issue 21 items 3, 4): the calls of API.interviews and
 * API.demoSessions and their TanStack Query hooks. Booking and cancelling refresh both lists and
 * the onboarding steps, whose interview and demo-session rows follow them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DemoSessionStatus, InterviewStatus, PAGE_SIZE_MAX } from '@talaqa/domain';
import type { DemoSessionView, InterviewView } from '@talaqa/domain';
import { demoSessionApi, interviewApi } from '../../api';
import { onboardingKeys } from '../onboarding/OnboardingSteps';

/** The tutor's side of the interview and demo-session calls (api.ts holds the calls). */
export const meetingsApi = {
  interviewers: interviewApi.interviewers,
  times: interviewApi.times,
  interviews: (signal?: AbortSignal) => interviewApi.list({ size: PAGE_SIZE_MAX }, signal),
  demoSessions: (signal?: AbortSignal) => demoSessionApi.list({ size: PAGE_SIZE_MAX }, signal),
  bookInterview: interviewApi.book,
  bookDemoSession: demoSessionApi.book,
  /** The tutor's only change: cancel until the start. */
  cancelInterview: (id: number) =>
    interviewApi.update({ id, status: InterviewStatus.CanceledByInterviewee }),
  cancelDemoSession: (id: number) =>
    demoSessionApi.update({ id, status: DemoSessionStatus.CanceledByTutor }),
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
