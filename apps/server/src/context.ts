import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import type { Database } from './db';
import type { RealtimeServer } from './realtime';

/** What a service logs through: pino's levels, nothing that could reconfigure it. */
export type ServiceLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/**
 * What a service function is given, one object instead of a mix of `db`, `now` and `app`: the
 * database (or the caller's transaction), the app's clock (the one "now" of business rules, which
 * tests set), a logger and the realtime server for events after commit. A service that needs
 * less asks for less (`Pick<ServiceContext, 'db' | 'clock'>`), so a test passes only that.
 */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  log: ServiceLog;
  io: RealtimeServer;
}

/** The app's context for one module's services (its logger tagged with the module). */
export const serviceContextOf = (app: FastifyInstance, module: string): ServiceContext => ({
  db: app.database.db,
  clock: app.clock,
  log: app.log.child({ module }),
  io: app.io,
});
