import { z } from 'zod';
import type { App } from './http/server';
import type { MovableClock } from './clock';

/** Where a browser test moves the server's clock (outside /api/v1: no product contract). */
export const TEST_CLOCK_PATH = '/test/clock';

const body = z.object({ now: z.iso.datetime({ offset: true }) });

/**
 * The test clock of TEST_CLOCK (docs/decisions/334-test-clock-for-browser-journeys.md): a browser
 * journey sets the business clock to a meeting's start, since bookable times are an hour ahead
 * and only a started meeting can be decided. The Date header follows the same clock, so the web
 * app's device-clock warning compares a browser whose clock the test moved alike.
 */
export function useTestClock(app: App, clock: MovableClock): void {
  // On the root instance, before the modules: the hook applies to every route.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('date', clock.now().toUTCString());
  });
  app.get(TEST_CLOCK_PATH, async () => ({ now: clock.now().toISOString() }));
  app.put(TEST_CLOCK_PATH, { schema: { body } }, async (request) => {
    clock.set(new Date(request.body.now));
    return { now: clock.now().toISOString() };
  });
}
