import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  CreatePlanInviteBody,
  PlanInvitePage,
  PlanInviteView,
  UpdatePlanInviteBody,
} from '@talaqa/domain';
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

/** GET /plan-invite/list?page&size&planId */
export function usePlanInvites(params: PlanInviteListParams) {
  return useQuery({
    queryKey: planInviteKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<PlanInvitePage>('/plan-invite/list', {
        query: { ...params },
        private: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: planInviteKeys.all });

/** POST /plan-invite -> PlanInviteView */
export function useCreatePlanInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanInviteBody) =>
      api.post<PlanInviteView>('/plan-invite', body, { private: true }),
    onSuccess: () => refresh(queryClient),
  });
}

/** PATCH /plan-invite {id, planId} -> PlanInviteView */
export function useUpdatePlanInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlanInviteBody) =>
      api.patch<PlanInviteView>('/plan-invite', body, { private: true }),
    onSettled: () => refresh(queryClient),
  });
}

/** DELETE /plan-invite/{id} -> 204 */
export function useDeletePlanInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/plan-invite/${id}`, { private: true }),
    onSettled: () => refresh(queryClient),
  });
}
