import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { CreatePlanInviteBody, UpdatePlanInviteBody } from '@talaqa/domain';
import { api } from '../../api';

export interface PlanInviteListParams {
  page: number;
  size: number;
  planId?: number;
}

export const planInviteKeys = {
  all: ['plan-invites'] as const,
  list: (params: PlanInviteListParams) => [...planInviteKeys.all, 'list', params] as const,
};

/** One page of invites, of one plan when `planId` is given. */
export function usePlanInvites(params: PlanInviteListParams) {
  return useQuery({
    queryKey: planInviteKeys.list(params),
    queryFn: ({ signal }) => api.call(API.planInvites.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: planInviteKeys.all });

/** Invites a student to a plan. */
export function useCreatePlanInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanInviteBody) => api.call(API.planInvites.create, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Points an invite at another plan. */
export function useUpdatePlanInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlanInviteBody) => api.call(API.planInvites.move, { body }),
    onSettled: () => refresh(queryClient),
  });
}

/** Withdraws an invite (204). */
export function useDeletePlanInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.planInvites.remove, { params: { id } }),
    onSettled: () => refresh(queryClient),
  });
}
