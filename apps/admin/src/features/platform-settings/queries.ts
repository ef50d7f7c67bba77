/** TanStack Query hooks of /platform-settings (decisions 339, 340). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditAction, PlatformSettingsInput } from '@talaqa/domain';
import { platformSettingsApi } from '../../api';

export const settingsKeys = {
  all: ['platform-settings'] as const,
  settings: ['platform-settings', 'current'] as const,
  history: (page: number, size: number) => ['platform-settings', 'history', page, size] as const,
  audit: (page: number, size: number, action: AuditAction | undefined) =>
    ['audit-log', page, size, action ?? 'all'] as const,
};

export function usePlatformSettings() {
  return useQuery({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }) => platformSettingsApi.get(signal),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettingsInput) => platformSettingsApi.save(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}

export function useSettingHistory(page: number, size: number) {
  return useQuery({
    queryKey: settingsKeys.history(page, size),
    queryFn: ({ signal }) => platformSettingsApi.history({ page, size }, signal),
  });
}

export function useAuditLog(page: number, size: number, action: AuditAction | undefined) {
  return useQuery({
    queryKey: settingsKeys.audit(page, size, action),
    queryFn: ({ signal }) => platformSettingsApi.audit({ page, size, action }, signal),
  });
}

export function useFlushCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => platformSettingsApi.flushCache(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit-log'] }),
  });
}
