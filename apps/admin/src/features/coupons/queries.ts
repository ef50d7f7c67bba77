import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Coupon, CouponPage } from '@talaqa/domain';
import { api, isApiError } from '../../api';

/** The body of POST /coupon and PUT /coupon/{id} as sent (the expiry as an ISO instant). */
export interface CouponSaveBody {
  code: string;
  discount: number;
  expireDate: string;
}

export interface CouponListParams {
  page: number;
  size: number;
  includeExpired: boolean;
}

export const couponKeys = {
  all: ['coupons'] as const,
  lists: () => [...couponKeys.all, 'list'] as const,
  list: (params: CouponListParams) => [...couponKeys.lists(), params] as const,
};

/** GET /coupon/list?page&size&includeExpired */
export function useCoupons(params: CouponListParams) {
  return useQuery({
    queryKey: couponKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<CouponPage>('/coupon/list', { query: { ...params }, private: true, signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: couponKeys.all });

/** A coupon someone else deleted meanwhile: the list is out of date. */
const refreshIfGone = (queryClient: QueryClient) => (error: unknown) => {
  if (isApiError(error) && error.code === 'coupon-not-found') refresh(queryClient);
};

/** POST /coupon -> 201 Coupon */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponSaveBody) => api.post<Coupon>('/coupon', body, { private: true }),
    onSuccess: () => refresh(queryClient),
  });
}

/** PUT /coupon/{id} -> Coupon (the whole coupon) */
export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponSaveBody }) =>
      api.put<Coupon>(`/coupon/${id}`, body, { private: true }),
    onError: refreshIfGone(queryClient),
    onSuccess: (coupon) => {
      queryClient.setQueriesData<CouponPage>({ queryKey: couponKeys.lists() }, (page) =>
        page
          ? { ...page, list: page.list.map((item) => (item.id === coupon.id ? coupon : item)) }
          : page,
      );
      refresh(queryClient);
    },
  });
}

/** DELETE /coupon/{id} -> 204 */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/coupon/${id}`, { private: true }),
    onError: refreshIfGone(queryClient),
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<CouponPage>({ queryKey: couponKeys.lists() }, (page) =>
        page ? { list: page.list.filter((item) => item.id !== id), total: page.total - 1 } : page,
      );
      refresh(queryClient);
    },
  });
}
