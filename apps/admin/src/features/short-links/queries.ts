import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { runtimeConfig } from '@talaqa/api-client';
import { API, LOCAL_PORTS } from '@talaqa/domain';
import type { ShortLinkCreateBody, ShortLinkUpdateBody } from '@talaqa/domain';
import { api } from '../../api';

/** ISO instants: `from` inclusive, `to` exclusive (the start of the day after the last day). */
export interface ShortLinkReportWindow {
  from?: string | undefined;
  to?: string | undefined;
}

export const shortLinkKeys = {
  all: ['short-links'] as const,
  report: (window: ShortLinkReportWindow) => [...shortLinkKeys.all, 'report', window] as const,
};

export function useShortLinkReport(window: ShortLinkReportWindow) {
  const query = {
    ...(window.from ? { from: window.from } : {}),
    ...(window.to ? { to: window.to } : {}),
  };
  return useQuery({
    queryKey: shortLinkKeys.report(window),
    queryFn: ({ signal }) => api.call(API.shortLinks.report, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: shortLinkKeys.all });

export function useCreateShortLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShortLinkCreateBody) => api.call(API.shortLinks.create, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateShortLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ShortLinkUpdateBody }) =>
      api.call(API.shortLinks.update, { params: { id }, body }),
    onSettled: () => refresh(queryClient),
  });
}

export function useDeleteShortLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(API.shortLinks.remove, { params: { id } }),
    onSettled: () => refresh(queryClient),
  });
}

/** The marketing site's public origin: the served runtime config, else this host on its port. */
export function landingOrigin(): string {
  const configured = runtimeConfig().landingUrl;
  const origin =
    configured ?? `${location.protocol}//${location.hostname}:${String(LOCAL_PORTS.landing)}`;
  return origin.replace(/\/+$/, '');
}

/** The full short address an admin shares: `<landing>/url/<name>`. */
export const shortUrlOf = (name: string): string => `${landingOrigin()}/url/${name}`;
