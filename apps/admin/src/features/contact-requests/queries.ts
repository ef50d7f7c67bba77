import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import { api } from '../../api';

export interface ContactRequestListParams {
  page: number;
  size: number;
  /** true: handled only; false: open only; undefined: all. */
  handled?: boolean;
}

export const contactRequestKeys = {
  all: ['contact-requests'] as const,
  list: (params: ContactRequestListParams) => [...contactRequestKeys.all, 'list', params] as const,
};

/** One page of contact requests, newest first. */
export function useContactRequests(params: ContactRequestListParams) {
  return useQuery({
    queryKey: contactRequestKeys.list(params),
    queryFn: ({ signal }) => api.call(API.contactRequests.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Marks a request handled or open again; every list is fetched again (it may leave a filter). */
export function useMarkContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api.call(API.contactRequests.update, { params: { id }, body: { handled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactRequestKeys.all }),
  });
}
