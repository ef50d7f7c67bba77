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
