/**
 * The platform settings any signed-in screen may show (decision 339): the withdrawal bounds and
 * the support links, read from the server so an admin's change reaches the screens.
 */
import { useQuery } from '@tanstack/react-query';
import { platformSettingsApi } from '../api';

const publicSettingsKey = ['platform-settings', 'public'] as const;

export function usePublicSettings() {
  return useQuery({
    queryKey: publicSettingsKey,
    queryFn: ({ signal }) => platformSettingsApi.public(signal),
  });
}
