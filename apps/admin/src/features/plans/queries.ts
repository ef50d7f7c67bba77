import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API, PAGE_SIZE_MAX } from '@talaqa/domain';
import type { CreatePlanBody, Plan, PlanPage, UpdatePlanBody } from '@talaqa/domain';
import { api, isApiError } from '../../api';

export const planKeys = {
  all: ['plans'] as const,
  list: (includeInactive: boolean) => [...planKeys.all, 'list', { includeInactive }] as const,
};

/**
 * The plans list as an admin: every plan, the inactive ones too unless `includeInactive` is
 * false. There are a handful of plans, so one page of the largest size holds them all.
 */
export function usePlans({ includeInactive = true }: { includeInactive?: boolean } = {}) {
  return useQuery({
    queryKey: planKeys.list(includeInactive),
    queryFn: ({ signal }) =>
      api.call(
        API.plans.list,
        { query: { includeInactive, page: 1, size: PAGE_SIZE_MAX } },
        { private: true, signal },
      ),
    select: (page) => [...page.list].sort(byMinutesThenId),
  });
}

const byMinutesThenId = (a: Plan, b: Plan) => a.weeklyMinutes - b.weeklyMinutes || a.id - b.id;

/** Every cached list gets the new or changed plan at once, and is fetched again. */
function rememberPlan(queryClient: QueryClient, plan: Plan | { id: number; removed: true }) {
  queryClient.setQueriesData<PlanPage>({ queryKey: [...planKeys.all, 'list'] }, (page) => {
    if (!page) return page;
    if ('removed' in plan) {
      return { list: page.list.filter((item) => item.id !== plan.id), total: page.total - 1 };
    }
    const known = page.list.some((item) => item.id === plan.id);
    return known
      ? { ...page, list: page.list.map((item) => (item.id === plan.id ? plan : item)) }
      : { list: [...page.list, plan], total: page.total + 1 };
  });
  void queryClient.invalidateQueries({ queryKey: planKeys.all });
}

/** A plan someone else deleted meanwhile: the list is out of date. */
const refreshIfGone = (queryClient: QueryClient) => (error: unknown) => {
  if (isApiError(error) && error.code === 'plan-not-found') {
    void queryClient.invalidateQueries({ queryKey: planKeys.all });
  }
};

/** A new plan (201). */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => api.call(API.plans.create, { body }),
    onSuccess: (plan) => rememberPlan(queryClient, plan),
  });
}

/** Changes a plan (only the fields sent change). */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePlanBody }) =>
      api.call(API.plans.update, { params: { id }, body }),
    onError: refreshIfGone(queryClient),
    onSuccess: (plan) => rememberPlan(queryClient, plan),
  });
}

/** Deletes a plan (a plan with buyers is deactivated instead). */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.plans.remove, { params: { id } }),
    onError: refreshIfGone(queryClient),
    onSuccess: (answer) => {
      if (!answer.deactivated) rememberPlan(queryClient, { id: answer.id, removed: true });
      else void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
