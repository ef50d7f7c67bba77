import { describe, expect, it } from 'vitest';
import { movableClock } from '../../src/clock';
import { ConfigError, loadConfig } from '../../src/config';

/** The test clock of record 334: off unless asked for, and never outside APP_ENV=local. */

const SECRET = 'q3V9mZ0rT8xK2bW6nY1cL4hF7sJ5dA0pG8eR3uI6oE4=';

describe('TEST_CLOCK', () => {
  it('is off by default', () => {
    expect(loadConfig({ APP_ENV: 'local' }, '/repo').testClock).toBe(false);
  });

  it('is on when a local run asks for it', () => {
    expect(loadConfig({ APP_ENV: 'local', TEST_CLOCK: 'true' }, '/repo').testClock).toBe(true);
  });

  it.each(['staging', 'production'])('is refused when APP_ENV is %s', (env) => {
    const load = () =>
      loadConfig({ APP_ENV: env, JWT_SECRET: SECRET, TEST_CLOCK: 'true' }, '/repo');
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/TEST_CLOCK: only allowed when APP_ENV is local/);
  });
});

describe('movableClock', () => {
  it('runs in real time from the instant it was set to', () => {
    let real = Date.UTC(2026, 10, 26, 20, 0);
    const clock = movableClock({ now: () => new Date(real) });
    expect(clock.now().toISOString()).toBe('2026-11-26T20:00:00.000Z');
    clock.set(new Date(Date.UTC(2026, 10, 27, 18, 30)));
    expect(clock.now().toISOString()).toBe('2026-11-27T18:30:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-27T18:31:30.000Z');
  });
});
