/**
 * The server's clock. Features whose rules depend on "now" (lesson booking: the current Cairo
 * week, notice periods, cancellation windows) read `app.clock.now()` instead of `new Date()`, so
 * integration tests can set the time (`server.app.clock.now = () => instant`). Each app has its
 * own clock object.
 */
export interface Clock {
  now(): Date;
}

export const systemClock = (): Clock => ({ now: () => new Date() });

/** A clock that runs in real time from an instant it was set to (TEST_CLOCK, record 334). */
export interface MovableClock extends Clock {
  /** From now on, `now()` reads `instant` plus the real time passed since. */
  set(instant: Date): void;
}

export function movableClock(real: Clock = systemClock()): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(real.now().getTime() + offsetMs),
    set(instant) {
      offsetMs = instant.getTime() - real.now().getTime();
    },
  };
}
