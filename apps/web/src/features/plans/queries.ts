import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@talaqa/domain';
import { plansApi } from '../../api';
import { expectPage, expectPlan } from '../../lib/answers';

export const planKeys = {
  list: ['plan', 'list'] as const,
  one: (id: number) => ['plan', 'one', id] as const,
};

/** Plans are few; one page of the largest size holds them all. */
const PLAN_LIST_SIZE = 100;

const bySize = (a: Plan, b: Plan) =>
  a.weeklyMinutes - b.weeklyMinutes || a.baseMonthPrice - b.baseMonthPrice || a.id - b.id;

/** GET /plan/list: the plans on sale to the visitor, smallest first. */
export function usePlans() {
  return useQuery({
    queryKey: planKeys.list,
    queryFn: async ({ signal }) => {
      const page = expectPage(await plansApi.list({ size: PLAN_LIST_SIZE }, signal), expectPlan);
      return page.list.filter((plan) => plan.active !== false).sort(bySize);
    },
  });
}

/** GET /plan/{id} */
export function usePlan(id: number | null) {
  return useQuery({
    queryKey: planKeys.one(id ?? 0),
    queryFn: async ({ signal }) => expectPlan(await plansApi.get(id ?? 0, signal)),
    enabled: id !== null,
  });
}
