import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API, isWholeAccount, QUERY_RETRY } from '@talaqa/domain';
import type { CreateUserBody, Role, UpdateUserBody, User } from '@talaqa/domain';
import { api, isApiError } from '../../api';
import { currentUserKey } from '../../lib/session';

/** The query of GET /user/list, as the users page sends it (see `userListQuerySchema`). */
export interface UserListParams {
  page: number;
  size: number;
  role?: Role;
  verifiedEmail?: 'true' | 'false';
  search?: string;
  sort: 'createdAt' | 'name';
  order: 'asc' | 'desc';
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListParams) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

/** GET /user/list?page&size&role&search&verifiedEmail&sort&order */
export function useUserList(query: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.call(API.users.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/{id} */
export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }): Promise<User> => {
      const view = await api.call(API.users.get, { params: { id } }, { signal });
      // Admins are answered the whole account; anything less is a server fault, not a screen.
      if (!isWholeAccount(view))
        throw new TypeError(`User ${id} was answered as less than the whole account`);
      return view;
    },
    enabled: Number.isInteger(id) && id > 0,
    // A user that does not exist will not appear on a second try.
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < QUERY_RETRY,
  });
}

/** Puts a changed user everywhere it is shown: its page, the lists, and the session if it is us. */
export function rememberUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(userKeys.detail(user.id), user);
  void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  const me = queryClient.getQueryData<User>(currentUserKey);
  if (me?.id === user.id) {
    queryClient.setQueryData(currentUserKey, user);
    api.tokens.saveUser({ ...user });
  }
}

/** PUT /user/{id} (partial). */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => api.call(API.users.update, { params: { id }, body }),
    onSuccess: (user) => rememberUser(queryClient, user),
  });
}

/** POST /user/ : an admin creates an account; the answer is the account alone, no session. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserBody) => {
      const created = await api.call(API.users.create, { body }, { private: true });
      return created.user;
    },
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export interface UploadUserImageOptions {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** PUT /user/asset?forUser={id}, multipart `image`: admins may set anyone's image. */
export function uploadUserImage(
  userId: number,
  file: File,
  { onProgress, signal }: UploadUserImageOptions,
) {
  const form = new FormData();
  form.append(API.assets.uploadImage.upload.field, file);
  return api.uploadTo(API.assets.uploadImage, form, {
    query: { forUser: userId },
    onProgress,
    signal,
  });
}

/** GET /assets/uploads/{name} as a blob (assets are served only to those allowed to see them). */
export function useAssetUrl(name: string | null | undefined) {
  return useQuery({
    queryKey: ['asset', name],
    queryFn: async ({ signal }) => {
      const blob = await api.call(API.assets.file, { params: { name: name ?? '' } }, { signal });
      return URL.createObjectURL(blob);
    },
    enabled: !!name,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/**
 * POST /confirmation-code/email/confirm : the code sent to one's own new address (issue 15); the
 * account's address becomes it.
 */
export function useConfirmOwnEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(API.codes.confirmEmailCode, { body: { code } }),
    onSuccess: ({ user }) => rememberUser(queryClient, user),
  });
}

/**
 * A student's newest subscription (decision 346): `GET /sub/list?userId=&size=1` (admins), newest
 * start first, so the live one when there is one, else the last that ended or was canceled.
 */
export function useUserSubscription(userId: number) {
  return useQuery({
    queryKey: ['subscriptions', 'of-user', userId] as const,
    queryFn: ({ signal }) =>
      api.call(
        API.subscriptions.list,
        { query: { userId: String(userId), page: 1, size: 1 } },
        { signal },
      ),
  });
}
