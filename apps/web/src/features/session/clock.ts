/**
 * The device-clock check of the ready screen (spec section 5: "device clock or time zone
 * warning"): the device's clock against the server's HTTP `Date`. A wrong time zone with the
 * right wall-clock time gives a wrong instant too, so one comparison catches both. Decision:
 * docs/decisions/293-session-room-window.md.
 */
import { useQuery } from '@tanstack/react-query';
import { readServerClock } from '../../api';
import type { ServerClockReading } from '../../api';

/** Beyond this difference from the server's clock, the device's clock is off. */
export const DEVICE_CLOCK_TOLERANCE_MS = 2 * 60_000;

/**
 * How far the device's clock runs ahead of the server's (negative: behind), in ms. The `Date`
 * header counts whole seconds, so the server's instant is taken mid-second, and the device's as
 * the middle of the round trip.
 */
export function deviceClockOffset(reading: ServerClockReading): number {
  const deviceMid = (reading.sentAt + reading.receivedAt) / 2;
  return deviceMid - (reading.serverTime + 500);
}

export const isDeviceClockOff = (reading: ServerClockReading): boolean =>
  Math.abs(deviceClockOffset(reading)) > DEVICE_CLOCK_TOLERANCE_MS;

/**
 * Whether the device's clock is off, read once a page visit: true or false, or undefined while
 * unknown (loading, or the server could not be reached: then no warning, the page's own queries
 * say the connection failed).
 */
export function useDeviceClockOff(): boolean | undefined {
  const query = useQuery({
    queryKey: ['server-clock'],
    queryFn: ({ signal }) => readServerClock(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return query.data ? isDeviceClockOff(query.data) : undefined;
}
