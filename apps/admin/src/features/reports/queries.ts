import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { ReportStatus, ReportUpdateBody } from '@talaqa/domain';
import { api } from '../../api';

export interface ReportListParams {
  page: number;
  size: number;
  /** undefined: all. */
  status?: ReportStatus;
}

export const reportKeys = {
  all: ['reports'] as const,
  list: (params: ReportListParams) => [...reportKeys.all, 'list', params] as const,
  file: (name: string) => [...reportKeys.all, 'file', name] as const,
};

/** One page of problem reports, newest first (GET /report/list). */
export function useReports(params: ReportListParams) {
  return useQuery({
    queryKey: reportKeys.list(params),
    queryFn: ({ signal }) => api.call(API.reports.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A report's stored file, read with the admin's session (GET /assets/reports/{name}). */
export function useReportFile<T>(name: string | null, read: (blob: Blob) => Promise<T> | T) {
  return useQuery({
    queryKey: reportKeys.file(name ?? ''),
    queryFn: async ({ signal }) =>
      read(await api.call(API.reports.file, { params: { name: name ?? '' } }, { signal })),
    enabled: name !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

/** Resolves or reopens a report with its note (PUT /report); the lists are read again. */
export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportUpdateBody) => api.call(API.reports.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reportKeys.all, 'list'] }),
  });
}
