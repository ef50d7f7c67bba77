/**
 * The tutor manager's meetings (issue 21 items 3, 4, 7; records 314, 315, 317): interviews and
 * demo sessions, their lists, their changes, and the words naming them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DemoSessionStatus, InterviewStatus, PAGE_SIZE_MAX } from '@talaqa/domain';
import type {
  DemoSessionView,
  InterviewView,
  UpdateDemoSessionBody,
  UpdateInterviewBody,
} from '@talaqa/domain';
import { demoSessionApi, interviewApi } from '../../api';

export const meetingKeys = {
  all: ['meetings'] as const,
  pending: ['meetings', 'pending'] as const,
  started: ['meetings', 'started'] as const,
};

/** A meeting as the manager's list shows it: an interview or a demo session, one shape. */
export type Meeting =
  | {
      kind: 'interview';
      id: number;
      start: Date;
      end: Date;
      tutorName: string;
      view: InterviewView;
    }
  | {
      kind: 'demo-session';
      id: number;
      start: Date;
      end: Date;
      tutorName: string;
      view: DemoSessionView;
    };

// The words live in @talaqa/ui, shared with the admin's list of every meeting.
export {
  DEMO_SESSION_STATUS_TEXT,
  INTERVIEW_STATUS_TEXT,
  MEETING_KIND_NAMES,
  meetingStatusText,
} from '@talaqa/ui';

/** Whether the meeting still waits: not held yet, or held and not decided. */
export const isPendingMeeting = (meeting: Meeting): boolean =>
  meeting.kind === 'interview'
    ? meeting.view.status === InterviewStatus.Pending
    : meeting.view.status === DemoSessionStatus.Pending;

/** Interviews and demo sessions as one list, earliest first. */
function mergedMeetings(
  interviews: readonly InterviewView[],
  demos: readonly DemoSessionView[],
): Meeting[] {
  const meetings: Meeting[] = [
    ...interviews.map((view) => ({
      kind: 'interview' as const,
      id: view.id,
      start: new Date(view.start),
      end: new Date(view.end),
      tutorName: view.interviewee.name,
      view,
    })),
    ...demos.map((view) => ({
      kind: 'demo-session' as const,
      id: view.id,
      start: new Date(view.start),
      end: new Date(view.end),
      tutorName: view.tutor.name,
      view,
    })),
  ];
  return meetings.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * The pending interviews and demo sessions (not yet held, or held and waiting for the decision),
 * earliest first: GET /interview/list/ and GET /demo-session/list (a manager's own, every one
 * for admins), a page of the largest size each.
 */
export function usePendingMeetings() {
  return useQuery({
    queryKey: meetingKeys.pending,
    queryFn: async ({ signal }) => {
      const [interviews, demos] = await Promise.all([
        interviewApi.list({ status: InterviewStatus.Pending, size: PAGE_SIZE_MAX }, signal),
        demoSessionApi.list({ status: DemoSessionStatus.Pending, size: PAGE_SIZE_MAX }, signal),
      ]);
      const meetings = mergedMeetings(interviews.list, demos.list);
      return { meetings, more: interviews.total + demos.total - meetings.length };
    },
    refetchInterval: 60_000,
  });
}

export type MeetingChange =
  | { kind: 'interview'; body: UpdateInterviewBody }
  | { kind: 'demo-session'; body: UpdateDemoSessionBody };

/** PATCH /interview or /demo-session; the lists and the rooms read again afterwards. */
export function useUpdateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MeetingChange): Promise<InterviewView | DemoSessionView> =>
      change.kind === 'interview'
        ? interviewApi.update(change.body)
        : demoSessionApi.update(change.body),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

/**
 * The interviews and demo sessions that have started, whatever became of them, newest first
 * (`when=past`, the largest page each): with the pending ones they make the manager's day
 * (docs/decisions/332-manager-home-on-interviews.md).
 */
export function useStartedMeetings() {
  return useQuery({
    queryKey: meetingKeys.started,
    queryFn: async ({ signal }) => {
      const [interviews, demos] = await Promise.all([
        interviewApi.list({ when: 'past', size: PAGE_SIZE_MAX }, signal),
        demoSessionApi.list({ when: 'past', size: PAGE_SIZE_MAX }, signal),
      ]);
      return mergedMeetings(interviews.list, demos.list);
    },
    refetchInterval: 60_000,
  });
}
