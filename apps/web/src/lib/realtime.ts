import { useEffect, useRef } from 'react';
import { realtime } from '../../api';

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

/**
 * The transaction id a TransactionStatusUpdate names, whatever its exact shape: the transaction
 * itself (`id`), `{transactionId}` or `{transaction: {id}}`; null when it names none.
 */
export function transactionIdOfUpdate(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  const nested = record.transaction;
  const candidates = [
    record.transactionId,
    record.id,
    typeof nested === 'object' && nested !== null
      ? (nested as Record<string, unknown>).id
      : undefined,
  ];
  const id = candidates.find((value) => typeof value === 'number' && Number.isSafeInteger(value));
  return typeof id === 'number' ? id : null;
}
