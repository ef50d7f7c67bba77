import { useEffect, useRef } from 'react';
import type { ServerEventName, ServerEventPayload } from '@talaqa/domain';
import { realtime } from '../realtime-channel';

/**
 * Listens to one server event of the realtime channel while `enabled`, opening the channel if it
 * is closed. The payload is typed by the realtime contract (@talaqa/domain) and, outside
 * production, read through its schema first. The handler may change between renders without
 * re-subscribing.
 */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  enabled: boolean,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const current = useRef(handler);
  useEffect(() => {
    current.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const channel = realtime();
    channel.connect();
    return channel.on(event, (payload) => current.current(payload));
  }, [event, enabled]);
}
