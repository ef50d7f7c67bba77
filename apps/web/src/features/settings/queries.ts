/** TanStack Query hooks of the settings pages' own resources: the calendar feed. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedState } from '@talaqa/domain';
import { calendarApi } from '../../api';

export const settingsKeys = {
  calendarFeed: ['calendar', 'feed'] as const,
};

/** GET /calendar/feed: whether the calendar feed is on. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: settingsKeys.calendarFeed,
    queryFn: ({ signal }) => calendarApi.state(signal),
  });
}

/** POST /calendar/feed: a new address (answered once); the feed is on from now. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => calendarApi.create(),
    onSuccess: () => {
      queryClient.setQueryData<CalendarFeedState>(settingsKeys.calendarFeed, { enabled: true });
    },
  });
}

/** DELETE /calendar/feed: the feed is off. */
export function useDisableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => calendarApi.disable(),
    onSuccess: () => {
      queryClient.setQueryData<CalendarFeedState>(settingsKeys.calendarFeed, { enabled: false });
    },
  });
}
