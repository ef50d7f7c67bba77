/**
 * The admin's interviews and demo sessions (issue 21 items 3, 4; record 330): one page of either
 * kind with the list's filters, the tutor managers to filter by, and the admin's changes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, PAGE_SIZE_MAX, Role } from '@talaqa/domain';
import type {
  AppointmentTiming,
  DemoSessionStatus,
  DemoSessionView,
  InterviewStatus,
  InterviewView,
  MeetingKind,
  UpdateDemoSessionBody,
  UpdateInterviewBody,
} from '@talaqa/domain';
import { api } from '../../api';

export interface MeetingListParams {
  kind: MeetingKind;
  page: number;
  size: number;
  status?: number;
  managerId?: number;
  tutorId?: number;
  when?: AppointmentTiming;
  search?: string;
}

export const meetingKeys = {
  all: ['meetings'] as const,
  list: (params: MeetingListParams) => [...meetingKeys.all, 'list', params] as const,
  managers: ['meetings', 'managers'] as const,
};

/** A row of the list: an interview or a demo session with its people named alike. */
export type MeetingRow =
  | { kind: 'interview'; view: InterviewView; tutor: InterviewView['interviewee'] }
  | { kind: 'demo-session'; view: DemoSessionView; tutor: DemoSessionView['tutor'] };

export const managerOf = (row: MeetingRow) =>
  row.kind === 'interview' ? row.view.interviewer : row.view.tutorManager;

/** GET /interview/list/ or GET /demo-session/list (every one for admins), newest start first. */
export function useMeetingList(params: MeetingListParams) {
  return useQuery({
    queryKey: meetingKeys.list(params),
    queryFn: async ({ signal }): Promise<{ list: MeetingRow[]; total: number }> => {
      const { kind, page, size, when, search } = params;
      if (kind === 'interview') {
        const query = {
          page,
          size,
          when,
          search,
          status: params.status as InterviewStatus | undefined,
          interviewerId: params.managerId,
          intervieweeId: params.tutorId,
        };
        const answer = await api.call(API.interviews.list, { query }, { signal });
        return {
          list: answer.list.map((view) => ({ kind, view, tutor: view.interviewee })),
          total: answer.total,
        };
      }
      const query = {
        page,
        size,
        when,
        search,
        status: params.status as DemoSessionStatus | undefined,
        tutorManagerId: params.managerId,
        tutorId: params.tutorId,
      };
      const answer = await api.call(API.demoSessions.list, { query }, { signal });
      return {
        list: answer.list.map((view) => ({ kind, view, tutor: view.tutor })),
        total: answer.total,
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every tutor manager by name (GET /user/list with the role), for the manager filter. */
export function useTutorManagers() {
  return useQuery({
    queryKey: meetingKeys.managers,
    queryFn: ({ signal }) =>
      api.call(
        API.users.list,
        {
          query: {
            role: Role.TutorManager,
            page: 1,
            size: PAGE_SIZE_MAX,
            sort: 'name',
            order: 'asc',
          },
        },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

export type MeetingChange =
  | { kind: 'interview'; body: UpdateInterviewBody }
  | { kind: 'demo-session'; body: UpdateDemoSessionBody };

/** PATCH /interview or /demo-session; every list reads again afterwards. */
export function useUpdateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MeetingChange): Promise<unknown> =>
      change.kind === 'interview'
        ? api.call(API.interviews.update, { body: change.body })
        : api.call(API.demoSessions.update, { body: change.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}
