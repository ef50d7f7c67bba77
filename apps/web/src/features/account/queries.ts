/**
 * TanStack Query hooks for the account resources (one hook per resource and action). Every
 * answer that carries the user replaces the session's copy, so the header, the guards and the
 * forms see the change at once.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FreshTokenAnswer,
  OwnPasswordBody,
  PhoneCodeChannel,
  StudentProfileBody,
  Topic,
  TutorMeta,
  UpdateUserBody,
  User,
} from '@talaqa/domain';
import { api, authApi, codesApi, studentApi, topicsApi, tutorApi, userApi } from '../../api';
import { CURRENT_USER_KEY, useCurrentUser, useSession } from '../../lib/session';

export const accountKeys = {
  currentUser: CURRENT_USER_KEY,
  topics: ['topic', 'list'] as const,
  userTopics: ['topic', 'of-user'] as const,
  asset: (name: string) => ['asset', 'uploads', name] as const,
  tutorMeta: ['user', 'tutor', 'meta'] as const,
};

// ---------------------------------------------------------------------------------------------
// The user

/**
 * PUT /user/{id} for the signed-in user. A tutor's bio and about live in the tutor meta, not in
 * the user: a save that sends them refreshes that query too.
 */
export function useUpdateProfile() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => userApi.update(user.id, body),
    onSuccess: (saved, body) => {
      setUser(saved);
      if (body.bio === undefined && body.about === undefined) return;
      queryClient.setQueryData<TutorMeta>(accountKeys.tutorMeta, (meta) =>
        meta ? { ...meta, bio: body.bio ?? meta.bio, about: body.about ?? meta.about } : meta,
      );
      // The server recounts what the profile misses.
      void queryClient.invalidateQueries({ queryKey: accountKeys.tutorMeta });
    },
  });
}

/** GET /user/tutor/meta: the signed-in tutor's saved bio and about, and what the profile misses. */
export function useTutorMeta() {
  return useQuery({
    queryKey: accountKeys.tutorMeta,
    queryFn: ({ signal }) => tutorApi.meta(signal),
  });
}

/** POST /student/ (first time) or PATCH /student/ (the main info exists already). */
export function useSaveStudentProfile() {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: ({ body, exists }: { body: StudentProfileBody; exists: boolean }) =>
      exists ? studentApi.update(body) : studentApi.create(body),
    onSuccess: setUser,
  });
}

/**
 * The server ended every session and answered this device's fresh token: keep it (in the same
 * storage, remembered or not), or the next request would find this device signed out too.
 */
const keepFreshToken = ({ token }: FreshTokenAnswer) => api.tokens.setBearer(token);

/** PATCH /auth/password; a Google-only account now has a password too. Other devices sign out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnPasswordBody) => authApi.changePassword(body),
    onSuccess: (answer) => {
      keepFreshToken(answer);
      queryClient.setQueryData<User>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, hasPassword: true } : user,
      );
    },
  });
}

/** POST /auth/sign-out-all: every other device signs out; this one goes on with a fresh token. */
export const signOutAllDevices = (): Promise<void> => authApi.signOutAll().then(keepFreshToken);

/**
 * An uploaded file of /assets/uploads as an object URL for `<img src>` (fetched with the session,
 * since uploads are served only to those allowed to see them); null while loading or without one.
 */
export function useAssetUrl(name: string | null | undefined): string | null {
  const query = useQuery({
    queryKey: accountKeys.asset(name ?? ''),
    queryFn: ({ signal }) => userApi.asset(name ?? '', signal),
    enabled: !!name,
    staleTime: Infinity,
    retry: false,
  });
  const blob = name ? query.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

// ---------------------------------------------------------------------------------------------
// Confirmation codes

export function useSendEmailCode() {
  return useMutation({ mutationFn: () => codesApi.sendEmailCode() });
}

export function useConfirmEmailCode() {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: (code: string) => codesApi.confirmEmailCode(code),
    onSuccess: ({ user }) => setUser(user),
  });
}

/** POST /confirmation-code/phone/send over the chosen app (WhatsApp or Telegram). */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: ({ phone, channel }: { phone: string; channel: PhoneCodeChannel }) =>
      codesApi.sendPhoneCode(phone, channel),
  });
}

/** How often the verification screen asks whether a WhatsApp code arrived. */
export const PHONE_CODE_DELIVERY_POLL_MS = 4000;

/**
 * GET /confirmation-code/phone/delivery for one sent code (`sentAt` tells sends apart, so an
 * earlier send's answer never counts for the next), polled while the screen waits; null stops.
 */
export function usePhoneCodeDelivery(sentAt: string | null) {
  return useQuery({
    queryKey: ['confirmation-code', 'phone', 'delivery', sentAt] as const,
    queryFn: () => codesApi.phoneCodeDelivery(),
    enabled: sentAt !== null,
    refetchInterval: PHONE_CODE_DELIVERY_POLL_MS,
    gcTime: 0,
  });
}

/** POST /confirmation-code/phone/telegram-link: the bot's deep link for the phone being verified. */
export function useTelegramLink() {
  return useMutation({ mutationFn: (phone: string) => codesApi.telegramLink(phone) });
}

export function useVerifyPhoneCode() {
  const { setUser } = useSession();
  return useMutation({
    mutationFn: (code: string) => codesApi.verifyPhoneCode(code),
    onSuccess: ({ user }) => setUser(user),
  });
}

// ---------------------------------------------------------------------------------------------
// Topics

/** GET /topic/list: every topic, in Arabic and English. */
export function useTopics() {
  return useQuery({
    queryKey: accountKeys.topics,
    queryFn: ({ signal }) => topicsApi.list(signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /topic/of/user: the signed-in user's favourite topics. */
export function useUserTopics() {
  return useQuery({
    queryKey: accountKeys.userTopics,
    queryFn: ({ signal }) => topicsApi.ofUser(signal),
  });
}

/** PATCH /topic/of/user: replaces the favourites. */
export function useSaveUserTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicIds: number[]) => topicsApi.setOfUser(topicIds),
    onSuccess: (topics: Topic[]) => {
      queryClient.setQueryData(accountKeys.userTopics, topics);
      queryClient.setQueryData<User>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, topics: topics.map((topic) => topic.id) } : user,
      );
    },
  });
}
