import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { InviteCreateBody, InviteResendBody, InviteState } from '@talaqa/domain';
import { api } from '../../api';

export interface InviteListParams {
  page: number;
  size: number;
  state?: InviteState | undefined;
  search?: string | undefined;
}

export const inviteKeys = {
  all: ['invites'] as const,
  list: (params: InviteListParams) => [...inviteKeys.all, 'list', params] as const,
};

export function useInvites(params: InviteListParams) {
  return useQuery({
    queryKey: inviteKeys.list(params),
    queryFn: ({ signal }) => api.call(API.invites.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: inviteKeys.all });

/** Invites an address (the server mails the link). */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteCreateBody) => api.call(API.invites.create, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Sends an invite again: a new link and a new expiry. */
export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InviteResendBody }) =>
      api.call(API.invites.resend, { params: { id }, body }),
    onSettled: () => refresh(queryClient),
  });
}

/** Revokes an invite (204): its link stops working. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.invites.revoke, { params: { id } }),
    onSettled: () => refresh(queryClient),
  });
}
