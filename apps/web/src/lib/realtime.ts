import { useEffect, useRef } from 'react';
import { realtime } from '../api';

/**
 * Listens to one server event of the realtime channel while `enabled`, opening the channel if it
 * is closed. The handler may change between renders without re-subscribing.
 */
export function useRealtimeEvent(
  event: string,
  enabled: boolean,
  handler: (payload: unknown) => void,
): void {
  const current = useRef(handler);
  useEffect(() => {
    current.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const channel = realtime();
    channel.connect();
    return channel.on(event, (payload: unknown) => current.current(payload));
  }, [event, enabled]);
}
