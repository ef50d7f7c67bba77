/**
 * Photo sessions (issue 21 item 5; records 313, 331): the tutors a studio may serve, a studio's
 * tutors, one tutor, and the upload of the session's image, video and thumbnail.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, PAGE_SIZE_MAX, QUERY_RETRY, Role } from '@talaqa/domain';
import type { StudioTutor } from '@talaqa/domain';
import { api, isApiError } from '../../api';

/** Which tutors the list shows: waiting for a session, every one the caller may serve, served. */
export const PHOTO_SESSION_SHOWS = ['waiting', 'all', 'served'] as const;
export type PhotoSessionShow = (typeof PHOTO_SESSION_SHOWS)[number];

export interface StudioTutorListParams {
  show: PhotoSessionShow;
  page: number;
  size: number;
  search?: string;
  /** `served` only: one studio's tutors (admins; a studio always sees its own). */
  studioId?: number;
}

export const photoSessionKeys = {
  all: ['photo-sessions'] as const,
  list: (params: StudioTutorListParams) => [...photoSessionKeys.all, 'list', params] as const,
  tutor: (tutorId: number) => [...photoSessionKeys.all, 'tutor', tutorId] as const,
  studios: ['photo-sessions', 'studios'] as const,
};

/**
 * `waiting` and `all`: GET /user/tutor/all/for/studio (a studio sees unclaimed tutors and its
 * own; admins every tutor); `served`: GET /user/studio/list (a studio its own, admins any
 * studio's or every session).
 */
export function useStudioTutors(params: StudioTutorListParams) {
  return useQuery({
    queryKey: photoSessionKeys.list(params),
    queryFn: ({ signal }) => {
      const { show, page, size, search, studioId } = params;
      if (show === 'served') {
        return api.call(
          API.photoSessions.studioTutors,
          { query: { page, size, search, studioId } },
          { signal },
        );
      }
      return api.call(
        API.photoSessions.allTutors,
        { query: { page, size, search, waiting: show === 'waiting' ? 'true' : undefined } },
        { signal },
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** Every studio account by name, for the admin's studio filter and the studio's name on a row. */
export function useStudios(enabled: boolean) {
  return useQuery({
    queryKey: photoSessionKeys.studios,
    queryFn: ({ signal }) =>
      api.call(
        API.users.list,
        {
          query: { role: Role.Studio, page: 1, size: PAGE_SIZE_MAX, sort: 'name', order: 'asc' },
        },
        { signal },
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /user/tutor/{tutorId}/for/studio (403 for another studio's tutor, 404 for no tutor). */
export function useStudioTutor(tutorId: number) {
  return useQuery({
    queryKey: photoSessionKeys.tutor(tutorId),
    queryFn: ({ signal }) => api.call(API.photoSessions.tutor, { params: { tutorId } }, { signal }),
    enabled: Number.isInteger(tutorId) && tutorId > 0,
    retry: (failures, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < QUERY_RETRY,
  });
}

/** Stores a fresh upload's answer as the tutor's and lets the lists read again. */
export function useStoreStudioTutor() {
  const queryClient = useQueryClient();
  return (tutor: StudioTutor) => {
    queryClient.setQueryData(photoSessionKeys.tutor(tutor.id), tutor);
    void queryClient.invalidateQueries({ queryKey: [...photoSessionKeys.all, 'list'] });
  };
}

export type PhotoSessionFiles = Partial<Record<'image' | 'video' | 'thumbnail', File>>;

/** PUT /user/asset/tutor?tutorId= with the chosen parts, with progress and cancel. */
export function uploadPhotoSession(
  tutorId: number,
  files: PhotoSessionFiles,
  controls: { onProgress: (fraction: number) => void; signal: AbortSignal },
) {
  const form = new FormData();
  // The small parts first: a refused image is known before the video's bytes are sent.
  for (const field of ['image', 'thumbnail', 'video'] as const) {
    const file = files[field];
    if (file) form.append(field, file);
  }
  return api.uploadTo(API.photoSessions.upload, form, { query: { tutorId }, ...controls });
}
