import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { CouponPage } from '@talaqa/domain';
import { api, isApiError } from '../../api';

/** The coupon as the form sends it (the expiry as an ISO instant). */
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

/** One page of coupons, the expired ones on request. */
export function useCoupons(params: CouponListParams) {
  return useQuery({
    queryKey: couponKeys.list(params),
    queryFn: ({ signal }) => api.call(API.coupons.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: couponKeys.all });

/** A coupon someone else deleted meanwhile: the list is out of date. */
const refreshIfGone = (queryClient: QueryClient) => (error: unknown) => {
  if (isApiError(error) && error.code === 'coupon-not-found') refresh(queryClient);
};

/** A new coupon (201). */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponSaveBody) => api.call(API.coupons.create, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Replaces a coupon (the whole coupon). */
export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponSaveBody }) =>
      api.call(API.coupons.replace, { params: { id }, body }),
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

/** Deletes a coupon (204). */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.coupons.remove, { params: { id } }),
    onError: refreshIfGone(queryClient),
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<CouponPage>({ queryKey: couponKeys.lists() }, (page) =>
        page ? { list: page.list.filter((item) => item.id !== id), total: page.total - 1 } : page,
      );
      refresh(queryClient);
    },
  });
}
